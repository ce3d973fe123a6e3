/**
 * GTFS and GTFS Realtime data sources, end to end (issue #15). A local HTTP
 * server (`tests/support/gtfs-server.ts`) serves the shared Halifax feed
 * (`google_transit.zip`), its realtime snapshot (`VehiclePositions.pb`, 291
 * vehicles) and the Kawasaki feed that has no shapes.txt.
 *
 * Checks:
 * 1. `/?gtfsurl=…&gtfsvpurl=…` (URL-encoded): the camera fits Halifax, the
 *    clock shows Halifax time, the routes are drawn in their route_color (the
 *    feed's blue and green in the pixels over Halifax) and the vehicles are
 *    drawn over them (pixels that change when the vehicle layer is switched
 *    off); the snapshot's one vehicle on an unknown trip fires one precise
 *    `error` event.
 * 2. A vehicle moves along its route's shape between two polls (the server
 *    answers the second poll with the bus 300 m further along its shape): its
 *    drawn position advances step by step, not in one jump.
 * 3. Pointing at a bus shows its popup (route, headsign, vehicle label, next
 *    stop with its time); clicking it tracks it (panel, `selection` event,
 *    camera follows); Escape ends tracking. Playback shows no vehicles.
 * 4. A data source added with only a zip: routes drawn, no vehicles, and the
 *    app info says vehicles need a realtime feed.
 * 5. The Kawasaki zip (no shapes.txt) and a `gtfscolor` with "#" give precise
 *    `error` events, and the Tokyo map keeps running (trains drawn and moving).
 */
import { expect, test, type Page } from '@playwright/test';
import { FEED_MESSAGE } from '../../src/data/gtfs/realtime-schema.ts';
import { parseGtfsZip } from '../../src/data/gtfs/load-feed.ts';
import { pointAtDistance, projectOntoShape } from '../../src/data/gtfs/shape-geometry.ts';
import { readSharedGtfs, startGtfsServer, type GtfsServerHandle } from '../support/gtfs-server.ts';
import { sharePage, waitForCameraToSettle } from './support/map-page.ts';
import { showsWithinFrames, waitForClock, waitForFrames, waitForStillView } from './support/waits.ts';
import { attachPng, countColor, diffMask, maskOverlay, screenshotImage, type Rect } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

/** Halifax's extent (stops and shapes of the feed). */
const HALIFAX = { west: -63.859732, south: 44.564529, east: -63.282006, north: 44.888489 };
/** Bus 2526 (route 320, to the airport) of the snapshot. */
const BUS = '2526';
const BUS_ID = `gtfs:gtfs-1:${BUS}`;
const enc = encodeURIComponent;

let server: GtfsServerHandle;
/** The snapshot with bus 2526 moved 300 m further along its shape. */
let movedSnapshot: Uint8Array;

test.beforeAll(async () => {
  const zip = readSharedGtfs('halifax/google_transit.zip');
  const snapshot = readSharedGtfs('halifax/VehiclePositions.pb');
  server = await startGtfsServer({
    '/halifax/google_transit.zip': { kind: 'body', body: zip },
    '/halifax/VehiclePositions.pb': { kind: 'body', body: snapshot },
    '/kawasaki.zip': { kind: 'body', body: readSharedGtfs('kawasaki-rinko-bus-no-shapes.zip') },
  });
  movedSnapshot = await moveVehicle(zip, snapshot, BUS, 300);
});
test.afterAll(() => server?.close());

/** The snapshot with one vehicle moved `metres` along its trip's shape. */
async function moveVehicle(zip: Uint8Array, snapshot: Uint8Array, vehicleId: string, metres: number): Promise<Uint8Array> {
  const feed = await parseGtfsZip(zip, 'halifax');
  const message = FEED_MESSAGE.decode(snapshot) as unknown as { entity: { vehicle?: { vehicle?: { id?: string }; trip?: { trip_id?: string }; position: { latitude: number; longitude: number; bearing?: number } } }[] };
  const entity = message.entity.find((e) => e.vehicle?.vehicle?.id === vehicleId);
  if (!entity?.vehicle) throw new Error(`no vehicle ${vehicleId} in the snapshot`);
  const trip = feed.trips.find((t) => t.id === entity.vehicle!.trip?.trip_id);
  if (!trip || trip.shape < 0) throw new Error(`vehicle ${vehicleId} has no trip with a shape`);
  const shape = feed.shapes[trip.shape];
  const { position } = entity.vehicle;
  const at = projectOntoShape(shape, position.longitude, position.latitude);
  const to = pointAtDistance(shape, at.distance + metres);
  position.longitude = to.lng;
  position.latitude = to.lat;
  position.bearing = to.bearing;
  return FEED_MESSAGE.encode(message as never).finish();
}

