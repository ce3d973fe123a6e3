/**
 * Helpers shared by the end-to-end tests: opening the app and waiting until
 * the network is drawn, reading the camera, and reading the station names
 * listed for assistive technology (waiting for frames, a camera at rest and a
 * still view: `waits.ts`), and one page shared by a group of tests.
 *
 * Software WebGL (SwiftShader) draws the default view at 1–10 frames a second
 * on the test machines, so camera transitions and label placement take
 * seconds: wait for conditions, never assert frame rates.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import type { Map as TransitMap } from '../../../src/index.ts';
import { VIEWPORT } from '../../support/chromium.ts';
import { serveEmptyBasemap } from './empty-basemap.ts';
import { waitForCameraToSettle, waitForFrames, waitForStillView } from './waits.ts';

export { waitForCameraToSettle } from './waits.ts';

declare global {
  interface Window {
    /** The page's map (src/main.ts). */
    map: TransitMap;
  }
}

/** Tokyo Station (Marunouchi side of the JR platforms). */
export const TOKYO_STATION: [number, number] = [139.7671, 35.6812];
/** Shinjuku Station. */
export const SHINJUKU_STATION: [number, number] = [139.7006, 35.6896];

/** The default camera (spec §9). */
export const DEFAULT_CAMERA = { lng: 139.767, lat: 35.6814, zoom: 14, bearing: 0, pitch: 60 };

/** The URL hash the app writes for the default camera. */
export const DEFAULT_HASH = '#14/35.6814/139.767/0/60';

/**
 * Query parameter that starts the clock (playback) at 03:00 in Tokyo on a
 * Tuesday, when no trains run: tests of the network, names and camera see the
 * map without moving cars in front of lines and names, and draw faster.
 */
export const NO_TRAINS = `time=${encodeURIComponent('2026-11-24T03:00:00+09:00')}`;

/** Camera as read through the public API. */
export interface Camera {
  lng: number;
  lat: number;
  zoom: number;
  bearing: number;
  pitch: number;
}

/** What {@link openMap} and {@link waitForNetwork} wait for besides the network. */
export interface MapReadiness {
  /**
   * Whether to wait for the base map too (its tiles loaded and drawn, labels faded in): the default. A test that
   * reads no pixels of the base map passes false and goes on while the base map still loads (under software WebGL
   * that takes many seconds); one that takes a screenshot later waits for a still view then (`waits.ts`).
   */
  basemap?: boolean;
}

/**
 * Opens the app page (`query` such as `?lang=en&theme=light`, `hash` such as
 * `#15/35.68/139.76/0/45`) and waits until the network is drawn and the map
 * has settled.
 */
export async function openMap(page: Page, query = '', hash = '', readiness: MapReadiness = {}): Promise<void> {
  await page.goto(`/${query}${hash}`);
  await waitForNetwork(page, readiness);
}

/**
 * Waits for the performance marks `tt:network-drawn` (first frame with the
 * network) and `tt:basemap-idle` (base-map tiles loaded and drawn), for
 * station names to be placed, then for the view to rest (camera still, base
 * map idle, the canvases drawn since: see `waits.ts`). With `basemap: false`,
 * the base map is not waited for.
 */
export async function waitForNetwork(page: Page, { basemap = true }: MapReadiness = {}): Promise<void> {
  const marks = basemap ? ['tt:network-drawn', 'tt:basemap-idle'] : ['tt:network-drawn'];
  await page.waitForFunction((marks) => marks.every((mark) => performance.getEntriesByName(mark).length > 0), marks, { timeout: 180_000 });
  await expect(page.getByTestId('stations-in-view').locator('li').first()).toBeAttached({ timeout: 30_000 });
  if (basemap) await waitForStillView(page);
  else {
    await waitForCameraToSettle(page);
    await waitForFrames(page);
  }
}

