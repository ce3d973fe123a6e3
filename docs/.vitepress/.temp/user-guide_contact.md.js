import { useSSRContext, unref } from "vue";
import { ssrRenderAttrs, ssrRenderAttr, ssrInterpolate } from "vue/server-renderer";
import { u as useData } from "./Content.fLm2ZEwu.js";
import "@vueuse/core";
const __pageData = JSON.parse('{"title":"Contact","description":"How to reach the people who publish Tokyo Transit 3D with questions, bug reports and suggestions, and what to include in a report.","frontmatter":{"description":"How to reach the people who publish Tokyo Transit 3D with questions, bug reports and suggestions, and what to include in a report.","head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/user-guide/contact.html"}]]},"headers":[],"relativePath":"user-guide/contact.md","filePath":"user-guide/contact.md"}');
const __default__ = { name: "user-guide/contact.md" };
const _sfc_main = /* @__PURE__ */ Object.assign(__default__, {
  __ssrInlineRender: true,
  setup(__props) {
    const { theme } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="contact" tabindex="-1">Contact <a class="header-anchor" href="#contact" aria-label="Permalink to &quot;Contact&quot;">​</a></h1>`);
      if (unref(theme).contactEmail) {
        _push(`<p>Questions, bug reports and suggestions about Tokyo Transit 3D are welcome by e-mail at <a${ssrRenderAttr("href", "mailto:" + unref(theme).contactEmail)}>${ssrInterpolate(unref(theme).contactEmail)}</a>.</p>`);
      } else {
        _push(`<p>Questions, bug reports and suggestions about Tokyo Transit 3D are welcome by e-mail to the people who publish it. (This copy of the documentation was built without a contact address: whoever builds it sets one with the <code>DOCS_CONTACT_EMAIL</code> environment variable.)</p>`);
      }
      _push(`<p>When you report a problem, it helps to say:</p><ul><li>what you did and what you saw, and what you expected instead;</li><li>the map&#39;s address at that moment (it holds the view, and the train or station you had selected);</li><li>the time shown on the map&#39;s clock, and whether it was in real time or in playback;</li><li>your browser and device (see <a href="./supported-browsers.html">Supported browsers</a>).</li></ul><h2 id="please-do-not-contact-the-transit-operators" tabindex="-1">Please do not contact the transit operators <a class="header-anchor" href="#please-do-not-contact-the-transit-operators" aria-label="Permalink to &quot;Please do not contact the transit operators&quot;">​</a></h2><p>The positions, delays and timetables on the map come from open data and may be inexact. The railway companies and the open data center do not run this map: please do not ask them about it.</p><h2 id="developers" tabindex="-1">Developers <a class="header-anchor" href="#developers" aria-label="Permalink to &quot;Developers&quot;">​</a></h2><p>Questions about embedding the map or its API: see the <a href="./../developer-guide/">developer guide</a> first, and <a href="./development-information.html">Development information</a> for the source code.</p></div>`);
    };
  }
});
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("user-guide/contact.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
export {
  __pageData,
  _sfc_main as default
};
