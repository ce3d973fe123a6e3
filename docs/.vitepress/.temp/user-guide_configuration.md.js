import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse(`{"title":"Configuration","description":"The map's address sets how it starts. Add any of these parameters after ?, joined with &:","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/user-guide/configuration.html"}]]},"headers":[],"relativePath":"user-guide/configuration.md","filePath":"user-guide/configuration.md"}`);
const _sfc_main = { name: "user-guide/configuration.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="configuration" tabindex="-1">Configuration <a class="header-anchor" href="#configuration" aria-label="Permalink to &quot;Configuration&quot;">​</a></h1><p>The map&#39;s address sets how it starts. Add any of these parameters after <code>?</code>, joined with <code>&amp;</code>:</p><table tabindex="0"><thead><tr><th>parameter</th><th>example</th><th>what it does</th></tr></thead><tbody><tr><td><code>lang</code></td><td><code>?lang=ja</code></td><td>the interface language: <code>ja</code>, <code>en</code>, <code>ko</code>, <code>zh-Hans</code>, <code>zh-Hant</code>, <code>th</code>, <code>ne</code>, <code>pt-BR</code>, <code>fr</code>, <code>es</code> or <code>de</code> (by default, your browser&#39;s language)</td></tr><tr><td><code>theme</code></td><td><code>?theme=dark</code></td><td><code>light</code>, <code>dark</code>, or <code>auto</code> (the default: light by day and dark by night in Tokyo)</td></tr><tr><td><code>time</code></td><td><code>?time=2026-11-24T08:00:00%2B09:00</code></td><td>start the clock at that instant and play from there, instead of running in real time (write <code>+</code> as <code>%2B</code>)</td></tr><tr><td><code>selection</code></td><td><code>?selection=odpt.Train:JR-East.Yamanote.712G</code></td><td>start by tracking that train (it must be running at the start time), or, with a station id such as <code>odpt.Station:TokyoMetro.Ginza.Asakusa</code>, with that station selected and its panel open</td></tr></tbody></table><p>The parameters <code>gtfsurl</code>, <code>gtfsvpurl</code> and <code>gtfscolor</code> add another city&#39;s transit from its GTFS feeds: see <a href="./gtfs.html">GTFS data sources</a>.</p><p>The part after <code>#</code> is the camera: <code>#zoom/latitude/longitude/bearing/pitch</code>, for example <code>#14/35.6814/139.767/0/60</code>. It changes as you move the map, so copying the address keeps the view.</p><p>An example that opens the map in Japanese at the weekday morning peak, tracking a Yamanote Line train:</p><div class="language- vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang"></span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span>http://127.0.0.1:5173/?lang=ja&amp;time=2026-11-24T08:00:00%2B09:00&amp;selection=JR-East.Yamanote.712G</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("user-guide/configuration.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const configuration = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  configuration as default
};
