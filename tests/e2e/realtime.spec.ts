/**
 * Real-time delays from the open data center, end to end: the app is pointed
 * at two local ODPT servers (`tests/support/odpt-server.ts`, main host and
 * challenge host, each enforcing its consumer key) that serve the fixtures of
 * `tests/support/odpt-fixtures.ts`, with the page's clock at their snapshot
 * time (Wednesday 2026-11-18 08:00 in Tokyo).
 *
 * Checks:
 * 1. Tokyo Metro Ginza A701, reported 180 s late, carries the orange delay
 *    sphere (pixels above its roof are orange) and its popup says "3 min late";
 *    when the server then reports it 30 s late, sphere and delay text go away.
 * 2. JR-East Yamanote 702G, reported 30 s late, has no sphere and no delay
 *    text; when the server then reports it 180 s late, both appear (so the
 *    first half is not passing because the method cannot see a sphere).
 * 3. With the clock in playback (`time` option, not real time), nothing is
 *    polled and no sphere is drawn at A701, although the server reports its delay.
 * 4. Killing the main server keeps trains moving (positions and pixels change)
 *    and fires the map's `error` event exactly once over several failed polls.
 *
 * How the sphere is seen: the camera looks at the train from the side (bearing
 * = train heading + 90°, pitch 60°), so the sphere, which floats above the
 * head car, is the only thing drawn in the upper half of its own outline
 * (computed from the train's position and the car size of the current zoom);
 * the window is counted for orange pixels (#FF9500 shaded, the colour).
 * The Ginza line and its cars are that same orange, which is why the window
 * excludes the car and the track. Station names are drawn on a canvas above
 * the trains, and where the train is held depends on how long the page took
 * to load (A701 stands at Kyobashi for the first ~16 s: its name covered up to
 * 85 % of the window), so names are hidden while the window is screenshot.
 *
 * The page's clock: Playwright's `page.clock` fakes `requestAnimationFrame`
 * and timers too; under software WebGL (a frame takes seconds) its catch-up
 * fires hundreds of queued animation frames and the page stops responding.
 * An init script shifts `Date` alone to the fixture time instead (it keeps
 * running, so trains move), and can hold it still while a view is measured,
 * so that the drawn frame and the position read through the API agree.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { withBaseUrls, type OdptHostConfig } from '../../src/data/realtime/odpt-config.ts';
import { carSize } from '../../src/data/trains/compose-frame.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../../src/data/geometry/track-units.ts';
import type { Map as TransitMap } from '../../src/index.ts';
import type { MapOptions } from '../../src/api/option-types.ts';
import {
  CHALLENGE_HOST_FIXTURES,
  FIXTURE_CASES,
  FIXTURE_DATE,
  FIXTURE_TIME,
  ODPT_HOST_FIXTURES,
  TRAIN_GINZA_A701_DELAYED_3MIN,
  TRAIN_YAMANOTE_702G_DELAYED_30S,
} from '../support/odpt-fixtures.ts';
import { startOdptServer, type OdptFixtureSet, type OdptServerHandle } from '../support/odpt-server.ts';
import { waitForCameraToSettle } from './support/map-page.ts';
import { installTestClock, type TestClock } from './support/test-clock.ts';
import { showsWithinFrames, waitForTrainFrames } from './support/waits.ts';
import { attachPng, crop, diffMask, maskOverlay, screenshotImage, type RgbaImage } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

/** Fake consumer keys (digits and lowercase letters, as the `secrets` option requires). */
const KEYS = { odpt: 'e2eodptkey1', challenge2025: 'e2echallengekey2' } as const;
const A701 = FIXTURE_CASES.delayed3min;
const G702 = FIXTURE_CASES.delayed30s;
/** Yamanote 9601G: reported by the challenge host, in no timetable. */
const EXTRA = FIXTURE_CASES.extra;
/** Zoom of the measured views: below zoom 18 cars (and spheres) have a constant size on screen, and trains move slowly on it. */
const ZOOM = 15;
const PITCH = 60;
/** Poll interval given to the app (the smallest the option accepts). */
const INTERVAL_MS = 1000;

/** What the init script adds to the page. */
interface TestWindow {
  map: TransitMap;
  /** Messages of the map's `error` events, oldest first. */
  mapErrors: string[];
  testClock: TestClock;
}

