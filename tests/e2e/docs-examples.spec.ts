/**
 * Every code example of the API reference runs against the library `npm start` serves and does what its page says.
 *
 * The code blocks are read from `docs/developer-guide/api/*.md` and `docs/ja/developer-guide/api/*.md`; each is
 * followed by an `<!-- example-check … -->` comment that declares how it runs and what it must do (see
 * `support/doc-examples.ts` and `docs/developer-guide/build.md`). Each block is put, as written (only a
 * `tokyo-transit-3d` import becomes `/lib/index.js`), into a plain page on the test server; the declared checks
 * (pixels, elements, text, values, console messages, requests) run in order, and the page must have no uncaught
 * error, no console error and no `error` event but those declared. A Japanese block whose code (comments aside)
 * and checks equal the English one's is run once; one that differs (translated strings) runs too.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import {
  API_DIR,
  apiPages,
  exampleName,
  parsePlace,
  readExamples,
  splitArrow,
  splitAt,
  toLibraryImports,
  withoutComments,
  type CheckKey,
  type DocExample,
} from './support/doc-examples.ts';
import { waitForStillView } from './support/waits.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';
import { countColor, hex, rectAround, screenshotImage, type RgbaImage } from './support/pixels.ts';
import { sharedDataDir } from '../support/gtfs-server.ts';
import { startWeatherServer, type WeatherServerHandle } from '../support/weather-server.ts';

declare global {
  interface Window {
    /** What the harness appends to each block: its `map`, an evaluator in its scope, and what it saw. */
    __docExample: { map: DocMap | null; evaluate: (expression: string) => unknown; blocks: number; loaded: boolean; errors: string[] };
  }
}
/** The part of the library's Map the harness uses. */
interface DocMap {
  on(type: string, listener: (e: { message: string }) => void): unknown;
  once(type: string, listener: () => void): unknown;
  project(lngLat: [number, number], altitude?: number): { x: number; y: number };
  setLayerVisibility(id: string, visibility: 'visible' | 'none'): unknown;
}

const pages = apiPages();

// A smaller window than the other tests': software WebGL draws each example's map about twice as fast.
test.use({ viewport: { width: 800, height: 500 } });

/** The stand-in for the weather radar (`serve: … => weather:`): rain over central Tokyo, frames of now. */
let weather: Promise<WeatherServerHandle> | null = null;
const RAINVIEWER_TILES = 'https://tilecache.rainviewer.com';
test.afterAll(async () => {
  if (weather) await (await weather).close();
  weather = null;
});
const english = (name: string) => readExamples(`${API_DIR}/${name}`);
const japanese = (name: string) => readExamples(`ja/${API_DIR}/${name}`);
const describe = (e: DocExample) => `${e.page}:${e.line} (block ${e.index})`;

/** The Japanese blocks to run besides the English ones: those whose code (comments aside) or checks differ. */
function japaneseToRun(en: DocExample[], ja: DocExample[]): DocExample[] {
  return ja.filter((j, i) => j.skip === null && (withoutComments(j.code) !== withoutComments(en[i]?.code ?? '') || j.marker !== en[i]?.marker));
}

test('every code block of the API pages declares a check or why it is not runnable, the same in English and Japanese', () => {
  const problems: string[] = [];
  let runnable = 0;
  let skipped = 0;
  for (const name of pages) {
    const en = english(name);
    const ja = japanese(name);
    for (const e of [...en, ...ja]) for (const p of e.problems) problems.push(`${describe(e)}: ${p}`);
    if (en.length !== ja.length) problems.push(`${name}: ${en.length} code blocks in English, ${ja.length} in Japanese`);
    en.forEach((e, i) => {
      const j = ja[i];
      if (!j) return;
      if ((e.skip === null) !== (j.skip === null)) problems.push(`${describe(j)}: runnable in one language only`);
      const jaKeys = j.checks.map((c) => c.key).join(',');
      const enKeys = e.checks.map((c) => c.key).join(',');
      if (jaKeys !== enKeys) problems.push(`${describe(j)}: checks ${jaKeys} differ from the English block's ${enKeys}`);
    });
    runnable += en.filter((e) => e.skip === null).length + japaneseToRun(en, ja).length;
    skipped += en.filter((e) => e.skip !== null).length;
  }
  test.info().annotations.push({ type: 'examples', description: `${runnable} runs, ${skipped} English blocks (and their Japanese twins) marked not runnable` });
  expect(problems).toEqual([]);
  expect(runnable).toBeGreaterThan(10);
});

