import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"ユーザーガイド","description":"Tokyo Transit 3D は、首都圏の列車が今どこを走っているかを、時刻表と（リアルタイムデータがあれば）報告された遅延から 3D マップに描きます。スマートフォン、タブレット、パソコンのブラウザーで動き、インストールは要りません。","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/user-guide/"}]]},"headers":[],"relativePath":"ja/user-guide/index.md","filePath":"ja/user-guide/index.md"}');
const _sfc_main = { name: "ja/user-guide/index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="ユーザーガイド" tabindex="-1">ユーザーガイド <a class="header-anchor" href="#ユーザーガイド" aria-label="Permalink to &quot;ユーザーガイド&quot;">​</a></h1><p>Tokyo Transit 3D は、首都圏の列車が今どこを走っているかを、時刻表と（リアルタイムデータがあれば）報告された 遅延から 3D マップに描きます。スマートフォン、タブレット、パソコンのブラウザーで動き、インストールは要りません。</p><ul><li><a href="./overview.html">この地図について</a>：地図に何が描かれ、何ができるか。</li><li><a href="./screen-and-operations.html">画面と操作</a>：画面に何があり、どう動かすか。</li><li><a href="./configuration.html">設定</a>：言語・配色・時刻・列車を決めるアドレスのパラメーター。</li><li><a href="./gtfs.html">GTFS データソース</a>：ほかの都市のバス・路面電車・鉄道を、その GTFS と GTFS リアルタイムのフィードから表示する。</li><li><a href="./supported-browsers.html">対応ブラウザー</a>。</li><li><a href="./plugins.html">プラグイン</a>：Web ページがレイヤーパネルに加えるスイッチ。</li><li><a href="./about-data.html">データについて</a>：時刻表・地図・リアルタイムデータの出典。</li><li><a href="./development-information.html">開発情報</a>：地図の作り方、ソースコード、テスト。</li><li><a href="./contact.html">お問い合わせ</a>：質問や報告の送り先。</li></ul><p><a href="../../../../" target="_self">地図を開く</a>（このウィンドウで）。</p><p>交通データは不正確な場合があります。このマップについて交通事業者へ問い合わせないでください。</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/user-guide/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
