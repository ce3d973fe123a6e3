/**
 * The app built from one GTFS feed (`npm start -- --gtfs`, the second server of playwright.config.ts): on the Halifax feed, a
 * weekday morning (Wednesday 10 Sep 2025, 08:15 in Halifax, playback from there) opens on the whole network with
 * the feed's buses and ferries running from their timetables, each drawn by its route type and tracked with its
 * stops in Halifax time, and a busy stop found by its name lists its next departures. In real time, with the clock at
 * the shared TripUpdate snapshot's time (Thursday 6 Nov 2025, 17:04 in Halifax) and that snapshot served by a local
 * server (`?tripupdates=`), a bus the feed reports late says so in its panel; with the VehiclePosition snapshot
 * instead (`?vehiclepositions=`), a bus seen behind its timetable says how late in its panel.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { startGtfsServer } from '../support/gtfs-server.ts';
import { feedRows, inService, tripRoutes, tripTimes, type StopTimes } from '../support/halifax-feed.ts';
import { readSharedGtfs } from '../support/gtfs-server.ts';
import { decodeVehiclePositions } from '../../src/data/gtfs/vehicle-positions.ts';
import { checkTripUpdates, HALIFAX_TRIP_UPDATES, steadilyLate } from '../support/trip-updates-proto.ts';
import { installTestClock } from './support/test-clock.ts';
import { getCamera, project, sharePage } from './support/map-page.ts';
import { attachPng, countColor, crop, footprintAt, hex, maskOverlay, rectAround, screenshotImage, stillScreenshot, type Footprint, type Rgb, type RgbaImage } from './support/pixels.ts';
import { waitForTrainFrames } from './support/waits.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';
import { CITY_PORT } from '../../playwright.config.ts';

test.use({ baseURL: `http://127.0.0.1:${CITY_PORT}/` });

const WEEKDAY = '2025-09-10';
const MORNING = `time=${encodeURIComponent(`${WEEKDAY}T08:15:00-03:00`)}`;
/** Halifax's offset from UTC on that date (Atlantic Daylight Time), seconds. */
const HALIFAX_OFFSET = -3 * 3600;
/** Its offset in winter (Atlantic Standard Time, from 2 Nov 2025), seconds. */
const HALIFAX_STANDARD_OFFSET = -4 * 3600;
/** The zoom the vehicles are measured at: their real size (`src/data/trains/vehicle-shapes.ts`). */
const CLOSE_ZOOM = 18;

async function openWithVehicles(page: Page, query = MORNING) {
  await page.goto(`/?lang=en&theme=light&${query}`);
  await page.waitForFunction(() => ['tt:network-drawn', 'tt:trains-drawn'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 180_000 });
}

/**
 * These share one page at 08:15 (opening the map takes seconds under software WebGL); each starts with no panel open
 * and nothing selected, the camera where the one before left it.
 */
