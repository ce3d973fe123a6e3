/**
 * The documentation site: the API reference covers the real `Map` (every
 * option, public method and event, in English and Japanese), every route of
 * the specification has its page in both languages and in the sidebars, no
 * internal link is dead, the user guide shows light screenshots, the theme's
 * navigation logic (not-found path, route chunks, redundant navigation, the
 * outline's heading in view, 300 ms throttle) works, and the server routes
 * the site's paths as the specification asks (redirects, not-found page with
 * status 404).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DefaultTheme } from 'vitepress';
import docsConfig, { THEME_COLOR, analyticsSnippet, pageDescription, pagePath } from '../../docs/.vitepress/config.ts';
import {
  CHUNK_TIMEOUT_MS,
  OUTLINE_HEADING_OFFSET_PX,
  OUTLINE_THROTTLE_MS,
  chunkErrorMessage,
  chunkFile,
  headingInView,
  isRedundantNavigation,
  notFoundRelativePath,
  pageRedirect,
  throttle,
} from '../../docs/.vitepress/theme/navigation.ts';
import { MAP_OPTION_KEYS } from '../../src/api/option-types.ts';
import { GESTURE_EVENTS } from '../../src/api/gesture-events.ts';
import { DOCS_BASE, ROOT, resolvePaths, type ProjectPaths } from '../../scripts/config.ts';
import { docsAreStale } from '../../scripts/ensure-built.ts';
import { docsRoute } from '../../scripts/static-server.ts';
import { usage } from '../../scripts/bench/options.ts';

const DOCS = join(ROOT, 'docs');
const REFERENCE = { en: join(DOCS, 'developer-guide/api/map.md'), ja: join(DOCS, 'ja/developer-guide/api/map.md') };

/** Markdown pages under a folder, relative to it (leaving out the `ja/` tree and VitePress's own folder). */
function pages(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.vitepress' && !(dir === root && entry.name === 'ja')) walk(path);
      } else if (entry.name.endsWith('.md')) out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

/**
 * Public method names of a class, read from its source (everything declared at class level that is not private),
 * with `on`, `off` and `once` when it extends `Evented`.
 */
function publicMethods(file = 'src/api/map.ts', className = 'Map'): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const body = source.slice(source.indexOf(`export class ${className} `));
  const names = [...body.matchAll(/^ {2}(?:async )?([a-z][A-Za-z]*)\(/gm)].map((m) => m[1]).filter((n) => n !== 'constructor');
  const evented = body.startsWith(`export class ${className} extends Evented<`);
  return [...new Set([...(evented ? ['on', 'off', 'once'] : []), ...names])];
}

/** Member names of an exported interface, read from its source. */
function interfaceKeys(file: string, name: string): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const start = source.search(new RegExp(`export interface ${name}( extends [\\w, ]+)? \\{`));
  if (start < 0) throw new Error(`no interface ${name} in ${file}`);
  const block = source.slice(start, source.indexOf('\n}\n', start));
  return [...block.matchAll(/^ {2}([a-zA-Z]+)\??:/gm)].map((m) => m[1]);
}

/** The table rows (lines starting with a code cell) of a page's section under a heading. */
function sectionRows(text: string, heading: RegExp): string[] {
  const start = text.search(heading);
  if (start < 0) return [];
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end).split('\n').filter((l) => l.startsWith('| `'));
}

/** Event names of `MapEvents`, read from its source (its own; the gesture events it extends come from their lists). */
function eventNames(): string[] {
  const source = readFileSync(join(ROOT, 'src/api/map-events.ts'), 'utf8');
  const start = source.indexOf('export interface MapEvents extends MapGestureEvents {');
  const block = source.slice(start, source.indexOf('\n}\n', start));
  return [...block.matchAll(/^ {2}([a-z]+):/gm)].map((m) => m[1]);
}

