import { defineConfigWithTheme, type DefaultTheme } from 'vitepress';

/** The default theme's configuration, with what our theme adds (docs/.vitepress/theme/). */
export interface ThemeConfig extends DefaultTheme.Config {
  /** Label of the navbar's link to the map itself. */
  openMap?: string;
  /** Contact address shown on the contact page (env DOCS_CONTACT_EMAIL at build). */
  contactEmail?: string;
}

/** Where the site is served: `npm start` serves the built site there, beside the app. */
export const DOCS_BASE = '/docs/master/';

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
  title: 'Tokyo Transit 3D',
  head: [['meta', { name: 'theme-color', content: '#2f6fdb' }]],
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
        ...navigation('/', { developer: 'Developer guide', overview: 'Overview', api: 'API reference', map: 'Map', dataSource: 'DataSource', build: 'Building from source', migration: 'Migrating from Mini Tokyo 3D', integration: 'Integration', user: 'User guide', about: 'What the map shows', plugins: 'Plugins', contact: 'Contact', development: 'Development information', openMap: 'Open the map', screen: 'Screen and operations', modes: 'Display modes', configuration: 'Configuration', browsers: 'Supported browsers', data: 'About the data', gtfs: 'GTFS data sources' }),
      },
    },
    ja: {
      label: '日本語',
      lang: 'ja',
      link: '/ja/',
      title: 'Tokyo Transit 3D',
      description: '東京の公共交通をリアルタイムに描く 3D マップ：ユーザーガイド、開発者ガイド、API リファレンス',
      themeConfig: {
        ...navigation('/ja/', { developer: '開発者ガイド', overview: '概要', api: 'API リファレンス', map: 'Map', dataSource: 'DataSource', build: 'ソースからのビルド', migration: 'Mini Tokyo 3D からの移行', integration: '組み込み', user: 'ユーザーガイド', about: 'この地図について', plugins: 'プラグイン', contact: 'お問い合わせ', development: '開発情報', openMap: '地図を開く', screen: '画面と操作', modes: '表示モード', configuration: '設定', browsers: '対応ブラウザー', data: 'データについて', gtfs: 'GTFS データソース' }),
        outline: { label: '目次' },
        docFooter: { prev: '前のページ', next: '次のページ' },
        notFound: { title: 'ページが見つかりません', quote: 'お探しのページは移動したか、存在しません。', linkText: 'ホームに戻る' },
      },
    },
  },
});
