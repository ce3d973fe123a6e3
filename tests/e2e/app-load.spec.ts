/**
 * The app as served by `npm start`: it loads without console errors, fetches
 * nothing from outside the local server, fires `load`, starts at the default
 * camera and shows a drawn map (a screenshot is kept as an artifact), whose base map
 * credit takes clicks over the network.
 */
import { expect, test } from '@playwright/test';
import { collectConsole, foreignRequests, recordRequests } from './support/page-log.ts';
import { DEFAULT_CAMERA, DEFAULT_HASH, getCamera, stationsInView, waitForNetwork } from './support/map-page.ts';
import { attachPng, decodePng } from './support/pixels.ts';

declare global {
  interface Window {
    /** Events heard by listeners attached the moment the page assigns `window.map`. */
    __mapEvents?: { type: string; message?: string; targetIsMap: boolean; markSet: boolean }[];
  }
}

test('loads from the local server with no console errors, no foreign requests, fires load and draws the default view', async ({ page, baseURL }, testInfo) => {
  const log = collectConsole(page);
  const requests = recordRequests(page);
  // Listen to the map from the moment src/main.ts assigns window.map, before
  // 'load' can fire. (An 'error' listener also keeps errors off the console,
  // so errors are recorded here and asserted below.)
  await page.addInitScript(() => {
    window.__mapEvents = [];
    Object.defineProperty(window, 'map', {
      configurable: true,
      get: () => undefined,
      set(map: Window['map']) {
        Object.defineProperty(window, 'map', { value: map, writable: true, configurable: true });
        for (const type of ['load', 'error'] as const) {
          map.on(type, (event) => {
            window.__mapEvents!.push({
              type: event.type,
              message: (event as { message?: string }).message,
              targetIsMap: event.target === map,
              markSet: performance.getEntriesByName('tt:network-drawn').length > 0,
            });
          });
        }
      },
    });
  });

  await page.goto('/?lang=en');
  await waitForNetwork(page);

  await test.step('the load event fired once, when the network was drawn', async () => {
    const events = await page.evaluate(() => window.__mapEvents);
    expect(events).toEqual([{ type: 'load', message: undefined, targetIsMap: true, markSet: true }]);
  });

  await test.step('the camera is the default one, and the hash says so', async () => {
    const camera = await getCamera(page);
    expect(camera.lng).toBeCloseTo(DEFAULT_CAMERA.lng, 6);
    expect(camera.lat).toBeCloseTo(DEFAULT_CAMERA.lat, 6);
    expect(camera.zoom).toBeCloseTo(DEFAULT_CAMERA.zoom, 6);
    expect(camera.pitch).toBeCloseTo(DEFAULT_CAMERA.pitch, 6);
    expect(camera.bearing).toBeCloseTo(DEFAULT_CAMERA.bearing, 6);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(DEFAULT_HASH);
  });

  await test.step('the interface is up: clock, navigation, station names, no loading or error panel', async () => {
    await expect(page).toHaveTitle('Tokyo Transit 3D');
    await expect(page.getByTestId('clock-time')).toHaveText(/^\d\d:\d\d:\d\d JST$/);
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0); // the loading indicator is gone
    await expect(page.locator('.tt-status-error')).toHaveCount(0);
    expect(await stationsInView(page)).toContain('Tokyo');
  });

  await test.step('the screenshot shows a drawn map, not a blank page', async () => {
    const png = await page.screenshot({ fullPage: true });
    await attachPng(testInfo, 'default-view.png', png);
    const image = decodePng(png);
    expect(image.width).toBe(1280);
    expect(image.height).toBe(720);
    const colours = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4) colours.add((image.data[i] << 16) | (image.data[i + 1] << 8) | image.data[i + 2]);
    // Calibrated: ~41,500 distinct colours at the default view; a blank page with the clock panel has ~200.
    expect(colours.size).toBeGreaterThan(3000);
  });

  await test.step('every request went to the local server, and the data, base map and glyphs came from it', async () => {
    const origin = new URL(baseURL!).origin;
    expect(foreignRequests(requests, origin)).toEqual([]);
    const paths = requests.filter((u) => u.startsWith(origin)).map((u) => new URL(u).pathname);
    expect(paths).toContain('/data/manifest.json');
    expect(paths.some((p) => /^\/data\/network\.[0-9a-f]+\.bin$/.test(p))).toBe(true);
    expect(paths).toContain('/basemap/tokyo.pmtiles');
    expect(paths.some((p) => p.startsWith('/basemap/fonts/'))).toBe(true);
  });

  await test.step('nothing was logged as an error', async () => {
    expect(log.errors()).toEqual([]);
    await testInfo.attach('console.txt', { body: log.messages.map((m) => `[${m.type}] ${m.text}`).join('\n') || '(no console messages)', contentType: 'text/plain' });
  });

  // Last: the click opens a page outside the local server (answered here, in place of openstreetmap.org).
  await test.step("the base map's credit is over the network: its button folds it, its links open the sources' terms", async () => {
    const credit = page.locator('.maplibregl-ctrl-attrib');
    const button = credit.locator('.maplibregl-ctrl-attrib-button');
    const osm = credit.getByRole('link', { name: '© OpenStreetMap contributors' });
    await expect(osm).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    await expect(credit.getByRole('link', { name: '© OpenMapTiles' })).toHaveAttribute('href', 'https://openmaptiles.org/');
    // What a click at the button and at the link reaches is them, not the network's canvas over the base map.
    const reached = (locator: typeof osm) =>
      locator.evaluate((e) => {
        const r = e.getBoundingClientRect();
        const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return at !== null && (at === e || e.contains(at));
      });
    expect(await reached(button), 'the credit button takes clicks').toBe(true);
    // The compact credit opens and folds with its button.
    if (!(await osm.isVisible())) await button.click();
    await expect(osm).toBeVisible();
    await button.click();
    await expect(osm).toBeHidden();
    await button.click();
    await expect(osm).toBeVisible();
    expect(await reached(osm), 'the OpenStreetMap link takes clicks').toBe(true);
    await page.context().route('https://www.openstreetmap.org/copyright', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Copyright and Licence</title>' }));
    const [terms] = await Promise.all([page.waitForEvent('popup'), osm.click()]);
    await expect(terms).toHaveURL('https://www.openstreetmap.org/copyright');
    await terms.close();
  });
});
