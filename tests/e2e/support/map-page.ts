/**
 * Helpers shared by the end-to-end tests: opening the app and waiting until
 * the network is drawn, reading the camera, waiting for camera transitions to
 * end, and reading the station names listed for assistive technology.
 *
 * Software WebGL (SwiftShader) draws the default view at roughly one frame a
 * second on the test machines, so camera transitions and label placement take
 * seconds: wait for conditions, never assert frame rates.
 */
import { expect, type Page } from '@playwright/test';
import type { Map as TransitMap } from '../../../src/index.ts';

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

/** Time given to label placement (throttled to 200 ms) and the last frames after the map is drawn and idle. */
export const SETTLE_MS = 500;

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

/**
 * Opens the app page (`query` such as `?lang=en&theme=light`, `hash` such as
 * `#15/35.68/139.76/0/45`) and waits until the network is drawn and the map
 * has settled.
 */
export async function openMap(page: Page, query = '', hash = ''): Promise<void> {
  await page.goto(`/${query}${hash}`);
  await waitForNetwork(page);
}

/**
 * Waits for the performance marks `tt:network-drawn` (first frame with the
 * network) and `tt:basemap-idle` (base-map tiles loaded and drawn), for
 * station names to be placed, for the camera to rest, then a little longer.
 */
export async function waitForNetwork(page: Page): Promise<void> {
  await page.waitForFunction(
    () => ['tt:network-drawn', 'tt:basemap-idle'].every((mark) => performance.getEntriesByName(mark).length > 0),
    null,
    { timeout: 180_000 },
  );
  await expect(page.getByTestId('stations-in-view').locator('li').first()).toBeAttached({ timeout: 30_000 });
  await waitForCameraToSettle(page);
  await page.waitForTimeout(SETTLE_MS);
}

/** The camera of the page's map. */
export function getCamera(page: Page): Promise<Camera> {
  return page.evaluate(() => {
    const { lng, lat } = window.map.getCenter();
    return { lng, lat, zoom: window.map.getZoom(), bearing: window.map.getBearing(), pitch: window.map.getPitch() };
  });
}

/**
 * Waits until the camera has not changed for `frames` consecutive animation
 * frames spanning at least `minMs` (transitions advance once per frame, and
 * frames are slow under software WebGL, so "unchanged for a while" alone is
 * not enough).
 */
export async function waitForCameraToSettle(page: Page, frames = 2, minMs = 500): Promise<void> {
  await page.evaluate(
    ({ frames, minMs }) =>
      new Promise<void>((resolve, reject) => {
        const read = () => {
          const { lng, lat } = window.map.getCenter();
          return [lng, lat, window.map.getZoom(), window.map.getBearing(), window.map.getPitch()].join('/');
        };
        const start = performance.now();
        let last = read();
        let since = performance.now();
        let unchanged = 0;
        const tick = () => {
          const now = read();
          if (now !== last) {
            last = now;
            since = performance.now();
            unchanged = 0;
          } else unchanged++;
          if (unchanged >= frames && performance.now() - since >= minMs) resolve();
          else if (performance.now() - start > 30_000) reject(new Error(`camera still moving after 30 s (${now})`));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { frames, minMs },
  );
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