/** How {@link sharePage} makes the shared page. */
export interface SharedPageOptions {
  /** Run before each test of the group (such as {@link resetMap}): what the tests need to find as they start. */
  reset?: (page: Page) => Promise<void>;
  /** Context options on top of what Playwright gives each test's own page (window size, service workers blocked). */
  context?: BrowserContextOptions;
  /** The real base map, for a group that reads its pixels; by default it is served empty (see empty-basemap.ts). */
  basemap?: boolean;
}

/**
 * One page for the tests of a `test.describe.serial` group to share, declared in the group's body: opening the app
 * takes seconds under software WebGL, the better part of a short test. `open` loads it in the group's `beforeAll`
 * (a test's own page is made the same way); it is closed after the group. Each test reads `shared.page`, and
 * leaves the page as it found it or is preceded by `reset`.
 */
export function sharePage(open: (page: Page) => Promise<void>, { reset, context = {}, basemap = false }: SharedPageOptions = {}): { readonly page: Page } {
  let page: Page | null = null;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000); // opening the map and waiting for what the group needs: up to 2 min on a loaded machine
    page = await newSharedPage(browser, context, basemap);
    await open(page);
  });
  test.afterAll(async () => {
    await page?.close();
  });
  if (reset) test.beforeEach(async () => reset(page!));
  return {
    get page() {
      if (!page) throw new Error('the shared page is opened in beforeAll: read it in a test');
      return page;
    },
  };
}

async function newSharedPage(browser: Browser, options: BrowserContextOptions, basemap: boolean): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT, serviceWorkers: 'block', ...options });
  if (!basemap) await serveEmptyBasemap(page);
  return page;
}

/**
 * Puts a shared page's map back to `camera` (the default camera unless given) with nothing selected, no element
 * focused and the mouse off the map, and waits for the camera to rest.
 */
export async function resetMap(page: Page, camera: Camera = DEFAULT_CAMERA): Promise<void> {
  await page.mouse.move(60, 40);
  await page.evaluate(({ lng, lat, zoom, bearing, pitch }) => {
    window.map.setSelection(null);
    window.map.jumpTo({ center: [lng, lat], zoom, bearing, pitch });
    (document.activeElement as HTMLElement | null)?.blur();
  }, camera);
  await waitForCameraToSettle(page);
}

/** The camera of the page's map. */
export function getCamera(page: Page): Promise<Camera> {
  return page.evaluate(() => {
    const { lng, lat } = window.map.getCenter();
    return { lng, lat, zoom: window.map.getZoom(), bearing: window.map.getBearing(), pitch: window.map.getPitch() };
  });
}

/** Expects a camera to equal `expected` to `digits` decimals in every field. */
export function expectCamera(camera: Camera, expected: Camera, digits = 6): void {
  for (const key of ['lng', 'lat', 'zoom', 'bearing', 'pitch'] as const) expect(camera[key], key).toBeCloseTo(expected[key], digits);
}

/** Screen position of a longitude/latitude in the page's map. */
export function project(page: Page, lngLat: [number, number]): Promise<{ x: number; y: number }> {
  return page.evaluate((p) => window.map.project(p), lngLat);
}

/** The station names currently listed as drawn on the map. */
export function stationsInView(page: Page): Promise<string[]> {
  return page.getByTestId('stations-in-view').locator('li').allTextContents();
}

/** Parses the app hash `#zoom/lat/lng/bearing/pitch`. */
export function parseAppHash(hash: string): Camera {
  const parts = hash.replace(/^#/, '').split('/').map(Number);
  expect(parts, `hash ${hash} has five numbers`).toHaveLength(5);
  for (const value of parts) expect(Number.isFinite(value), `hash ${hash} has finite numbers`).toBe(true);
  const [zoom, lat, lng, bearing, pitch] = parts;
  return { zoom, lat, lng, bearing, pitch };
}

/** The page's URL hash. */
export function currentHash(page: Page): Promise<string> {
  return page.evaluate(() => location.hash);
}
