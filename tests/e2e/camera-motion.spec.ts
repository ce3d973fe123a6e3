/**
 * While the camera moves, the trains' canvas also draws the network and the network's own canvas is hidden (one
 * full-window canvas fewer to put together per frame, see `src/ui/use-network-while-moving.ts`); once the camera
 * rests, the network goes back to its canvas. What a person sees must not change: the lines in their colours on
 * every moving frame, and the same picture moving as still.
 *
 * Calibration (default view, no trains, 500×400 window around Tokyo Station, RGB distance ≤ 20): about 2,180
 * Yamanote-green pixels still (as in lines.spec.ts). A still and a moving screenshot of the same camera (turned by
 * 0.01°, under a tenth of a pixel at the window's edge) differed in 0.00–0.03 % of their pixels by more than 48 in
 * some channel (label placement may redraw a name's edge); the check allows 0.5 %.
 */
import { expect, test, type Page } from '@playwright/test';
import { NO_TRAINS, openMap, project, TOKYO_STATION, waitForCameraToSettle } from './support/map-page.ts';
import { attachPng, diffMask, findColor, hex, maskOverlay, rectAround, screenshotImage } from './support/pixels.ts';

const YAMANOTE = hex('#80C342');
const TOLERANCE = 20;
const WINDOW = { width: 500, height: 400 };
/** Brightness difference that counts a pixel as changed. */
const DIFF_THRESHOLD = 48;
/** Share of the screenshot's pixels allowed to differ between the still and the moving picture. */
const MAX_CHANGED_SHARE = 0.005;

/** The network's own canvas (deck.gl's default id under react). */
const NETWORK_CANVAS = 'canvas#deckgl-overlay';

function networkCanvasVisibility(page: Page): Promise<string> {
  return page.locator(NETWORK_CANVAS).evaluate((canvas) => (canvas as HTMLCanvasElement).style.visibility);
}

test('while the camera turns, the lines stay drawn in their colours on one canvas, and the network returns to its own canvas at rest', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openMap(page, `?lang=en&${NO_TRAINS}`);
  expect(await networkCanvasVisibility(page)).toBe('');
  const station = await project(page, TOKYO_STATION);
  const still = await screenshotImage(page, { testInfo, name: 'still.png' });
  const area = rectAround(station, WINDOW.width, WINDOW.height, still);
  const stillGreen = findColor(still, area, YAMANOTE, TOLERANCE).count;
  expect(stillGreen, 'Yamanote-green pixels, camera still').toBeGreaterThanOrEqual(300);

  // A slow turn of 0.01°: the picture stays the same, but the camera moves, so the overlay draws the network.
  await page.evaluate(() => void window.map.easeTo({ bearing: 0.01, duration: 20_000 }));
  await page.waitForFunction((selector) => document.querySelector<HTMLCanvasElement>(selector)?.style.visibility === 'hidden', NETWORK_CANVAS, { timeout: 30_000 });
  const moving = await screenshotImage(page, { testInfo, name: 'moving.png' });
  const movingGreen = findColor(moving, area, YAMANOTE, TOLERANCE).count;
  const { mask, count } = diffMask(still, moving, DIFF_THRESHOLD);
  await attachPng(testInfo, 'still-vs-moving-diff.png', maskOverlay(moving, mask));
  testInfo.annotations.push({ type: 'pixels', description: `Yamanote still ${stillGreen}, moving ${movingGreen}; changed pixels ${count}` });
  expect(movingGreen, 'Yamanote-green pixels while the camera moves').toBeGreaterThanOrEqual(stillGreen * 0.95);
  expect(count / (still.width * still.height), 'share of pixels changed, still against moving').toBeLessThanOrEqual(MAX_CHANGED_SHARE);

  // A real turn: every screenshot taken while it runs shows the line.
  await page.evaluate(() => void window.map.easeTo({ bearing: 30, duration: 6000 }));
  for (let shot = 0; shot < 3; shot++) {
    const image = await screenshotImage(page);
    const center = rectAround({ x: image.width / 2, y: image.height / 2 }, 700, 600, image);
    expect(findColor(image, center, YAMANOTE, TOLERANCE).count, `Yamanote-green pixels, turning, screenshot ${shot + 1}`).toBeGreaterThanOrEqual(200);
  }

  // At rest the network's canvas is shown again, with the same picture as before the camera moved.
  await waitForCameraToSettle(page);
  await page.evaluate(() => window.map.jumpTo({ bearing: 0 }));
  await page.waitForFunction((selector) => document.querySelector<HTMLCanvasElement>(selector)?.style.visibility === '', NETWORK_CANVAS, { timeout: 30_000 });
  await page.waitForTimeout(500);
  const back = await screenshotImage(page, { testInfo, name: 'rest.png' });
  const restDiff = diffMask(still, back, DIFF_THRESHOLD);
  await attachPng(testInfo, 'still-vs-rest-diff.png', maskOverlay(back, restDiff.mask));
  expect(restDiff.count / (still.width * still.height), 'share of pixels changed, before the turn against after it').toBeLessThanOrEqual(MAX_CHANGED_SHARE);
});
