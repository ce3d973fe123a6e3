import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse(`{"title":"","description":"Every scheduled train of the Tokyo region, animated from the timetables and real-time delays, in your browser and in your own pages.","frontmatter":{"layout":"home","hero":{"name":"Tokyo Transit 3D","text":"Tokyo's trains in 3D, in real time","tagline":"Every scheduled train of the Tokyo region, animated from the timetables and real-time delays, in your browser and in your own pages.","actions":[{"theme":"brand","text":"User guide","link":"/user-guide/"},{"theme":"alt","text":"Developer guide","link":"/developer-guide/"},{"theme":"alt","text":"API reference","link":"/developer-guide/api/map.html"}]},"features":[{"title":"The whole network","details":"179 railways and 2,610 stations in their official colours, lines that share a corridor drawn side by side, underground sections below ground."},{"title":"Over 2,200 trains at once","details":"At the weekday morning peak every running train moves along its track, one box per car, from the day's timetables (weekday, Saturday, holiday)."},{"title":"Real-time delays","details":"With an open-data token the map lays reported delays, short turns and extra trains over the timetables, and shows each line's operation information."},{"title":"Embeddable","details":"One class, Map, mounts the whole app into an element of your page, with options, methods and events."}],"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/"}]]},"headers":[],"relativePath":"index.md","filePath":"index.md"}`);
const _sfc_main = { name: "index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
