import { ssrRenderAttrs, ssrRenderAttr } from "vue/server-renderer";
import { _ as _imports_0 } from "./layers-ja.BhbFWoXe.js";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"プラグイン","description":"プラグインは、マーカー・図形・3D オブジェクト・パネルなど、独自のものを地図に加えます。プラグインは地図を表示する Web ページが追加するもので（このサイトのアドレスの地図にはありません）、それぞれレイヤーパネルにスイッチを持ちます。","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/user-guide/plugins.html"}]]},"headers":[],"relativePath":"ja/user-guide/plugins.md","filePath":"ja/user-guide/plugins.md"}');
const _sfc_main = { name: "ja/user-guide/plugins.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="プラグイン" tabindex="-1">プラグイン <a class="header-anchor" href="#プラグイン" aria-label="Permalink to &quot;プラグイン&quot;">​</a></h1><p>プラグインは、マーカー・図形・3D オブジェクト・パネルなど、独自のものを地図に加えます。プラグインは地図を表示する Web ページが追加するもので（このサイトのアドレスの地図にはありません）、それぞれレイヤーパネルにスイッチを持ちます。</p><h2 id="プラグインのオンとオフ" tabindex="-1">プラグインのオンとオフ <a class="header-anchor" href="#プラグインのオンとオフ" aria-label="Permalink to &quot;プラグインのオンとオフ&quot;">​</a></h2><p><img${ssrRenderAttr("src", _imports_0)} alt="このサイトのアドレスの地図のレイヤーパネル：地図自身の 4 つのスイッチがあり、プラグインはない" loading="lazy"></p><p>レイヤーパネル（右側の、紙を重ねたボタン）を開きます。地図自身のスイッチ（<strong>列車</strong>、<strong>駅名</strong>、<strong>3D建物</strong>、<strong>降水</strong>） の下に、プラグインごとにアイコンと名前（あなたの言語の名前がなければ英語）のスイッチがあります。オフにすると 描いたものが隠れ、オンにすると戻ります。</p><h2 id="プラグインが隠れるとき" tabindex="-1">プラグインが隠れるとき <a class="header-anchor" href="#プラグインが隠れるとき" aria-label="Permalink to &quot;プラグインが隠れるとき&quot;">​</a></h2><p>プラグインは一部のモード用に作られていることがあります。たとえば地上だけ、リアルタイムだけ、経路検索を開いて いないときだけ、などです。ほかのモードでは描いたものが隠れ、スイッチは薄くなって「このモードでは表示されません」 と表示されます。オン・オフの位置はそのままで、対応するモードに戻ると再び現れます。</p><h2 id="雨と雪は組み込み" tabindex="-1">雨と雪は組み込み <a class="header-anchor" href="#雨と雪は組み込み" aria-label="Permalink to &quot;雨と雪は組み込み&quot;">​</a></h2><p>Mini Tokyo 3D ではプラグインだった降水は、ここでは地図の一部です。そのスイッチはいつもレイヤーパネルにあります （<a href="./display-modes.html#降水">表示モード</a>）。</p><h2 id="試す" tabindex="-1">試す <a class="header-anchor" href="#試す" aria-label="Permalink to &quot;試す&quot;">​</a></h2><p>地図と一緒に配信される例に、ランドマークのプラグイン（東京都心の 5 つのランドマークに名前付きのオレンジの点、地上 のみ、経路検索中は非表示）のページがあります：<a href="/examples/plugin.html" target="_blank">/examples/plugin.html</a>。 プラグインの書き方は <a href="./../developer-guide/api/plugin.html">Plugin</a> にあります。</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/user-guide/plugins.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const plugins = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  plugins as default
};