describe('documentation', () => {
  it('documents every option, public method and event of Map, in English and in Japanese', () => {
    const methods = publicMethods();
    const events = eventNames();
    expect(methods).toEqual(expect.arrayContaining(['jumpTo', 'setSelection', 'getTrainPosition', 'remove']));
    expect(events).toEqual(['load', 'error', 'selection', 'deselection', 'trackingmode', 'viewmode', 'clockmode', 'ecomode', 'searchmode', 'light']);
    expect(GESTURE_EVENTS).toEqual(expect.arrayContaining(['click', 'boxzoomstart', 'boxzoomend', 'boxzoomcancel', 'moveend', 'resize']));
    events.push(...GESTURE_EVENTS);
    for (const [lang, file] of Object.entries(REFERENCE)) {
      const text = readFileSync(file, 'utf8');
      const rows = (heading: RegExp) => sectionRows(text, heading);
      const optionRows = rows(/^## (Options|オプション)$/m).map((l) => /^\| `([A-Za-z]+)`/.exec(l)?.[1]);
      const methodRows = rows(/^## (Methods|メソッド)$/m).map((l) => /^\| `([A-Za-z]+)\(/.exec(l)?.[1]);
      const eventRows = rows(/^## (Events|イベント)$/m).map((l) => /^\| `([a-z]+)`/.exec(l)?.[1]);
      expect(optionRows.sort(), `${lang}: options`).toEqual([...MAP_OPTION_KEYS].sort());
      expect(methodRows.sort(), `${lang}: methods`).toEqual([...methods].sort());
      expect(eventRows.sort(), `${lang}: events`).toEqual([...events].sort());
    }
  });

  it('documents every option, public method and event of Marker, Popup and Panel, in English and in Japanese', () => {
    const classes = [
      { page: 'marker', file: 'src/api/marker.ts', name: 'Marker', options: 'MarkerOptions', events: 'MarkerEvents' },
      { page: 'popup', file: 'src/api/popup.ts', name: 'Popup', options: 'PopupOptions' },
      { page: 'panel', file: 'src/api/panel.ts', name: 'Panel', options: 'PanelOptions' },
    ];
    for (const { page, file, name, options, events } of classes) {
      const methods = publicMethods(file, name);
      expect(methods, name).toEqual(expect.arrayContaining(['addTo', 'remove', 'getElement']));
      for (const lang of ['', 'ja/']) {
        const text = readFileSync(join(DOCS, `${lang}developer-guide/api/${page}.md`), 'utf8');
        const where = `${lang || 'en/'}${page}`;
        const names = (heading: RegExp, cell: RegExp) => sectionRows(text, heading).flatMap((l) => [...l.split(' | ')[0].matchAll(cell)].map((m) => m[1])).sort();
        expect(names(/^## (Options|オプション)$/m, /`([A-Za-z]+)`/g), `${where}: options`).toEqual(interfaceKeys(file, options).sort());
        expect(names(/^## (Methods|メソッド)$/m, /`([A-Za-z]+)\(/g), `${where}: methods`).toEqual([...methods].sort());
        expect(names(/^## (Events|イベント)$/m, /`([a-z]+)`/g), `${where}: events`).toEqual(events ? interfaceKeys(file, events).sort() : []);
      }
    }
  });

  it('documents every property and callback of PluginInterface, in English and in Japanese', () => {
    const keys = interfaceKeys('src/api/plugin.ts', 'PluginInterface');
    expect(keys).toEqual(expect.arrayContaining(['id', 'onAdd', 'onVisibilityChanged']));
    for (const lang of ['', 'ja/']) {
      const text = readFileSync(join(DOCS, `${lang}developer-guide/api/plugin.md`), 'utf8');
      const documented = [/^## (Properties|プロパティ)$/m, /^## (Callbacks|コールバック)$/m].flatMap((heading) => sectionRows(text, heading).map((l) => /^\| `([A-Za-z]+)/.exec(l)?.[1]));
      expect(documented.sort(), `${lang || 'en/'}plugin`).toEqual([...keys].sort());
    }
  });

  it('documents every property of the added layers and of DataSource, in English and in Japanese', () => {
    const base = interfaceKeys('src/layers/layer-types.ts', 'LayerInterfaceBase');
    expect(base).toEqual(['id', 'minzoom', 'maxzoom']);
    const layerPages = [
      // A GeoJSON layer takes deck.gl's GeoJsonLayer props besides these; its page links to deck.gl's reference.
      { page: 'geojson-layer', keys: [...base, 'type'] },
      { page: 'tile-3d-layer', keys: [...base, ...interfaceKeys('src/layers/layer-types.ts', 'Tile3DLayerInterface')] },
      { page: 'three-layer', keys: [...base, ...interfaceKeys('src/layers/layer-types.ts', 'ThreeLayerInterface')] },
    ];
    const firstCellNames = (rows: string[]) => rows.flatMap((l) => [...l.split(' | ')[0].matchAll(/`([A-Za-z]+)/g)].map((m) => m[1])).sort();
    const mapMethods = publicMethods('src/api/map.ts', 'Map');
    for (const lang of ['', 'ja/']) {
      const read = (page: string) => readFileSync(join(DOCS, `${lang}developer-guide/api/${page}.md`), 'utf8');
      for (const { page, keys } of layerPages) {
        expect(firstCellNames(sectionRows(read(page), /^## (Properties|プロパティ)$/m)), `${lang || 'en/'}${page}`).toEqual([...keys].sort());
      }
      const dataSource = read('data-source');
      expect(firstCellNames(sectionRows(dataSource, /^## (Fields|フィールド)$/m)), `${lang || 'en/'}data-source: fields`).toEqual(interfaceKeys('src/api/option-types.ts', 'DataSourceOptions').sort());
      const methodSection = sectionRows(dataSource, /^## (Methods of Map|Map のメソッド)$/m);
      const methods = methodSection.filter((l) => l.split(' | ')[0].includes('('));
      for (const name of firstCellNames(methods)) expect(mapMethods, `${lang || 'en/'}data-source: Map.${name}`).toContain(name);
      const infoRows = methodSection.filter((l) => !l.split(' | ')[0].includes('('));
      expect(firstCellNames(infoRows), `${lang || 'en/'}data-source: getDataSources()`).toEqual(interfaceKeys('src/api/gtfs-link.ts', 'DataSourceInfo').sort());
    }
  });

  it('has a Japanese page for every English page', () => {
    const english = pages(DOCS);
    expect(english).toEqual(expect.arrayContaining(['index.md', 'developer-guide/api/map.md', 'user-guide/index.md']));
    expect(pages(join(DOCS, 'ja'))).toEqual(english);
    for (const page of english) expect(readFileSync(join(DOCS, 'ja', page), 'utf8'), page).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

describe('documentation routes of the app server', () => {
  let paths: ProjectPaths;
  let site: string;

  beforeAll(() => {
    site = mkdtempSync(join(tmpdir(), 'tt-docs-'));
    for (const page of ['index.html', '404.html', 'developer-guide/index.html', 'developer-guide/api/map.html', 'ja/index.html', 'assets/app.js']) {
      mkdirSync(dirname(join(site, page)), { recursive: true });
      writeFileSync(join(site, page), page);
    }
    paths = { ...resolvePaths([]), docsDist: site };
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  const route = (path: string) => docsRoute(paths, path);
  const served = (page: string, status = 200) => ({ file: join(site, page), status });

  it('serves pages, folders and assets as built', () => {
    expect(route(DOCS_BASE)).toEqual(served('index.html'));
    expect(route(`${DOCS_BASE}developer-guide/`)).toEqual(served('developer-guide/index.html'));
    expect(route(`${DOCS_BASE}developer-guide/api/map.html`)).toEqual(served('developer-guide/api/map.html'));
    expect(route(`${DOCS_BASE}assets/app.js?v=1`)).toEqual(served('assets/app.js'));
    expect(route('/index.html')).toBeNull();
    expect(route('/data/manifest.json')).toBeNull();
  });

  it('redirects index.html to its folder, and paths without .html or with a trailing slash to the page', () => {
    expect(route('/docs/master')).toEqual({ redirect: DOCS_BASE });
    expect(route(`${DOCS_BASE}index.html`)).toEqual({ redirect: DOCS_BASE });
    expect(route(`${DOCS_BASE}developer-guide/index.html?x=1`)).toEqual({ redirect: `${DOCS_BASE}developer-guide/?x=1` });
    expect(route(`${DOCS_BASE}developer-guide/api/map`)).toEqual({ redirect: `${DOCS_BASE}developer-guide/api/map.html` });
    expect(route(`${DOCS_BASE}developer-guide/api/map/`)).toEqual({ redirect: `${DOCS_BASE}developer-guide/api/map.html` });
    expect(route(`${DOCS_BASE}developer-guide/api/map.html/`)).toEqual({ redirect: `${DOCS_BASE}developer-guide/api/map.html` });
    expect(route(`${DOCS_BASE}developer-guide/api/map.html//?x=1`)).toEqual({ redirect: `${DOCS_BASE}developer-guide/api/map.html?x=1` });
    expect(route(`${DOCS_BASE}ja/index.html/`)).toEqual({ redirect: `${DOCS_BASE}ja/` });
    expect(route(`${DOCS_BASE}developer-guide`)).toEqual({ redirect: `${DOCS_BASE}developer-guide/` });
    expect(route(`${DOCS_BASE}ja`)).toEqual({ redirect: `${DOCS_BASE}ja/` });
  });

  it('answers anything else with the not-found page and status 404, and never leaves the site folder', () => {
    expect(route(`${DOCS_BASE}developer-guide/api/nothing.html`)).toEqual(served('404.html', 404));
    expect(route(`${DOCS_BASE}user-guide/`)).toEqual(served('404.html', 404));
    expect(route(`${DOCS_BASE}../../package.json`)).toEqual(served('404.html', 404));
    expect(route(`${DOCS_BASE}%2e%2e/%2e%2e/package.json`)).toEqual(served('404.html', 404));
    expect(route(`${DOCS_BASE}%E0%A4%A`)).toEqual(served('404.html', 404));
  });
});

describe('documentation build', () => {
  it('is stale when missing or older than a page or the configuration, not because of its own output', () => {
    const built = mkdtempSync(join(tmpdir(), 'tt-docs-built-'));
    try {
      expect(docsAreStale(built)).toBe(true);
      writeFileSync(join(built, 'index.html'), '');
      // Built after every source (written now): fresh.
      expect(docsAreStale(built)).toBe(false);
      // Built before any source was written.
      utimesSync(join(built, 'index.html'), new Date(0), new Date(0));
      expect(docsAreStale(built)).toBe(true);
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });
});

/**
 * The routes of the documentation site, as the specification lists them (§2 "Documentation site"), English paths
 * below the base; the same set exists under `ja/`. When the specification is found beside the repository, the test
 * also reads its list and checks that this one matches it.
 */
const API_PAGES = ['geojson-layer', 'data-source', 'panel', 'mapboxgl', 'map', 'marker', 'popup', 'secrets', 'plugin', 'three', 'three-layer', 'tile-3d-layer'];
const USER_PAGES = ['about-data', 'contact', 'display-modes', 'development-information', 'overview', 'configuration', 'supported-browsers', 'gtfs', 'plugins', 'screen-and-operations'];
const SPEC_ROUTES = [
  '/',
  '/developer-guide/',
  '/developer-guide/api/',
  ...API_PAGES.map((p) => `/developer-guide/api/${p}.html`),
  '/developer-guide/migration.html',
  '/developer-guide/build.html',
  '/developer-guide/integration.html',
  '/user-guide/',
  ...USER_PAGES.map((p) => `/user-guide/${p}.html`),
];
/** Pages of the developer guide beyond the specification's list (for contributors; Mini Tokyo 3D compatibility), also in both languages and sidebars. */
const EXTRA_ROUTES = ['/developer-guide/architecture.html', '/developer-guide/benchmarks.html', '/developer-guide/your-city.html', '/developer-guide/api/clock.html', '/developer-guide/api/mini-tokyo-3d.html'];
/** Every route of the site. */
const ROUTES = [...SPEC_ROUTES, ...EXTRA_ROUTES];

/** The specification's own list of routes, read from SPEC.md in a `shared` folder beside the repository or above it; null when absent. */
function specRoutes(): string[] | null {
  let file: string | null = null;
  for (let dir = dirname(ROOT); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared/SPEC.md'))) {
      file = join(dir, 'shared/SPEC.md');
      break;
    }
    if (dirname(dir) === dir) return null;
  }
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('### Documentation site');
  const section = text.slice(start, text.indexOf('Behaviour:', start));
  const routes: string[] = [];
  for (const line of section.split('\n').filter((l) => l.startsWith('- /'))) {
    const item = line.slice(2);
    const followed = /^(\S+) followed by one of: (.+), each ending \.html$/.exec(item);
    if (followed) routes.push(...followed[2].split(', ').map((name) => `${followed[1]}${name}.html`));
    else routes.push(...item.split(', ').map((r) => r.split(' ')[0]));
  }
  return routes;
}

/** The markdown source of a route below the base (`/a/` → `a/index.md`, `/a/b.html` → `a/b.md`). */
function sourceOf(route: string): string {
  return route.replace(/^\//, '').replace(/(^|\/)$/, '$1index.md').replace(/\.html$/, '.md');
}

/** Every link of a page's sidebar and navbar, per locale. */
function navigationLinks(locale: 'root' | 'ja'): string[] {
  const theme = docsConfig.locales?.[locale]?.themeConfig as DefaultTheme.Config;
  const links: string[] = [];
  const walk = (items: (DefaultTheme.SidebarItem | DefaultTheme.NavItem)[]) => {
    for (const item of items) {
      if ('link' in item && item.link) links.push(item.link);
      if ('items' in item && item.items) walk(item.items as DefaultTheme.SidebarItem[]);
    }
  };
  walk(theme.nav ?? []);
  for (const groups of Object.values(theme.sidebar as Record<string, DefaultTheme.SidebarItem[]>)) walk(groups);
  return links;
}

/** VitePress's heading anchors (its `slugify`). */
function slugify(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/** Anchors of a markdown page's headings. */
function anchors(markdown: string): Set<string> {
  const body = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...body.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugify(m[1])));
}

describe('documentation site routes and links', () => {
  const all = pages(DOCS);

  it('walks the specification\'s list of routes: every route has its page in English and in Japanese', () => {
    const fromSpec = specRoutes();
    if (fromSpec) expect([...fromSpec].sort()).toEqual([...SPEC_ROUTES].sort());
    for (const route of ROUTES) {
      expect(existsSync(join(DOCS, sourceOf(route))), `English page of ${route}`).toBe(true);
      expect(existsSync(join(DOCS, 'ja', sourceOf(route))), `Japanese page of /ja${route}`).toBe(true);
    }
    // …and the site has no page that is neither a route of the specification nor one of the developer guide's extra pages.
    expect(all).toEqual(ROUTES.map(sourceOf).sort());
  });

  it('pairs every Japanese page with its English page and the reverse, headings for headings', () => {
    expect(pages(join(DOCS, 'ja'))).toEqual(all);
    for (const page of all) {
      const count = (file: string) => (readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '').match(/^##+ /gm) ?? []).length;
      expect(count(join(DOCS, 'ja', page)), `${page}: sections in Japanese and in English`).toBe(count(join(DOCS, page)));
    }
  });

  it('lists every page but the homes in the sidebars of both languages', () => {
    for (const [locale, prefix] of [['root', '/'], ['ja', '/ja/']] as const) {
      const links = navigationLinks(locale);
      for (const route of ROUTES.filter((r) => r !== '/')) expect(links, `${locale}: ${route}`).toContain(prefix + route.slice(1));
      for (const link of links) expect(link.startsWith(prefix), `${locale}: ${link} stays in its language`).toBe(true);
    }
  });

  it('lists every API page on the API overview, in both languages', () => {
    for (const overview of ['developer-guide/api/index.md', 'ja/developer-guide/api/index.md']) {
      const text = readFileSync(join(DOCS, overview), 'utf8');
      for (const page of API_PAGES) expect(text, `${overview} → ${page}`).toContain(`(./${page}.html)`);
    }
  });

  it('has no dead internal link: every link to a page, an anchor, an example or the map resolves', () => {
    const origin = 'http://docs.test';
    const dead: string[] = [];
    let checked = 0;
    for (const page of [...all, ...all.map((p) => `ja/${p}`)]) {
      const text = readFileSync(join(DOCS, page), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      const targets = [
        ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]),
        ...[...text.matchAll(/(?<![:\w])href="([^"]+)"/g)].map((m) => m[1]),
        ...[...text.matchAll(/^\s+link: (\S+)$/gm)].map((m) => m[1]), // the home page's hero actions (already below the base)
      ];
      const pageUrl = new URL(DOCS_BASE + pagePath(page), origin);
      for (const target of targets) {
        if (/^(https?:|mailto:)/.test(target)) continue;
        checked++;
        const url = new URL(target.startsWith('/') && !target.startsWith('/examples/') ? DOCS_BASE + target.slice(1) : target, pageUrl);
        let ok: boolean;
        if (url.pathname === '/') ok = true; // the map itself
        else if (url.pathname.startsWith('/examples/')) ok = existsSync(join(ROOT, decodeURIComponent(url.pathname)));
        else if (url.pathname.startsWith(DOCS_BASE)) {
          const rest = decodeURIComponent(url.pathname.slice(DOCS_BASE.length));
          const source = join(DOCS, rest.replace(/(^|\/)$/, '$1index.md').replace(/\.html$/, '.md'));
          if (/\.(jpe?g|png|webp|svg)$/.test(rest)) ok = existsSync(join(DOCS, 'public', rest)) && statSync(join(DOCS, 'public', rest)).size <= 150 * 1024;
          else ok = existsSync(source) && (!url.hash || anchors(readFileSync(source, 'utf8')).has(decodeURIComponent(url.hash.slice(1)).normalize('NFKD')));
        } else ok = false;
        if (!ok) dead.push(`${page}: ${target}`);
      }
    }
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('shows screenshots of the app in the user guide, in each language its own, each at most 150 kB', () => {
    for (const [prefix, lang] of [['', 'en'], ['ja/', 'ja']] as const) {
      const shots = USER_PAGES.flatMap((p) => [...readFileSync(join(DOCS, `${prefix}user-guide/${p}.md`), 'utf8').matchAll(/!\[[^\]]+\]\(\/screenshots\/([\w-]+)\.jpg\)/g)].map((m) => m[1]));
      expect(shots.length, lang).toBeGreaterThanOrEqual(3);
      for (const shot of shots) {
        expect(shot.endsWith(`-${lang}`), `${lang}: ${shot}`).toBe(true);
        expect(statSync(join(DOCS, 'public/screenshots', `${shot}.jpg`)).size, shot).toBeLessThanOrEqual(150 * 1024);
      }
    }
  });

  it('links to the map itself from the docs, in both languages', () => {
    for (const page of ['user-guide/index.md', 'user-guide/overview.md']) {
      for (const file of [page, `ja/${page}`]) {
        const href = /href="([^"]+)" target="_self"/.exec(readFileSync(join(DOCS, file), 'utf8'))?.[1];
        expect(href, file).toBeDefined();
        expect(new URL(href!, `http://docs.test${DOCS_BASE}${pagePath(file)}`).pathname, file).toBe('/');
      }
    }
  });
});

describe('developer guide: architecture and benchmarks', () => {
  const both = (page: string) => [join(DOCS, page), join(DOCS, 'ja', page)].map((file) => readFileSync(file, 'utf8'));

  it('draws one data-flow diagram on the architecture page, with the same boxes in both languages', () => {
    const [en, ja] = both('developer-guide/architecture.md').map((text) => {
      const figures = [...text.matchAll(/^<figure class="tt-diagram">\n([\s\S]*?)<\/figure>$/gm)].map((m) => m[1]);
      expect(figures).toHaveLength(1);
      // No blank line inside: markdown would end the HTML block there.
      expect(figures[0]).not.toMatch(/\n\s*\n/);
      expect(figures[0]).toMatch(/^<svg viewBox="[\d ]+" role="img"/);
      return [...figures[0].matchAll(/<rect class="box[^"]*" x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"/g)].map((m) => m.slice(1).join(' '));
    });
    expect(en.length).toBeGreaterThanOrEqual(12);
    expect(ja).toEqual(en);
  });

  it('documents every section and option of npm run bench, in both languages', () => {
    const sections = readdirSync(join(ROOT, 'scripts/bench/sections'))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => /^\s+name: '([a-z]+)',$/m.exec(readFileSync(join(ROOT, 'scripts/bench/sections', f), 'utf8'))?.[1]);
    expect(sections).toEqual(expect.arrayContaining(['load', 'trains', 'camera']));
    const options = [...new Set([...usage([]).matchAll(/(--[a-z][a-z0-9-]*)/g)].map((m) => m[1]))];
    expect(options).toEqual(expect.arrayContaining(['--runs', '--only', '--strict', '--no-build']));
    const [en, ja] = both('developer-guide/benchmarks.md');
    for (const [lang, text] of [['en', en], ['ja', ja]]) {
      for (const section of sections) expect(text, `${lang}: section ${section}`).toMatch(new RegExp(`^\\| \`${section}\` \\|`, 'm'));
      for (const option of options) expect(text, `${lang}: option ${option}`).toContain(`\`${option}`);
    }
  });
});

describe('documentation theme', () => {
  afterEach(() => vi.useRealTimers());

  it('uses the specification\'s constants: 300 ms scroll throttle, 10 px heading offset, 120 s chunk timeout', () => {
    expect(OUTLINE_THROTTLE_MS).toBe(300);
    expect(OUTLINE_HEADING_OFFSET_PX).toBe(10);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('names the not-found page without the base, so that its language switch stays in the site', () => {
    expect(notFoundRelativePath('docs/master/user-guide/overview.md', DOCS_BASE)).toBe('user-guide/overview.md');
    expect(notFoundRelativePath('docs/master/ja/user-guide/nothing.md', DOCS_BASE)).toBe('ja/user-guide/nothing.md');
    expect(notFoundRelativePath('docs/master/index.md', DOCS_BASE)).toBe('index.md');
    expect(notFoundRelativePath('404.md', DOCS_BASE)).toBe('404.md');
  });

  it('finds the route chunk of a page as VitePress builds it, and none for a missing page', () => {
    const hashes = { 'user-guide_gtfs.md': 'abc123', 'ja_index.md': 'j1', 'index.md': 'i0', 'developer-guide_index.md': 'd9' };
    expect(chunkFile('/docs/master/user-guide/gtfs.html', DOCS_BASE, hashes)).toBe('/docs/master/assets/user-guide_gtfs.md.abc123.js');
    expect(chunkFile('/docs/master/ja/', DOCS_BASE, hashes)).toBe('/docs/master/assets/ja_index.md.j1.js');
    expect(chunkFile('/docs/master/', DOCS_BASE, hashes)).toBe('/docs/master/assets/index.md.i0.js');
    expect(chunkFile('/docs/master/developer-guide/', DOCS_BASE, hashes)).toBe('/docs/master/assets/developer-guide_index.md.d9.js');
    expect(chunkFile('/docs/master/user-guide/nothing.html', DOCS_BASE, hashes)).toBeNull();
    expect(chunkFile('/elsewhere/', DOCS_BASE, hashes)).toBeNull();
    expect(chunkErrorMessage('timeout', 'http://h/docs/master/assets/x.js')).toBe('Loading chunk failed. (timeout: http://h/docs/master/assets/x.js)');
  });

  it('redirects as the server does in a production build, from the pages in the hash map', () => {
    const hashes = { 'developer-guide_api_map.md': 'm1', 'ja_index.md': 'j1', 'index.md': 'i0', 'developer-guide_index.md': 'd9' };
    const to = (path: string) => pageRedirect(`${DOCS_BASE}${path}`, DOCS_BASE, hashes);
    expect(to('developer-guide/api/map.html/')).toBe(`${DOCS_BASE}developer-guide/api/map.html`);
    expect(to('developer-guide/api/map.html//')).toBe(`${DOCS_BASE}developer-guide/api/map.html`);
    expect(to('developer-guide/api/map/')).toBe(`${DOCS_BASE}developer-guide/api/map.html`);
    expect(to('developer-guide/api/map')).toBe(`${DOCS_BASE}developer-guide/api/map.html`);
    expect(to('developer-guide')).toBe(`${DOCS_BASE}developer-guide/`);
    expect(to('developer-guide/index.html')).toBe(`${DOCS_BASE}developer-guide/`);
    expect(to('index.html')).toBe(DOCS_BASE);
    expect(to('ja/index.html/')).toBe(`${DOCS_BASE}ja/`);
    // Pages as written, and paths that stand for no page: no redirect.
    for (const path of ['', 'developer-guide/', 'developer-guide/api/map.html', 'developer-guide/api/nothing.html', 'nothing/', 'assets/x.js', '%E0%A4%A/']) {
      expect(to(path), path).toBeNull();
    }
    expect(pageRedirect('/elsewhere/map/', DOCS_BASE, hashes)).toBeNull();
  });

  it('treats a navigation to the page already shown as redundant, and others not', () => {
    const here = 'http://h/docs/master/user-guide/';
    expect(isRedundantNavigation('/docs/master/user-guide/', here)).toBe(true);
    expect(isRedundantNavigation('/docs/master/user-guide/index.html', here)).toBe(true);
    expect(isRedundantNavigation('/docs/master/user-guide/gtfs.html', here)).toBe(false);
    expect(isRedundantNavigation('/docs/master/user-guide/#x', here)).toBe(false);
    expect(isRedundantNavigation('/docs/master/user-guide/?a=1', here)).toBe(false);
  });

  it('highlights the last heading at or above the top bar plus 10 px, none at the top, the last at the bottom', () => {
    const headings = [{ id: 'a', top: 500 }, { id: 'b', top: 1000 }, { id: 'c', top: 1500 }];
    const bar = 64;
    expect(headingInView(headings, 0, bar, false)).toBeNull();
    expect(headingInView(headings, 500 - bar - 10, bar, false)).toBe('a');
    expect(headingInView(headings, 500 - bar - 11, bar, false)).toBeNull();
    expect(headingInView(headings, 1000 - bar - 10, bar, false)).toBe('b');
    expect(headingInView(headings, 1000 - bar - 11, bar, false)).toBe('a');
    expect(headingInView(headings, 1200, bar, true)).toBe('c');
    expect(headingInView([], 300, bar, false)).toBeNull();
  });

  it('throttles the scroll handler to one call per 300 ms, with a last call after a burst', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const onScroll = throttle(fn, OUTLINE_THROTTLE_MS);
    onScroll();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let t = 0; t < 280; t += 20) {
      vi.advanceTimersByTime(20);
      onScroll();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('describes each page by its first paragraph, and pages by their path', () => {
    expect(pageDescription('# Title\n\nFirst [link](./x.html) and `code`\nnext line.\n\n## More\n\nText.', {})).toBe('First link and code next line.');
    expect(pageDescription('# 題\n\n日本語の\n文です。', {})).toBe('日本語の文です。');
    expect(pageDescription('x', { description: 'Given.' })).toBe('Given.');
    expect(pageDescription('---\nlayout: home\n---\n', { hero: { tagline: 'Tagline.' } })).toBe('Tagline.');
    expect(pageDescription(`# T\n\n${'word '.repeat(60)}`, {}).length).toBeLessThanOrEqual(161);
    expect(pagePath('index.md')).toBe('');
    expect(pagePath('ja/user-guide/index.md')).toBe('ja/user-guide/');
    expect(pagePath('user-guide/gtfs.md')).toBe('user-guide/gtfs.html');
    expect(THEME_COLOR).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('has no analytics snippet unless DOCS_ANALYTICS_URL is set at build; the snippet reports page views there', () => {
    if (!process.env.DOCS_ANALYTICS_URL) expect(JSON.stringify(docsConfig.head ?? [])).not.toContain('ttPageView');
    const [tag, attrs, code] = analyticsSnippet('https://stats.example.org/hit') as [string, Record<string, string>, string];
    expect(tag).toBe('script');
    expect(attrs.id).toBe('tt-analytics');
    expect(code).toContain('"https://stats.example.org/hit"');
    expect(code).toMatch(/window\.ttPageView=function\(\)\{fetch\(/);
  });
});
