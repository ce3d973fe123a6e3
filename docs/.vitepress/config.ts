import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfigWithTheme, type DefaultTheme, type HeadConfig, type PageData } from 'vitepress';

/** The default theme's configuration, with what our theme adds (docs/.vitepress/theme/). */
export interface ThemeConfig extends DefaultTheme.Config {
  /** Label of the navbar's link to the map itself. */
  openMap?: string;
  /** Contact address shown on the contact page (env DOCS_CONTACT_EMAIL at build). */
  contactEmail?: string;
}

/** Where the site is served: `npm start` serves the built site there, beside the app. */
export const DOCS_BASE = '/docs/master/';

/** Colour of the browser's interface around the site (meta theme-color), unless a page's frontmatter sets `themeColor`. */
export const THEME_COLOR = '#2f6fdb';

/**
 * Build-time settings from the environment:
 * - DOCS_PUBLIC_URL: the site's public address (its base folder, e.g. https://example.org/docs/master/); each page
 *   then gets a canonical link;
 * - DOCS_ANALYTICS_URL: where a page-view beacon is sent (POST, JSON: path, referrer, lang) on each page shown;
 *   unset, there is no snippet and no request;
 * - DOCS_CONTACT_EMAIL: the address on the contact page.
 */
const PUBLIC_URL = process.env.DOCS_PUBLIC_URL?.replace(/\/?$/, '/') || '';
const ANALYTICS_URL = process.env.DOCS_ANALYTICS_URL || '';

/** The page-view snippet of the head: defines `ttPageView()` (the theme calls it on each page change) and counts this page. */
export function analyticsSnippet(url: string): HeadConfig {
  const send =
    `fetch(${JSON.stringify(url)},{method:'POST',mode:'no-cors',keepalive:true,headers:{'content-type':'text/plain'},` +
    `body:JSON.stringify({path:location.pathname,referrer:document.referrer,lang:document.documentElement.lang})}).catch(function(){})`;
  return ['script', { id: 'tt-analytics' }, `window.ttPageView=function(){${send}};window.ttPageView();`];
}

/** A page's path below the site base: `index.md` → ``, `a/index.md` → `a/`, `a/b.md` → `a/b.html`. */
export function pagePath(relativePath: string): string {
  return relativePath.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '.html');
}

