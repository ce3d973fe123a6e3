/**
 * The library build as another page uses it: `/examples/basic.html` only imports `/lib/index.js` and calls
 * `new Map({container: 'map'})`; it gets the whole map with the data served beside the library, and the
 * library's styles. `/examples/modes.html` drives the modes from its own buttons.
 */
import { expect, test } from '@playwright/test';
import { attachPng, screenshotImage } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

test('a plain page that imports /lib/index.js gets the full map, styled, on the served data', async ({ page }, testInfo) => {
  const failed: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  await page.goto('/examples/basic.html');
  await expect(page.locator('#status')).toContainText('Network drawn', { timeout: 180_000 });
  await page.waitForFunction(() => performance.getEntriesByName('tt:basemap-idle').length > 0, null, { timeout: 120_000 });
  // The library linked its own styles: the controls sit at the top right of the map, the clock at its top left.
  expect(await page.locator('link[rel="stylesheet"][href$="/lib/style.css"]').count()).toBe(1);
  const map = (await page.locator('#map').boundingBox())!;
  const controls = (await page.locator('.tt-controls').boundingBox())!;
  expect(controls.x + controls.width).toBeGreaterThan(map.x + map.width - 20);
  expect(controls.y).toBeLessThan(map.y + 20);
  await expect(page.getByTestId('clock')).toBeVisible();
  const image = await screenshotImage(page, { testInfo, name: 'library-basic.png' });
  const colours = new Set<number>();
  for (let i = 0; i < image.data.length; i += 4 * 7) colours.add((image.data[i] << 16) | (image.data[i + 1] << 8) | image.data[i + 2]);
  expect(colours.size, 'distinct colours: a drawn map, not a blank page').toBeGreaterThan(2000);
  expect(failed).toEqual([]);
});

test('the modes example drives the map from its own buttons', async ({ page }, testInfo) => {
  await serveEmptyBasemap(page); // reads none of the base map
  await page.goto('/examples/modes.html');
  await page.waitForFunction(() => performance.getEntriesByName('tt:network-drawn').length > 0, null, { timeout: 180_000 });
  await expect(page.getByTestId('playback-controls')).toBeVisible();
  await expect(page.getByTestId('eco-button')).toHaveCount(0); // modeControl: false
  await page.locator('#eco').click();
  await expect(page.locator('#events')).toHaveText('ecomode: eco');
  await page.locator('#underground').click();
  await expect(page.locator('#events')).toHaveText('viewmode: underground');
  await attachPng(testInfo, 'library-modes.png', await page.screenshot());
});

test('<TransitMap> in a React app: props as options, listeners in on, the Map from onMap, removed on unmount', async ({ page }, testInfo) => {
  await serveEmptyBasemap(page); // reads none of the base map
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/examples/react.html');
  const status = page.getByTestId('react-status');
  await expect(status).toHaveText('Loaded · selection: none', { timeout: 180_000 });
  await expect(page.getByTestId('clock-time')).toContainText('08:0'); // the time prop
  await page.getByRole('button', { name: 'Select Shibuya' }).click();
  await expect(status).toHaveText('Loaded · selection: JR-East.Yamanote.Shibuya', { timeout: 60_000 });
  await expect(page.getByTestId('station-name')).toContainText('Shibuya');
  await attachPng(testInfo, 'react-example.png', await page.screenshot());
  await page.getByRole('button', { name: 'Remove the map' }).click();
  await expect(page.locator('.tt-app')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { map: unknown }).map)).toBeNull();
  await page.getByRole('button', { name: 'Show the map' }).click();
  await expect(page.locator('.tt-app')).toHaveCount(1);
  await page.waitForFunction(() => (window as unknown as { map: { getZoom(): number } | null }).map?.getZoom() === 14);
  expect(errors).toEqual([]);
});

test('a worker script that cannot load fires one error event naming its URL', async ({ page }) => {
  await serveEmptyBasemap(page); // reads none of the base map
  // A page of our own beside the examples, whose map's train worker is answered with a 404.
  await page.route('**/examples/worker-error.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><div id="map" style="position:absolute;inset:0"></div><script type="module">
        import { Map } from '/lib/index.js';
        window.mapErrors = [];
        const map = new Map({ container: 'map', lang: 'en' });
        map.on('error', (e) => window.mapErrors.push(e.message));
        window.map = map;
      </script>`,
    }),
  );
  let workerUrl = '';
  await page.route(/\/lib\/assets\/train-worker-[^/]*\.js$/, (route) => {
    workerUrl = route.request().url();
    return route.fulfill({ status: 404, body: 'Not found' });
  });
  await page.goto('/examples/worker-error.html');
  const errors = () => page.evaluate(() => (window as unknown as { mapErrors: string[] }).mapErrors);
  await expect.poll(errors, { timeout: 120_000 }).toHaveLength(1);
  expect(workerUrl).toMatch(/\/lib\/assets\/train-worker-/);
  expect((await errors())[0]).toContain(workerUrl);
  // No second report of the same failure while the page draws on (60 of its frames).
  await page.evaluate(() => new Promise<void>((resolve) => {
    let frames = 0;
    const tick = () => (++frames >= 60 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }));
  expect(await errors()).toHaveLength(1);
});
