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

/** The base map's canvas width and its share of opaque pixels, read in the task that next changes its width. */
function atNextResize(page: Page): Promise<{ width: number; opaque: number }> {
  return page.evaluate(
    (selector) =>
      new Promise<{ width: number; opaque: number }>((resolve) => {
        const canvas = document.querySelector<HTMLCanvasElement>(selector)!;
        const observer = new MutationObserver(() => {
          observer.disconnect();
          const copy = document.createElement('canvas');
          copy.width = canvas.width;
          copy.height = canvas.height;
          const context = copy.getContext('2d')!;
          context.drawImage(canvas, 0, 0);
          const { data } = context.getImageData(0, 0, copy.width, copy.height);
          let opaque = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i] === 255) opaque++;
          resolve({ width: canvas.width, opaque: opaque / (copy.width * copy.height) });
        });
        observer.observe(canvas, { attributes: true, attributeFilter: ['width'] });
      }),
    BASEMAP_CANVAS,
  );
}

test('while the camera turns on a slow machine, the base map draws at half resolution, sharp again at rest, and never shows a cleared canvas', async ({ page }) => {
  await openMap(page, `?lang=en&${NO_TRAINS}`);
  const fullWidth = await page.locator(BASEMAP_CANVAS).evaluate((canvas) => (canvas as HTMLCanvasElement).width);

  const reduced = atNextResize(page);
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
  const half = await reduced;
  expect(half.width, 'canvas width while the camera moves').toBe(Math.round(fullWidth / 2));
  expect(half.opaque, 'share of opaque pixels in the frame that halved the resolution').toBeGreaterThan(0.99);

  const sharp = atNextResize(page);
  await waitForCameraToSettle(page);
  const back = await sharp;
  expect(back.width, 'canvas width at rest').toBe(fullWidth);
  expect(back.opaque, 'share of opaque pixels in the frame that restored the resolution').toBeGreaterThan(0.99);
});
