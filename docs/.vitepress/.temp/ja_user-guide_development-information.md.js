import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"開発情報","description":"Tokyo Transit 3D は MIT ライセンスのオープンソースです。アプリ、ライブラリ、データのビルド、このドキュメントはひとつのリポジトリにあり、その履歴も残っています。動かし方（npm install のあと npm start）はリポジトリの README.md…","frontmatter":{"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/user-guide/development-information.html"}]]},"headers":[],"relativePath":"ja/user-guide/development-information.md","filePath":"ja/user-guide/development-information.md"}');
const _sfc_main = { name: "ja/user-guide/development-information.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="開発情報" tabindex="-1">開発情報 <a class="header-anchor" href="#開発情報" aria-label="Permalink to &quot;開発情報&quot;">​</a></h1><p>Tokyo Transit 3D は MIT ライセンスのオープンソースです。アプリ、ライブラリ、データのビルド、このドキュメントは ひとつのリポジトリにあり、その履歴も残っています。動かし方（<code>npm install</code> のあと <code>npm start</code>）はリポジトリの <code>README.md</code> に、コマンドとオプションは<a href="./../developer-guide/build.html">開発者ガイド</a>にあります。</p><h2 id="作り" tabindex="-1">作り <a class="header-anchor" href="#作り" aria-label="Permalink to &quot;作り&quot;">​</a></h2><table tabindex="0"><thead><tr><th>部分</th><th>使っているもの</th></tr></thead><tbody><tr><td>路線網・列車・レイヤーの 3D 描画</td><td><a href="https://deck.gl/" target="_blank" rel="noreferrer">deck.gl</a> 9（WebGL 2）</td></tr><tr><td>背景地図</td><td><a href="https://maplibre.org/" target="_blank" rel="noreferrer">MapLibre GL JS</a> 6、OpenStreetMap データの PMTiles ファイルから</td></tr><tr><td>画面</td><td><a href="https://react.dev/" target="_blank" rel="noreferrer">React</a> 19、11 言語</td></tr><tr><td>three.js レイヤー</td><td><a href="https://threejs.org/" target="_blank" rel="noreferrer">three.js</a>（ページが追加したときに読み込み）</td></tr><tr><td>列車のシミュレーション、GTFS とレーダーの解読</td><td>Web Worker（ページの応答を保つため）</td></tr><tr><td>このドキュメント</td><td><a href="https://vitepress.dev/" target="_blank" rel="noreferrer">VitePress</a>、英語と日本語</td></tr></tbody></table><p>データバンドルは Mini Tokyo 3D のデータ（<a href="./about-data.html">データについて</a>）から <code>npm run data</code> で作り、アプリと 一緒に配信するので、地図はインターネットなしで動きます。オンラインのサービスから取るのはリアルタイムデータと雨雲 レーダーだけで、それも設定したとき・オンにしたときだけです。</p><h2 id="テストと計測" tabindex="-1">テストと計測 <a class="header-anchor" href="#テストと計測" aria-label="Permalink to &quot;テストと計測&quot;">​</a></h2><p><code>npm test</code> は単体テスト（Vitest）とブラウザーテスト（ヘッドレス Chromium の Playwright）を実行します。ブラウザー テストは、利用者と同じようにアプリとこのドキュメントを開きます。<code>npm run bench</code> はダウンロード量、最初のフレーム までの時間、メモリ、フレームレートを測り、地図を遅くする変更に気づけるようにしています。</p><h2 id="履歴" tabindex="-1">履歴 <a class="header-anchor" href="#履歴" aria-label="Permalink to &quot;履歴&quot;">​</a></h2><p>変更はリポジトリの履歴（<code>git log</code>）に、変更ごとに何をなぜ変えたかとともに記録されています。機能はプロジェクトの issue として計画・管理しています。</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/user-guide/development-information.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const developmentInformation = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  developmentInformation as default
};
