import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"User guide","description":"Tokyo Transit 3D shows the trains of the Tokyo region on a 3D map, where they are right now according to their timetables and, when real-time data is…","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/user-guide/"}]]},"headers":[],"relativePath":"user-guide/index.md","filePath":"user-guide/index.md"}');
const _sfc_main = { name: "user-guide/index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="user-guide" tabindex="-1">User guide <a class="header-anchor" href="#user-guide" aria-label="Permalink to &quot;User guide&quot;">​</a></h1><p>Tokyo Transit 3D shows the trains of the Tokyo region on a 3D map, where they are right now according to their timetables and, when real-time data is available, their reported delays. It runs in the browser on phones, tablets and computers; nothing needs to be installed.</p><ul><li><a href="./overview.html">Overview</a>: what the map shows and what you can do with it.</li><li><a href="./screen-and-operations.html">Screen and operations</a>: what is on the screen and how to move around.</li><li><a href="./configuration.html">Configuration</a>: the address parameters that set the language, theme, time and train.</li><li><a href="./gtfs.html">GTFS data sources</a>: showing another city&#39;s buses, trams and trains from its GTFS and GTFS Realtime feeds.</li><li><a href="./supported-browsers.html">Supported browsers</a>.</li><li><a href="./plugins.html">Plugins</a>: the extra switches a web page can add to the layers panel.</li><li><a href="./about-data.html">About the data</a>: where the timetables, the map and the real-time data come from.</li><li><a href="./development-information.html">Development information</a>: how the map is made, its source and its tests.</li><li><a href="./contact.html">Contact</a>: where to send questions and reports.</li></ul><p><a href="../../../" target="_self">Open the map</a> (in this window).</p><p>Transit data may be inexact. Please do not contact transit operators about this map.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("user-guide/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
