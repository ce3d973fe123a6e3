import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"設定","description":"マップのアドレスで、起動のしかたを設定できます。? の後に次のパラメーターを & でつないで付けます。","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/user-guide/configuration.html"}]]},"headers":[],"relativePath":"ja/user-guide/configuration.md","filePath":"ja/user-guide/configuration.md"}');
const _sfc_main = { name: "ja/user-guide/configuration.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="設定" tabindex="-1">設定 <a class="header-anchor" href="#設定" aria-label="Permalink to &quot;設定&quot;">​</a></h1><p>マップのアドレスで、起動のしかたを設定できます。<code>?</code> の後に次のパラメーターを <code>&amp;</code> でつないで付けます。</p><table tabindex="0"><thead><tr><th>パラメーター</th><th>例</th><th>内容</th></tr></thead><tbody><tr><td><code>lang</code></td><td><code>?lang=ja</code></td><td>表示言語：<code>ja</code>、<code>en</code>、<code>ko</code>、<code>zh-Hans</code>、<code>zh-Hant</code>、<code>th</code>、<code>ne</code>、<code>pt-BR</code>、<code>fr</code>、<code>es</code>、<code>de</code>（既定はブラウザーの言語）</td></tr><tr><td><code>theme</code></td><td><code>?theme=dark</code></td><td><code>light</code>、<code>dark</code>、または <code>auto</code>（既定。東京の昼は明るく、夜は暗く）</td></tr><tr><td><code>time</code></td><td><code>?time=2026-11-24T08:00:00%2B09:00</code></td><td>リアルタイムではなく、その時刻から時計を始めて再生する（<code>+</code> は <code>%2B</code> と書く）</td></tr><tr><td><code>selection</code></td><td><code>?selection=odpt.Train:JR-East.Yamanote.712G</code></td><td>その列車を追跡した状態で始める（開始時刻に走っている列車であること）。<code>odpt.Station:TokyoMetro.Ginza.Asakusa</code> のような駅の ID なら、その駅を選択し駅パネルを開いた状態で始める</td></tr></tbody></table><p>パラメーター <code>gtfsurl</code>、<code>gtfsvpurl</code>、<code>gtfscolor</code> で、ほかの都市の交通を GTFS フィードから追加できます。 <a href="./gtfs.html">GTFS データソース</a> を参照してください。</p><p><code>#</code> の後はカメラです：<code>#ズーム/緯度/経度/方位/傾き</code>。例：<code>#14/35.6814/139.767/0/60</code>。地図を動かすと変わるので、 アドレスをコピーすれば同じ表示を共有できます。</p><p>日本語表示で、平日朝のピークに山手線の列車を追跡して開く例：</p><div class="language- vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang"></span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span>http://127.0.0.1:5173/?lang=ja&amp;time=2026-11-24T08:00:00%2B09:00&amp;selection=JR-East.Yamanote.712G</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/user-guide/configuration.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const configuration = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  configuration as default
};
