/**
 * Railway lines in their official colours: at the default view the Yamanote
 * line (#80C342) and the Chuo Rapid line (#F15A22) run side by side into
 * Tokyo Station, which is near the centre of the screen. Checked on the
 * screenshot, in the light and the dark theme.
 *
 * Calibration (1280×720, 500×400 window around Tokyo Station, RGB distance ≤ 20):
 * light theme ≈ 2,180 Yamanote and ≈ 1,390 Chuo Rapid pixels; dark theme ≈ 2,190
 * and ≈ 1,500. The nearest other line colours are Tokaido #F68B1E (distance 49
 * from #F15A22) and Shinetsu #9ACD32 (32 from #80C342), so 20 keeps them apart;
 * antialiased edges only add ~5% between tolerance 5 and 20.
 */
import { expect, test } from '@playwright/test';
import { NO_TRAINS, openMap, project, TOKYO_STATION } from './support/map-page.ts';
import { attachPng, colorMask, countColor, findColor, hex, maskOverlay, meanBrightness, rectAround, screenshotImage } from './support/pixels.ts';
import { waitForStillView, waitForTrainFrames } from './support/waits.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

const YAMANOTE = hex('#80C342');
const CHUO_RAPID = hex('#F15A22');
const TOLERANCE = 20;
const MIN_PIXELS = 300;
const WINDOW = { width: 500, height: 400 };

for (const theme of ['light', 'dark'] as const) {
  test(`Yamanote and Chuo Rapid lines are drawn in their colours at Tokyo Station (${theme} theme)`, async ({ page }, testInfo) => {
    await openMap(page, `?lang=en&theme=${theme}&${NO_TRAINS}`);
    const station = await project(page, TOKYO_STATION);
    // The default view is centred next to Tokyo Station.
    expect(Math.abs(station.x - 640)).toBeLessThan(40);
    expect(Math.abs(station.y - 360)).toBeLessThan(40);

    const image = await screenshotImage(page, { testInfo, name: `lines-${theme}.png` });
    const area = rectAround(station, WINDOW.width, WINDOW.height, image);
    const yamanote = findColor(image, area, YAMANOTE, TOLERANCE);
    const chuo = findColor(image, area, CHUO_RAPID, TOLERANCE);
    await attachPng(testInfo, `lines-${theme}-yamanote-mask.png`, maskOverlay(image, colorMask(image, area, YAMANOTE, TOLERANCE)));
    await attachPng(testInfo, `lines-${theme}-chuo-mask.png`, maskOverlay(image, colorMask(image, area, CHUO_RAPID, TOLERANCE)));
    testInfo.annotations.push({ type: 'pixels', description: `${theme}: Yamanote ${yamanote.count}, Chuo Rapid ${chuo.count} (window ${JSON.stringify(area)})` });

    expect(yamanote.count, 'Yamanote-green pixels near Tokyo Station').toBeGreaterThanOrEqual(MIN_PIXELS);
    expect(chuo.count, 'Chuo-Rapid-orange pixels near Tokyo Station').toBeGreaterThanOrEqual(MIN_PIXELS);
    // The Chuo Rapid line ends at Tokyo coming from Kanda in the north: on screen it lies above the station.
    expect(chuo.centroid!.y).toBeLessThan(station.y);

    // The theme really is the one asked for: the map around the station is light or dark.
    const background = meanBrightness(image, area);
    if (theme === 'light') expect(background).toBeGreaterThan(170);
    else expect(background).toBeLessThan(90);
  });
}

/**
 * The same checks at every zoom the level-of-detail track serves, looking
 * straight down on the Kanda – Akihabara corridor, where the Yamanote line and
 * the Keihin-Tohoku line (#00B2E5) share the track bed: both colours drawn at
 * zooms 9, 11, 14, 16 and 18; from zoom 14 on, side by side about one track
 * spacing apart (25 px at zoom 14, the same on screen at every zoom up to 18)
 * with antialiased edges (the network's canvas has no multisampling: the
 * lines' shader blends their edges). The screenshots are attached as a series.
 *
 * Calibration (this corridor, 240×240 window, light theme): Yamanote ≈ 100 px
 * at zoom 9, 310 at 11, 1,800–2,200 at 14–18; Keihin-Tohoku about the same
 * (170 at zoom 9); centroid gap 25.0–25.5 px from zoom 14; blended edge pixels
 * 13–16 % of the Yamanote count (a multisampled or aliased edge has none).
 */
