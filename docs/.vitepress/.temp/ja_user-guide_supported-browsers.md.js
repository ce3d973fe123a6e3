import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"対応ブラウザー","description":"マップは WebGL 2 で 3D を描き、列車のシミュレーションを Web Worker で動かします。次のブラウザーの最新版で動きます。","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/user-guide/supported-browsers.html"}]]},"headers":[],"relativePath":"ja/user-guide/supported-browsers.md","filePath":"ja/user-guide/supported-browsers.md"}');
const _sfc_main = { name: "ja/user-guide/supported-browsers.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="対応ブラウザー" tabindex="-1">対応ブラウザー <a class="header-anchor" href="#対応ブラウザー" aria-label="Permalink to &quot;対応ブラウザー&quot;">​</a></h1><p>マップは WebGL 2 で 3D を描き、列車のシミュレーションを Web Worker で動かします。次のブラウザーの最新版で動きます。</p><ul><li>Chrome、Edge（Windows、macOS、Linux、Android）</li><li>Firefox（Windows、macOS、Linux、Android）</li><li>Safari（macOS、iOS・iPadOS 15 以降）</li><li>Samsung Internet、Opera</li></ul><p>WebGL 2 が使えない場合（無効にされている、古いグラフィックドライバーで使えないなど）は、マップを描けません。 スマートフォンとタブレットにも対応しています。遅い端末では、ズームアウトすると列車が 1 本ずつ短い棒で描かれ、 車両ごとに描くより軽くなります。</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/user-guide/supported-browsers.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const supportedBrowsers = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  supportedBrowsers as default
};