for (const name of pages) {
  const en = english(name);
  const toRun = [...en.filter((e) => e.skip === null), ...japaneseToRun(en, japanese(name))];
  if (!toRun.length) continue;
  test(`the examples of ${name} run and do what the page says`, async ({ page, context }) => {
    test.setTimeout(120_000 + 120_000 * toRun.length); // each example opens a map of its own: up to 2 min each on a loaded machine
    // A block and the blocks that continue it run in one page.
    const groups: DocExample[][] = [];
    for (const e of toRun) {
      if (e.checks.some((c) => c.key === 'continues')) {
        const last = groups.at(-1);
        if (!last || last[0].page !== e.page) throw new Error(`${describe(e)}: "continues" but no block before it on its page`);
        last.push(e);
      } else groups.push([e]);
    }
    for (const group of groups) {
      await test.step(group.map(exampleName).join(' + '), () => runGroup(page, context, group));
    }
  });
}

/** The module a block runs as: the setup, the block (imports mapped to the library) and the harness's epilogue. */
function moduleSource(example: DocExample): string {
  const setup = example.checks.find((c) => c.key === 'setup')?.value;
  const continues = example.checks.some((c) => c.key === 'continues');
  const prelude = continues
    ? 'const map = window.__docExample.map;\n'
    : setup
      ? `import { Map } from '/lib/index.js';\nconst map = ${setup};\n`
      : '';
  const epilogue = `
;{
  const d = window.__docExample ??= { map: null, blocks: 0, loaded: false, errors: [] };
  // (When the block has no \`map\`, the name is window.map: the element with id "map".)
  const m = typeof map === 'undefined' || map instanceof Element ? null : map;
  if (m && m !== d.map) {
    d.map = m;
    window.map = m;
    m.on('error', (e) => d.errors.push(e.message));
    m.once('load', () => { d.loaded = true; });
  }
  d.evaluate = (__expression) => eval(__expression);
  d.blocks++;
}
`;
  return `${prelude}${toLibraryImports(example.code)}\n${epilogue}`;
}

