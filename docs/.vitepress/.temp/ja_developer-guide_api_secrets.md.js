import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"シークレット（アクセストークン）","description":"マップはトークンなしで動きます。時刻表・路線網・ベースマップは同梱されています。トークンはオープンデータサービスのリアルタイムデータを加えます。secrets オプションで渡します。","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/developer-guide/api/secrets.html"}]]},"headers":[],"relativePath":"ja/developer-guide/api/secrets.md","filePath":"ja/developer-guide/api/secrets.md"}');
const _sfc_main = { name: "ja/developer-guide/api/secrets.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="シークレット-アクセストークン" tabindex="-1">シークレット（アクセストークン） <a class="header-anchor" href="#シークレット-アクセストークン" aria-label="Permalink to &quot;シークレット（アクセストークン）&quot;">​</a></h1><p>マップはトークンなしで動きます。時刻表・路線網・ベースマップは同梱されています。トークンはオープンデータ サービスのリアルタイムデータを加えます。<code>secrets</code> オプションで渡します。</p><div class="language-js vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">js</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">new</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> Map</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">({ container: </span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&#39;map&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, secrets: { odpt: </span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&#39;your-token&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, challenge2025: </span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&#39;your-other-token&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> } });</span></span></code></pre></div><table tabindex="0"><thead><tr><th>キー</th><th>サービス</th><th>用途</th></tr></thead><tbody><tr><td><code>odpt</code></td><td>公共交通オープンデータセンター（<code>api.odpt.org</code>）</td><td>そこで提供される事業者のリアルタイム列車情報・遅延・運行情報</td></tr><tr><td><code>challenge2025</code></td><td>東京公共交通オープンデータチャレンジ 2025（<code>api-challenge.odpt.org</code>）</td><td>そこで提供される事業者（JR 東日本、東京メトロ、都営など）の同じ情報</td></tr><tr><td><code>challenge2024</code></td><td>（2024 年のチャレンジ）</td><td>受け付けるが、バージョン 4.0 以降は使わないと知らせる</td></tr><tr><td><code>tokyochallenge</code></td><td>（東京チャレンジ）</td><td>受け付けるが、バージョン 3.1 以降は使わないと知らせる</td></tr></tbody></table><p>トークンは数字と英小文字です。それ以外はキーを示す <code>error</code> になり、マップは <code>secrets</code> オプションなし（時刻表のみ）で始まります。トークンのない ホストの事業者は時刻表で表示し、アプリ情報パネルに一覧します。トークンはページの中にとどまり、そのサービスの ホストにだけ、サービスが求めるクエリー文字列で送られます。</p><p>ホスト型のベースマップスタイルには地図のアクセストークンが要ることがあります。それは <code>accessToken</code> オプション （<code>pk.</code> で始まる）で、この一覧のシークレットではありません。</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/developer-guide/api/secrets.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const secrets = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  secrets as default
};