/** Both local hosts, and the host settings that point the app at them. */
interface Servers {
  main: OdptServerHandle;
  challenge: OdptServerHandle;
  hosts: OdptHostConfig[];
}

async function startServers(): Promise<Servers> {
  const main = await startOdptServer({ key: KEYS.odpt, fixtures: ODPT_HOST_FIXTURES });
  const challenge = await startOdptServer({ key: KEYS.challenge2025, fixtures: CHALLENGE_HOST_FIXTURES });
  return { main, challenge, hosts: withBaseUrls({ odpt: main.url, challenge: challenge.url }) };
}

/** Fixtures with one train record's delay replaced. */
function withDelay(fixtures: OdptFixtureSet, record: Record<string, unknown>, delay: number): OdptFixtureSet {
  return { ...fixtures, trains: fixtures.trains.map((t) => (t === record ? { ...record, 'odpt:delay': delay } : t)) };
}

/** The map options the tests vary (plain data, passed into the page). */
interface TestMapOptions {
  secrets: { odpt: string; challenge2025: string };
  realtime: { hosts: OdptHostConfig[]; intervalMs: number };
  /** No flight information hosts: with a token the airplanes would poll the open data center itself (flights.spec serves them). */
  flights: { hosts: [] };
  /** Playback start (not real-time mode). */
  time?: string;
}

/** Real-time settings for the local servers. */
function realtimeOptions(servers: Servers): TestMapOptions {
  return { secrets: { ...KEYS }, realtime: { hosts: servers.hosts, intervalMs: INTERVAL_MS }, flights: { hosts: [] } };
}

/**
 * Opens the app page with the clock at the fixture time, replaces its map by
 * one with the given options (English, light theme, zoom {@link ZOOM}) that
 * records its `error` events, and waits until network and trains are drawn.
 */
async function openMap(page: Page, options: TestMapOptions): Promise<void> {
  await page.addInitScript(installTestClock, FIXTURE_TIME);
  await page.goto('/?lang=en&theme=light');
  await page.waitForFunction(() => (window as unknown as { map?: unknown }).map !== undefined);
  await page.evaluate(({ options, zoom }) => {
    const w = window as unknown as TestWindow;
    w.map.remove();
    performance.clearMarks();
    const MapClass = w.map.constructor as new (options: MapOptions) => TransitMap;
    w.mapErrors = [];
    w.map = new MapClass({ container: 'map', lang: 'en', theme: 'light', zoom, ...options });
    w.map.on('error', (e) => w.mapErrors.push(e.message));
  }, { options, zoom: ZOOM });
  await page.waitForFunction(() => ['tt:network-drawn', 'tt:trains-drawn'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 150_000 });
}

function mapErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as TestWindow).mapErrors]);
}

/**
 * The map's errors other than a request that took longer than the client's
 * 10 s limit. On a loaded 2-CPU machine a poll of the local server now and
 * then takes that long while the test holds and screenshots a heavy view (seen
 * in CI: both hosts at once, while every assertion on the data passed); the
 * map reports it and recovers, which the test that kills the server checks.
 * Every other error (malformed answers, unknown ids, HTTP errors) still fails.
 */
async function dataErrors(page: Page): Promise<string[]> {
  return (await mapErrors(page)).filter((message) => !/: no complete answer within \d+ ms \(request aborted\)\.$/.test(message));
}

/** Waits until a server has answered `polls` more `odpt:Train` requests (each poll of a host asks once). */
async function waitForPolls(server: OdptServerHandle, polls: number): Promise<void> {
  const start = server.requestCount('odpt:Train');
  await expect.poll(() => server.requestCount('odpt:Train'), { timeout: 60_000 }).toBeGreaterThanOrEqual(start + polls);
}

type Point = { x: number; y: number };

/** A train held still on screen, seen from its side, and where its delay sphere would be drawn. */
interface SideView {
  /** The train, and where its head was when the view was measured (it must not move before the screenshot). */
  id: string;
  at: { lng: number; lat: number; altitude: number };
  /** Centre of the head car (for pointing at it). */
  car: Point;
  /** Centre and top of the sphere. */
  centre: Point;
  top: Point;
  /** Sphere radius, pixels. */
  radius: number;
}

/**
 * Points the camera at train `id` from its side in `viewMode`, holds the
 * page's clock still, waits for frames of that instant to be drawn, and
 * returns where the head car and its sphere are on screen.
 */
