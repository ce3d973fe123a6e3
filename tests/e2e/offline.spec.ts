/**
 * Opens with no network after one visit (the service worker of src/sw/, registered by the app page after its first
 * view): the page is loaded once, the worker comes to control it and keeps the app, the data and what the first view
 * read from the base map; the browser then goes offline and the page is reloaded. Checks:
 *
 * 1. offline really applies to the service worker's own requests (a byte range of the base map never read before
 *    fails), so the reload below can only succeed from the worker's caches (without a worker it fails:
 *    net::ERR_INTERNET_DISCONNECTED);
 * 2. after the offline reload the page opens, the network and the trains are drawn, base-map tiles are drawn from the
 *    kept byte ranges, and the app info says "Offline — timetables only";
 * 3. a map with real-time data (the local ODPT server) and the rain (the local radar) asks nothing while offline and
 *    reports no failure of either, and polls by itself as soon as the network returns (well before its back-off
 *    would): the app info then says the real-time data is on, and the rain is drawn;
 * 4. a GTFS data source (the shared Halifax feed and its VehiclePosition snapshot, served locally) rests while offline
 *    (its vehicles are taken off, as while the page is hidden) and polls at once when the network returns (its next
 *    poll was 20 s away), its vehicles back.
 */
import { installTestClock } from './support/test-clock.ts';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { withBaseUrls } from '../../src/data/realtime/odpt-config.ts';
import type { Map as TransitMap } from '../../src/index.ts';
import type { MapOptions } from '../../src/api/option-types.ts';
import { CHALLENGE_HOST_FIXTURES, ODPT_HOST_FIXTURES } from '../support/odpt-fixtures.ts';
import { CHALLENGE_KEY, ODPT_KEY } from '../support/odpt-hosts.ts';
import { readSharedGtfs, startGtfsServer } from '../support/gtfs-server.ts';
import { startOdptServer, type OdptServerHandle } from '../support/odpt-server.ts';
import { startWeatherServer } from '../support/weather-server.ts';

/** Cache of the base map's byte ranges (src/sw/service-worker.ts). */
const TILE_CACHE = 'tt-basemap-tiles';

test.describe.configure({ timeout: 300_000 });
// The other specs block service workers (playwright.config.ts): this one is about it.
test.use({ serviceWorkers: 'allow' });

/** What the init script records: the service worker's answer once it has kept the first view's base-map reads. */
interface TestWindow {
  kept?: { type: 'tt:kept'; requests: number };
  /** `error` events of the map made offline. */
  mapErrors?: string[];
}

/** Vehicles shown by the map's one data source (0 without one). */
function gtfsVehicles(page: Page): Promise<number> {
  return page.evaluate(() => window.map.getDataSources()[0]?.vehicleCount ?? 0);
}

/**
 * A switch that takes the page off the network, or back on it. Playwright's `setOffline` stops requests, but from
 * Chromium 150 on `navigator.onLine` follows it only in the document that was open then: each document loaded after
 * it starts with `true`. DevTools' network-state override, set again as each document commits (long before the app's
 * scripts have loaded), keeps what the page reads in step, as on a device without a network.
 */
async function offlineSwitch(context: BrowserContext, page: Page): Promise<(offline: boolean) => Promise<void>> {
  const session = await context.newCDPSession(page);
  let offline = false;
  const override = async () => {
    try {
      await session.send('Network.overrideNetworkState', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    } catch (e) {
      // An older Chromium has no such method, and needs none: its navigator.onLine follows setOffline.
      if (!/wasn't found/.test((e as Error).message)) throw e;
    }
  };
  page.on('framenavigated', (frame) => void (frame === page.mainFrame() && offline && override().catch(() => undefined)));
  return async (value) => {
    offline = value;
    await context.setOffline(value);
    await override();
  };
}

async function waitForTrains(page: Page): Promise<void> {
  await page.waitForFunction(() => ['tt:network-drawn', 'tt:trains-drawn'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 150_000 });
}

/** Number of entries in one of the page's caches. */
function cacheEntries(page: Page, name: string): Promise<number> {
  return page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0), name);
}

async function appInfoLine(page: Page): Promise<string> {
  await page.getByTestId('app-info-button').click();
  const text = (await page.getByTestId('realtime-state').textContent()) ?? '';
  await page.getByTestId('app-info-close').click();
  return text;
}

