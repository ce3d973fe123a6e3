/**
 * Invalid map options: each fires an `error` event (asynchronously, so that a
 * listener added right after `new Map()` hears it) whose message names the
 * option, the value and what is allowed; the map falls back to the default
 * and still mounts, except for an invalid container, where nothing mounts.
 * With no listener the message goes to console.error. An unsupported `lang`
 * string is not an error: it falls back to English with a console warning.
 *
 * Extra maps are created with the page's Map class (`window.map.constructor`)
 * in fresh containers and removed at the end of each case, all on one page
 * (opening it takes a while under software WebGL), which each case leaves as
 * it found it. The browser's language is Japanese, so "falls back to the
 * browser language" (ja) and "falls back to English" (en) can be told apart.
 */
import { expect, test, type Page } from '@playwright/test';
import { NO_TRAINS, sharePage } from './support/map-page.ts';
import { collectConsole, type PageLog } from './support/page-log.ts';

/** How the container of the extra map is given. */
type ContainerKind = 'fresh' | 'missing-id' | 'busy-element' | 'busy-id';

interface Outcome {
  /** Messages of the error events heard, in order. */
  errors: string[];
  /** Names of the Error objects carried by the events. */
  errorNames: string[];
  /** Whether the event arrived after the constructor returned (it must: it is fired asynchronously). */
  heardSynchronously: boolean;
  /** The map's user interface appeared in its container. */
  mounted: boolean;
  /** Interface language of the mounted map (`lang` attribute). */
  lang: string | null;
  /** Accessible name of the zoom-in button of the mounted map. */
  zoomInLabel: string | null;
  /** Camera of the mounted map, or the error its getters throw. */
  camera: { zoom: number; pitch: number } | string;
  /** The container's content after remove(). */
  afterRemove: string | null;
  /** Maps on the page after the case (only the page's own map should remain). */
  appsOnPage: number;
}

/**
 * Creates a map with `options` in a container of the given kind, listening to
 * `error` unless `listen` is false, waits briefly for events and for the
 * interface to mount, then removes the map and its container.
 */
function createMap(page: Page, options: Record<string, unknown>, kind: ContainerKind = 'fresh', listen = true): Promise<Outcome> {
  return page.evaluate(
    async ({ options, kind, listen }) => {
      const MapClass = window.map.constructor as new (options: Record<string, unknown>) => Window['map'];
      const div = document.createElement('div');
      div.style.cssText = 'position:fixed;left:0;bottom:0;width:320px;height:200px';
      if (kind === 'busy-element' || kind === 'busy-id') div.append(Object.assign(document.createElement('p'), { textContent: 'already here' }));
      if (kind === 'busy-id') div.id = 'busy-box';
      document.body.append(div);
      const container = kind === 'missing-id' ? 'no-such-element' : kind === 'busy-id' ? 'busy-box' : div;

      const errors: string[] = [];
      const errorNames: string[] = [];
      const map = new MapClass({ ...options, container });
      if (listen) {
        map.on('error', (e: { message: string; error?: unknown }) => {
          errors.push(e.message);
          errorNames.push(e.error instanceof Error ? e.error.name : String(e.error));
        });
      }
      const heardSynchronously = errors.length > 0;
      // Events are fired with setTimeout 0; the interface mounts on React's schedule.
      const deadline = performance.now() + 5_000;
      const shouldMount = kind === 'fresh';
      while (performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        if ((errors.length > 0 || !listen) && (!shouldMount || div.querySelector('.tt-app'))) break;
      }
      await new Promise((r) => setTimeout(r, 200)); // any further (unexpected) events
      const app = div.querySelector('.tt-app');
      let camera: { zoom: number; pitch: number } | string;
      try {
        camera = { zoom: map.getZoom(), pitch: map.getPitch() };
      } catch (e) {
        camera = (e as Error).message;
      }
      const outcome = {
        errors,
        errorNames,
        heardSynchronously,
        mounted: app !== null,
        lang: app?.getAttribute('lang') ?? null,
        zoomInLabel: div.querySelector('.tt-nav button')?.getAttribute('aria-label') ?? null,
        camera,
        afterRemove: null as string | null,
        appsOnPage: 0,
      };
      map.remove();
      await new Promise((r) => setTimeout(r, 0));
      outcome.afterRemove = div.innerHTML;
      div.remove();
      outcome.appsOnPage = document.querySelectorAll('.tt-app').length;
      return outcome;
    },
    { options, kind, listen },
  );
}

test.describe.configure({ mode: 'serial' });

let log: PageLog;

// The page's own map (no ?lang, so it follows the browser: Japanese; at night, so no trains to compute).
const shared = sharePage(
  async (page) => {
    log = collectConsole(page);
    await page.goto(`/?${NO_TRAINS}`);
    await page.waitForFunction(() => window.map !== undefined);
  },
  { context: { locale: 'ja-JP' } },
);

test.beforeEach(() => {
  log.messages.length = 0;
  log.pageErrors.length = 0;
});

test.afterEach(async () => {
  // The page's own map is unaffected.
  expect(await shared.page.evaluate(() => ({ zoom: window.map.getZoom(), apps: document.querySelectorAll('.tt-app').length }))).toEqual({ zoom: 14, apps: 1 });
  expect(log.pageErrors).toEqual([]);
});

