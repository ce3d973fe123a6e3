/**
 * Rain from the weather radar, against a local stand-in for RainViewer
 * (`tests/support/weather-server.ts`): its catalogue, with frames up to the
 * last 10 minutes, and PNG tiles in RainViewer's own colours with heavy rain
 * (50 dBZ, about 49 mm/h) over central Tokyo and a dry sky 12 km out.
 *
 * - Streaks are drawn over central Tokyo and not over a dry area (pixels of
 *   screenshots with the rain shown and hidden, trains hidden so that nothing
 *   else moves), and the radar is not read until the rain is switched on.
 * - No rain, and no reads of the radar, in playback; no rain in the
 *   underground view or in eco mode at 1 fps.
 * - A failing server fires one error per distinct failure (HTTP 503, a tile
 *   the browser cannot decode) while the trains keep moving, and the rain
 *   comes back by itself when the server recovers.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { MapOptions, Map as TransitMap } from '../../src/index.ts';
import { attachPng, clip, diffMask, maskOverlay, screenshotImage, stillScreenshot, type Rect, type RgbaImage } from './support/pixels.ts';
import { sharePage, TOKYO_STATION, waitForCameraToSettle } from './support/map-page.ts';
import { waitForFrames, waitForStillView, waitForTrainFrames } from './support/waits.ts';
import { trainsRunInTokyoNow } from './support/tokyo-hours.ts';
import { startWeatherServer, type WeatherServerHandle } from '../support/weather-server.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

/** Tachikawa: 34 km west of Tokyo Station, dry (the storm ends 12 km from Tokyo Station). */
const TACHIKAWA: [number, number] = [139.4137, 35.6977];
/** The map without the clock (top left, it ticks), the buttons (right) and the attribution (bottom). */
const MAP_AREA: Rect = { x: 160, y: 80, width: 1040, height: 600 };
/** Catalogue reads at most this far apart in these tests, ms (1 s retries). */
const INTERVAL_MS = 1500;

type TestWindow = Window & { map: TransitMap; mapErrors: string[] };

let server: WeatherServerHandle;
test.beforeAll(async () => {
  server = await startWeatherServer({ timesNearNow: true });
});
test.afterAll(async () => {
  await server.close();
});

/**
 * Opens the app page and replaces its map by one in real time (English, light theme, the default view) with the
 * rain read from the local server, recording its `error` events; waits until the network is drawn.
 */
async function openRainMap(page: Page, rain: MapOptions['rain']): Promise<void> {
  await page.goto('/?lang=en&theme=light');
  // (window.map is the map's <div id="map"> until the page's script replaces it with the Map.)
  await page.waitForFunction(() => typeof (window as unknown as { map?: { getRenderStats?: unknown } }).map?.getRenderStats === 'function');
  await page.evaluate((rain) => {
    const w = window as unknown as TestWindow;
    w.map.remove();
    performance.clearMarks();
    const MapClass = w.map.constructor as new (options: MapOptions) => TransitMap;
    w.mapErrors = [];
    w.map = new MapClass({ container: 'map', lang: 'en', theme: 'light', rain });
    w.map.on('error', (e) => w.mapErrors.push(e.message));
  }, rain);
  await page.waitForFunction(() => ['tt:network-drawn', 'tt:basemap-idle'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 180_000 });
}

const mapErrors = (page: Page) => page.evaluate(() => [...(window as unknown as TestWindow).mapErrors]);
const stats = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).map.getRenderStats());
const rainDrawn = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('tt:rain-drawn').length > 0, null, { timeout: 120_000 });

async function setLayer(page: Page, id: string, visible: boolean) {
  await page.evaluate(({ id, visible }) => void (window as unknown as TestWindow).map.setLayerVisibility(id, visible ? 'visible' : 'none'), { id, visible });
}

/** Rain frames drawn in `ms` (a rate: what is measured is frames over a fixed time). */
async function rainFramesIn(page: Page, ms: number): Promise<number> {
  const before = (await stats(page)).rainFrames;
  await page.waitForTimeout(ms);
  return (await stats(page)).rainFrames - before;
}

/** The map area of a screenshot. */
async function mapShot(page: Page, testInfo?: TestInfo, name?: string): Promise<RgbaImage> {
  const image = await screenshotImage(page, testInfo && name ? { testInfo, name } : undefined);
  const r = clip(MAP_AREA, image);
  const data = new Uint8Array(r.width * r.height * 4);
  for (let y = 0; y < r.height; y++) data.set(image.data.subarray(((r.y + y) * image.width + r.x) * 4, ((r.y + y) * image.width + r.x + r.width) * 4), y * r.width * 4);
  return { width: r.width, height: r.height, data };
}

