import { useSSRContext, unref } from "vue";
import { ssrRenderAttrs, ssrRenderAttr, ssrInterpolate } from "vue/server-renderer";
import { u as useData } from "./Content.fLm2ZEwu.js";
import "@vueuse/core";
const __pageData = JSON.parse('{"title":"お問い合わせ","description":"Tokyo Transit 3D への質問・不具合の報告・提案の送り先と、報告に書いていただきたいこと。","frontmatter":{"description":"Tokyo Transit 3D への質問・不具合の報告・提案の送り先と、報告に書いていただきたいこと。","head":[["meta",{"name":"theme-color","content":"#2f6fdb"}],["link",{"rel":"canonical","href":"https://docs.example.org/docs/master/ja/user-guide/contact.html"}]]},"headers":[],"relativePath":"ja/user-guide/contact.md","filePath":"ja/user-guide/contact.md"}');
const __default__ = { name: "ja/user-guide/contact.md" };
const _sfc_main = /* @__PURE__ */ Object.assign(__default__, {
  __ssrInlineRender: true,
  setup(__props) {
    const { theme } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="お問い合わせ" tabindex="-1">お問い合わせ <a class="header-anchor" href="#お問い合わせ" aria-label="Permalink to &quot;お問い合わせ&quot;">​</a></h1>`);
      if (unref(theme).contactEmail) {
        _push(`<p>Tokyo Transit 3D についての質問・不具合の報告・提案は、メール <a${ssrRenderAttr("href", "mailto:" + unref(theme).contactEmail)}>${ssrInterpolate(unref(theme).contactEmail)}</a> までお寄せください。</p>`);
      } else {
        _push(`<p>Tokyo Transit 3D についての質問・不具合の報告・提案は、この地図を公開している方へメールでお寄せください。 （このドキュメントは連絡先なしでビルドされています。ビルドする人が環境変数 <code>DOCS_CONTACT_EMAIL</code> で設定します。）</p>`);
      }
      _push(`<p>不具合を報告するときは、次のことを書いていただくと助かります。</p><ul><li>何をして何が見えたか、本来どうなるはずだったか。</li><li>そのときの地図のアドレス（視点と、選んでいた列車や駅が入っています）。</li><li>地図の時計の時刻と、リアルタイムか再生中か。</li><li>ブラウザーと端末（<a href="./supported-browsers.html">対応ブラウザー</a>）。</li></ul><h2 id="交通事業者へは問い合わせないでください" tabindex="-1">交通事業者へは問い合わせないでください <a class="header-anchor" href="#交通事業者へは問い合わせないでください" aria-label="Permalink to &quot;交通事業者へは問い合わせないでください&quot;">​</a></h2><p>地図の位置・遅延・時刻表はオープンデータから作っており、不正確な場合があります。鉄道会社やオープンデータセンター はこの地図を運営していません。この地図について問い合わせないでください。</p><h2 id="開発者の方へ" tabindex="-1">開発者の方へ <a class="header-anchor" href="#開発者の方へ" aria-label="Permalink to &quot;開発者の方へ&quot;">​</a></h2><p>地図の組み込みや API についての質問は、まず<a href="./../developer-guide/">開発者ガイド</a>を、ソースコードについては <a href="./development-information.html">開発情報</a>を参照してください。</p></div>`);
    };
  }
});
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("ja/user-guide/contact.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
export {
  __pageData,
  _sfc_main as default
};
