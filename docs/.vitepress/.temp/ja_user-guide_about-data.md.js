import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"データについて","description":"交通データは不正確な場合があります。このマップについて交通事業者へ問い合わせないでください。","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/user-guide/about-data.html"}]]},"headers":[],"relativePath":"ja/user-guide/about-data.md","filePath":"ja/user-guide/about-data.md"}');
const _sfc_main = { name: "ja/user-guide/about-data.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="データについて" tabindex="-1">データについて <a class="header-anchor" href="#データについて" aria-label="Permalink to &quot;データについて&quot;">​</a></h1><ul><li><strong>路線・駅・時刻表</strong>：Mini Tokyo 3D のデータ（MIT ライセンス、© Akihiko Kusanagi）。時刻表は公共交通オープン データセンター（ODPT）のデータに基づきます。平日・土曜・休日（日曜、国民の祝日、12 月 30 日〜1 月 3 日）の 時刻表があり、運行日は 3 時に切り替わります。</li><li><strong>リアルタイムデータ</strong>：トークンがあるとき、ODPT API から 15 秒ごとに遅延・行き先変更・臨時列車・運行情報を 取得します。アプリ情報のパネルに、静的データとリアルタイムデータの最終更新時刻と、リアルタイムデータの状態が表示されます。</li><li><strong>降水</strong>（オンのとき）：<a href="https://www.rainviewer.com/" target="_blank" rel="noreferrer">RainViewer</a> の気象レーダーの最新画像を 10 分ごとに取得します。 画像の色を RainViewer 自身のカラースケール（Universal Blue）でレーダー反射強度に、さらに 1 時間あたりの雨量（雪は水に換算） に読み戻します。解像度は東京付近で 1 ピクセル約 1 km です。</li><li><strong>ベースマップ</strong>：© OpenMapTiles © OpenStreetMap contributors（ODbL）。グリフ：Noto Sans（SIL Open Font License）。</li></ul><p>交通データは不正確な場合があります。このマップについて交通事業者へ問い合わせないでください。</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/user-guide/about-data.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const aboutData = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  aboutData as default
};
