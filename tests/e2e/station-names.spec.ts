/**
 * Station names: drawn on the map in the interface language (dark text with a
 * light halo in the light theme) and mirrored in the visually hidden list of
 * stations in view, which follows label placement as the map zooms.
 *
 * Calibration of the label check (light theme, 220×85 px region whose bottom
 * edge is 5 px below the projected Tokyo Station, holding "Tokyo"/"東京" and
 * "Otemachi"/"大手町"): the English and Japanese crops differ (brightness
 * difference > 80) in ≈ 570 pixels; of those, ≈ 250 (English) / ≈ 170
 * (Japanese) are dark text pixels (brightness ≤ 90) with a halo pixel (≥ 235)
 * within 3 px. Thresholds: > 250 differing, > 60 haloed text pixels each.
 */
import { expect, test, type Page } from '@playwright/test';
import { NO_TRAINS, openMap, project, sharePage, stationsInView, TOKYO_STATION, waitForCameraToSettle } from './support/map-page.ts';
import { attachPng, countHaloedInk, crop, diffMask, maskOverlay, screenshotImage, type Rect, type RgbaImage } from './support/pixels.ts';
import { waitForStillView } from './support/waits.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

/**
 * The tests only read the map, but the zoom test (which moves the camera) and the close-in one (which jumps to zoom
 * 18): one page per language, opened once, in this order. A run of the map at `#18/35.6812/139.7671/0/60` and a jump
 * there draw the same view.
 */
test.describe.configure({ mode: 'serial' });
const en = sharePage((page) => openMap(page, `?lang=en&theme=light&${NO_TRAINS}`));
const ja = sharePage((page) => openMap(page, `?lang=ja&theme=light&${NO_TRAINS}`));
/** The page of a language, in front (the other may be throttled in the background). */
async function pageOf(lang: 'en' | 'ja'): Promise<Page> {
  const { page } = lang === 'en' ? en : ja;
  await page.bringToFront();
  return page;
}

/** The region where Tokyo Station's name is drawn: up to 80 px above the station, 110 px either side. */
async function labelRegion(page: Page): Promise<Rect> {
  const station = await project(page, TOKYO_STATION);
  return { x: Math.round(station.x - 110), y: Math.round(station.y - 80), width: 220, height: 85 };
}

async function labelCrop(lang: 'en' | 'ja', testInfo: Parameters<Parameters<typeof test>[2]>[1]): Promise<{ image: RgbaImage; region: Rect }> {
  const page = await pageOf(lang);
  await waitForStillView(page);
  const region = await labelRegion(page);
  const image = crop(await screenshotImage(page, { testInfo, name: `names-${lang}.png` }), region);
  await attachPng(testInfo, `names-${lang}-tokyo-region.png`, image);
  return { image, region };
}

test('English station names are listed and drawn near Tokyo Station', async () => {
  const page = await pageOf('en');
  await expect.poll(() => stationsInView(page)).toEqual(expect.arrayContaining(['Tokyo', 'Yurakucho', 'Kanda', 'Otemachi']));
  // Names in the list are English, not Japanese.
  expect((await stationsInView(page)).filter((n) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(n))).toEqual([]);
  // The list is labelled for assistive technology.
  await expect(page.getByRole('list', { name: 'Stations in view' })).toBeAttached();
  // The names are drawn on the trains' overlay, not a canvas of their own: each full-window canvas costs every frame
  // its share of putting the page together. Three: the base map's, the network's and the overlay.
  expect(await page.locator('canvas').evaluateAll((all) => all.map((c) => c.id || c.className))).toEqual(['deckgl-overlay', 'maplibregl-canvas', 'tt-overlay']);
});

test('Japanese station names are listed in Japanese', async () => {
  const page = await pageOf('ja');
  await expect.poll(() => stationsInView(page)).toEqual(expect.arrayContaining(['東京', '有楽町', '神田', '大手町']));
  expect(await stationsInView(page)).not.toContain('Tokyo');
  await expect(page.getByRole('list', { name: '表示中の駅' })).toBeAttached();
});