/** Records the map's `error` events from the start (the page's map is created by its script). */
async function recordErrors(page: Page) {
  await page.addInitScript(() => {
    const errors: string[] = [];
    (window as unknown as { mapErrors: string[] }).mapErrors = errors;
    let map: unknown;
    Object.defineProperty(window, 'map', {
      configurable: true,
      get: () => map,
      set: (value: { on(type: 'error', listener: (e: { message: string }) => void): void }) => {
        map = value;
        value.on('error', (e) => errors.push(e.message));
      },
    });
  });
}

const mapErrors = (page: Page) => page.evaluate(() => (window as unknown as { mapErrors: string[] }).mapErrors);

/** Waits for a User Timing mark. */
async function waitForMark(page: Page, name: string, timeout = 180_000) {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, name, { timeout });
}

/** The app page with the Halifax feed and its realtime snapshot in the URL; waits for routes and vehicles. */
async function openHalifax(page: Page, extra = '') {
  await recordErrors(page);
  const query = `?lang=en&theme=light&gtfsurl=${enc(server.url('/halifax/google_transit.zip'))}&gtfsvpurl=${enc(server.url('/halifax/VehiclePositions.pb'))}${extra}`;
  await page.goto(`/${query}`);
  await waitForMark(page, 'tt:network-drawn');
  await waitForMark(page, 'tt:gtfs-routes-drawn');
  await expect.poll(() => page.evaluate(() => window.map.getDataSources()[0]?.vehicleCount ?? 0), { timeout: 60_000 }).toBeGreaterThan(200);
  await waitForCameraToSettle(page);
}

/** The part of the screen that shows the map (the controls at the right and the clock left out). */
const MAP_AREA: Rect = { x: 170, y: 0, width: 1040, height: 680 };

/**
 * These run one after another on one page with Halifax open (loading the feed takes seconds under software WebGL):
 * the first sees the page as it opened, the others move the camera, track and poll as they need.
 */