/** Plain text of a markdown fragment: links, emphasis, code marks and HTML tags taken out. */
function plain(markdown: string): string {
  return markdown
    .replace(/<[^>]+>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    // Lines of Japanese text join without a space; others with one.
    .replace(/([\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef])\s*\n\s*(?=[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A page's description: its frontmatter's, the home's tagline, or the first paragraph after its title (at most ~160 characters). */
export function pageDescription(source: string, frontmatter: Record<string, unknown>): string {
  if (typeof frontmatter.description === 'string') return frontmatter.description;
  const hero = frontmatter.hero as { tagline?: string } | undefined;
  if (hero?.tagline) return hero.tagline;
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/<script[\s\S]*?<\/script>/g, '');
  const paragraph = body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block && !/^(#|\||```|- |\d+\. |<p v-)/.test(block));
  const text = paragraph ? plain(paragraph) : '';
  if (text.length <= 160) return text;
  const cut = text.slice(0, 159);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 120))}…`;
}

/** Labels of the navigation in one language. */
interface NavigationLabels {
  developer: string;
  overview: string;
  api: string;
  map: string;
  dataSource: string;
  build: string;
  migration: string;
  integration: string;
  architecture: string;
  benchmarks: string;
  yourCity: string;
  user: string;
  about: string;
  plugins: string;
  contact: string;
  development: string;
  openMap: string;
  screen: string;
  modes: string;
  configuration: string;
  browsers: string;
  data: string;
  gtfs: string;
}

/** The navbar and the sidebars of one language, whose pages live under `prefix`. */
function navigation(prefix: string, t: NavigationLabels): { nav: DefaultTheme.NavItem[]; sidebar: DefaultTheme.Sidebar; openMap: string } {
  return {
    openMap: t.openMap,
    nav: [
      { text: t.user, link: `${prefix}user-guide/` },
      { text: t.developer, link: `${prefix}developer-guide/` },
      { text: 'API', link: `${prefix}developer-guide/api/` },
    ],
    sidebar: sidebar(prefix, t),
  };
}

function sidebar(prefix: string, t: NavigationLabels): DefaultTheme.Sidebar {
  return {
    [`${prefix}developer-guide/`]: [
      {
        text: t.developer,
        items: [
          { text: t.overview, link: `${prefix}developer-guide/` },
          { text: t.integration, link: `${prefix}developer-guide/integration.html` },
          { text: t.migration, link: `${prefix}developer-guide/migration.html` },
          { text: t.build, link: `${prefix}developer-guide/build.html` },
          { text: t.architecture, link: `${prefix}developer-guide/architecture.html` },
          { text: t.benchmarks, link: `${prefix}developer-guide/benchmarks.html` },
          { text: t.yourCity, link: `${prefix}developer-guide/your-city.html` },
        ],
      },
      {
        text: t.api,
        items: [
          { text: t.overview, link: `${prefix}developer-guide/api/` },
          { text: t.map, link: `${prefix}developer-guide/api/map.html` },
          { text: 'Marker', link: `${prefix}developer-guide/api/marker.html` },
          { text: 'Popup', link: `${prefix}developer-guide/api/popup.html` },
          { text: 'Panel', link: `${prefix}developer-guide/api/panel.html` },
          { text: 'GeoJSON layer', link: `${prefix}developer-guide/api/geojson-layer.html` },
          { text: '3D Tiles layer', link: `${prefix}developer-guide/api/tile-3d-layer.html` },
          { text: 'three.js layer', link: `${prefix}developer-guide/api/three-layer.html` },
          { text: 'Plugin', link: `${prefix}developer-guide/api/plugin.html` },
          { text: 'THREE', link: `${prefix}developer-guide/api/three.html` },
          { text: 'MapLibre', link: `${prefix}developer-guide/api/mapboxgl.html` },
          { text: 'Clock', link: `${prefix}developer-guide/api/clock.html` },
          { text: 'Mini Tokyo 3D', link: `${prefix}developer-guide/api/mini-tokyo-3d.html` },
          { text: 'Secrets', link: `${prefix}developer-guide/api/secrets.html` },
          { text: t.dataSource, link: `${prefix}developer-guide/api/data-source.html` },
        ],
      },
    ],
    [`${prefix}user-guide/`]: [
      {
        text: t.user,
        items: [
          { text: t.overview, link: `${prefix}user-guide/` },
          { text: t.about, link: `${prefix}user-guide/overview.html` },
          { text: t.screen, link: `${prefix}user-guide/screen-and-operations.html` },
          { text: t.modes, link: `${prefix}user-guide/display-modes.html` },
          { text: t.configuration, link: `${prefix}user-guide/configuration.html` },
          { text: t.browsers, link: `${prefix}user-guide/supported-browsers.html` },
          { text: t.gtfs, link: `${prefix}user-guide/gtfs.html` },
          { text: t.plugins, link: `${prefix}user-guide/plugins.html` },
          { text: t.data, link: `${prefix}user-guide/about-data.html` },
          { text: t.development, link: `${prefix}user-guide/development-information.html` },
          { text: t.contact, link: `${prefix}user-guide/contact.html` },
        ],
      },
    ],
  };
}

export default defineConfigWithTheme<ThemeConfig>({
  base: DOCS_BASE,
  cleanUrls: false,
  markdown: { image: { lazyLoading: true } },
  title: 'Tokyo Transit 3D',
  head: ANALYTICS_URL ? [analyticsSnippet(ANALYTICS_URL)] : [],
  vite: {
    resolve: {
      // The outline with our scroll tracking (300 ms throttle, 10 px heading offset) instead of the default one.
      alias: [{ find: /^.*\/VPDocAsideOutline\.vue$/, replacement: fileURLToPath(new URL('./theme/OutlineAside.vue', import.meta.url)) }],
    },
  },
  transformPageData(pageData: PageData, { siteConfig }) {
    const source = readFileSync(join(siteConfig.srcDir, pageData.relativePath), 'utf8');
    pageData.description = pageDescription(source, pageData.frontmatter);
    const head: HeadConfig[] = [...((pageData.frontmatter.head as HeadConfig[] | undefined) ?? [])];
    head.push(['meta', { name: 'theme-color', content: String(pageData.frontmatter.themeColor ?? THEME_COLOR) }]);
    if (PUBLIC_URL) head.push(['link', { rel: 'canonical', href: PUBLIC_URL + pagePath(pageData.relativePath) }]);
    pageData.frontmatter.head = head;
  },
  transformHead({ pageData }) {
    // The not-found page has no source to transform: give it the colour too.
    return pageData.isNotFound || pageData.relativePath === '404.md' ? [['meta', { name: 'theme-color', content: THEME_COLOR }]] : [];
  },
  themeConfig: {
    contactEmail: process.env.DOCS_CONTACT_EMAIL || undefined,
    search: {
      provider: 'local',
      options: {
        locales: {
          ja: {
            translations: {
              button: { buttonText: '検索', buttonAriaLabel: '検索' },
              modal: {
                noResultsText: '見つかりませんでした',
                resetButtonTitle: '検索をリセット',
                footer: { selectText: '選択', navigateText: '移動', closeText: '閉じる' },
              },
            },
          },
        },
      },
    },
  },
  locales: {
    root: {
      label: 'English',
      lang: 'en',
      description: 'A real-time 3D map of Tokyo public transport: user guide, developer guide and API reference.',
      themeConfig: {
        ...navigation('/', { developer: 'Developer guide', overview: 'Overview', api: 'API reference', map: 'Map', dataSource: 'DataSource', build: 'Building from source', migration: 'Migrating from Mini Tokyo 3D', integration: 'Integration', architecture: 'Architecture', benchmarks: 'Benchmarks', yourCity: 'Your city in 10 minutes', user: 'User guide', about: 'What the map shows', plugins: 'Plugins', contact: 'Contact', development: 'Development information', openMap: 'Open the map', screen: 'Screen and operations', modes: 'Display modes', configuration: 'Configuration', browsers: 'Supported browsers', data: 'About the data', gtfs: 'GTFS data sources' }),
      },
    },
    ja: {
      label: '日本語',
      lang: 'ja',
      link: '/ja/',
      title: 'Tokyo Transit 3D',
      description: '東京の公共交通をリアルタイムに描く 3D マップ：ユーザーガイド、開発者ガイド、API リファレンス',
      themeConfig: {
        ...navigation('/ja/', { developer: '開発者ガイド', overview: '概要', api: 'API リファレンス', map: 'Map', dataSource: 'DataSource', build: 'ソースからのビルド', migration: 'Mini Tokyo 3D からの移行', integration: '組み込み', architecture: 'アーキテクチャ', benchmarks: 'ベンチマーク', yourCity: '10 分であなたの街の地図を', user: 'ユーザーガイド', about: 'この地図について', plugins: 'プラグイン', contact: 'お問い合わせ', development: '開発情報', openMap: '地図を開く', screen: '画面と操作', modes: '表示モード', configuration: '設定', browsers: '対応ブラウザー', data: 'データについて', gtfs: 'GTFS データソース' }),
        outline: { label: '目次' },
        docFooter: { prev: '前のページ', next: '次のページ' },
        notFound: { title: 'ページが見つかりません', quote: 'お探しのページは移動したか、存在しません。', linkText: 'ホームに戻る' },
      },
    },
  },
});