/** The map area once it is at rest and nothing moves (see `stillScreenshot`). */
const stillShot = (page: Page) => stillScreenshot(page, () => mapShot(page));

/**
 * What the rain adds to the view: pixels that differ between the view with the rain and `dry` (the same view
 * without it), and how many of them are blue (the streaks are deep blue over the light map).
 */
function rainPixels(wet: RgbaImage, dry: RgbaImage): { share: number; blueShare: number; mask: Uint8Array } {
  const { mask, count } = diffMask(wet, dry, 12);
  let blue = 0;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    const [r, g, b] = wet.data.subarray(p * 4, p * 4 + 3);
    if (b > r + 15 && b >= g) blue++;
  }
  return { share: count / mask.length, blueShare: count ? blue / count : 0, mask };
}

test.describe.serial('rain on one page', () => {
  const shared = sharePage((page) => openRainMap(page, { catalogueUrl: server.catalogueUrl, intervalMs: INTERVAL_MS }));

  test('off until switched on (no request to the radar), then streaks over central Tokyo and none over a dry area', async ({}, testInfo) => {
    const { page } = shared;
    // Switched off by default: the map does not read the radar at all. What is tested is an absence over time: no
    // read in three intervals.
    await page.waitForTimeout(3 * INTERVAL_MS);
    expect(server.catalogueRequests(), 'catalogue requests while the rain is off').toBe(0);

    // Switched on in the layers panel.
    await page.getByTestId('layers-button').click();
    const rainSwitch = page.getByTestId('layer-rain');
    await expect(rainSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(rainSwitch).toHaveText('Precipitation');
    await rainSwitch.click();
    await expect(rainSwitch).toHaveAttribute('aria-checked', 'true');
    await attachPng(testInfo, 'layers-panel.png', await page.screenshot());
    await page.getByTestId('layers-close').click();
    await rainDrawn(page);
    expect(server.catalogueRequests()).toBeGreaterThan(0);
    expect(server.tileRequests()).toBeGreaterThan(0);

    // The default view over central Tokyo, with the trains (screenshot to look at)…
    await waitForStillView(page);
    await screenshotImage(page, { testInfo, name: 'rain-tokyo.png' });
    // …and without them, so that only the rain moves: rain shown vs hidden.
    await setLayer(page, 'trains', false);
    await waitForFrames(page);
    const wet = await mapShot(page, testInfo, 'rain-tokyo-no-trains.png');
    const wetLater = await mapShot(page);
    await setLayer(page, 'rain', false);
    const dry = await stillShot(page);
    await attachPng(testInfo, 'tokyo-rain-hidden.png', dry);
    const tokyo = rainPixels(wet, dry);
    await attachPng(testInfo, 'tokyo-rain-pixels.png', maskOverlay(wet, tokyo.mask));
    expect(tokyo.share, 'share of the view the rain changes over Tokyo').toBeGreaterThan(0.01);
    expect(tokyo.blueShare, 'share of those pixels that are blue').toBeGreaterThan(0.6);
    // The streaks fall: two views a moment apart differ.
    expect(diffMask(wet, wetLater, 12).count / (wet.width * wet.height), 'rain moves between frames').toBeGreaterThan(0.005);

    // A dry area: the same view, 34 km west.
    await page.evaluate((center) => void (window as unknown as TestWindow).map.jumpTo({ center }), TACHIKAWA);
    await waitForCameraToSettle(page);
    const dryBefore = await stillShot(page);
    const rainFrames = (await stats(page)).rainFrames;
    await setLayer(page, 'rain', true);
    await expect.poll(async () => (await stats(page)).rainFrames, { message: 'the rain is drawn again' }).toBeGreaterThan(rainFrames + 2);
    const dryWithRain = await mapShot(page, testInfo, 'tachikawa-rain-shown.png');
    const tachikawa = rainPixels(dryWithRain, dryBefore);
    await attachPng(testInfo, 'tachikawa-rain-pixels.png', maskOverlay(dryWithRain, tachikawa.mask));
    expect(tachikawa.share, 'share of the view the rain changes over a dry area').toBeLessThan(0.0005);

    await page.evaluate((center) => void (window as unknown as TestWindow).map.jumpTo({ center }), TOKYO_STATION);
    await waitForCameraToSettle(page);
    expect(await mapErrors(page)).toEqual([]);
  });

  test('no rain in the underground view, in eco mode at 1 fps or in playback; no radar reads in playback', async () => {
    const { page } = shared;
    expect(await rainFramesIn(page, 2000), 'rain frames in the ground view').toBeGreaterThan(0);

    await page.evaluate(() => void (window as unknown as TestWindow).map.setViewMode('underground'));
    await waitForFrames(page);
    expect(await rainFramesIn(page, 3000), 'rain frames underground').toBe(0);
    await page.evaluate(() => void (window as unknown as TestWindow).map.setViewMode('ground'));
    await expect.poll(() => rainFramesIn(page, 1000), { timeout: 30_000 }).toBeGreaterThan(0);

    await page.evaluate(() => void (window as unknown as TestWindow).map.setEcoMode('eco'));
    await waitForFrames(page);
    expect(await rainFramesIn(page, 3000), 'rain frames in eco mode at 1 fps').toBe(0);
    await page.evaluate(() => void (window as unknown as TestWindow).map.setEcoMode('normal'));
    await expect.poll(() => rainFramesIn(page, 1000), { timeout: 30_000 }).toBeGreaterThan(0);

    await page.evaluate(() => void (window as unknown as TestWindow).map.setClockMode('playback'));
    await waitForFrames(page);
    const reads = server.catalogueRequests();
    expect(await rainFramesIn(page, 3 * INTERVAL_MS), 'rain frames in playback').toBe(0);
    expect(server.catalogueRequests() - reads, 'catalogue reads in playback').toBe(0);
    await page.evaluate(() => void (window as unknown as TestWindow).map.setClockMode('realtime'));
    await expect.poll(() => rainFramesIn(page, 1000), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => server.catalogueRequests(), { timeout: 30_000 }).toBeGreaterThan(reads);
    expect(await mapErrors(page)).toEqual([]);
  });
});

test('a failing radar: one error per distinct failure, trains keep moving, and the rain comes back by itself', async ({ page }, testInfo) => {
  const failing = await startWeatherServer({ timesNearNow: true });
  try {
    failing.setCatalogueMode('http-503');
    await openRainMap(page, { visible: true, catalogueUrl: failing.catalogueUrl, intervalMs: 1000 });
    // Retries back off to the 1 s interval: several failed reads, one error.
    await expect.poll(() => failing.catalogueRequests(), { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
    expect(await mapErrors(page)).toEqual([expect.stringMatching(/^RainViewer catalogue http:\/\/127\.0\.0\.1:\d+\/public\/weather-maps\.json: HTTP 503 Service Unavailable/)]);

    // The map keeps drawing trains meanwhile (the map is on the real clock: at night in Tokyo no train runs, but the
    // train frames still come). With no train to draw the trains' canvas idles by design (frame-layer.ts), so at night
    // the camera moves a little in the window: the canvas must still draw then.
    const trainsRun = trainsRunInTokyoNow();
    if (trainsRun) await expect.poll(async () => (await stats(page)).cars, { timeout: 120_000 }).toBeGreaterThan(0);
    const before = await stats(page);
    if (!trainsRun) await page.evaluate(() => void (window as unknown as TestWindow).map.easeTo({ bearing: 10, duration: 2000 }));
    await waitForTrainFrames(page, 1);
    const after = await stats(page);
    expect(after.trainFrames - before.trainFrames, 'train frames while the radar fails').toBeGreaterThan(0);
    expect(after.frames - before.frames, 'frames drawn while the radar fails').toBeGreaterThan(0);
    await screenshotImage(page, { testInfo, name: 'radar-failing.png' });

    // The catalogue answers again, but its tiles cannot be decoded: a second, different error, once.
    failing.setTileMode('corrupt-png');
    failing.setCatalogueMode('normal');
    await expect.poll(() => mapErrors(page), { timeout: 60_000 }).toHaveLength(2);
    const tiles = failing.tileRequests();
    await expect.poll(() => failing.tileRequests(), { timeout: 60_000 }).toBeGreaterThanOrEqual(tiles + 2);
    const errors = await mapErrors(page);
    expect(errors).toHaveLength(2);
    expect(errors[1]).toMatch(/^RainViewer radar tile 7\/\d+\/\d+ \(http:\/\/127\.0\.0\.1:\d+\/v2\/radar\/7b52009b64fd\/256\/7\/\d+\/\d+\/2\/0_1\.png\): the browser could not decode it as a picture/);

    // Everything answers well again: the rain is drawn, with no more errors.
    failing.setTileMode('normal');
    await rainDrawn(page);
    await screenshotImage(page, { testInfo, name: 'radar-recovered.png' });
    expect(await mapErrors(page)).toHaveLength(2);
  } finally {
    await failing.close();
  }
});
