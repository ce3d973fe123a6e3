import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"About the data","description":"Transit data may be inexact. Please do not contact transit operators about this map.","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/user-guide/about-data.html"}]]},"headers":[],"relativePath":"user-guide/about-data.md","filePath":"user-guide/about-data.md"}');
const _sfc_main = { name: "user-guide/about-data.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="about-the-data" tabindex="-1">About the data <a class="header-anchor" href="#about-the-data" aria-label="Permalink to &quot;About the data&quot;">​</a></h1><ul><li><strong>Railways, stations and timetables</strong>: Mini Tokyo 3D&#39;s data (MIT licence, © Akihiko Kusanagi), with timetables derived from the Public Transportation Open Data Center (ODPT). There are separate timetables for weekdays, Saturdays and holidays (Sundays, Japanese national holidays, and 30 December to 3 January); the service day changes at 03:00.</li><li><strong>Real-time data</strong>: delays, short turns, extra trains and operation information from the ODPT API, every 15 seconds, when the map has a token for it. The app information panel says when static and real-time data were last updated, and whether real-time data is live.</li><li><strong>Precipitation</strong> (when switched on): the <a href="https://www.rainviewer.com/" target="_blank" rel="noreferrer">RainViewer</a> weather radar, its latest picture, every 10 minutes. The picture&#39;s colours are read back through RainViewer&#39;s own colour scale (&quot;Universal Blue&quot;) into radar reflectivity and then into rain (or snow) intensity in mm per hour, about 1 km per pixel over Tokyo.</li><li><strong>Base map</strong>: © OpenMapTiles © OpenStreetMap contributors (ODbL). Glyphs: Noto Sans (SIL Open Font Licence).</li></ul><p>Transit data may be inexact. Please do not contact transit operators about this map.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("user-guide/about-data.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const aboutData = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  aboutData as default
};
