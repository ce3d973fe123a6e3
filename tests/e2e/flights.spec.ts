/**
 * Airplanes, against a local stand-in for the open data center's flight
 * information (`tests/support/flight-server.ts`): a busy hour of arrivals and
 * departures at Haneda and Narita in the services' published record format,
 * scheduled around the moment the test runs (the map runs in real time).
 *
 * - Aircraft are drawn near Haneda: the pixels that change when the airplanes
 *   are shown lie where the public API says aircraft are.
 * - Pointing at an aircraft opens its popup (airline, flight number, origin or
 *   destination, status, times, all from the records served).
 * - Clicking one tracks it: the tracking panel names it, `selection` fires
 *   with its id and the camera follows it; Escape ends it.
 * - A departure selected by id climbs (its altitude rises over time).
 * - The airplanes switch of the layers panel hides them (pixels) and shows them.
 * - In playback the day's flights fly by their scheduled times, statuses off.
 * - In the underground view the aircraft dim like ground trains (pixels).
 * - A code-share flight's popup lists its other numbers; a cancelled and a
 *   diverted flight are not drawn and cannot be selected.
 * - A broken feed fires one error while the trains keep running.
 * - On pages of their own: the app opened with `?selection=<flight id>`
 *   tracks that flight from the start; without an access token no airplane
 *   is drawn and the app info says why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { MapOptions, Map as TransitMap } from '../../src/index.ts';
import { resolvePaths } from '../../scripts/config.ts';
import { busyHourFlights, joinFixtures, startFlightServer, unusualFlights, UNUSUAL_FLIGHTS, type FlightFixtureSet, type FlightServerHandle } from '../support/flight-server.ts';
import { attachPng, brightness, diffMask, maskOverlay, screenshotImage, stillScreenshot, type RgbaImage } from './support/pixels.ts';
import { showsWithinFrames, waitForFrames } from './support/waits.ts';
import { trainsRunInTokyoNow } from './support/tokyo-hours.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';
import { sharePage } from './support/map-page.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const KEY = 'e2eflightkey';
/** Haneda Airport, between its runways. */
const HANEDA: [number, number] = [139.781, 35.549];
/** Where the map is compared: clear of the clock (top left), the buttons (right) and the attribution (bottom). */
const MAP_AREA = { x: 180, y: 90, width: 1000, height: 580 };
/** Poll interval of the flight information in these tests, ms. */
const INTERVAL_MS = 3000;

type TestWindow = Window & { map: TransitMap; mapErrors: string[]; mapEvents: string[] };

interface Named {
  id: string;
  title: Record<string, string>;
}
const source = resolvePaths([]).source;
const names = (file: string) => new Map((JSON.parse(readFileSync(join(source, file), 'utf8')) as Named[]).map((e) => [e.id, e.title.en]));
const AIRPORTS = names('airports.json');
const AIRLINES = names('operators.json');
const STATUSES = names('flight-statuses.json');

/** A record served, as the test reads it. */
interface ServedFlight {
  id: string;
  kind: 'arrival' | 'departure';
  number: string;
  airline: string;
  otherAirport: string;
  scheduled: string;
  status: string;
}

function served(fixtures: FlightFixtureSet): ServedFlight[] {
  const strip = (v: unknown) => String(v).replace(/^odpt\.[A-Za-z]+:/, '');
  const read = (r: Record<string, unknown>, kind: ServedFlight['kind']): ServedFlight => ({
    id: String(r['owl:sameAs']),
    kind,
    number: (r['odpt:flightNumber'] as string[])[0],
    airline: strip(r['odpt:airline']),
    otherAirport: strip(r[kind === 'arrival' ? 'odpt:originAirport' : 'odpt:destinationAirport']),
    scheduled: String(r[kind === 'arrival' ? 'odpt:scheduledArrivalTime' : 'odpt:scheduledDepartureTime']),
    status: strip(r['odpt:flightStatus']),
  });
  return [...fixtures.arrivals.map((r) => read(r as Record<string, unknown>, 'arrival')), ...fixtures.departures.map((r) => read(r as Record<string, unknown>, 'departure'))];
}

/** ISO 8601 in Japan time, to the minute. */
const japanIso = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16) + ':00+09:00';

/** An aircraft on the map now: its record, where the API says it is, and where that is on screen. */
interface Seen extends ServedFlight {
  altitude: number;
  lng: number;
  lat: number;
  x: number;
  y: number;
}

/** The served flights drawn now (`getFlightPosition`), with their screen positions (`project`). */
async function aircraftNow(page: Page, flights: readonly ServedFlight[]): Promise<Seen[]> {
  const positions = await page.evaluate(async (ids) => {
    const map = (window as unknown as TestWindow).map;
    const out: ({ lng: number; lat: number; altitude: number; x: number; y: number } | null)[] = [];
    for (const id of ids) {
      const p = await map.getFlightPosition(id);
      out.push(p && { ...p, ...map.project([p.lng, p.lat], p.altitude) });
    }
    return out;
  }, flights.map((f) => f.id));
  return flights.flatMap((f, i) => (positions[i] ? [{ ...f, ...positions[i]! }] : []));
}

const inArea = (a: { x: number; y: number }, margin = 30) =>
  a.x > MAP_AREA.x + margin && a.x < MAP_AREA.x + MAP_AREA.width - margin && a.y > MAP_AREA.y + margin && a.y < MAP_AREA.y + MAP_AREA.height - margin;

