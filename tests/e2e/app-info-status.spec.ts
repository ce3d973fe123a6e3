/**
 * App information (issue #37, item 10): the static data's date is the data set's own date when the bundle has one
 * (`--data-date`), not when the bundle was built; without one the panel says the date is the files' modification.
 * Live feeds that fail (here the rain radar and a GTFS data source) are listed with their latest error, and leave
 * the list by themselves when they work again.
 */
import { expect, test, type Page } from '@playwright/test';
import type { MapOptions, Map as TransitMap } from '../../src/index.ts';
import { NO_TRAINS, openMap } from './support/map-page.ts';
import { startWeatherServer } from '../support/weather-server.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const enc = encodeURIComponent;

/** Serves the page a manifest whose data set is dated `dataDate`, as a bundle built with `--data-date` has. */
async function datedManifest(page: Page, dataDate: string): Promise<{ builtAt: string }> {
  let builtAt = '';
  await page.route('**/manifest.json', async (route) => {
    const manifest = (await (await route.fetch()).json()) as { builtAt: string };
    builtAt = manifest.builtAt;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...manifest, dataDate }) });
  });
  return {
    get builtAt() {
      return builtAt;
    },
  };
}

async function openAppInfo(page: Page) {
  await page.getByTestId('app-info-button').click();
  const panel = page.getByTestId('app-info');
  await expect(panel).toBeVisible();
  return panel;
}

test("the static data shows the data set's own date, in the interface language; without one, its files' time, said so", async ({ page }) => {
  const served = await datedManifest(page, '2025-03-14');
  await openMap(page, `?lang=en&${NO_TRAINS}`, '', { basemap: false });
  let panel = await openAppInfo(page);
  await expect(panel.locator('dt').first()).toHaveText('Timetables and network: data as of');
  await expect(panel.getByTestId('static-updated')).toHaveText('March 14, 2025');
  // Not the day the bundle was built (today, on a test machine).
  expect(served.builtAt.slice(0, 10)).not.toBe('2025-03-14');

  // In the language the interface is switched to.
  await page.evaluate(() => void window.map.setLanguage('ja'));
  await expect(panel.locator('dt').first()).toHaveText('時刻表・路線データの日付');
  await expect(panel.getByTestId('static-updated')).toHaveText('2025年3月14日');

  await page.unroute('**/manifest.json');
  await openMap(page, `?lang=en&${NO_TRAINS}`, '', { basemap: false });
  panel = await openAppInfo(page);
  await expect(panel.locator('dt').first()).toHaveText('Timetables and network: files last changed');
  await expect(panel.getByTestId('static-updated')).toHaveText(/ JST$/);
  // The fonts shipped for Thai and Nepali are credited with their licence.
  await expect(panel.getByRole('link', { name: 'SIL OFL 1.1' })).toHaveAttribute('href', 'https://openfontlicense.org/');
});

test('a failing GTFS data source is listed in app info with its error', async ({ page, baseURL }) => {
  const mistyped = '/gtfs/halifax.zp';
  await page.goto(`/?lang=en&${NO_TRAINS}&gtfsurl=${enc(mistyped)}`);
  const panel = await openAppInfo(page);
  const fault = panel.getByTestId('feed-fault');
  // Updated live: the panel was open before the source failed.
  await expect(fault).toHaveCount(1, { timeout: 120_000 });
  await expect(fault).toHaveAttribute('data-feed', 'gtfs:gtfs-1');
  await expect(fault).toContainText('GTFS: gtfs-1 is not working. Last error:');
  await expect(fault.locator('code')).toContainText(new URL(mistyped, baseURL).href);
  await expect(panel.locator('h3').first()).toHaveText('Live data not working');
});

type TestWindow = Window & { map: TransitMap };

test('a failing rain radar is listed in app info in the interface language with its last error, and leaves the list when it recovers', async ({ page }) => {
  const weather = await startWeatherServer({ timesNearNow: true });
  try {
    weather.setCatalogueMode('http-503');
    await page.goto('/?lang=de&theme=light');
    await page.waitForFunction(() => typeof (window as unknown as { map?: { getRenderStats?: unknown } }).map?.getRenderStats === 'function');
    // A map reading the rain from the local radar server, with the rain shown.
    await page.evaluate((catalogueUrl) => {
      const w = window as unknown as TestWindow;
      w.map.remove();
      const MapClass = w.map.constructor as new (options: MapOptions) => TransitMap;
      w.map = new MapClass({ container: 'map', lang: 'de', theme: 'light', rain: { visible: true, catalogueUrl, intervalMs: 1000 } });
      w.map.on('error', () => {});
    }, weather.catalogueUrl);
    const panel = await openAppInfo(page);
    const fault = panel.locator('[data-feed="rain"]');
    await expect(fault).toContainText('Regenradar funktioniert nicht. Letzter Fehler:', { timeout: 120_000 });
    await expect(fault.locator('code')).toHaveText(/^RainViewer catalogue http:\/\/127\.0\.0\.1:\d+\/public\/weather-maps\.json: HTTP 503 Service Unavailable/);

    weather.setCatalogueMode('normal');
    await expect(fault).toHaveCount(0, { timeout: 120_000 });
    await expect(panel.getByTestId('feed-faults')).toHaveCount(0);
  } finally {
    await weather.close();
  }
});