test.describe.serial('on one page with Halifax', () => {
  const shared = sharePage((page) => openHalifax(page));

  test('the URL parameters draw Halifax: camera fits the feed, local time, routes in colour, vehicles over them', async ({}, testInfo) => {
    const { page } = shared;
    const [source] = await page.evaluate(() => window.map.getDataSources());
    expect(source).toMatchObject({ id: 'gtfs-1', status: 'loaded', agencies: ['Halifax Transit'], timezone: 'America/Halifax', routeCount: 80, stopCount: 2386 });
    expect(source.vehicleCount).toBe(290);
    // The camera fitted the feed's extent.
    const center = await page.evaluate(() => window.map.getCenter());
    expect(center.lng).toBeGreaterThan(HALIFAX.west);
    expect(center.lng).toBeLessThan(HALIFAX.east);
    expect(center.lat).toBeGreaterThan(HALIFAX.south);
    expect(center.lat).toBeLessThan(HALIFAX.north);
    // The clock shows Halifax time while Halifax is in view.
    await expect(page.getByTestId('clock').locator('[role="timer"]')).toHaveAttribute('data-time-zone', 'America/Halifax');
    await expect(page.getByTestId('clock-zone')).toHaveText(/^(AST|ADT)$/);
    // The one vehicle of the snapshot whose trip is not in trips.txt: one error naming it.
    const errors = await mapErrors(page);
    expect(errors).toEqual([expect.stringMatching(/^GTFS Realtime feed http:\/\/127\.0\.0\.1:\d+\/halifax\/VehiclePositions\.pb: vehicle "4004" \(entity "2004"\) runs trip_id "3797749", which is not in the GTFS feed's trips\.txt/)]);

    // Routes: the feed's route colours (blue 0000FF, green 00FF00) over Halifax.
    await page.evaluate(() => { window.map.jumpTo({ pitch: 0, bearing: 0 }); });
    await waitForStillView(page);
    const withVehicles = await screenshotImage(page, { testInfo, name: 'halifax-routes-and-vehicles' });
    const blue = countColor(withVehicles, MAP_AREA, [0, 0, 255], 90);
    const green = countColor(withVehicles, MAP_AREA, [0, 255, 0], 90);
    expect(blue, 'blue route pixels').toBeGreaterThan(3000);
    expect(green, 'green route pixels').toBeGreaterThan(150);
    // Vehicles: what disappears when their layer (it follows the trains' switch) is hidden.
    await page.evaluate(() => { window.map.setLayerVisibility('trains', 'none'); });
    await waitForStillView(page);
    const routesOnly = await screenshotImage(page, { testInfo, name: 'halifax-routes-only' });
    const { mask, count } = diffMask(withVehicles, routesOnly, 30);
    await attachPng(testInfo, 'halifax-vehicle-pixels', maskOverlay(withVehicles, mask));
    expect(count, 'pixels of the vehicles').toBeGreaterThan(1500);
    await page.evaluate(() => { window.map.setLayerVisibility('trains', 'visible'); });

    // A closer look (for the report): buses in their route colour on the streets of downtown Halifax.
    const bus = await page.evaluate((id) => window.map.getTrainPosition(id), BUS_ID);
    expect(bus).not.toBeNull();
    await page.evaluate(() => { window.map.jumpTo({ center: [-63.5752, 44.6488], zoom: 15.5, pitch: 55, bearing: -20 }); });
    await waitForStillView(page);
    await attachPng(testInfo, 'halifax-downtown', await page.screenshot());
  });

  test('pointing at a bus shows its popup; clicking tracks it; playback shows no vehicles', async ({}, testInfo) => {
    const { page } = shared;
    await page.evaluate(() => {
      const list: string[] = [];
      (window as unknown as { events: string[] }).events = list;
      window.map.on('selection', (e) => list.push(`selection:${e.selection}`));
      window.map.on('deselection', () => list.push('deselection'));
      return list;
    });
    const bus = await page.evaluate((id) => window.map.getTrainPosition(id), BUS_ID);
    expect(bus).not.toBeNull();
    await page.evaluate((p) => { window.map.jumpTo({ center: [p!.lng, p!.lat], zoom: 17, pitch: 40, bearing: 0 }); }, bus);
    await waitForCameraToSettle(page);
    const popup = page.getByTestId('gtfs-vehicle-popup');
    // Attempts: the bus moves, and a hover is picked from the last frame drawn; when no popup shows, aim again.
    const pointAtBus = async () => {
      for (let attempt = 0; attempt < 8; attempt++) {
        if (await showsWithinFrames(page, 'gtfs-vehicle-popup', 'Vehicle 526', 0)) return;
        const p = await page.evaluate((id) => window.map.getTrainPosition(id), BUS_ID);
        const at = await page.evaluate((q) => window.map.project([q!.lng, q!.lat], 1.5), p);
        await page.mouse.move(at.x, at.y);
        if (await showsWithinFrames(page, 'gtfs-vehicle-popup', 'Vehicle 526')) return;
      }
    };
    await pointAtBus();
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('gtfs-popup-route')).toHaveText('320');
    await expect(popup.getByTestId('gtfs-popup-headsign')).toHaveText('320 AIRPORT VIA FALL RIVER');
    await expect(popup.getByTestId('gtfs-popup-vehicle')).toHaveText('Vehicle 526');
    await expect(popup.getByTestId('gtfs-popup-next-stop')).toHaveText(/^Next .+ arr\. \d\d:\d\d$/);
    await attachPng(testInfo, 'bus-popup', await page.screenshot());

    // Clicking it tracks it: its panel, the selection event, and the camera on the bus.
    const panel = page.getByTestId('gtfs-tracking-panel');
    for (let attempt = 0; attempt < 5; attempt++) {
      if (attempt > 0) await pointAtBus();
      await page.mouse.down();
      await page.mouse.up();
      await panel.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
      if ((await page.evaluate(() => window.map.getSelection())) === BUS_ID) break;
    }
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel).toContainText('320 AIRPORT VIA FALL RIVER');
    expect(await page.evaluate(() => window.map.getSelection())).toBe(BUS_ID);
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toContain(`selection:${BUS_ID}`);
    // Tracking from behind: the camera turns to the bus's heading and stays on it.
    await page.evaluate(() => { window.map.setTrackingMode('topback'); });
    await expect.poll(async () => Math.abs((await page.evaluate(() => window.map.getZoom())) - 16.4), { timeout: 60_000 }).toBeLessThan(0.3);
    // The camera eases in time towards the viewpoint, zoom and bearing alike: once the zoom is this close, so is the rest.
    await expect.poll(async () => Math.abs((await page.evaluate(() => window.map.getZoom())) - 16.4), { timeout: 30_000 }).toBeLessThan(0.05);
    await waitForFrames(page);
    const camera = await page.evaluate(() => ({ ...window.map.getCenter(), bearing: window.map.getBearing() }));
    const now = await page.evaluate((id) => window.map.getTrainPosition(id), BUS_ID);
    expect(Math.abs(camera.lng - now!.lng)).toBeLessThan(0.002);
    expect(Math.abs(camera.lat - now!.lat)).toBeLessThan(0.002);
    expect(Math.abs(((camera.bearing - now!.bearing + 540) % 360) - 180)).toBeLessThan(25);
    await attachPng(testInfo, 'bus-tracked', await page.screenshot());
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toContain('deselection');
    await page.evaluate(() => { window.map.setTrackingMode('position'); });

    // Playback: no data-source vehicles (spec §4); back in real time they return.
    await page.evaluate(() => { window.map.setClockMode('playback'); });
    await expect.poll(() => page.evaluate(() => window.map.getDataSources()[0].vehicleCount)).toBe(0);
    expect(await page.evaluate((id) => window.map.getTrainPosition(id), BUS_ID)).toBeNull();
    await page.evaluate(() => { window.map.setClockMode('realtime'); });
    await expect.poll(() => page.evaluate(() => window.map.getDataSources()[0].vehicleCount), { timeout: 30_000 }).toBe(290);
  });

  test('a vehicle moves along its shape between polls, smoothly', async () => {
    test.setTimeout(240_000); // up to a poll interval (20 s) to wait for, then 12 s of samples
    const { page } = shared;
    const first = await page.evaluate((id) => window.map.getTrainPosition(id), BUS_ID);
    expect(first).not.toBeNull();
    // The next poll (every 20 s) finds the bus 300 m further along its shape.
    server.route('/halifax/VehiclePositions.pb', { kind: 'body', body: movedSnapshot });
    const requests = server.requests.filter((p) => p.endsWith('.pb')).length;
    await expect.poll(() => server.requests.filter((p) => p.endsWith('.pb')).length, { timeout: 40_000, intervals: [250] }).toBeGreaterThan(requests);
    // Sample where it is drawn for a while: it advances a little at a time. What is tested is motion over time (metres
    // between samples 1.5 s apart), so the samples are taken by the map's clock.
    const samples: { lng: number; lat: number }[] = [];
    for (let i = 0; i < 8; i++) {
      await waitForClock(page, 1500);
      const p = await page.evaluate((id) => window.map.getTrainPosition(id), BUS_ID);
      if (p) samples.push(p);
    }
    const metres = (a: { lng: number; lat: number }, b: { lng: number; lat: number }) => Math.hypot((a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180), (a.lat - b.lat) * 111_320);
    const fromStart = samples.map((s) => metres(first!, s));
    const steps = samples.slice(1).map((s, i) => metres(samples[i], s));
    expect(fromStart.at(-1)!, 'moved on').toBeGreaterThan(60);
    for (let i = 1; i < fromStart.length; i++) expect(fromStart[i], `sample ${i} no further back than the one before`).toBeGreaterThanOrEqual(fromStart[i - 1] - 1);
    expect(Math.max(...steps), 'no jump: at most a few seconds of travel between samples').toBeLessThan(80);
    server.route('/halifax/VehiclePositions.pb', { kind: 'body', body: readSharedGtfs('halifax/VehiclePositions.pb') });
  });
});

test('a data source with only a zip: routes and stops, no vehicles, and the app info says why', async ({ page }, testInfo) => {
  await recordErrors(page);
  await page.goto(`/?lang=en&theme=light#12/44.6488/-63.5752/0/0`);
  await waitForMark(page, 'tt:network-drawn');
  const id = await page.evaluate((url) => window.map.addDataSource({ gtfsUrl: url, color: '#ff8800', id: 'halifax-static' }), server.url('/halifax/google_transit.zip'));
  expect(id).toBe('halifax-static');
  await waitForMark(page, 'tt:gtfs-routes-drawn');
  await expect.poll(() => page.evaluate(() => window.map.getDataSources()[0]?.status)).toBe('loaded');
  // What is tested is an absence: no vehicle appears in the 3 s after the feed loaded.
  await page.waitForTimeout(3000);
  expect(await page.evaluate(() => window.map.getDataSources()[0].vehicleCount)).toBe(0);
  // Stops are drawn as stations from zoom 13, and their names from zoom 15.
  await page.evaluate(() => { window.map.jumpTo({ center: [-63.5752, 44.6488], zoom: 16, pitch: 0 }); });
  await waitForStillView(page);
  await attachPng(testInfo, 'halifax-stops', await page.screenshot());
  await page.getByTestId('app-info-button').click();
  await expect(page.getByTestId('gtfs-routes-only')).toHaveText('Halifax Transit: routes and stops only. Vehicles need a GTFS Realtime feed (VehiclePosition).');
  await page.getByTestId('app-info-close').click();
  // Removing it takes its routes off the map; removing it again is an error.
  await page.evaluate(() => { window.map.removeDataSource('halifax-static'); window.map.removeDataSource('halifax-static'); });
  expect(await page.evaluate(() => window.map.getDataSources())).toEqual([]);
  await expect.poll(() => mapErrors(page)).toEqual(['No data source "halifax-static" exists; none has been added.']);
});

test('the Kawasaki zip without shapes.txt and a colour with "#" give precise errors; Tokyo keeps running', async ({ page }, testInfo) => {
  await recordErrors(page);
  // A weekday morning in Tokyo, so that trains run whatever the hour the test runs at (between about 01:00 and 04:30
  // in Tokyo none do, and the test waited for them in vain).
  await page.goto(`/?lang=en&theme=light&time=${enc('2026-11-24T08:00:00+09:00')}&gtfsurl=${enc(server.url('/kawasaki.zip'))}&gtfscolor=${enc('#ff0000')}`);
  await waitForMark(page, 'tt:network-drawn');
  await expect.poll(() => mapErrors(page), { timeout: 60_000 }).toHaveLength(2);
  const errors = await mapErrors(page);
  expect(errors).toContain('Invalid URL parameter "gtfscolor": "#ff0000" starts with "#"; write the hex digits without it, e.g. gtfscolor=ff0000.');
  expect(errors).toContainEqual(expect.stringMatching(/^GTFS feed http:\/\/127\.0\.0\.1:\d+\/kawasaki\.zip: the GTFS zip has no shapes\.txt \(a feed needs agency\.txt, stops\.txt, routes\.txt, trips\.txt, stop_times\.txt, calendar\.txt or calendar_dates\.txt, shapes\.txt\)\.$/));
  expect(await page.evaluate(() => window.map.getDataSources())).toMatchObject([{ id: 'gtfs-1', status: 'failed' }]);
  // Tokyo keeps running: the camera stayed on Tokyo, trains are drawn and the map still answers.
  await waitForMark(page, 'tt:trains-drawn');
  const center = await page.evaluate(() => window.map.getCenter());
  expect(center.lng).toBeCloseTo(139.767, 2);
  const frames = await page.evaluate(() => window.map.getRenderStats().frames);
  await expect.poll(() => page.evaluate(() => window.map.getRenderStats().frames), { timeout: 30_000 }).toBeGreaterThan(frames + 2);
  await attachPng(testInfo, 'tokyo-after-kawasaki', await page.screenshot());
});

