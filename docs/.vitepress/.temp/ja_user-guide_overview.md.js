import { ssrRenderAttrs, ssrRenderAttr } from "vue/server-renderer";
import { _ as _imports_0 } from "./overview-ja.ZhzQ-0g5.js";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"この地図について","description":"Tokyo Transit 3D は首都圏の鉄道を 3D で描き、その上を列車が今の運行どおりに動く地図です。ブラウザーで開くだけで使えます（地図を開く）。インストールもアカウントも要りません。","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/user-guide/overview.html"}]]},"headers":[],"relativePath":"ja/user-guide/overview.md","filePath":"ja/user-guide/overview.md"}');
const _sfc_main = { name: "ja/user-guide/overview.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="この地図について" tabindex="-1">この地図について <a class="header-anchor" href="#この地図について" aria-label="Permalink to &quot;この地図について&quot;">​</a></h1><p>Tokyo Transit 3D は首都圏の鉄道を 3D で描き、その上を列車が今の運行どおりに動く地図です。ブラウザーで開くだけで 使えます（<a href="../../../../" target="_self">地図を開く</a>）。インストールもアカウントも要りません。</p><h2 id="描かれるもの" tabindex="-1">描かれるもの <a class="header-anchor" href="#描かれるもの" aria-label="Permalink to &quot;描かれるもの&quot;">​</a></h2><p><img${ssrRenderAttr("src", _imports_0)} alt="平日 8:00 の東京駅周辺の地図：路線の色、車両の連なりとして描かれた列車、左上の時計、右側のボタン" loading="lazy"></p><ul><li><strong>路線網</strong>：179 路線・2,610 駅を、各路線の公式カラーで描きます。同じ区間を走る路線は横に並べ、その間隔はズーム に合わせて変わるので、どの縮尺でも見分けられます。名前の違う乗り換え駅はまとめて示します。</li><li><strong>列車</strong>：平日朝のピークには 2,200 本を超える列車が、その日の時刻表（平日・土曜・休日）どおりに、車両ごとに線路 の上を動きます。リアルタイムデータがあれば、遅れている列車は遅れて走ってオレンジの印を付け、各路線の運行情報 も表示します。</li><li><strong>昼と夜</strong>：光は東京の太陽に合わせて、朝から夜まで変わります。</li><li><strong>雨と雪</strong>（オンにしたとき）：気象レーダーから、10 分ごとに更新します。</li><li><strong>ほかの都市</strong>：GTFS フィードを公開している都市のバス・路面電車・鉄道を加えられます（<a href="./gtfs.html">GTFS データソース</a>）。</li></ul><h2 id="できること" tabindex="-1">できること <a class="header-anchor" href="#できること" aria-label="Permalink to &quot;できること&quot;">​</a></h2><ul><li>マウス、タッチ画面、キーボードで、移動・ズーム・回転・傾けが 3D でできます。</li><li>列車にポインターを合わせると詳細が、クリックすると 8 つの視点のどれかから時刻表とともに追跡できます。</li><li>駅を検索して、次の発車と出口を見たり、その駅から・その駅までの経路を検索したりできます。</li><li>地下表示への切り替え、別の時刻・速度での再生、エコモードでの省電力ができます。</li><li>11 言語で使えます：日本語、英語、韓国語、中国語（簡体字・繁体字）、タイ語、ネパール語、ポルトガル語（ブラジル）、 フランス語、スペイン語、ドイツ語。</li></ul><p>画面とボタンは<a href="./screen-and-operations.html">画面と操作</a>、モードは<a href="./display-modes.html">表示モード</a>を参照してください。</p><h2 id="ご注意" tabindex="-1">ご注意 <a class="header-anchor" href="#ご注意" aria-label="Permalink to &quot;ご注意&quot;">​</a></h2><p>列車の位置は時刻表と報告された遅延から計算したもので、列車そのものから得たものではないため、実際と違うことが あります。この地図について交通事業者へ問い合わせないでください（<a href="./contact.html">お問い合わせ</a>）。</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/user-guide/overview.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const overview = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  overview as default
};