/** Metres between two points (equirectangular; fine over a few kilometres). */
function metres(a: [number, number], b: [number, number]): number {
  const k = Math.PI / 180;
  const x = (b[0] - a[0]) * k * Math.cos(((a[1] + b[1]) / 2) * k);
  return Math.hypot(x, (b[1] - a[1]) * k) * 6_371_000;
}

async function mapShot(page: Page, testInfo?: TestInfo, name?: string): Promise<RgbaImage> {
  const image = await screenshotImage(page, testInfo && name ? { testInfo, name } : undefined);
  const { x, y, width, height } = MAP_AREA;
  const data = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) data.set(image.data.subarray(((y + row) * image.width + x) * 4, ((y + row) * image.width + x + width) * 4), row * width * 4);
  return { width, height, data };
}

/** The map area once it is at rest and nothing moves (see `stillScreenshot`). */
const stillShot = (page: Page) => stillScreenshot(page, () => mapShot(page));

/** Changed pixels inside boxes of `half` px around the aircraft (map-area coordinates), and outside them. */
function splitByAircraft(mask: Uint8Array, aircraft: readonly { x: number; y: number }[], half: number): { inside: number; outside: number } {
  let inside = 0;
  let outside = 0;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    const x = (p % MAP_AREA.width) + MAP_AREA.x;
    const y = Math.floor(p / MAP_AREA.width) + MAP_AREA.y;
    if (aircraft.some((a) => Math.abs(a.x - x) <= half && Math.abs(a.y - y) <= half)) inside++;
    else outside++;
  }
  return { inside, outside };
}

/** An aircraft that stays on the map a while: a departure climbing out, or an arrival still well up on its approach. */
const lasting = (a: Seen) => (a.kind === 'departure' ? a.altitude > 20 && a.altitude < 2500 : a.altitude > 400);

/** Centres the view on the first aircraft drawn now that `wanted` accepts (as a person would pan to one); returns it. */
async function centreOn(page: Page, flights: readonly ServedFlight[], wanted: (a: Seen) => boolean): Promise<Seen> {
  const target = (await aircraftNow(page, flights)).find(wanted);
  expect(target, 'an aircraft to look at').toBeDefined();
  await page.evaluate((c) => void (window as unknown as TestWindow).map.jumpTo({ center: c }), [target!.lng, target!.lat] as [number, number]);
  await waitForFrames(page);
  return target!;
}

/**
 * The pixels of the aircraft: those of a shot that differ (|ΔR| + |ΔG| + |ΔB| ≥ `floor`) from the same view
 * without aircraft, within `half` px of an aircraft (map-area coordinates); with the brightness of each in the shot
 * and in the view without aircraft (what shows through a dimmed aircraft), and a mask for looking at.
 */
function aircraftPixels(shot: RgbaImage, reference: RgbaImage, aircraft: readonly { x: number; y: number }[], half: number, floor = 24): { drawn: number[]; behind: number[]; mask: Uint8Array } {
  const mask = new Uint8Array(shot.width * shot.height);
  const drawn: number[] = [];
  const behind: number[] = [];
  for (const a of aircraft) {
    const cx = Math.round(a.x - MAP_AREA.x);
    const cy = Math.round(a.y - MAP_AREA.y);
    for (let y = Math.max(0, cy - half); y <= Math.min(shot.height - 1, cy + half); y++) {
      for (let x = Math.max(0, cx - half); x <= Math.min(shot.width - 1, cx + half); x++) {
        const p = y * shot.width + x;
        const i = p * 4;
        if (mask[p] || Math.abs(shot.data[i] - reference.data[i]) + Math.abs(shot.data[i + 1] - reference.data[i + 1]) + Math.abs(shot.data[i + 2] - reference.data[i + 2]) < floor) continue;
        mask[p] = 1;
        drawn.push(brightness(shot, i));
        behind.push(brightness(reference, i));
      }
    }
  }
  return { drawn, behind, mask };
}

/** The value below which the share `q` of `values` lie (nearest rank). */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/**
 * Moves the pointer onto an aircraft (following it as it flies) until the flight popup shows a flight number that
 * `shows` accepts; returns '' when it did, else what was seen.
 */
/** The parts of the flight popup that {@link hoverUntilPopup} reads. */
const POPUP_PARTS = ['popup-flight-number', 'popup-code-shares', 'popup-airline', 'popup-airport'] as const;
type PopupTexts = Partial<Record<(typeof POPUP_PARTS)[number], string>>;

/**
 * The texts of the flight popup's parts (whitespace collapsed), read in one go, or null when no popup shows: an
 * aircraft moves on from under a still pointer and its popup then goes, so they are read as soon as it shows.
 */