test('after one visit the app opens offline, and real-time data resumes when the network returns', async ({ page, context }) => {
  const main = await startOdptServer({ key: ODPT_KEY, fixtures: ODPT_HOST_FIXTURES });
  const challenge = await startOdptServer({ key: CHALLENGE_KEY, fixtures: CHALLENGE_HOST_FIXTURES });
  // Real time, but in the day: at night in Tokyo (01:00–04:30) no train runs. The page's clock is moved by whole hours
  // to 10:xx in Tokyo, and the radar stand-in's frames with it.
  const tokyoHour = new Date(Date.now() + 9 * 3_600_000).getUTCHours();
  const clockOffsetMs = ((10 - tokyoHour + 24) % 24) * 3_600_000;
  await page.addInitScript({ content: `(${installTestClock.toString()})(Date.now() + ${clockOffsetMs});` });
  const weather = await startWeatherServer({ timesNearNow: true, clockOffsetMs });
  const gtfs = await startGtfsServer({
    '/halifax.zip': { kind: 'body', body: readSharedGtfs('halifax/google_transit.zip') },
    '/vp.pb': { kind: 'body', body: readSharedGtfs('halifax/VehiclePositions.pb') },
  });
  const servers: Pick<OdptServerHandle, 'close'>[] = [main, challenge, weather, gtfs];
  const setOffline = await offlineSwitch(context, page);
  try {
    await page.addInitScript(() => {
      navigator.serviceWorker.addEventListener('message', (event) => {
        if (event.data?.type === 'tt:kept') (window as unknown as TestWindow).kept = event.data;
      });
    });
    await page.goto('/?lang=en');
    await waitForTrains(page);
    // The worker registers once trains are drawn; ready = installed (shell precached, data stored) and active.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await cacheEntries(page, 'tt-data'), 'the whole data bundle is stored').toBeGreaterThanOrEqual(6);
    // The first view's base-map reads (header and directories included), fetched again by the worker once it
    // controls the page: it says when it is done.
    await page.waitForFunction(() => (window as unknown as TestWindow).kept !== undefined, null, { timeout: 120_000 });
    expect(await page.evaluate(() => (window as unknown as TestWindow).kept?.requests)).toBeGreaterThan(3);
    expect(await cacheEntries(page, TILE_CACHE)).toBeGreaterThan(3);

    await setOffline(true);
    const unreadRange = await page.evaluate(() =>
      fetch('basemap/tokyo.pmtiles', { headers: { range: 'bytes=3-9' } }).then(
        (r) => `HTTP ${r.status}`,
        () => 'failed',
      ),
    );
    expect(unreadRange, 'offline applies to the service worker: a range never read is not served').toBe('failed');

    await page.reload();
    await waitForTrains(page);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    expect(await page.evaluate(() => window.map.getRenderStats().cars)).toBeGreaterThan(0);
    await page.waitForFunction(() => performance.getEntriesByName('tt:basemap-idle').length > 0, null, { timeout: 120_000 });
    const features = await page.evaluate(() => window.map.getMapLibreMap()?.queryRenderedFeatures().length ?? 0);
    expect(features, 'base-map tiles drawn from the kept byte ranges').toBeGreaterThan(0);
    expect(await appInfoLine(page)).toBe('Offline — timetables only');

    // A map with real-time data and the rain while offline: nothing is asked, no failure reported; back online, it
    // polls at once.
    const hosts = withBaseUrls({ odpt: main.url, challenge: challenge.url });
    await page.evaluate(
      ({ hosts, keys, catalogueUrl }) => {
        const w = window as unknown as { map: TransitMap } & TestWindow;
        w.map.remove();
        const MapClass = w.map.constructor as new (options: MapOptions) => TransitMap;
        // Polls are a minute apart: a poll within the test's wait below is the resume, not the schedule.
        w.map = new MapClass({ container: 'map', lang: 'en', secrets: keys, realtime: { hosts, intervalMs: 60_000 }, flights: { hosts: [] }, rain: { visible: true, catalogueUrl } });
        w.mapErrors = [];
        w.map.on('error', (e) => w.mapErrors!.push(e.message));
      },
      { hosts, keys: { odpt: ODPT_KEY, challenge2025: CHALLENGE_KEY }, catalogueUrl: weather.catalogueUrl },
    );
    await page.waitForFunction(() => window.map.getRenderStats().cars > 0, null, { timeout: 150_000 });
    expect(main.requestCount('odpt:Train'), 'nothing is asked while offline').toBe(0);
    expect(await appInfoLine(page)).toBe('Offline — timetables only');
    const liveErrors = () => page.evaluate(() => ((window as unknown as TestWindow).mapErrors ?? []).filter((m) => /odpt|RainViewer|radar|request failed/i.test(m)));
    expect(await liveErrors(), 'no live feed fails while it rests offline').toEqual([]);

    await setOffline(false);
    await expect.poll(() => main.requestCount('odpt:Train'), { timeout: 30_000 }).toBeGreaterThan(0);
    // The rain's first retry would be 30 s after a failed read: it reads at once instead.
    await expect.poll(() => weather.catalogueRequests(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => appInfoLine(page), { timeout: 30_000 }).toBe('Real-time data: on');
    await page.waitForFunction(() => performance.getEntriesByName('tt:rain-drawn').length > 0, null, { timeout: 90_000 });

    // A GTFS data source rests offline and polls at once when the network returns.
    await page.evaluate(({ zip, vp }) => void window.map.addDataSource({ gtfsUrl: zip, vehiclePositionUrl: vp }), { zip: gtfs.url('/halifax.zip'), vp: gtfs.url('/vp.pb') });
    await expect.poll(() => gtfsVehicles(page), { timeout: 90_000 }).toBeGreaterThan(0);
    const shown = await gtfsVehicles(page);
    await setOffline(true);
    await expect.poll(() => gtfsVehicles(page), { timeout: 10_000 }).toBe(0);
    const polls = () => gtfs.requests.filter((path) => path === '/vp.pb').length;
    const before = polls();
    await setOffline(false);
    await expect.poll(polls, { timeout: 10_000 }).toBeGreaterThan(before);
    await expect.poll(() => gtfsVehicles(page), { timeout: 15_000 }).toBe(shown);
    expect(await liveErrors()).toEqual([]);
  } finally {
    await setOffline(false);
    await Promise.all(servers.map((server) => server.close()));
  }
});
