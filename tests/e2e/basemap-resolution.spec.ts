/**
 * On a machine where moving frames are slow, the base map draws at half resolution while the camera moves and sharp
 * again once it rests (`src/ui/use-adaptive-resolution.ts`). Changing the resolution resizes MapLibre's canvas, which
 * clears it: it must be drawn again before the browser shows it, or a frame shows the page's background in place of
 * the base map. The canvas is copied in the very task that resized it (a mutation observer on its `width`), which is
 * the frame a person would see, whatever a screenshot would catch.
 *
 * Calibration (this machine, software WebGL, 1280×720): moving frames take 150–400 ms, so the resolution halves a few
 * frames into the turn; the copied canvas then had every pixel opaque (the base map's background layer). Without the
 * redraw, the frame that made it sharp again at rest (in a timer's task) was empty: 0 opaque pixels, the page's
 * background shown in place of the base map for a frame each time the camera stopped.
 */
import { expect, test, type Page } from '@playwright/test';
import { NO_TRAINS, openMap, waitForCameraToSettle } from './support/map-page.ts';

const BASEMAP_CANVAS = 'canvas.maplibregl-canvas';

/**
 * Records, from now on, the base map's canvas width and its share of opaque pixels in each task that changes its
 * width; `resize(n)` waits for the n-th change (0-based). One observer for the whole test: the page may go from half
 * to full resolution before a second observer could be attached on a loaded machine.
 */
async function watchResizes(page: Page): Promise<(n: number) => Promise<{ width: number; opaque: number }>> {
  await page.evaluate((selector) => {
    const canvas = document.querySelector<HTMLCanvasElement>(selector)!;
    const seen: Array<{ width: number; opaque: number }> = ((window as unknown as { __resizes: typeof seen }).__resizes = []);
    new MutationObserver(() => {
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d')!;
      context.drawImage(canvas, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      let opaque = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] === 255) opaque++;
      seen.push({ width: canvas.width, opaque: opaque / (copy.width * copy.height) });
    }).observe(canvas, { attributes: true, attributeFilter: ['width'] });
  }, BASEMAP_CANVAS);
  return async (n) => {
    const handle = await page.waitForFunction((n) => (window as unknown as { __resizes: Array<{ width: number; opaque: number }> }).__resizes[n], n, { timeout: 120_000 });
    return (await handle.jsonValue())!;
  };
}

test('while the camera turns on a slow machine, the base map draws at half resolution, sharp again at rest, and never shows a cleared canvas', async ({ page }) => {
  await openMap(page, `?lang=en&${NO_TRAINS}`);
  const fullWidth = await page.locator(BASEMAP_CANVAS).evaluate((canvas) => (canvas as HTMLCanvasElement).width);

  const resize = await watchResizes(page);
  const frameMs = await page.evaluate(async () => {
    window.map.easeTo({ bearing: 30, duration: 5000 });
    const start = performance.now();
    let frames = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        frames++;
        if (performance.now() - start < 2000) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    return (performance.now() - start) / frames;
  });
  test.skip(frameMs < 60, `moving frames take ${frameMs.toFixed(0)} ms here: the base map keeps its full resolution on a fast machine`);
  const half = await resize(0);
  expect(half.width, 'canvas width while the camera moves').toBe(Math.round(fullWidth / 2));
  expect(half.opaque, 'share of opaque pixels in the frame that halved the resolution').toBeGreaterThan(0.99);

  await waitForCameraToSettle(page);
  const back = await resize(1);
  expect(back.width, 'canvas width at rest').toBe(fullWidth);
  expect(back.opaque, 'share of opaque pixels in the frame that restored the resolution').toBeGreaterThan(0.99);
});
