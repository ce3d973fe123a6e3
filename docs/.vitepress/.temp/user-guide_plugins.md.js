import { ssrRenderAttrs, ssrRenderAttr } from "vue/server-renderer";
import { _ as _imports_0 } from "./layers-en.C9mZQ9nG.js";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Plugins","description":"A plugin adds something of its own to the map: markers, shapes, 3D objects, panels. Plugins are added by the web page that shows the map (the map at this…","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/user-guide/plugins.html"}]]},"headers":[],"relativePath":"user-guide/plugins.md","filePath":"user-guide/plugins.md"}');
const _sfc_main = { name: "user-guide/plugins.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="plugins" tabindex="-1">Plugins <a class="header-anchor" href="#plugins" aria-label="Permalink to &quot;Plugins&quot;">​</a></h1><p>A plugin adds something of its own to the map: markers, shapes, 3D objects, panels. Plugins are added by the web page that shows the map (the map at this site&#39;s address has none); each one has a switch in the layers panel.</p><h2 id="switching-a-plugin-on-and-off" tabindex="-1">Switching a plugin on and off <a class="header-anchor" href="#switching-a-plugin-on-and-off" aria-label="Permalink to &quot;Switching a plugin on and off&quot;">​</a></h2><p><img${ssrRenderAttr("src", _imports_0)} alt="The layers panel of the map at this site&#39;s address: the map&#39;s own four switches, and no plugin" loading="lazy"></p><p>Open the layers panel (the stacked-sheets button on the right). Below the map&#39;s own switches (<strong>Trains</strong>, <strong>Station names</strong>, <strong>3D buildings</strong>, <strong>Precipitation</strong>) each plugin has a switch with its icon and its name in your language (or in English when it has none in yours). Switch it off to hide what it draws, on to show it again.</p><h2 id="when-a-plugin-is-hidden" tabindex="-1">When a plugin is hidden <a class="header-anchor" href="#when-a-plugin-is-hidden" aria-label="Permalink to &quot;When a plugin is hidden&quot;">​</a></h2><p>A plugin can be made for some modes only: for example only above ground, only in real time, or not while the route search is open. In the other modes what it draws is hidden and its switch is dimmed, with the hint &quot;Not shown in this mode&quot;; it keeps its on or off position and comes back when you return to a mode it is made for.</p><h2 id="rain-and-snow-are-built-in" tabindex="-1">Rain and snow are built in <a class="header-anchor" href="#rain-and-snow-are-built-in" aria-label="Permalink to &quot;Rain and snow are built in&quot;">​</a></h2><p>Precipitation, a plugin in Mini Tokyo 3D, is part of the map here: its switch is always in the layers panel (see <a href="./display-modes.html#precipitation">Display modes</a>).</p><h2 id="trying-one" tabindex="-1">Trying one <a class="header-anchor" href="#trying-one" aria-label="Permalink to &quot;Trying one&quot;">​</a></h2><p>The examples served with the map include a page with a landmarks plugin (named orange dots on five landmarks of central Tokyo, above ground only and not while the route search is open): <a href="/examples/plugin.html" target="_blank">/examples/plugin.html</a>. Web developers write plugins as described in <a href="./../developer-guide/api/plugin.html">Plugin</a>.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("user-guide/plugins.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const plugins = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  plugins as default
};