test.describe.serial('on one page at 08:15', () => {
  const shared = sharePage((page) => openWithVehicles(page), {
    basemap: true,
    reset: async (page) => {
      await page.keyboard.press('Escape');
      await page.evaluate(() => void window.map.setSelection(null));
    },
  });

  test('opens on the feed\'s network with its vehicles running from the timetables', async () => {
    const { page } = shared;
    const camera = await getCamera(page);
    expect(camera.lng).toBeGreaterThan(-64);
    expect(camera.lng).toBeLessThan(-63.2);
    expect(camera.lat).toBeGreaterThan(44.5);
    expect(camera.lat).toBeLessThan(44.9);
    // 212 trips are in service at 08:15 by the feed's stop_times.txt and calendar (tests/unit/city-gtfs.test.ts).
    await expect.poll(() => page.evaluate(() => window.map.getRenderStats().trains)).toBeGreaterThan(180);
    const stats = await page.evaluate(() => window.map.getRenderStats());
    expect(stats.trains).toBeLessThan(260);
    expect(stats.cars).toBeGreaterThan(0);
    // The clock shows Halifax time, and so does app info.
    await expect(page.getByTestId('clock-time')).toContainText('08:1');
    await page.getByTestId('app-info-button').click();
    await expect(page.getByTestId('static-updated')).toHaveText(/ A[DS]T$/);
  });

  test('a stop found by its name lists its next departures', async () => {
    const { page } = shared;
    await page.getByTestId('search-button').click();
    const input = page.getByRole('combobox', { name: 'Search stations' });
    await input.pressSequentially('Barrington St Before Sackville');
    await expect(page.getByTestId('search-option').first()).toContainText('Barrington St Before Sackville St');
    await input.press('Enter');
    const panel = page.getByTestId('station-panel');
    await expect(panel.getByTestId('departure').first()).toBeVisible({ timeout: 60_000 });
    const rows = await panel.getByTestId('departure').allInnerTexts();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.join('\n')).toMatch(/08:[1-5]\d/);
  });

  test('draws a bus as a bus and a ferry as a boat, each tracked with its stops in Halifax time', async ({}, testInfo) => {
    const { page } = shared;
    await page.evaluate(() => ['railways', 'stations', 'station-names'].forEach((id) => window.map.setLayerVisibility(id, 'none')));
    const bus = await runningVehicle(page, 3);
    const busShape = await trackAndMeasure(page, bus, 'bus', testInfo);
    const ferry = await runningVehicle(page, 4);
    const ferryShape = await trackAndMeasure(page, ferry, 'ferry', testInfo);
    const metres = (f: typeof busShape) => ({ length: f.length * f.metresPerPixel, width: f.width * f.metresPerPixel, area: f.area * f.metresPerPixel ** 2, profile: f.profile.map((w) => w * f.metresPerPixel) });
    const b = metres(busShape);
    const f = metres(ferryShape);
    testInfo.annotations.push({ type: 'footprints', description: `bus ${b.length.toFixed(1)} × ${b.width.toFixed(1)} m, ${b.area.toFixed(0)} m²; ferry ${f.length.toFixed(1)} × ${f.width.toFixed(1)} m, ${f.area.toFixed(0)} m², widths ${f.profile.map((w) => w.toFixed(1)).join(' ')}` });
    // A bus: one box about 12 m by 2.5 m, as wide at both ends.
    expect(b.length).toBeGreaterThan(10);
    expect(b.length).toBeLessThan(15);
    expect(b.width).toBeGreaterThan(1.8);
    expect(b.width).toBeLessThan(4);
    expect(Math.min(b.profile[0], b.profile.at(-1)!)).toBeGreaterThan(0.6 * Math.max(...b.profile));
    // A ferry: a hull about 40 m by 10 m, pointed at its bow.
    expect(f.length).toBeGreaterThan(34);
    expect(f.length).toBeLessThan(48);
    expect(f.width).toBeGreaterThan(8);
    expect(f.width).toBeLessThan(13);
    expect(Math.min(f.profile[0], f.profile.at(-1)!)).toBeLessThan(0.5 * Math.max(...f.profile));
    expect(f.area).toBeGreaterThan(6 * b.area);
  });
});

/**
 * The colours met along a line across the screenshot, from `from` towards `to`, one pixel a step: each run of
 * pixels within `tolerance` of one of `colors` (its index), with the other pixels between runs left out.
 */
function bandsAcross(image: RgbaImage, from: { x: number; y: number }, to: { x: number; y: number }, colors: readonly Rgb[], tolerance: number): number[] {
  const steps = Math.round(Math.hypot(to.x - from.x, to.y - from.y));
  const bands: number[] = [];
  let previous = -1;
  for (let s = 0; s <= steps; s++) {
    const [x, y] = [Math.round(from.x + ((to.x - from.x) * s) / steps), Math.round(from.y + ((to.y - from.y) * s) / steps)];
    const i = (y * image.width + x) * 4;
    const color = colors.findIndex((c) => c.every((v, k) => Math.abs(image.data[i + k] - v) <= tolerance));
    if (color >= 0 && color !== previous) bands.push(color);
    previous = color;
  }
  return bands;
}