const KEIHIN_TOHOKU = hex('#00B2E5');
const CORRIDOR_CENTRE: [number, number] = [139.7728, 35.6975];
const SERIES_ZOOMS = [9, 11, 14, 16, 18] as const;
const MIN_LINE_PIXELS: Record<(typeof SERIES_ZOOMS)[number], number> = { 9: 30, 11: 150, 14: 800, 16: 800, 18: 800 };
/** Track spacing on screen, px (120 Mercator metres at zoom 14). */
const SPACING_PX = 24.5;

/** Where a screen point is on the ground, for a camera looking straight down with north up. */
function unprojectFlat(point: { x: number; y: number }, centre: [number, number], zoom: number, size: { width: number; height: number }): [number, number] {
  const worldPx = 512 * 2 ** zoom;
  const y0 = Math.log(Math.tan(Math.PI / 4 + (centre[1] * Math.PI) / 360));
  const lng = centre[0] + ((point.x - size.width / 2) / worldPx) * 360;
  const y = y0 - ((point.y - size.height / 2) / worldPx) * 2 * Math.PI;
  return [lng, (Math.atan(Math.exp(y)) * 360) / Math.PI - 90];
}

/** Pixels whose colour lies between the background and `rgb` (20–80 % of the way): antialiased edge pixels. */
function blendedEdgePixels(image: Awaited<ReturnType<typeof screenshotImage>>, area: { x: number; y: number; width: number; height: number }, rgb: readonly number[], background: readonly number[]): number {
  let count = 0;
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) {
      const i = (y * image.width + x) * 4;
      const c = [image.data[i], image.data[i + 1], image.data[i + 2]];
      const d = rgb.map((v, k) => v - background[k]);
      const lengthSq = d.reduce((s, v) => s + v * v, 0);
      const t = c.reduce((s, v, k) => s + (v - background[k]) * d[k], 0) / lengthSq;
      const off = Math.hypot(...c.map((v, k) => v - background[k] - t * d[k]));
      if (t > 0.2 && t < 0.8 && off < 12) count++;
    }
  }
  return count;
}

