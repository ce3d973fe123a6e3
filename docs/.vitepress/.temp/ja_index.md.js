import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"","description":"首都圏を走るすべての定期列車を、時刻表とリアルタイムの遅延情報から動かします。ブラウザーで、そしてあなたのページの中で。","frontmatter":{"layout":"home","hero":{"name":"Tokyo Transit 3D","text":"東京の列車を 3D で、リアルタイムに","tagline":"首都圏を走るすべての定期列車を、時刻表とリアルタイムの遅延情報から動かします。ブラウザーで、そしてあなたのページの中で。","actions":[{"theme":"brand","text":"ユーザーガイド","link":"/ja/user-guide/"},{"theme":"alt","text":"開発者ガイド","link":"/ja/developer-guide/"},{"theme":"alt","text":"API リファレンス","link":"/ja/developer-guide/api/map.html"}]},"features":[{"title":"路線網のすべて","details":"179 路線と 2,610 駅を公式の路線色で描きます。同じ区間を走る路線は並べて、地下区間は地面の下に描きます。"},{"title":"2,200 本を超える列車","details":"平日朝のピークには、走っているすべての列車が線路に沿って動きます。当日の時刻表（平日・土曜・休日）から、車両 1 両ごとに描きます。"},{"title":"リアルタイムの遅延","details":"オープンデータのトークンがあれば、遅延・行き先変更・臨時列車を時刻表に重ね、各路線の運行情報を表示します。"},{"title":"埋め込み可能","details":"Map クラス 1 つで、アプリ全体をあなたのページの要素に組み込めます。オプション・メソッド・イベントを備えています。"}],"head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/"}]]},"headers":[],"relativePath":"ja/index.md","filePath":"ja/index.md"}');
const _sfc_main = { name: "ja/index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