function readPopup(page: Page): Promise<PopupTexts | null> {
  return page.evaluate((parts) => {
    const popup = document.querySelector<HTMLElement>('[data-testid="flight-popup"]');
    if (!popup?.checkVisibility()) return null;
    const text = (part: string) => popup.querySelector(`[data-testid="${part}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
    return Object.fromEntries(parts.map((part) => [part, text(part)]));
  }, POPUP_PARTS);
}

/**
 * Points at the target aircraft until its popup shows `shows` as its number; returns the popup's texts then, or what
 * the pointer found instead (`missed`).
 */
async function hoverUntilPopup(page: Page, target: ServedFlight, shows: RegExp): Promise<{ missed: string; popup: PopupTexts | null }> {
  const seen: string[] = [];
  for (let attempt = 0; attempt < 8; attempt++) {
    const [now] = await aircraftNow(page, [target]);
    if (!now) return { missed: `${seen.join('; ')}; ${target.id} no longer drawn`, popup: null };
    await page.mouse.move(now.x, now.y);
    await showsWithinFrames(page, 'flight-popup');
    const popup = await readPopup(page);
    const number = popup ? (popup['popup-flight-number'] ?? '') : '(no popup)';
    if (shows.test(number)) return { missed: '', popup };
    seen.push(`at ${now.x.toFixed(0)},${now.y.toFixed(0)} (${now.altitude.toFixed(0)} m): ${number}`);
    // Off the aircraft and back: a popup of a neighbour gives way.
    await page.mouse.move(MAP_AREA.x + 5, MAP_AREA.y + MAP_AREA.height - 5);
    await waitForFrames(page);
  }
  return { missed: seen.join('; '), popup: null };
}

const mapErrors = (page: Page) => page.evaluate(() => [...(window as unknown as TestWindow).mapErrors]);
const flightErrors = async (page: Page) => (await mapErrors(page)).filter((m) => /flight/i.test(m));
const setLayer = (page: Page, id: string, visible: boolean) =>
  page.evaluate(({ id, visible }) => void (window as unknown as TestWindow).map.setLayerVisibility(id, visible ? 'visible' : 'none'), { id, visible });

test.describe.serial('airplanes on one page', () => {
  let server: FlightServerHandle;
  let fixtures: FlightFixtureSet;
  let flights: ServedFlight[];
  /** The view over Haneda with the airplanes (and trains) hidden, at rest. */
  let empty: RgbaImage;

  // The map opened twice (the page's, then one with the local flight server) until aircraft are drawn.
  const shared = sharePage(async (page) => {
    // A busy hour that started 30 minutes ago: arrivals on approach and departures climbing out now.
    // With them, a code-share, a cancelled and a diverted arrival from Fukuoka due to touch down 3.5–4.5 minutes
    // after the map first asks for the flights (their time is renewed until then): on approach during the tests.
    const busy = busyHourFlights(japanIso(Math.floor((Date.now() - 30 * 60_000) / 60_000) * 60_000));
    const withUnusual = () => joinFixtures(busy, unusualFlights(Date.now() + 10.5 * 60_000));
    fixtures = withUnusual();
    flights = served(fixtures);
    server = await startFlightServer({ key: KEY, fixtures });
    const renew = setInterval(() => {
      if (server.requests.length === 0) {
        // The served records and what the tests compare with stay the same: a renewal across a minute changes the
        // unusual arrivals' scheduled time.
        server.setFixtures((fixtures = withUnusual()));
        flights = served(fixtures);
      } else clearInterval(renew);
    }, 500);
    await page.goto('/?lang=en&theme=light');
    await page.waitForFunction(() => typeof (window as unknown as { map?: { getRenderStats?: unknown } }).map?.getRenderStats === 'function');
    const options = {
      center: HANEDA,
      zoom: 11.5,
      pitch: 0,
      bearing: 0,
      secrets: { odpt: KEY },
      // Trains by their timetables only (no real-time host), airplanes from the local server.
      realtime: { hosts: [] },
      flights: { hosts: [{ id: 'local', baseUrl: server.url, secret: 'odpt' as const, operators: ['HND-JAT', 'HND-TIAT', 'NAA'] }], intervalMs: INTERVAL_MS },
    } satisfies Omit<MapOptions, 'container'>;
    const json = JSON.stringify(options);
    await page.evaluate((json) => {
      const w = window as unknown as TestWindow;
      w.map.remove();
      performance.clearMarks();
      const MapClass = w.map.constructor as new (options: MapOptions) => TransitMap;
      w.mapErrors = [];
      w.mapEvents = [];
      w.map = new MapClass({ container: 'map', lang: 'en', theme: 'light', ...(JSON.parse(json) as Omit<MapOptions, 'container'>) });
      w.map.on('error', (e) => w.mapErrors.push(e.message));
      w.map.on('selection', (e) => w.mapEvents.push(`selection ${e.selection}`));
      w.map.on('deselection', () => w.mapEvents.push('deselection'));
    }, json);
    try {
      await page.waitForFunction(() => ['tt:network-drawn', 'tt:aircraft-drawn'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 180_000 });
    } catch (e) {
      const requests = server.requests.map((r) => `${r.endpoint} ${r.status}`).join(', ');
      throw new Error(`No aircraft drawn: ${(e as Error).message}\nerrors: ${(await mapErrors(page)).join(' | ')}\nrequests: ${requests}\nstats: ${JSON.stringify(await page.evaluate(() => (window as unknown as TestWindow).map.getRenderStats()))}`);
    } finally {
      clearInterval(renew);
    }
    // The reference view: airplanes and trains hidden, base map loaded.
    await setLayer(page, 'trains', false);
    await setLayer(page, 'flights', false);
    empty = await stillShot(page);
    await setLayer(page, 'flights', true);
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('aircraft are drawn near Haneda, where the API says they are (pixels)', async ({}, testInfo) => {
    const { page } = shared;
    const before = await aircraftNow(page, flights);
    const shot = await mapShot(page, testInfo, 'haneda.png');
    const after = await aircraftNow(page, flights);
    const onScreen = [...before, ...after].filter((a) => inArea(a, 0));
    const nearHaneda = after.filter((a) => metres([a.lng, a.lat], HANEDA) < 8000);
    expect(nearHaneda.length, 'aircraft within 8 km of Haneda').toBeGreaterThan(0);
    expect(onScreen.length).toBeGreaterThan(0);
    // Between 0 and 4 km up: nothing underground, nothing in orbit.
    for (const a of after) expect(a.altitude, a.id).toBeGreaterThanOrEqual(0);
    for (const a of after) expect(a.altitude, a.id).toBeLessThan(4000);
    const { mask, count } = diffMask(shot, empty, 24);
    await attachPng(testInfo, 'haneda-aircraft-pixels.png', maskOverlay(shot, mask));
    // (Boxes also around aircraft just outside the compared area: part of one can reach into it.)
    const { inside, outside } = splitByAircraft(mask, [...before, ...after].filter((a) => inArea(a, -40)), 40);
    expect(inside, 'changed pixels around the aircraft').toBeGreaterThan(30 * new Set(onScreen.map((a) => a.id)).size);
    expect(outside / count, 'share of changed pixels away from every aircraft').toBeLessThan(0.1);
  });

  test('pointing at an aircraft opens its popup with the served record', async ({}, testInfo) => {
    const { page } = shared;
    const popup = page.getByTestId('flight-popup');
    const target = await centreOn(page, flights, lasting);
    // Attempts: the aircraft flies on, and a hover is picked from the last frame drawn; when no popup shows, aim again.
    for (let attempt = 0; attempt < 6 && !(await popup.isVisible()); attempt++) {
      const [now] = await aircraftNow(page, [target]);
      expect(now, `${target.id} still drawn`).toBeDefined();
      await page.mouse.move(now!.x, now!.y);
      await showsWithinFrames(page, 'flight-popup');
    }
    await expect(popup).toBeVisible();
    await attachPng(testInfo, 'popup.png', await page.screenshot());
    // The popup is of the aircraft under the pointer: read which from its flight number, then check every field.
    const number = (await popup.getByTestId('popup-flight-number').textContent()) ?? '';
    const flight = flights.find((f) => new RegExp(`\\b${f.number}\\b`).test(number));
    expect(flight, `a served flight in "${number}"`).toBeDefined();
    await expect(popup.getByTestId('popup-airline')).toHaveText(AIRLINES.get(flight!.airline)!);
    await expect(popup.getByTestId('popup-airport')).toContainText(AIRPORTS.get(flight!.otherAirport)!);
    await expect(popup.getByTestId('popup-status')).toHaveText(STATUSES.get(flight!.status)!);
    await expect(popup.getByTestId('popup-times')).toContainText(flight!.scheduled);
    await page.mouse.move(MAP_AREA.x + 5, MAP_AREA.y + MAP_AREA.height - 5);
    await expect(popup).toBeHidden();
  });

  test('clicking an aircraft tracks it: panel, selection event, camera following; Escape ends it', async ({}, testInfo) => {
    const { page } = shared;
    const panel = page.getByTestId('flight-panel');
    const target = await centreOn(page, flights, lasting);
    // Attempts: the aircraft flies on, and a click is picked from the last frame drawn; when no panel shows, aim again.
    for (let attempt = 0; attempt < 6 && !(await panel.isVisible()); attempt++) {
      const [now] = await aircraftNow(page, [target]);
      expect(now, `${target.id} still drawn`).toBeDefined();
      await page.mouse.click(now!.x, now!.y);
      await showsWithinFrames(page, 'flight-panel');
    }
    await expect(panel).toBeVisible();
    const selection = await page.evaluate(() => (window as unknown as TestWindow).map.getSelection());
    const tracked = flights.find((f) => f.id.endsWith(`:${selection}`));
    expect(tracked, `selection ${selection}`).toBeDefined();
    expect(tracked!.id, 'the aircraft clicked').toBe(target.id);
    await expect(panel).toContainText(tracked!.number);
    expect(await page.evaluate(() => (window as unknown as TestWindow).mapEvents)).toContain(`selection ${selection}`);
    // Its popup gives way to the panel.
    await expect(page.getByTestId('flight-popup')).toBeHidden();
    // The camera follows the aircraft: the view's centre comes to it and stays with it as it flies on.
    const centreToAircraft = async () => {
      const [a] = await aircraftNow(page, [tracked!]);
      const { lng, lat } = await page.evaluate(() => (window as unknown as TestWindow).map.getCenter());
      const c: [number, number] = [lng, lat];
      return a ? metres(c, [a.lng, a.lat]) : Infinity;
    };
    await expect.poll(centreToAircraft, { timeout: 15_000, message: 'm from the view centre to the aircraft' }).toBeLessThan(300);
    const [first] = await aircraftNow(page, [tracked!]);
    await page.waitForTimeout(3000); // what is tested is motion over time: metres flown in 3 s
    const [later] = await aircraftNow(page, [tracked!]);
    expect(metres([first.lng, first.lat], [later.lng, later.lat]), 'm flown in 3 s').toBeGreaterThan(100);
    expect(await centreToAircraft(), 'm from the view centre to the aircraft, 3 s later').toBeLessThan(300);
    await attachPng(testInfo, 'tracking.png', await page.screenshot());
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as TestWindow).map.getSelection())).toBeNull();
  });

  test('a departure selected by id is tracked and climbs', async ({}, testInfo) => {
    const { page } = shared;
    // The lowest departure off the ground: the one with the longest climb ahead of it.
    const climbing = (await aircraftNow(page, flights)).filter((a) => a.kind === 'departure' && a.altitude > 20).sort((a, b) => a.altitude - b.altitude);
    expect(climbing.length, 'departures climbing out now').toBeGreaterThan(0);
    const departure = climbing[0];
    await page.evaluate((id) => void (window as unknown as TestWindow).map.setSelection(id), departure.id);
    await expect(page.getByTestId('flight-panel')).toContainText(departure.number);
    expect(await page.evaluate(() => (window as unknown as TestWindow).map.getSelection())).toBe(departure.id.replace(/^odpt\.FlightInformationDeparture:/, ''));
    const [first] = await aircraftNow(page, [departure]);
    expect(first, 'drawn when selected').toBeDefined();
    // Positions are those of the last drawn frame: on a loaded machine frames are far apart, so wait for the climb
    // (a few seconds of flight) rather than for a fixed time.
    let latest = first;
    await expect
      .poll(async () => {
        [latest] = await aircraftNow(page, [departure]);
        return latest ? latest.altitude - first.altitude : -Infinity;
      }, { message: `altitude rises by over 10 m (from ${first.altitude.toFixed(0)} m)`, timeout: 20_000, intervals: [500] })
      .toBeGreaterThan(10);
    await attachPng(testInfo, 'climbing.png', await page.screenshot());
    expect(latest, 'still drawn while climbing').toBeDefined();
    await page.evaluate(() => void (window as unknown as TestWindow).map.setSelection(null));
    await expect(page.getByTestId('flight-panel')).toBeHidden();
    await page.evaluate(() => void (window as unknown as TestWindow).map.jumpTo({ center: [139.781, 35.549], zoom: 11.5, pitch: 0, bearing: 0 }));
  });

  test('the airplanes switch of the layers panel hides them (pixels) and shows them again', async ({}, testInfo) => {
    const { page } = shared;
    expect((await aircraftNow(page, flights)).length, 'aircraft drawn').toBeGreaterThan(0);
    const shownBefore = await mapShot(page, testInfo, 'planes-shown-before.png');
    await page.getByTestId('layers-button').click();
    const planes = page.getByTestId('layer-flights');
    await expect(planes).toHaveAttribute('aria-checked', 'true');
    await expect(planes).toHaveText('Airplanes');
    await attachPng(testInfo, 'layers-panel.png', await page.screenshot());
    await planes.click();
    await expect(planes).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('layers-close').click();
    // With the trains hidden too, nothing moves once the airplanes are off: the view comes to rest.
    const hidden = await stillShot(page);
    await attachPng(testInfo, 'planes-hidden.png', hidden);
    const removed = diffMask(shownBefore, hidden, 24);
    await attachPng(testInfo, 'planes-removed-pixels.png', maskOverlay(shownBefore, removed.mask));
    expect(removed.count, 'pixels the airplanes drew').toBeGreaterThan(30);

    await page.getByTestId('layers-button').click();
    await planes.click();
    await expect(planes).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('layers-close').click();
    await waitForFrames(page);
    const shown = await mapShot(page, testInfo, 'planes-shown-again.png');
    expect(diffMask(shown, hidden, 24).count, 'pixels the airplanes draw once shown again').toBeGreaterThan(30);
  });

  test('in playback the day\'s flights fly by their scheduled times, without status', async ({}, testInfo) => {
    const { page } = shared;
    await page.evaluate(() => void (window as unknown as TestWindow).map.setClockMode('playback'));
    await expect.poll(async () => (await aircraftNow(page, flights)).filter((a) => a.kind === 'departure' && a.altitude > 20).length, { message: 'departures in the air in playback' }).toBeGreaterThan(0);
    const departure = (await aircraftNow(page, flights)).filter((a) => a.kind === 'departure' && a.altitude > 20).sort((a, b) => a.altitude - b.altitude)[0];
    await page.evaluate((id) => void (window as unknown as TestWindow).map.setSelection(id), departure.id);
    const panel = page.getByTestId('flight-panel');
    await expect(panel).toContainText(departure.number);
    await expect(panel.getByTestId('popup-times')).toContainText(departure.scheduled);
    // Real-time status is off in playback.
    await expect(panel.getByTestId('popup-status')).toHaveCount(0);
    await attachPng(testInfo, 'playback-tracking.png', await page.screenshot());
    await page.evaluate(() => void (window as unknown as TestWindow).map.setSelection(null));
    await expect(panel).toBeHidden();
    await page.evaluate(() => void (window as unknown as TestWindow).map.setClockMode('realtime'));
    await expect.poll(() => page.evaluate(() => (window as unknown as TestWindow).map.getClockMode())).toBe('realtime');
  });

  test('in the underground view the aircraft dim like ground trains (pixels)', async ({}, testInfo) => {
    const { page } = shared;
    const viewMode = () => page.evaluate(() => (window as unknown as TestWindow).map.getViewMode());
    await page.evaluate((c) => void (window as unknown as TestWindow).map.jumpTo({ center: c, zoom: 11.5, pitch: 0, bearing: 0 }), HANEDA);
    expect(await viewMode()).toBe('ground');
    /** The aircraft's pixels in the current view mode: the brightest (the fuselage) and what lies behind them. */
    const measure = async (label: string) => {
      await setLayer(page, 'flights', false);
      const reference = await stillShot(page);
      await setLayer(page, 'flights', true);
      await waitForFrames(page);
      const before = await aircraftNow(page, flights);
      const shot = await mapShot(page, testInfo, `${label}.png`);
      const after = await aircraftNow(page, flights);
      // Where each aircraft was between the two readings (they fly on while the shot is taken).
      const onScreen = before.flatMap((b) => {
        const a = after.find((x) => x.id === b.id);
        return a && inArea(a, 0) && inArea(b, 0) ? [{ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }] : [];
      });
      const { drawn, behind, mask } = aircraftPixels(shot, reference, onScreen, 30);
      await attachPng(testInfo, `${label}-aircraft-pixels.png`, maskOverlay(shot, mask));
      return { aircraft: onScreen.length, pixels: drawn.length, fuselage: quantile(drawn, 0.9), behind: quantile(behind, 0.5) };
    };
    const ground = await measure('ground-view');
    await page.evaluate(() => void (window as unknown as TestWindow).map.setViewMode('underground'));
    await expect.poll(viewMode).toBe('underground');
    const underground = await measure('underground-view');
    await page.evaluate(() => void (window as unknown as TestWindow).map.setViewMode('ground'));
    await expect.poll(viewMode).toBe('ground');
    // Seen through: drawn = α · fuselage + (1 − α) · behind, with the fuselage as bright as in the ground view.
    const alpha = (underground.fuselage - underground.behind) / (ground.fuselage - underground.behind);
    testInfo.annotations.push({
      type: 'aircraft pixels',
      description: `ground: ${ground.aircraft} aircraft, ${ground.pixels} px, fuselage ${ground.fuselage.toFixed(0)}; underground: ${underground.aircraft} aircraft, ${underground.pixels} px, fuselage ${underground.fuselage.toFixed(0)} over ${underground.behind.toFixed(0)}; opacity ≈ ${alpha.toFixed(2)}`,
    });
    expect(ground.aircraft, 'aircraft on screen, ground view').toBeGreaterThan(0);
    expect(underground.aircraft, 'aircraft on screen, underground view').toBeGreaterThan(0);
    expect(ground.pixels / ground.aircraft, 'pixels per aircraft, ground view').toBeGreaterThan(30);
    // The fuselages are bright in the ground view, and much darker in the underground view…
    expect(ground.fuselage, 'fuselage brightness, ground view').toBeGreaterThan(180);
    expect(underground.fuselage, 'fuselage brightness, underground view').toBeLessThan(0.5 * ground.fuselage);
    // …because they are drawn see-through, as the ground trains are (18 % opacity): dimmed, not hidden.
    expect(alpha, 'opacity of the aircraft, underground view').toBeGreaterThan(0.08);
    expect(alpha, 'opacity of the aircraft, underground view').toBeLessThan(0.35);
    expect(underground.pixels, 'pixels of the dimmed aircraft').toBeGreaterThan(10 * underground.aircraft);
  });

  test('a code-share lists its numbers; a cancelled and a diverted flight are not drawn and cannot be selected', async ({}, testInfo) => {
    const { page } = shared;
    // The three arrivals from Fukuoka served since the start (see beforeAll), on approach now.
    const byId = (id: string) => flights.find((f) => f.id === id)!;
    const codeShare = byId(UNUSUAL_FLIGHTS.codeShare.id);
    const notFlown = [byId(UNUSUAL_FLIGHTS.cancelled.id), byId(UNUSUAL_FLIGHTS.diverted.id)];
    try {
      expect((await aircraftNow(page, [codeShare])).length, 'the code-share flight drawn').toBe(1);
      expect(await aircraftNow(page, notFlown), 'cancelled and diverted flights placed on the map').toEqual([]);
      // The layer draws as many aircraft as the served flights the map places: none for the cancelled or diverted one.
      await expect
        .poll(async () => {
          const placed = (await aircraftNow(page, flights)).length;
          return (await page.evaluate(() => (window as unknown as TestWindow).map.getRenderStats().aircraft)) - placed;
        }, { message: 'aircraft drawn beyond the flights placed' })
        .toBe(0);

      // Its popup lists the code-share numbers (and the operating airline's number first).
      await centreOn(page, [codeShare], () => true);
      // Closer, so that no neighbour on the same approach is under the pointer.
      await page.evaluate(() => void (window as unknown as TestWindow).map.setZoom(13));
      await waitForFrames(page);
      // Read as the popup shows: on a busy machine the aircraft can have flown on from under the pointer by the next check.
      const found = await hoverUntilPopup(page, codeShare, /JL516/);
      expect(found.missed, 'what the pointer found instead of the code-share flight').toBe('');
      const popup = page.getByTestId('flight-popup');
      await attachPng(testInfo, 'code-share-popup.png', await page.screenshot());
      expect(found.popup?.['popup-flight-number']).toContain('JL516');
      expect(found.popup?.['popup-code-shares']).toBe('Code-share: AA5812 · BA7818');
      expect(found.popup?.['popup-airline']).toBe(AIRLINES.get('JAL')!);
      expect(found.popup?.['popup-airport']).toContain(AIRPORTS.get('FUK')!);
      await page.mouse.move(MAP_AREA.x + 5, MAP_AREA.y + MAP_AREA.height - 5);
      await expect(popup).toBeHidden();

      // Asking for the cancelled or the diverted one by id: an error, and no tracking.
      for (const flight of notFlown) {
        const errorsBefore = (await mapErrors(page)).length;
        await page.evaluate((id) => void (window as unknown as TestWindow).map.setSelection(id), flight.id);
        await expect.poll(async () => (await mapErrors(page)).slice(errorsBefore)).toEqual([`Flight "${flight.id.replace(/^odpt\.[A-Za-z]+:/, '')}" is not in the air or on the runway at the current time; nothing was selected.`]);
        await expect(page.getByTestId('flight-panel')).toBeHidden();
        expect(await page.evaluate(() => (window as unknown as TestWindow).map.getSelection())).toBeNull();
      }
      // (The errors of this test are not the feed's: the next test counts those from here.)
      await page.evaluate(() => ((window as unknown as TestWindow).mapErrors.length = 0));
    } finally {
      await page.evaluate((c) => void (window as unknown as TestWindow).map.jumpTo({ center: c, zoom: 11.5, pitch: 0, bearing: 0 }), HANEDA);
    }
  });

  test('a broken feed fires one error while the trains keep running', async () => {
    const { page } = shared;
    await setLayer(page, 'trains', true);
    const before = await flightErrors(page);
    expect(before, 'no flight errors before the feed breaks').toEqual([]);
    // The arrivals feed breaks; the departures feed keeps answering.
    server.setMode('http-503', 'odpt:FlightInformationArrival');
    await expect.poll(() => flightErrors(page), { timeout: 15_000 }).toHaveLength(1);
    const statsBefore = await page.evaluate(() => (window as unknown as TestWindow).map.getRenderStats());
    // Several poll intervals more: still one error, and the trains keep moving. What is tested is an absence over time.
    await page.waitForTimeout(3 * INTERVAL_MS);
    const errors = await flightErrors(page);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/FlightInformationArrival.*503/);
    expect((await aircraftNow(page, flights)).filter((a) => a.kind === 'departure').length, 'departures still drawn').toBeGreaterThan(0);
    const statsAfter = await page.evaluate(() => (window as unknown as TestWindow).map.getRenderStats());
    expect(statsAfter.trainFrames, 'train frames while the feed is broken').toBeGreaterThan(statsBefore.trainFrames);
    // Trains are drawn too, at the hours they certainly run (the test runs at the machine's time; none run at 02:00).
    if (trainsRunInTokyoNow()) expect(statsAfter.trains, 'trains drawn').toBeGreaterThan(0);
    server.setMode('normal', 'odpt:FlightInformationArrival');
  });
});

test.describe('airplanes from the start of a page', () => {
  test('the app opened with ?selection=<flight id> tracks that flight from the start', async ({ page }, testInfo) => {
    // The busy hour, and the code-share arrival touching down 2–3 minutes after the map first asks for the flights
    // (so on approach then, however long the start took): its time is renewed until that first request.
    const busy = busyHourFlights(japanIso(Math.floor((Date.now() - 30 * 60_000) / 60_000) * 60_000));
    const withTarget = () => joinFixtures(busy, unusualFlights(Date.now() + 9 * 60_000));
    const target = served(withTarget()).find((f) => f.id === UNUSUAL_FLIGHTS.codeShare.id)!;
    const server = await startFlightServer({ key: KEY, fixtures: withTarget() });
    const renew = setInterval(() => {
      if (server.requests.length === 0) server.setFixtures(withTarget());
      else clearInterval(renew);
    }, 500);
    try {
      await page.goto(`/?lang=en&theme=light&selection=${encodeURIComponent(target.id)}#11/35.45/139.9/0/0`);
      await page.waitForFunction(() => typeof (window as unknown as { map?: { getRenderStats?: unknown } }).map?.getRenderStats === 'function');
      // An address cannot carry an access token, so the page's map (src/main.ts: the query's `selection` becomes the
      // option) is started again as main.ts starts it, from the same address, with a token and the local host.
      const json = JSON.stringify({ secrets: { odpt: KEY }, realtime: { hosts: [] }, flights: { hosts: [{ id: 'local', baseUrl: server.url, secret: 'odpt' as const, operators: ['HND-JAT', 'HND-TIAT', 'NAA'] }], intervalMs: INTERVAL_MS } });
      await page.evaluate((json) => {
        const w = window as unknown as TestWindow;
        w.map.remove();
        performance.clearMarks();
        const MapClass = w.map.constructor as new (options: MapOptions) => TransitMap;
        const params = new URLSearchParams(location.search);
        w.mapErrors = [];
        w.mapEvents = [];
        w.map = new MapClass({ container: 'map', hash: true, lang: params.get('lang') ?? undefined, theme: 'light', selection: params.get('selection') ?? undefined, ...(JSON.parse(json) as Omit<MapOptions, 'container'>) });
        w.map.on('error', (e) => w.mapErrors.push(e.message));
        w.map.on('selection', (e) => w.mapEvents.push(`selection ${e.selection}`));
      }, json);
      const panel = page.getByTestId('flight-panel');
      await expect(panel, 'the flight panel').toBeVisible({ timeout: 180_000 }).catch(async (e: Error) => {
        throw new Error(`${e.message}\nerrors: ${(await page.evaluate(() => (window as unknown as TestWindow).mapErrors)).join(' | ')}`);
      });
      await expect(panel.getByTestId('popup-flight-number')).toContainText(target.number);
      await expect(panel).toContainText('AA5812');
      expect(await page.evaluate(() => (window as unknown as TestWindow).map.getSelection())).toBe('HND-JAT.HND.JL516');
      expect(await page.evaluate(() => (window as unknown as TestWindow).mapEvents)).toEqual(['selection HND-JAT.HND.JL516']);
      // The camera comes to the aircraft and follows it as it flies on.
      const centreToAircraft = async () => {
        const [a] = await aircraftNow(page, [target]);
        const { lng, lat } = await page.evaluate(() => (window as unknown as TestWindow).map.getCenter());
        return a ? metres([lng, lat], [a.lng, a.lat]) : Infinity;
      };
      await expect.poll(centreToAircraft, { timeout: 30_000, message: 'm from the view centre to the aircraft' }).toBeLessThan(300);
      const [first] = await aircraftNow(page, [target]);
      await page.waitForTimeout(3000); // what is tested is motion over time: metres flown in 3 s
      const [later] = await aircraftNow(page, [target]);
      expect(metres([first.lng, first.lat], [later.lng, later.lat]), 'm flown in 3 s').toBeGreaterThan(100);
      expect(await centreToAircraft(), 'm from the view centre to the aircraft, 3 s later').toBeLessThan(300);
      // A person sees the aircraft in the middle of the map above the panel (the tracking camera keeps it clear of the
      // panel; `map.project` does not know that offset): pixels there stand out from the typical colour around.
      const shot = await screenshotImage(page, { testInfo, name: 'selection-at-start.png' });
      const panelTop = (await panel.boundingBox())!.y;
      const seen = { x: shot.width / 2, y: panelTop / 2 };
      const box: number[] = [];
      for (let y = Math.round(seen.y) - 25; y <= Math.round(seen.y) + 25; y++) for (let x = Math.round(seen.x) - 25; x <= Math.round(seen.x) + 25; x++) box.push((y * shot.width + x) * 4);
      const typical = [0, 1, 2].map((c) => box.map((i) => shot.data[i + c]).sort((a, b) => a - b)[box.length >> 1]);
      const standingOut = box.filter((i) => Math.abs(shot.data[i] - typical[0]) + Math.abs(shot.data[i + 1] - typical[1]) + Math.abs(shot.data[i + 2] - typical[2]) > 60).length;
      expect(standingOut, 'pixels of the tracked aircraft (50 × 50 px around it)').toBeGreaterThan(20);
      expect(await page.evaluate(() => (window as unknown as TestWindow).mapErrors)).toEqual([]);
    } finally {
      clearInterval(renew);
      await server.close();
    }
  });

  test('without an access token no airplane is drawn and the app info says why', async ({ page }, testInfo) => {
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    const flightRequests: string[] = [];
    page.on('request', (r) => {
      if (/odpt:FlightInformation|\/flights\.[0-9a-f]+\.bin/.test(new URL(r.url()).pathname)) flightRequests.push(r.url());
    });
    // The app page as built for the tests has no default token; this address also asks for a flight.
    const id = 'odpt.FlightInformationDeparture:HND-JAT.HND.JL123';
    await page.goto(`/?lang=en&theme=light&selection=${encodeURIComponent(id)}#11.5/35.549/139.781/0/0`);
    // (Trains may not run at the hour the test runs: only the network is waited for.)
    await page.waitForFunction(() => ['tt:network-drawn', 'tt:basemap-idle'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 180_000 });
    await expect.poll(() => consoleErrors.filter((m) => m.includes('JL123')), { timeout: 30_000 }).toEqual([
      'Flight "HND-JAT.HND.JL123" cannot be selected: no flight information is shown without an access token (secrets.odpt).',
    ]);
    await page.getByTestId('app-info-button').click();
    const info = page.getByTestId('app-info');
    await expect(info.getByTestId('flight-state')).toHaveText('Airplanes: off (no access token for the flight information)');
    await expect(info.getByTestId('realtime-state')).toHaveText('Real-time data: off (no access token); trains run on timetables only');
    await attachPng(testInfo, 'app-info-no-token.png', await page.screenshot());
    await page.getByTestId('app-info-close').click();
    // Nothing of the airplanes was asked for, drawn or tracked.
    expect(flightRequests).toEqual([]);
    const stats = await page.evaluate(() => (window as unknown as TestWindow).map.getRenderStats());
    expect(stats.flightFrames, 'aircraft-layer frames').toBe(0);
    expect(stats.aircraft).toBe(0);
    await expect(page.getByTestId('flight-panel')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as TestWindow).map.getSelection())).toBeNull();
    // Over Haneda, with the trains hidden, the airplanes switch changes no pixel: there is nothing to hide.
    await setLayer(page, 'trains', false);
    const shown = await stillShot(page);
    await attachPng(testInfo, 'haneda-no-token.png', shown);
    await setLayer(page, 'flights', false);
    const hidden = await stillShot(page);
    expect(diffMask(shown, hidden, 24).count, 'pixels the airplanes switch changes').toBe(0);
  });
});