async function holdSideView(page: Page, id: string, viewMode: 'ground' | 'underground'): Promise<SideView> {
  await page.evaluate(() => (window as unknown as TestWindow).testClock.resume());
  await page.evaluate((mode) => void window.map.setViewMode(mode), viewMode);
  const before = await page.evaluate((train) => window.map.getTrainPosition(train), id);
  expect(before, `${id} is drawn`).not.toBeNull();
  const bearing = ((before!.bearing + 90 + 540) % 360) - 180;
  // Jump there, and again if a slow frame let another camera update win (seen once in CI: the view stayed put).
  await expect
    .poll(
      async () => {
        const camera = await page.evaluate(() => ({ zoom: window.map.getZoom(), ...window.map.getCenter() }));
        const there = Math.abs(camera.zoom - ZOOM) < 0.01 && Math.abs(camera.lng - before!.lng) < 1e-5 && Math.abs(camera.lat - before!.lat) < 1e-5;
        if (!there) await page.evaluate(({ p, zoom, pitch, bearing }) => void window.map.jumpTo({ center: [p.lng, p.lat], zoom, pitch, bearing }), { p: before!, zoom: ZOOM, pitch: PITCH, bearing });
        return there;
      },
      { message: `the camera reaches the side view of ${id}`, timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  await waitForCameraToSettle(page);
  await page.evaluate(() => (window as unknown as TestWindow).testClock.pause());
  await waitForTrainFrames(page);
  // A poll answered meanwhile can move the train by its new delay (minutes of travel): centre on it again until it stays put.
  let position = await page.evaluate((train) => window.map.getTrainPosition(train), id);
  for (let attempt = 0; attempt < 4 && position; attempt++) {
    const p = position;
    const offCentre = await page.evaluate((q) => {
      const at = window.map.project([q.lng, q.lat]);
      const centre = window.map.project(window.map.getCenter());
      return Math.hypot(at.x - centre.x, at.y - centre.y);
    }, p);
    if (offCentre < 20) break;
    await page.evaluate(({ q, zoom, pitch, bearing }) => void window.map.jumpTo({ center: [q.lng, q.lat], zoom, pitch, bearing }), { q: p, zoom: ZOOM, pitch: PITCH, bearing });
    await waitForCameraToSettle(page);
    await waitForTrainFrames(page);
    position = await page.evaluate((train) => window.map.getTrainPosition(train), id);
  }
  expect(position, `${id} is still drawn`).not.toBeNull();
  // The sphere: centred 1.6 car heights above the head car's position, radius 0.75 car widths (src/data/trains/compose-frame.ts, src/layers/delay-marker-layer.ts).
  const [, width, height] = carSize(ZOOM, { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES });
  const points = await page.evaluate(
    ({ p, width, height }) => ({
      car: window.map.project([p.lng, p.lat], p.altitude + height / 2),
      centre: window.map.project([p.lng, p.lat], p.altitude + height * 1.6),
      top: window.map.project([p.lng, p.lat], p.altitude + height * 1.6 + width * 0.75),
    }),
    { p: position!, width, height },
  );
  // Vertical distances shrink by sin(pitch) on screen; horizontal ones (along the train, seen from its side) do not.
  const radius = (points.centre.y - points.top.y) / Math.sin((PITCH * Math.PI) / 180);
  return { id, at: { lng: position!.lng, lat: position!.lat, altitude: position!.altitude }, ...points, radius };
}

/** Whether a pixel is the sphere's orange (#FF9500, shaded 70–100 %, nearly opaque). */
function isMarkerOrange(r: number, g: number, b: number): boolean {
  return r >= 150 && b <= 80 && g / r >= 0.45 && g / r <= 0.7;
}

/**
 * Share of orange pixels in the upper half of where the sphere would be:
 * from its top to 2 px above its centre (clear of the car roof, even where the
 * track curves) and within 0.6 radii sideways.
 */
function sphereCoverage(image: RgbaImage, view: SideView): { orange: number; total: number; share: number } {
  let orange = 0;
  let total = 0;
  for (let y = Math.ceil(view.top.y + 1); y <= Math.floor(view.centre.y - 2); y++) {
    for (let x = Math.ceil(view.centre.x - view.radius * 0.6); x <= Math.floor(view.centre.x + view.radius * 0.6); x++) {
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const i = (y * image.width + x) * 4;
      total++;
      if (isMarkerOrange(image.data[i], image.data[i + 1], image.data[i + 2])) orange++;
    }
  }
  return { orange, total, share: total ? orange / total : 0 };
}

/** A 4× enlargement of the 100×70 pixels around the sphere, for the report. */
function closeUp(image: RgbaImage, view: SideView): RgbaImage {
  const part = crop(image, { x: Math.round(view.centre.x - 50), y: Math.round(view.centre.y - 35), width: 100, height: 70 });
  const scale = 4;
  const out = new Uint8Array(part.width * scale * part.height * scale * 4);
  for (let y = 0; y < part.height * scale; y++) {
    for (let x = 0; x < part.width * scale; x++) {
      const from = (Math.floor(y / scale) * part.width + Math.floor(x / scale)) * 4;
      out.set(part.data.subarray(from, from + 4), (y * part.width * scale + x) * 4);
    }
  }
  return { width: part.width * scale, height: part.height * scale, data: out };
}

/**
 * Screenshots the held view with station names hidden (they are drawn above
 * the trains and may cover the sphere's window), attaches it and a close-up,
 * and measures the sphere window.
 */
async function measureSphere(page: Page, view: SideView, testInfo: TestInfo, name: string) {
  await page.evaluate(() => void window.map.setLayerVisibility('stations', 'none'));
  await waitForTrainFrames(page);
  const image = await screenshotImage(page, { testInfo, name: `${name}.png` });
  await page.evaluate(() => void window.map.setLayerVisibility('stations', 'visible'));
  // The clock was held: the frame screenshot is the one the window was computed from.
  expect(await page.evaluate((id) => window.map.getTrainPosition(id), view.id), `${view.id} has not moved since the window was computed`).toMatchObject(view.at);
  await attachPng(testInfo, `${name}-close-up.png`, closeUp(image, view));
  const coverage = sphereCoverage(image, view);
  testInfo.annotations.push({
    type: 'sphere',
    description: `${name}: ${coverage.orange}/${coverage.total} orange pixels above the head car (radius ${view.radius.toFixed(1)} px, centre ${view.centre.x.toFixed(1)},${view.centre.y.toFixed(1)})`,
  });
  expect(coverage.total, `${name}: the sphere window is on screen`).toBeGreaterThan(20);
  return coverage;
}

/** Points at the held train until a popup shows, and returns the popup. */
async function pointAt(page: Page, view: SideView) {
  const popup = page.getByTestId('train-popup');
  // Attempts, a pixel apart: the car's centre is computed, and a pick may just miss it.
  for (let attempt = 0; attempt < 6 && !(await popup.isVisible()); attempt++) {
    await page.mouse.move(view.car.x + (attempt % 3) - 1, view.car.y);
    await showsWithinFrames(page, 'train-popup');
  }
  await expect(popup).toBeVisible();
  return popup;
}

/**
 * Points at the held train `id` and returns its popup. Trains of both
 * directions share a line's track, so at the held instant another train may
 * be passing over it; then the clock runs a few seconds and the view is held again.
 */
async function hoverPopup(page: Page, view: SideView, id: string, viewMode: 'ground' | 'underground') {
  const number = id.slice(id.lastIndexOf('.') + 1);
  let current = view;
  for (let attempt = 0; ; attempt++) {
    const popup = await pointAt(page, current);
    if ((await popup.textContent())?.includes(`Train ${number}`) || attempt >= 3) return popup;
    await unhover(page);
    await page.evaluate(() => (window as unknown as TestWindow).testClock.resume());
    // What is waited for is time on the page's clock: a few seconds for the passing train to move on.
    await page.waitForTimeout(4000);
    current = await holdSideView(page, id, viewMode);
  }
}

/** Moves the pointer off the trains (top left, under the clock) so the popup closes. */
async function unhover(page: Page) {
  await page.mouse.move(5, 700);
  await expect(page.getByTestId('train-popup')).toBeHidden({ timeout: 30_000 });
}

test.describe('real-time delays from a local ODPT server', () => {
  let servers: Servers;

  test.beforeEach(async () => {
    servers = await startServers();
  });

  test.afterEach(async () => {
    await servers.main.close();
    await servers.challenge.close();
  });

  test('a train 3 minutes late carries the orange sphere and "3 min late" in its popup', async ({ page }, testInfo) => {
    test.setTimeout(300_000); // a train passing over the held one makes it hold a new view and point again (hoverPopup)
    await openMap(page, realtimeOptions(servers));
    await waitForPolls(servers.main, 1);
    await waitForTrainFrames(page);

    const late = await holdSideView(page, A701, 'underground');
    const coverage = await measureSphere(page, late, testInfo, 'a701-180s');
    expect(coverage.share, 'the space above A701 is filled by the orange sphere').toBeGreaterThan(0.6);
    const popup = await hoverPopup(page, late, A701, 'underground');
    await expect(popup.getByTestId('popup-railway')).toHaveText('Ginza Line');
    await expect(popup).toContainText('Train A701');
    await expect(popup.getByTestId('popup-delay')).toHaveText('3 min late');
    await attachPng(testInfo, 'a701-popup.png', await page.screenshot());
    await unhover(page);

    // The server now reports 30 s: sphere and delay text go away (the check above can fail).
    servers.main.setFixtures(withDelay(ODPT_HOST_FIXTURES, TRAIN_GINZA_A701_DELAYED_3MIN, 30));
    await page.evaluate(() => (window as unknown as TestWindow).testClock.resume());
    await waitForPolls(servers.main, 2);
    const onTime = await holdSideView(page, A701, 'underground');
    const after = await measureSphere(page, onTime, testInfo, 'a701-30s');
    expect(after.share, 'no sphere once A701 is only 30 s late').toBeLessThan(0.05);
    const popupAfter = await hoverPopup(page, onTime, A701, 'underground');
    await expect(popupAfter).toContainText('Train A701');
    await expect(popupAfter.getByTestId('popup-delay')).toHaveCount(0);
    expect(await dataErrors(page)).toEqual([]);
  });

  test('a train 30 s late has no sphere and no delay in its popup', async ({ page }, testInfo) => {
    test.setTimeout(300_000); // a train passing over the held one makes it hold a new view and point again (hoverPopup)
    await openMap(page, realtimeOptions(servers));
    await waitForPolls(servers.challenge, 1);
    await waitForTrainFrames(page);

    const slightlyLate = await holdSideView(page, G702, 'ground');
    const coverage = await measureSphere(page, slightlyLate, testInfo, '702g-30s');
    expect(coverage.share, 'nothing orange above 702G').toBeLessThan(0.05);
    const popup = await hoverPopup(page, slightlyLate, G702, 'ground');
    await expect(popup.getByTestId('popup-railway')).toHaveText('Yamanote Line');
    await expect(popup).toContainText('Train 702G');
    await expect(popup.getByTestId('popup-delay')).toHaveCount(0);
    await expect(popup).not.toContainText('min late');
    await unhover(page);

    // Control: the same train reported 3 minutes late gets the sphere in the same window.
    servers.challenge.setFixtures(withDelay(CHALLENGE_HOST_FIXTURES, TRAIN_YAMANOTE_702G_DELAYED_30S, 180));
    await page.evaluate(() => (window as unknown as TestWindow).testClock.resume());
    await waitForPolls(servers.challenge, 2);
    const late = await holdSideView(page, G702, 'ground');
    const control = await measureSphere(page, late, testInfo, '702g-180s');
    expect(control.share, 'the same view shows the sphere once 702G is 3 min late').toBeGreaterThan(0.6);
    await expect((await hoverPopup(page, late, G702, 'ground')).getByTestId('popup-delay')).toHaveText('3 min late');
    expect(await dataErrors(page)).toEqual([]);
  });

  test('an extra train with no timetable shows its popup and can be tracked like any other', async ({ page }, testInfo) => {
    test.setTimeout(300_000); // a train passing over the held one makes it hold a new view and point again (hoverPopup)
    await openMap(page, realtimeOptions(servers));
    await waitForPolls(servers.challenge, 1);
    await waitForTrainFrames(page);

    const view = await holdSideView(page, EXTRA, 'ground');
    const popup = await hoverPopup(page, view, EXTRA, 'ground');
    await expect(popup.getByTestId('popup-railway')).toHaveText('Yamanote Line');
    await expect(popup).toContainText('Train 9601G');
    // Reported leaving Shinagawa for Osaki (it stands at Osaki once the hop's two minutes are up).
    await expect(popup).toContainText('Osaki');
    await attachPng(testInfo, 'extra-popup.png', await page.screenshot());

    // Clicking it selects and tracks it; the timetable panel lists the two reported stations.
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(() => page.evaluate(() => window.map.getSelection()), { timeout: 60_000 }).toBe(EXTRA);
    const panel = page.getByTestId('tracking-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('timetable')).toContainText('Shinagawa');
    await expect(panel.getByTestId('timetable')).toContainText('Osaki');
    await attachPng(testInfo, 'extra-tracked.png', await page.screenshot());
    expect(await dataErrors(page)).toEqual([]);
  });

  test('no sphere and no polling when the clock is not in real-time mode', async ({ page }, testInfo) => {
    await openMap(page, { ...realtimeOptions(servers), time: FIXTURE_DATE });
    // What is tested is an absence over time: no poll of the hosts in four intervals.
    await page.waitForTimeout(4 * INTERVAL_MS);
    const view = await holdSideView(page, A701, 'underground');
    const coverage = await measureSphere(page, view, testInfo, 'a701-playback');
    expect(coverage.share, 'no sphere above A701 in playback').toBeLessThan(0.05);
    const popup = await hoverPopup(page, view, A701, 'underground');
    await expect(popup).toContainText('Train A701');
    await expect(popup.getByTestId('popup-delay')).toHaveCount(0);
    expect(servers.main.requestCount() + servers.challenge.requestCount(), 'requests to the real-time hosts in playback').toBe(0);
    expect(await mapErrors(page)).toEqual([]);
  });

  test('killing the server keeps trains moving and reports the error once', async ({ page }, testInfo) => {
    const failedPolls: string[] = [];
    page.on('requestfailed', (request) => {
      const url = new URL(request.url());
      if (url.port === String(servers.main.port) && decodeURIComponent(url.pathname).endsWith('/odpt:Train')) failedPolls.push(request.failure()?.errorText ?? '');
    });
    await openMap(page, realtimeOptions(servers));
    await waitForPolls(servers.main, 2);
    await waitForTrainFrames(page);
    expect(await mapErrors(page), 'no error while the server answers').toEqual([]);
    const trains = [A701, G702, FIXTURE_CASES.onTime];
    const positions = () => page.evaluate((ids) => Promise.all(ids.map((id) => window.map.getTrainPosition(id))), trains);
    const before = await positions();
    const first = await screenshotImage(page, { testInfo, name: 'before-kill.png' });

    await servers.main.close();
    const challengeAnswers = servers.challenge.requestCount('odpt:Train');
    // Back-off doubles the wait after each failure (1 s, 2 s, 4 s, ...): three failed polls take about 7 s.
    await expect.poll(() => failedPolls.length, { timeout: 90_000, message: 'failed polls of the killed host' }).toBeGreaterThanOrEqual(3);
    await waitForTrainFrames(page);
    const after = await positions();
    const second = await screenshotImage(page, { testInfo, name: 'after-kill.png' });

    const errors = await mapErrors(page);
    expect(errors, `one error for the outage over ${failedPolls.length} failed polls`).toHaveLength(1);
    expect(errors[0]).toContain('host "odpt"');
    expect(errors[0]).toContain('could not be reached');
    expect(errors[0]).not.toContain(KEYS.odpt);
    expect(servers.challenge.requestCount('odpt:Train'), 'the other host is still polled').toBeGreaterThan(challengeAnswers);

    trains.forEach((id, k) => {
      expect(before[k], `${id} drawn before`).not.toBeNull();
      expect(after[k], `${id} drawn after`).not.toBeNull();
    });
    const moved = trains.filter((_, k) => before[k]!.lng !== after[k]!.lng || before[k]!.lat !== after[k]!.lat);
    expect(moved.length, `trains that moved after the server died: ${moved.join(', ')}`).toBeGreaterThanOrEqual(2);
    const { mask } = diffMask(first, second, 40);
    let changed = 0;
    for (let y = 100; y < 660; y++) for (let x = 0; x < first.width; x++) changed += mask[y * first.width + x];
    await attachPng(testInfo, 'moved.png', maskOverlay(second, mask));
    expect(changed, 'map pixels changed by moving trains').toBeGreaterThan(300);
  });
});