test('lines keep their colours, side by side and antialiased, at zooms 9, 11, 14, 16 and 18', async ({ page }, testInfo) => {
  await serveEmptyBasemap(page); // reads none of the base map
  test.setTimeout(300_000); // five zooms, each waiting for the base map's tiles at that zoom
  await openMap(page, `?lang=en&theme=light&${NO_TRAINS}`, `#16/${CORRIDOR_CENTRE[1]}/${CORRIDOR_CENTRE[0]}/0/0`);
  const size = page.viewportSize()!;
  // Centre the camera between the two lines (found at zoom 16), so that both stay in the window at zoom 18.
  const first = await screenshotImage(page);
  const middle = rectAround({ x: size.width / 2, y: size.height / 2 }, 400, 400, first);
  const green = findColor(first, middle, YAMANOTE, TOLERANCE).centroid;
  const blue = findColor(first, middle, KEIHIN_TOHOKU, TOLERANCE).centroid;
  expect(green && blue, 'both lines near the corridor centre at zoom 16').toBeTruthy();
  const centre = unprojectFlat({ x: (green!.x + blue!.x) / 2, y: (green!.y + blue!.y) / 2 }, CORRIDOR_CENTRE, 16, size);

  const figures: string[] = [];
  for (const zoom of SERIES_ZOOMS) {
    await page.evaluate(({ center, zoom }) => void (window as unknown as { map: { jumpTo(o: object): void } }).map.jumpTo({ center, zoom, pitch: 0, bearing: 0 }), { center: centre, zoom });
    await waitForStillView(page);
    const image = await screenshotImage(page, { testInfo, name: `zoom-series-${zoom}.png` });
    const area = rectAround({ x: size.width / 2, y: size.height / 2 }, 240, 240, image);
    const yamanote = findColor(image, area, YAMANOTE, TOLERANCE);
    const keihin = findColor(image, area, KEIHIN_TOHOKU, TOLERANCE);
    figures.push(`zoom ${zoom}: Yamanote ${yamanote.count}, Keihin-Tohoku ${keihin.count}`);
    expect(yamanote.count, `Yamanote-green pixels at zoom ${zoom}`).toBeGreaterThanOrEqual(MIN_LINE_PIXELS[zoom]);
    expect(keihin.count, `Keihin-Tohoku-blue pixels at zoom ${zoom}`).toBeGreaterThanOrEqual(MIN_LINE_PIXELS[zoom]);
    if (zoom < 14) continue;
    const gap = Math.hypot(yamanote.centroid!.x - keihin.centroid!.x, yamanote.centroid!.y - keihin.centroid!.y);
    figures.push(`  centroid gap ${gap.toFixed(1)} px`);
    expect(gap, `side by side at zoom ${zoom}`).toBeGreaterThan(0.6 * SPACING_PX);
    expect(gap, `side by side at zoom ${zoom}`).toBeLessThan(1.6 * SPACING_PX);
    const background = [image.data[0], image.data[1], image.data[2]];
    const edges = blendedEdgePixels(image, area, YAMANOTE, background);
    figures.push(`  blended Yamanote edge pixels ${edges}`);
    expect(edges, `antialiased Yamanote edges at zoom ${zoom}`).toBeGreaterThan(yamanote.count * 0.05);
  }
  testInfo.annotations.push({ type: 'pixels', description: figures.join('; ') });
});

/**
 * At the steepest pitch (85°, as the tracking viewpoints "back" and "front" come close to) MapLibre draws its sky from
 * a line a little below the true horizon and no map beyond it. Our canvases alone (the base map's canvas and the
 * controls hidden over a magenta page) must leave every row above that line empty, and reach down to it.
 */
test('at pitch 85 no line, name or train is drawn above the base map horizon', async ({ page }, testInfo) => {
  await openMap(page, `?lang=en&time=${encodeURIComponent('2026-11-25T08:00:00+09:00')}`, '#13/35.690/139.700/80/85');
  // Where MapLibre's own camera puts its horizon (its sky begins above this row), in the middle column.
  const horizonRow = await page.evaluate(() => {
    const basemap = window.map.getMapLibreMap() as unknown as { _camera?: { transform?: { isPointOnMapSurface(p: { x: number; y: number }): boolean } } };
    const transform = basemap._camera?.transform;
    if (!transform) throw new Error('the base map has no camera transform to ask about its horizon');
    let y = 0;
    while (y < innerHeight && !transform.isPointOnMapSurface({ x: innerWidth / 2, y })) y++;
    return y;
  });
  expect(horizonRow, 'the horizon is on screen, below the top').toBeGreaterThan(100);

  await page.addStyleTag({ content: 'body * { visibility: hidden !important } canvas:not(.maplibregl-canvas) { visibility: visible !important } html, body { background: #ff00ff !important }' });
  await waitForTrainFrames(page, 3);
  const image = await screenshotImage(page, { testInfo, name: 'horizon-ours-only.png' });
  const magenta = hex('#ff00ff');
  const band = (top: number, bottom: number) => image.width * (bottom - top) - countColor(image, { x: 0, y: top, width: image.width, height: bottom - top }, magenta, 40);
  const inSky = band(0, horizonRow - 1);
  const belowHorizon = band(horizonRow, horizonRow + 30);
  testInfo.annotations.push({ type: 'pixels', description: `horizon row ${horizonRow}: ${inSky} of our pixels above it, ${belowHorizon} in the 30 rows below` });
  expect(inSky, 'pixels of ours above the base map horizon').toBe(0);
  expect(belowHorizon, 'the network reaches the horizon').toBeGreaterThan(2000);
});
