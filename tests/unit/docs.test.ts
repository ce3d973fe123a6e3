/**
 * The documentation site: the API reference covers the real `Map` (every
 * option, public method and event, in English and Japanese), every English
 * page has its Japanese counterpart, and the server routes the site's paths
 * as the specification asks (redirects, not-found page with status 404).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_OPTION_KEYS } from '../../src/api/option-types.ts';
import { CAMERA_EVENTS, POINTER_EVENTS } from '../../src/api/gesture-events.ts';
import { DOCS_BASE, ROOT, resolvePaths, type ProjectPaths } from '../../scripts/config.ts';
import { docsAreStale } from '../../scripts/ensure-built.ts';
import { docsRoute } from '../../scripts/static-server.ts';

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

/** Public method names of the `Map` class, read from its source (everything declared at class level that is not private). */
function publicMethods(): string[] {
  const source = readFileSync(join(ROOT, 'src/api/map.ts'), 'utf8');
  const body = source.slice(source.indexOf('export class Map '));
  const names = [...body.matchAll(/^ {2}(?:async )?([a-z][A-Za-z]*)\(/gm)].map((m) => m[1]).filter((n) => n !== 'constructor');
  return [...new Set(['on', 'off', 'once', ...names])];
}

/** Event names of `MapEvents`, read from its source (its own; the gesture events it extends come from their lists). */
function eventNames(): string[] {
  const source = readFileSync(join(ROOT, 'src/api/map.ts'), 'utf8');
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
    events.push(...POINTER_EVENTS, ...CAMERA_EVENTS);
    for (const [lang, file] of Object.entries(REFERENCE)) {
      const text = readFileSync(file, 'utf8');
      const rows = (heading: RegExp) => {
        const start = text.search(heading);
        const end = text.indexOf('\n## ', start + 1);
        return text.slice(start, end < 0 ? undefined : end).split('\n').filter((l) => l.startsWith('| `'));
      };
      const optionRows = rows(/^## (Options|オプション)$/m).map((l) => /^\| `([A-Za-z]+)`/.exec(l)?.[1]);
      const methodRows = rows(/^## (Methods|メソッド)$/m).map((l) => /^\| `([A-Za-z]+)\(/.exec(l)?.[1]);
      const eventRows = rows(/^## (Events|イベント)$/m).map((l) => /^\| `([a-z]+)`/.exec(l)?.[1]);
      expect(optionRows.sort(), `${lang}: options`).toEqual([...MAP_OPTION_KEYS].sort());
      expect(methodRows.sort(), `${lang}: methods`).toEqual([...methods].sort());
      expect(eventRows.sort(), `${lang}: events`).toEqual([...events].sort());
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