test('the name of Tokyo Station is drawn as dark text with a light halo, and changes with the language', async ({}, testInfo) => {
  const english = await labelCrop('en', testInfo);
  const japanese = await labelCrop('ja', testInfo);
  // Same camera, so the same place on screen.
  expect(japanese.region).toEqual(english.region);

  const diff = diffMask(english.image, japanese.image, 80);
  await attachPng(testInfo, 'names-en-vs-ja-diff.png', maskOverlay(english.image, diff.mask));
  const ink = { inkLevel: 90, haloLevel: 235, radius: 3, darkInk: true, mask: diff.mask };
  const enText = countHaloedInk(english.image, ink);
  const jaText = countHaloedInk(japanese.image, ink);
  testInfo.annotations.push({ type: 'pixels', description: `differing ${diff.count}, English haloed ink ${enText}, Japanese haloed ink ${jaText}` });

  // The English and Japanese renderings of the region differ visibly…
  expect(diff.count).toBeGreaterThan(250);
  // …and where they differ, each shows dark text on a light halo.
  expect(enText).toBeGreaterThan(60);
  expect(jaText).toBeGreaterThan(60);
});

test('the list of stations in view follows zooming out and in', async () => {
  const page = await pageOf('en');
  const atDefault = await stationsInView(page);
  expect(atDefault).toContain('Ueno');
  expect(atDefault).not.toContain('Ikebukuro');

  await test.step('zooming out (zoom 13) shows more, farther stations', async () => {
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => stationsInView(page), { timeout: 60_000 }).toContain('Ikebukuro');
    await waitForCameraToSettle(page);
    await expect.poll(async () => (await stationsInView(page)).length, { timeout: 30_000 }).toBeGreaterThan(atDefault.length);
    expect(await stationsInView(page)).toContain('Tokyo');
  });

  await test.step('zooming in (zoom 16) keeps Tokyo and drops Ueno', async () => {
    await page.evaluate(() => void window.map.jumpTo({ zoom: 16 }));
    await expect.poll(() => stationsInView(page), { timeout: 60_000 }).not.toContain('Ueno');
    const names = await stationsInView(page);
    expect(names).toContain('Tokyo');
    expect(names.length).toBeLessThan(atDefault.length);
  });

  await test.step('below zoom 12.5 no names are drawn', async () => {
    await page.evaluate(() => void window.map.jumpTo({ zoom: 12 }));
    await expect.poll(async () => (await stationsInView(page)).length, { timeout: 60_000 }).toBe(0);
  });
});

test('close in (zoom 18) the name of Tokyo Station stands by its station, not between the far-apart shapes of its group', async ({}, testInfo) => {
  const crops: RgbaImage[] = [];
  for (const lang of ['en', 'ja'] as const) {
    const page = await pageOf(lang);
    await page.evaluate(() => void window.map.jumpTo({ center: [139.7671, 35.6812], zoom: 18, bearing: 0, pitch: 60 }));
    await waitForStillView(page);
    const station = await project(page, TOKYO_STATION);
    // Within 150 px of the station: before, the name sat at the centre of the group's shapes, 500 px away.
    const region = { x: Math.round(station.x - 150), y: Math.round(station.y - 110), width: 300, height: 140 };
    crops.push(crop(await screenshotImage(page, { testInfo, name: `names-z18-${lang}.png` }), region));
  }
  const diff = diffMask(crops[0], crops[1], 80);
  await attachPng(testInfo, 'names-z18-diff.png', maskOverlay(crops[0], diff.mask));
  const ink = { inkLevel: 90, haloLevel: 235, radius: 3, darkInk: true, mask: diff.mask };
  expect(diff.count).toBeGreaterThan(150);
  expect(countHaloedInk(crops[0], ink)).toBeGreaterThan(40);
  expect(countHaloedInk(crops[1], ink)).toBeGreaterThan(40);
});
