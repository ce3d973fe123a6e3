import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Supported browsers","description":"The map draws in 3D with WebGL 2 and runs its train simulation in a Web Worker. It works in current versions of:","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/user-guide/supported-browsers.html"}]]},"headers":[],"relativePath":"user-guide/supported-browsers.md","filePath":"user-guide/supported-browsers.md"}');
const _sfc_main = { name: "user-guide/supported-browsers.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="supported-browsers" tabindex="-1">Supported browsers <a class="header-anchor" href="#supported-browsers" aria-label="Permalink to &quot;Supported browsers&quot;">​</a></h1><p>The map draws in 3D with WebGL 2 and runs its train simulation in a Web Worker. It works in current versions of:</p><ul><li>Chrome and Edge (Windows, macOS, Linux, Android)</li><li>Firefox (Windows, macOS, Linux, Android)</li><li>Safari (macOS, iOS and iPadOS 15 or later)</li><li>Samsung Internet and Opera</li></ul><p>When WebGL 2 is not available (it can be switched off, or missing on old graphics drivers), the map cannot be drawn. Phones and tablets are supported; on a slow device, zooming out draws each train as one short bar, which is lighter than one box per car.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("user-guide/supported-browsers.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const supportedBrowsers = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  supportedBrowsers as default
};