function htmlPage(example: DocExample): string {
  const lang = example.page.startsWith('ja/') ? 'ja' : 'en';
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>${exampleName(example)}</title>
    <style>html, body { margin: 0; height: 100%; font-family: system-ui, sans-serif; } #map { position: absolute; inset: 0; }</style>
  </head>
  <body>
    <div id="map"></div>
    <script type="module">
${moduleSource(example).replace(/<\/script/gi, '<\\/script')}
    </script>
  </body>
</html>
`;
}

/** Answers the requests of a placeholder host (`serve: prefix => target`). */
function serveHandler(target: string, prefix: string, origin: string) {
  const cors = { 'access-control-allow-origin': '*' };
  return async (route: Route) => {
    const rest = route.request().url().slice(prefix.length).split(/[?#]/)[0];
    if (target.startsWith('json:')) return route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: target.slice(5) });
    if (target.startsWith('shared:')) {
      const file = resolve(sharedDataDir(), target.slice(7), rest);
      return route.fulfill({ status: 200, headers: cors, body: readFileSync(file) });
    }
    if (target === 'weather:') {
      // The catalogue and the tiles, from the stand-in; the catalogue names RainViewer's tile host as the real one
      // does (Chromium would not let a page that read a public host fetch tiles from a loopback one).
      weather ??= startWeatherServer({ timesNearNow: true });
      const response = await route.fetch({ url: `${(await weather).origin}/${rest}` });
      if (!rest.endsWith('weather-maps.json')) return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
      const catalogue = (await response.json()) as { host: string };
      return route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ ...catalogue, host: RAINVIEWER_TILES }) });
    }
    if (target.startsWith('/')) {
      const response = await route.fetch({ url: `${origin}${target}${rest}` });
      return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
    }
    throw new Error(`serve target must be /path/, shared:folder/, json:body or weather: (${target})`);
  };
}

/** Pixels around a place whose colour is within 40 of `rgb`. */
async function colourAround(page: Page, colour: string, place: string, name?: string): Promise<number> {
  const { lngLat, altitude } = parsePlace(place);
  await waitForStillView(page);
  const point = await page.evaluate(([p, a]) => window.__docExample.map!.project(p, a), [lngLat, altitude] as const);
  const image = await screenshotImage(page, name ? { testInfo: test.info(), name } : undefined);
  return countColor(image, rectAround(point, 60, 60, image), hex(colour), 40);
}

/**
 * Pixels in a 160 px square around a place that layer `id` draws: shots with it hidden, shown and hidden again;
 * the pixels that differ between shown and hidden while the two hidden shots agree.
 */
async function layerPixels(page: Page, id: string, place: string, name: string): Promise<number> {
  const { lngLat, altitude } = parsePlace(place);
  const setVisible = (visible: boolean) => page.evaluate(([layer, v]) => void window.__docExample.map!.setLayerVisibility(layer, v ? 'visible' : 'none'), [id, visible] as const);
  await setVisible(false);
  await waitForStillView(page);
  const hidden1 = await screenshotImage(page);
  await setVisible(true);
  await waitForStillView(page);
  const shown = await screenshotImage(page, { testInfo: test.info(), name });
  await setVisible(false);
  await waitForStillView(page);
  const hidden2 = await screenshotImage(page);
  await setVisible(true);
  const point = await page.evaluate(([p, a]) => window.__docExample.map!.project(p, a), [lngLat, altitude] as const);
  const rect = rectAround(point, 160, 160, shown);
  const differs = (a: RgbaImage, b: RgbaImage, i: number) => Math.hypot(a.data[i] - b.data[i], a.data[i + 1] - b.data[i + 1], a.data[i + 2] - b.data[i + 2]) > 30;
  let count = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = (y * shown.width + x) * 4;
      if (!differs(hidden1, hidden2, i) && differs(shown, hidden1, i)) count++;
    }
  }
  return count;
}

/** The checks that read the map's pixels. */
const PIXEL_CHECKS: ReadonlySet<CheckKey> = new Set(['element', 'pixels', 'no-pixels', 'draws']);

async function runGroup(page: Page, context: BrowserContext, group: DocExample[]) {
  const start = Date.now();
  const timing = (what: string) => process.env.DOC_EXAMPLES_TIMING && console.log(`${((Date.now() - start) / 1000).toFixed(1)} s ${what}`);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const pageErrors: string[] = [];
  const consoleMessages: { type: string; text: string }[] = [];
  const requests: string[] = [];
  const onPageError = (e: Error) => pageErrors.push(`${e.name}: ${e.message}`);
  const onConsole = (m: { type(): string; text(): string }) => consoleMessages.push({ type: m.type(), text: m.text() });
  const onRequest = (r: { url(): string }) => requests.push(r.url());
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  context.on('request', onRequest);
  for (const example of group) {
    for (const c of example.checks.filter((c) => c.key === 'serve')) {
      const [prefix, target] = splitArrow(c.value);
      await context.route((url) => url.href.startsWith(prefix), serveHandler(target, prefix, origin));
    }
  }
  // A map load's CPU is mostly the base map's: only the blocks whose checks read it are served the real one.
  if (!group.some((e) => e.checks.some((c) => c.key === 'basemap'))) await serveEmptyBasemap(context);
  const path = `/__doc-examples/${exampleName(group[0])}.html`;
  await context.route(`${origin}${path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: htmlPage(group[0]) }));
  const expectedErrors: string[] = [];
  try {
    for (const [n, example] of group.entries()) {
      const where = describe(example);
      if (n === 0) await page.goto(path);
      else await page.addScriptTag({ type: 'module', content: moduleSource(example) });
      // The block ran to its end (or failed: then its error is the message).
      await expect
        .poll(async () => pageErrors.length > 0 || (await page.evaluate(() => window.__docExample?.blocks ?? 0)) === n + 1, { message: `${where} runs`, timeout: 60_000 })
        .toBe(true);
      expect(pageErrors, `${where}: uncaught errors`).toEqual([]);
      timing(`${where} ran`);
      if (n === 0 && (await page.evaluate(() => window.__docExample.map !== null))) {
        // The base map too when a check reads pixels (those wait for a still view again); other checks go on while it loads.
        const marks = group.some((e) => e.checks.some((c) => PIXEL_CHECKS.has(c.key))) ? ['tt:network-drawn', 'tt:basemap-idle'] : ['tt:network-drawn'];
        await page.waitForFunction(
          (marks) => window.__docExample.loaded && marks.every((mark) => performance.getEntriesByName(mark).length > 0),
          marks,
          { timeout: 180_000 },
        );
        // (The camera may be moving for good here, e.g. following a tracked train: the checks that need a still
        // picture wait for it themselves.)
        timing(`${where} map loaded`);
      }
      for (const [k, { key, value }] of example.checks.entries()) {
        const label = `${where}: ${key}: ${value}`;
        const shot = `${exampleName(example)}-${k + 1}-${key}.png`;
        switch (key) {
          case 'setup':
          case 'continues':
          case 'serve':
          case 'basemap':
            break;
          case 'error':
            expectedErrors.push(value);
            break;
          case 'returns': {
            const [expression, json] = splitArrow(value);
            const expected: unknown = JSON.parse(json);
            await expect
              .poll(
                () =>
                  page.evaluate(async (expr) => {
                    try {
                      return JSON.parse(JSON.stringify((await window.__docExample.evaluate(expr)) ?? null)) as unknown;
                    } catch (e) {
                      return `threw ${(e as Error).message}`;
                    }
                  }, expression),
                { message: label, timeout: 90_000 },
              )
              .toEqual(expected);
            break;
          }
          case 'text': {
            const [selector, text] = splitArrow(value);
            const element = page.locator(selector).first();
            await expect(element, label).toBeVisible();
            await expect(element, label).toContainText(text);
            await screenshotImage(page, { testInfo: test.info(), name: shot });
            break;
          }
          case 'click':
            await page.locator(value).first().click();
            break;
          case 'element': {
            // `selector at place`: its centre is there; `selector bottom at place`: the middle of its bottom edge is
            // within 10 px (a popup's tip ends a few pixels above the place it points at).
            const [target, place] = splitAt(value);
            const bottom = target.endsWith(' bottom');
            const selector = bottom ? target.slice(0, -' bottom'.length).trim() : target;
            const { lngLat, altitude } = parsePlace(place);
            await waitForStillView(page);
            await expect(page.locator(selector), label).toHaveCount(1);
            await expect
              .poll(
                () =>
                  page.evaluate(
                    ([sel, p, a, b]) => {
                      const r = document.querySelector(sel)!.getBoundingClientRect();
                      const at = window.__docExample.map!.project(p, a);
                      return Math.round(Math.hypot(r.left + r.width / 2 - at.x, (b ? r.bottom : r.top + r.height / 2) - at.y));
                    },
                    [selector, lngLat, altitude, bottom] as const,
                  ),
                { message: `${label}: pixels between the element and the place` },
              )
              .toBeLessThanOrEqual(bottom ? 10 : 2);
            await screenshotImage(page, { testInfo: test.info(), name: shot });
            break;
          }
          case 'pixels': {
            const [colour, place] = splitAt(value);
            await expect.poll(() => colourAround(page, colour, place), { message: label, timeout: 60_000 }).toBeGreaterThanOrEqual(30);
            await colourAround(page, colour, place, shot);
            break;
          }
          case 'no-pixels': {
            const [colour, place] = splitAt(value);
            await expect.poll(() => colourAround(page, colour, place), { message: label, timeout: 60_000 }).toBeLessThan(5);
            await colourAround(page, colour, place, shot);
            break;
          }
          case 'draws': {
            const [id, place] = splitAt(value);
            await expect.poll(() => layerPixels(page, id, place, shot), { message: label, timeout: 90_000 }).toBeGreaterThanOrEqual(100);
            break;
          }
          case 'console': {
            // `text` (contained in a message) or `/regular expression/`.
            const pattern = /^\/(.+)\/$/.exec(value);
            const matches = (text: string) => (pattern ? new RegExp(pattern[1]).test(text) : text.includes(value));
            await expect.poll(() => consoleMessages.some((m) => matches(m.text)), { message: label, timeout: 60_000 }).toBe(true);
            break;
          }
          case 'request': {
            // `URL prefix` or `URL prefix containing text`.
            const [prefix, containing = ''] = value.split(' containing ');
            await expect.poll(() => requests.some((url) => url.startsWith(prefix) && url.includes(containing)), { message: label, timeout: 60_000 }).toBe(true);
            break;
          }
        }
        timing(label);
      }
    }
  } catch (e) {
    // Say what the page reported too: it is often why a check failed.
    const events = await page.evaluate(() => window.__docExample?.errors ?? []).catch(() => []);
    const seen = [...events, ...consoleMessages.filter((m) => m.type === 'error' || m.type === 'warning').map((m) => `console.${m.type}: ${m.text}`), ...pageErrors];
    if (e instanceof Error && seen.length) e.message += `\n\nThe page reported:\n${seen.join('\n')}`;
    throw e;
  }
  try {
    // No uncaught error, no console error, no `error` event, but those the markers declare.
    const events = await page.evaluate(() => window.__docExample.errors);
    const errors = [...events, ...consoleMessages.filter((m) => m.type === 'error').map((m) => `console.error: ${m.text}`), ...pageErrors];
    const unexpected = errors.filter((e) => !expectedErrors.some((x) => e.includes(x)));
    expect(unexpected, `${describe(group[0])}: errors`).toEqual([]);
    for (const x of expectedErrors) expect(events, `${describe(group[0])}: the declared error event`).toContainEqual(expect.stringContaining(x));
  } finally {
    page.off('pageerror', onPageError);
    page.off('console', onConsole);
    context.off('request', onRequest);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  }
}