const FALLBACK_CASES: { name: string; options: Record<string, unknown>; message: string; camera?: { zoom: number; pitch: number } }[] = [
  {
    name: 'pitch 90',
    options: { pitch: 90 },
    message: 'Invalid option "pitch": 90 is out of range; expected a number from 0 to 85.',
    camera: { zoom: 14, pitch: 60 },
  },
  {
    name: 'zoom "abc"',
    options: { zoom: 'abc' },
    message: 'Invalid option "zoom": "abc" is not a number; expected a number from 0 to 22.',
    camera: { zoom: 14, pitch: 60 },
  },
  { name: 'ecoMode "fast"', options: { ecoMode: 'fast' }, message: 'Invalid option "ecoMode": "fast" is not one of normal, eco.' },
  {
    name: 'lang 123',
    options: { lang: 123 },
    message: 'Invalid option "lang": 123 is not a string; expected one of ja, en, ko, zh-Hans, zh-Hant, th, ne, pt-BR, fr, es, de.',
  },
  {
    name: 'accessToken "abc"',
    options: { accessToken: 'abc' },
    message: 'Invalid option "accessToken": "abc" is not a map access token; expected a token that starts with "pk." and contains a period.',
  },
];

for (const { name, options, message, camera } of FALLBACK_CASES) {
  test(`${name}: error event with the exact message, and the map still starts with the default`, async () => {
    const { page } = shared;
    const outcome = await createMap(page, options);
    expect(outcome.errors).toEqual([message]);
    expect(outcome.errorNames).toEqual(['MapOptionError']);
    expect(outcome.heardSynchronously).toBe(false);
    expect(outcome.mounted).toBe(true);
    if (camera) expect(outcome.camera).toEqual(camera);
    // The interface language falls back to the browser's (Japanese) when `lang` is invalid.
    expect(outcome.lang).toBe('ja');
    expect(outcome.zoomInLabel).toBe('ズームイン');
    expect(outcome.afterRemove).toBe('');
    expect(outcome.appsOnPage).toBe(1);
    // A listener was registered, so nothing is printed.
    expect(log.ofType('error')).toEqual([]);
  });
}

test('every invalid option is reported, in option order', async () => {
  const { page } = shared;
  const outcome = await createMap(page, { pitch: 90, zoom: 'abc', ecoMode: 'fast' });
  expect(outcome.errors).toEqual([
    'Invalid option "zoom": "abc" is not a number; expected a number from 0 to 22.',
    'Invalid option "pitch": 90 is out of range; expected a number from 0 to 85.',
    'Invalid option "ecoMode": "fast" is not one of normal, eco.',
  ]);
  expect(outcome.mounted).toBe(true);
  expect(outcome.camera).toEqual({ zoom: 14, pitch: 60 });
});

test('a container id that does not exist: error event, nothing mounted, getters explain why', async () => {
  const { page } = shared;
  const outcome = await createMap(page, {}, 'missing-id');
  expect(outcome.errors).toEqual(['Invalid option "container": no element with id "no-such-element" exists.']);
  expect(outcome.mounted).toBe(false);
  expect(outcome.camera).toBe('This map has no container to draw into (see the error event for the reason).');
  expect(outcome.appsOnPage).toBe(1);
});

test('a container element that has children: error event, nothing mounted, children untouched', async () => {
  const { page } = shared;
  const outcome = await createMap(page, {}, 'busy-element');
  expect(outcome.errors).toEqual(['Invalid option "container": element <div> already has child nodes; the container must be empty.']);
  expect(outcome.mounted).toBe(false);
  expect(outcome.afterRemove).toBe('<p>already here</p>');
  expect(outcome.appsOnPage).toBe(1);
});

test('a container id whose element has children: error event naming the id, nothing mounted', async () => {
  const { page } = shared;
  const outcome = await createMap(page, {}, 'busy-id');
  expect(outcome.errors).toEqual(['Invalid option "container": element #busy-box already has child nodes; the container must be empty.']);
  expect(outcome.mounted).toBe(false);
  expect(outcome.afterRemove).toBe('<p>already here</p>');
});

test('unsupported lang "xx": no error event, English interface, console warning', async () => {
  const { page } = shared;
  const outcome = await createMap(page, { lang: 'xx' });
  expect(outcome.errors).toEqual([]);
  expect(outcome.mounted).toBe(true);
  expect(outcome.lang).toBe('en');
  expect(outcome.zoomInLabel).toBe('Zoom in');
  expect(log.ofType('warning').map((m) => m.text)).toContain('[map] Option "lang": "xx" is not supported; falling back to "en".');
  expect(log.ofType('error')).toEqual([]);
});

test('with no error listener the message is printed with console.error', async () => {
  const { page } = shared;
  const outcome = await createMap(page, { pitch: 90 }, 'fresh', false);
  expect(outcome.errors).toEqual([]);
  expect(outcome.mounted).toBe(true);
  await expect.poll(() => log.ofType('error').map((m) => m.text)).toEqual(['Invalid option "pitch": 90 is out of range; expected a number from 0 to 85.']);
});

test('data source ids given in the dataSources option are kept, and the generated ids skip them', async () => {
  const { page } = shared;
  const ids = await page.evaluate(() => {
    const MapClass = window.map.constructor as new (options: Record<string, unknown>) => Window['map'];
    const div = document.createElement('div');
    div.style.cssText = 'position:fixed;left:0;bottom:0;width:320px;height:200px';
    document.body.append(div);
    // The second entry names the id the first would have been given.
    const map = new MapClass({ container: div, dataSources: [{ gtfsUrl: 'http://127.0.0.1:9/a.zip' }, { gtfsUrl: 'http://127.0.0.1:9/b.zip', id: 'gtfs-1' }] });
    const result = map.getDataSources().map((source) => source.id);
    map.remove();
    div.remove();
    return result;
  });
  expect(ids).toEqual(['gtfs-2', 'gtfs-1']);
});