test('draws routes that share a street side by side, each in its own colour', async ({ page }, testInfo) => {
  // Arklow Drive in Dartmouth, shared for 5 km by routes 168A and 168B (green in routes.txt) and 68 (blue); the
  // geometry is checked in tests/unit/city-corridors.test.ts. At 03:30 no bus runs, so nothing covers the lines.
  await page.goto(`/?lang=en&theme=light&time=${encodeURIComponent(`${WEEKDAY}T03:30:00-03:00`)}`);
  await page.waitForFunction(() => performance.getEntriesByName('tt:network-drawn').length > 0, null, { timeout: 180_000 });
  const street: [number, number][] = [[-63.482705, 44.677411], [-63.481371, 44.676553]]; // two points of its centre line
  await page.evaluate(([a, b]) => void window.map.jumpTo({ center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], zoom: 16, pitch: 0, bearing: 0 }), street);
  const image = await stillScreenshot(page, () => screenshotImage(page));
  await attachPng(testInfo, 'shared-street', image);
  const [a, b] = await Promise.all(street.map((p) => project(page, p)));
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const across = { x: (a.y - b.y) / length, y: (b.x - a.x) / length };
  const [GREEN, BLUE] = [hex('#00FF00'), hex('#0000FF')];
  // Three lines across the street at a quarter, half and three quarters of the way from one point to the other, 80 px
  // either side of its centre line (three routes, about 25 px apart): green, green and blue (in some order), each
  // its own band with the background between.
  for (const t of [0.25, 0.5, 0.75]) {
    const centre = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    const bands = bandsAcross(image, { x: centre.x - across.x * 80, y: centre.y - across.y * 80 }, { x: centre.x + across.x * 80, y: centre.y + across.y * 80 }, [GREEN, BLUE], 60);
    expect(bands.map((c) => ['green', 'blue'][c]).join(' '), `across the street ${t * 100}% of the way`).toMatch(/^(green green blue|blue green green|green blue green)$/);
  }
});

test('names the city while it loads, and draws the base map style its bundle names (--map-style)', async ({ page }, testInfo) => {
  // The bundle under test was built without one: its manifest gains the style a build with --map-style writes, and
  // the style's host answers with a one-colour land.
  const styleUrl = 'https://tiles.example.org/styles/halifax/style.json';
  const land = '#d01fc8';
  await page.route('**/data/manifest.json', async (route) => {
    const manifest = (await (await route.fetch()).json()) as { city: Record<string, unknown> };
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...manifest, city: { ...manifest.city, mapStyle: styleUrl } }) });
  });
  let styleRequests = 0;
  await page.route(styleUrl, (route) => {
    styleRequests++;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ version: 8, sources: {}, layers: [{ id: 'land', type: 'background', paint: { 'background-color': land } }] }) });
  });
  // While its network loads, the page names the city its manifest names (the network is held until it has).
  let releaseNetwork = () => {};
  const held = new Promise<void>((resolve) => (releaseNetwork = resolve));
  await page.route('**/data/network.*.bin', async (route) => {
    await held;
    await route.continue();
  });
  const opened = openWithVehicles(page);
  await expect(page.locator('.tt-status')).toHaveText('Loading the Halifax Transit network…', { timeout: 60_000 });
  releaseNetwork();
  await opened;
  // The map itself is named after the city too, for screen readers.
  await expect(page.getByRole('region', { name: '3D map of public transport: Halifax Transit' })).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => window.map.getMapLibreMap()?.getLayer('land')?.id ?? null)).toBe('land');
  expect(styleRequests).toBeGreaterThan(0);
  const image = await screenshotImage(page, { testInfo, name: 'city-map-style' });
  // The land shows wherever the network, the vehicles and the controls leave the map free.
  const rect = { x: 0, y: 0, width: image.width, height: image.height };
  expect(countColor(image, rect, hex(land), 12)).toBeGreaterThan(image.width * image.height * 0.3);
});

/** A vehicle running now: its selection id (`{line}.{trip}`, the line `{route}.{pattern}`), trip and stop times. */
interface Running {
  id: string;
  trip: string;
  times: StopTimes;
}

/**
 * A vehicle of GTFS route_type `type` running at the page's clock, from the feed's files: of the trips that left their
 * first stop and are still in service ten minutes on, the one that runs longest. Its line is one of its route's
 * patterns: the id the map knows is found by asking where each candidate is drawn.
 */
async function runningVehicle(page: Page, type: number): Promise<Running> {
  const now = await page.evaluate(() => window.map.clock.getTime());
  const seconds = (((now / 1000 + HALIFAX_OFFSET) % 86400) + 86400) % 86400;
  const routes = await tripRoutes();
  const trips = [...(await tripTimes(WEEKDAY))]
    .filter(([trip, times]) => routes.get(trip)!.type === type && times[0].departure < seconds && inService(times, seconds + 600))
    .sort(([, a], [, b]) => b[b.length - 1].arrival - a[a.length - 1].arrival)
    .slice(0, 3);
  const ids = trips.flatMap(([trip]) => Array.from({ length: 12 }, (_, n) => `${routes.get(trip)!.route}.${n + 1}.${trip}`));
  const id = await page.evaluate(async (ids) => {
    for (const id of ids) if (await window.map.getTrainPosition(id)) return id;
    return null;
  }, ids);
  expect(id, `a vehicle of route_type ${type} is drawn at ${seconds} s (candidates ${trips.map(([trip]) => trip).join(', ')})`).not.toBeNull();
  const trip = id!.slice(id!.lastIndexOf('.') + 1);
  return { id: id!, trip, times: trips.find(([t]) => t === trip)![1] };
}

/** `HH:MM` of seconds after midnight (as the timetable shows them). */
const hhmm = (seconds: number) => `${String(Math.floor(seconds / 3600) % 24).padStart(2, '0')}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}`;

/**
 * Tracks a vehicle from straight above at {@link CLOSE_ZOOM} (railways and stations hidden, the background plain):
 * checks that the tracking panel lists its stops at the feed's times and that the camera keeps it in view as it
 * moves, then measures its footprint on screen in metres.
 */
async function trackAndMeasure(page: Page, vehicle: Running, name: string, testInfo: TestInfo): Promise<Footprint & { metresPerPixel: number }> {
  const at = (await page.evaluate((id) => window.map.getTrainPosition(id), vehicle.id))!;
  await page.evaluate(({ lng, lat, zoom }) => void window.map.jumpTo({ center: [lng, lat], zoom, pitch: 0, bearing: 0 }), { ...at, zoom: CLOSE_ZOOM });
  await page.evaluate((id) => void window.map.setSelection(id), vehicle.id);
  const panel = page.getByTestId('tracking-panel');
  await expect(panel).toBeVisible({ timeout: 60_000 });
  // The panel may still show the vehicle tracked before (the bus, for the ferry) until it is redrawn: wait for it.
  const times = panel.locator('.tt-timetable-times');
  await expect(times, `${name}: one row per stop`).toHaveCount(vehicle.times.length);
  await expect(times.first()).toContainText(hhmm(vehicle.times[0].departure));
  await expect(times.last()).toContainText(hhmm(vehicle.times.at(-1)!.arrival));
  // A bus or a boat runs a trip, not a train.
  await expect(panel.locator('.tt-train-number')).toHaveText(/^Trip \S/);

  // The camera follows: as the vehicle moves on, it stays where it was on screen.
  const onScreen = () =>
    page.evaluate(async (id) => {
      const p = await window.map.getTrainPosition(id);
      return p && { ...p, ...window.map.project([p.lng, p.lat], p.altitude) };
    }, vehicle.id);
  await waitForTrainFrames(page, 3);
  const before = (await onScreen())!;
  await expect
    .poll(async () => {
      const now = (await onScreen())!;
      const metres = Math.hypot((now.lng - before.lng) * 111_320 * Math.cos((now.lat * Math.PI) / 180), (now.lat - before.lat) * 110_540);
      return metres > 15 ? Math.hypot(now.x - before.x, now.y - before.y) : null;
    }, { message: `${name} moves on and the camera follows it`, timeout: 90_000, intervals: [2000] })
    .toBeLessThan(40);

  await waitForTrainFrames(page, 2);
  const image = await screenshotImage(page);
  const seen = (await onScreen())!;
  const metresPerPixel = await page.evaluate(({ lng, lat }) => {
    const a = window.map.project([lng, lat]);
    const b = window.map.project([lng, lat + 0.001]);
    return 111.14 / Math.hypot(a.x - b.x, a.y - b.y);
  }, seen);
  const around = rectAround(seen, 400, 400, image);
  const footprint = footprintAt(image, around, seen);
  expect(footprint, `${name} is drawn near (${Math.round(seen.x)}, ${Math.round(seen.y)})`).not.toBeNull();
  await attachPng(testInfo, `${name}.png`, crop(image, around));
  await attachPng(testInfo, `${name}-footprint.png`, crop(maskOverlay(image, footprint!.mask), around));
  return { ...footprint!, metresPerPixel };
}

/** Selects the first of `trips` that is drawn (its vehicle id is `{route_id}.{n}.{trip_id}`), once its panel shows; that trip. */
async function trackOneOf<T extends { routeId: string; tripId: string }>(page: Page, trips: T[]): Promise<T> {
  const ids = trips.flatMap(({ routeId, tripId }) => Array.from({ length: 12 }, (_, n) => `${routeId}.${n + 1}.${tripId}`));
  const id = await page.evaluate(async (ids) => {
    for (const id of ids) if (await window.map.getTrainPosition(id)) return id;
    return null;
  }, ids);
  expect(id, `one of trips ${trips.map((t) => t.tripId).join(', ')} is drawn`).not.toBeNull();
  await page.evaluate((id) => void window.map.setSelection(id), id!);
  await expect(page.getByTestId('tracking-panel')).toBeVisible({ timeout: 60_000 });
  return trips.find((t) => id!.endsWith(`.${t.tripId}`))!;
}

test('a bus late by its TripUpdate says so in its panel', async ({ page }) => {
  const snapshot = checkTripUpdates(HALIFAX_TRIP_UPDATES);
  const server = await startGtfsServer({ '/TripUpdates.pb': { kind: 'body', body: HALIFAX_TRIP_UPDATES } });
  try {
    await page.addInitScript(installTestClock, snapshot.timestamp);
    await openWithVehicles(page, `tripupdates=${encodeURIComponent(server.url('/TripUpdates.pb'))}`);
    await expect.poll(() => server.requests.includes('/TripUpdates.pb'), { message: 'the app polls the TripUpdate feed' }).toBe(true);
    // Late by three minutes and more, steadily at every stop the feed lists, running from now for ten minutes (the page's
    // clock runs on from the snapshot's time while it loads): candidates for the panel.
    const seconds = (((snapshot.timestamp / 1000 + HALIFAX_STANDARD_OFFSET) % 86400) + 86400) % 86400;
    const times = await tripTimes('2025-11-06');
    const stillLate = new Set(steadilyLate(snapshot.trips, times, seconds + 600, 180).map((t) => t.tripId));
    const late = steadilyLate(snapshot.trips, times, seconds, 180).filter((t) => stillLate.has(t.tripId)).slice(0, 5);
    expect(late.length).toBeGreaterThan(0);
    const trip = await trackOneOf(page, late);
    const panel = page.getByTestId('tracking-panel');
    await expect(panel.getByTestId('popup-delay')).toHaveText(`${Math.floor(trip.delay / 60)} min late`, { timeout: 60_000 });
    await page.getByTestId('app-info-button').click();
    await expect(page.getByTestId('realtime-state')).toHaveText('Real-time data: on');
  } finally {
    await server.close();
  }
});

/**
 * How late a trip is when seen at a place, found by brute force over its timetable (every 5 s from its first
 * departure to its last arrival, moving in a straight line between stops and standing at each for its dwell): the
 * seen time minus the timetable time whose place is nearest; and how near that is, metres.
 */
function lateness(times: StopTimes, stops: Map<string, [number, number]>, [lng, lat]: [number, number], seconds: number) {
  const metres = ([x1, y1]: [number, number], [x2, y2]: [number, number]) => Math.hypot((x2 - x1) * 111_320 * Math.cos((y1 * Math.PI) / 180), (y2 - y1) * 110_574);
  let best = { delay: 0, distance: Infinity };
  for (let t = times[0].departure; t <= times[times.length - 1].arrival; t += 5) {
    const next = times.findIndex((s) => s.arrival >= t);
    const at = times[next];
    const before = times[Math.max(0, next - 1)];
    let place = stops.get(at.stop)!;
    if (t < at.arrival && before !== at && t > before.departure) {
      const f = (t - before.departure) / (at.arrival - before.departure);
      const [a, b] = [stops.get(before.stop)!, stops.get(at.stop)!];
      place = [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])];
    } else if (t < at.arrival) place = stops.get(before.stop)!;
    const distance = metres(place, [lng, lat]);
    if (distance < best.distance - 1 || (distance < best.distance + 1 && Math.abs(seconds - t) < Math.abs(best.delay))) best = { delay: seconds - t, distance: Math.min(distance, best.distance) };
  }
  return best;
}

test('a bus seen behind its timetable by its VehiclePosition says how late in its panel', async ({ page }) => {
  const bytes = readSharedGtfs('halifax/VehiclePositions.pb');
  const snapshot = decodeVehiclePositions(bytes);
  const server = await startGtfsServer({ '/VehiclePositions.pb': { kind: 'body', body: bytes } });
  try {
    await page.addInitScript(installTestClock, snapshot.timestamp!);
    await openWithVehicles(page, `vehiclepositions=${encodeURIComponent(server.url('/VehiclePositions.pb'))}`);
    await expect.poll(() => server.requests.includes('/VehiclePositions.pb'), { message: 'the app polls the VehiclePosition feed' }).toBe(true);
    // Buses seen three minutes and more behind their timetables, close to their trips' straight lines between stops.
    const times = await tripTimes('2025-11-06');
    const [header, ...rows] = await feedRows('stops.txt');
    const stops = new Map(rows.map((row) => [row[header.indexOf('stop_id')], [Number(row[header.indexOf('stop_lon')]), Number(row[header.indexOf('stop_lat')])] as [number, number]]));
    const local = (epochMs: number) => (((epochMs / 1000 + HALIFAX_STANDARD_OFFSET) % 86400) + 86400) % 86400;
    const late = snapshot.vehicles
      .filter((v) => times.has(v.tripId) && v.timestamp !== null)
      .map((v) => ({ ...v, ...lateness(times.get(v.tripId)!, stops, [v.lng, v.lat], local(v.timestamp!)) }))
      .filter((v) => v.delay >= 180 && v.distance < 100 && inService(times.get(v.tripId)!, local(snapshot.timestamp!) - v.delay + 600))
      .slice(0, 5);
    expect(late.length).toBeGreaterThan(0);
    const bus = await trackOneOf(page, late);
    test.info().annotations.push({ type: 'bus', description: `trip ${bus.tripId} seen ${bus.delay} s late, ${bus.distance.toFixed(0)} m from its trip's lines` });
    const panel = page.getByTestId('tracking-panel');
    // The app's timetables keep whole minutes, and it reads the place against the stops' straight lines as this does.
    const minutes = Math.floor(bus.delay / 60);
    await expect(panel.getByTestId('popup-delay')).toHaveText(new RegExp(`^(${minutes - 1}|${minutes}|${minutes + 1}) min late$`), { timeout: 60_000 });
    await page.getByTestId('app-info-button').click();
    await expect(page.getByTestId('realtime-state')).toHaveText('Real-time data: on');
  } finally {
    await server.close();
  }
});

/** A page of its own with two maps of the library: Tokyo (its bundle served from another path) and this city. */
const TWO_MAPS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>html, body { margin: 0; height: 100%; } #tokyo, #city { position: absolute; top: 0; bottom: 0; width: 50%; } #city { left: 50%; }</style>
</head><body><div id="tokyo"></div><div id="city"></div>
<script type="module">
  import { Map } from '/lib/index.js';
  const time = '${WEEKDAY}T08:15:00-03:00';
  window.errors = [];
  window.tokyoMap = new Map({ container: 'tokyo', lang: 'en', time, dataUrl: '/tokyo-data/' });
  window.cityMap = new Map({ container: 'city', lang: 'en', time });
  for (const map of [window.tokyoMap, window.cityMap]) map.on('error', (e) => window.errors.push(e.message));
</script></body></html>`;

test('two maps on one page, Tokyo and this city, each run their own timetables on their own clock zone', async ({ page }) => {
  const tokyoData = join(import.meta.dirname, '../../build/data');
  await page.route('**/two-maps.html', (route) => route.fulfill({ contentType: 'text/html', body: TWO_MAPS_PAGE }));
  await page.route('**/tokyo-data/**', async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    await route.fulfill({ body: await readFile(join(tokyoData, name)), contentType: name.endsWith('.json') ? 'application/json' : 'application/octet-stream' });
  });
  await serveEmptyBasemap(page); // Tokyo's base map is not what is checked here
  await page.goto('/two-maps.html');
  type Maps = { tokyoMap: typeof window.map; cityMap: typeof window.map; errors: string[] };
  const trains = () => page.evaluate(() => [(window as unknown as Maps).tokyoMap, (window as unknown as Maps).cityMap].map((map) => map.getRenderStats().trains));
  // 20:15 in Tokyo (a weekday evening: well over a thousand trains) is 08:15 in Halifax (212 trips in service).
  await expect.poll(async () => { const [tokyo, city] = await trains(); return tokyo > 1000 && city > 180; }, { timeout: 180_000, message: 'both maps draw their vehicles' }).toBe(true);
  await expect(page.locator('#tokyo').getByTestId('clock-time')).toContainText('20:1');
  await expect(page.locator('#city').getByTestId('clock-time')).toContainText('08:1');
  const centres = await page.evaluate(() => [(window as unknown as Maps).tokyoMap, (window as unknown as Maps).cityMap].map((map) => map.getCenter()));
  expect(centres[0].lng).toBeCloseTo(139.77, 1);
  expect(centres[1].lng).toBeGreaterThan(-64);
  expect(centres[1].lng).toBeLessThan(-63.2);
  expect(await page.evaluate(() => (window as unknown as Maps).errors)).toEqual([]);
  await attachPng(test.info(), 'two-maps.png', await page.screenshot());
});
