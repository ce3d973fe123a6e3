/**
 * Section `soak` (issue 38, part 5: the app stays up all day). Opt-in, one
 * run by default: `npm run bench -- --only soak [--soak-minutes N]`.
 *
 * The app page's map is replaced by one with every live feed on, each from
 * a local stand-in server: ODPT train information (`tests/support/odpt-server.ts`,
 * both hosts, the realtime tests' fixtures), flight information for Haneda and
 * Narita (`tests/support/flight-server.ts`, a busy hour from 20 minutes before
 * the run) and a GTFS data source (the shared Halifax feed and its
 * VehiclePosition snapshot, `tests/support/gtfs-server.ts`). Then:
 *
 * 1. a whole weekday of app time at 600× playback: Tuesday 24 Nov 2026 from
 *    03:00 (the start of the service day) to 03:00 the next morning, 144 s;
 * 2. N minutes (`--soak-minutes`, default 20) in real time, tracking a train
 *    for the first half of every minute and untracking it (a Yamanote train
 *    the timetables run now; an airplane at night when none does). With
 *    N ≥ 4, in minutes 2 and 3 the ODPT main host and the VehiclePosition
 *    feed answer HTTP 503, then recover.
 *
 * "Start" is measured one minute into the day (about 13:00 app time), after a
 * warm-up: everything loaded (the GTFS feed read, the first trains drawn), a
 * minute in real time (every live feed answering once), the camera taken to
 * ten places and back to the default view before the day begins, a train
 * tracked for 5 s and untracked, and the same tour again right before
 * "start", so that start-up allocation, code loaded on first use and the base
 * map's cache of tiles out of view (bounded: MapLibre keeps about five screens
 * of them) do not count as growth. How full that cache is depends on the way
 * the camera came: tracking and coming back left it at 47 of 60 tiles, the
 * tour at 60, so "start" and "end" both come right after the tour. "End" is
 * measured after the real-time phase, the train untracked and the camera
 * taken on the same tour and back to the start's view with the base map
 * loaded, so that the base map's cache holds the same places. Each is taken
 * after forced GCs (page and workers; see `page-footprint.ts`): the page's JS
 * heap, WebGL objects alive in the map's canvases (buffers and textures,
 * counted by an init script: `webgl-resources.ts`), dedicated workers alive,
 * and DOM nodes (detached ones included). Target: each grows by at most 10 %,
 * and the map fires no `error` event other than those the stand-ins were told
 * to cause (the failure minutes) and the one the Halifax snapshot causes (a
 * vehicle on a trip its feed lacks).
 */
import type { Page } from 'playwright-core';
import { withBaseUrls } from '../../../src/data/realtime/odpt-config.ts';
import { PERFORMANCE_MARKS } from '../../../src/performance-marks.ts';
import { busyHourFlights, startFlightServer, type FlightFixtureSet } from '../../../tests/support/flight-server.ts';
import { readSharedGtfs, startGtfsServer } from '../../../tests/support/gtfs-server.ts';
import { CHALLENGE_KEY, ODPT_KEY, startOdptHosts } from '../../../tests/support/odpt-hosts.ts';
import { appPath, readRenderStats, replaceMapScript } from '../app-page.ts';
import { formatValue } from '../format.ts';
import { measurePageHeap } from '../heap.ts';
import { growthPercent, measureFootprint, type PageFootprint } from '../page-footprint.ts';
import { waitForUserTiming } from '../page-timing.ts';
import { trackSomethingRunning, yamanoteTrainsAt, type Tracked } from '../soak-tracking.ts';
import type { BenchContext, BenchRow, BenchSection } from '../types.ts';
import { WEBGL_OBJECT_COUNTER_SCRIPT } from '../webgl-resources.ts';

/** Start of the played day: Tuesday, 03:00 in Tokyo (the service day's start). */
const DAY_START = '2026-11-24T03:00:00+09:00';
const SPEED = 600;
/** A day of app time at {@link SPEED}, ms of wall time. */
const DAY_MS = 86_400_000 / SPEED;
/** "Start" is measured this long after the day began. */
const WARM_UP_MS = 60_000;
const MINUTE_MS = 60_000;
/** A train stays tracked this long in each minute of the real-time phase. */
const TRACK_MS = 30_000;
/** The failing minutes of the stand-ins (0-based minutes of the real-time phase), when the phase is long enough. */
const FAILING_MINUTES = { from: 1, to: 3, minPhase: 4 };
/**
 * The warm-up tracks a train this long into the day (wall time: about 06:20 app time, when the Yamanote line runs
 * every few minutes), one that runs at least this much longer (app time, s), for this long (wall time).
 */
const WARM_UP_TRACK_AT_MS = 20_000;
const WARM_UP_TRAIN_S = 1800;
const WARM_UP_TRACK_MS = 5000;
/** Where the camera looks during the warm-up (at the start's zoom, pitch and bearing). */
const TOUR = [
  { name: 'Shinjuku', center: { lng: 139.7006, lat: 35.6896 } },
  { name: 'Ikebukuro', center: { lng: 139.7109, lat: 35.7295 } },
  { name: 'Ueno', center: { lng: 139.7774, lat: 35.7138 } },
  { name: 'Shinagawa', center: { lng: 139.7387, lat: 35.6285 } },
  { name: 'Shibuya', center: { lng: 139.7016, lat: 35.658 } },
  { name: 'Haneda', center: { lng: 139.7798, lat: 35.5494 } },
  { name: 'Kichijoji', center: { lng: 139.5797, lat: 35.7033 } },
  { name: 'Omiya', center: { lng: 139.6238, lat: 35.9064 } },
  { name: 'Funabashi', center: { lng: 139.9856, lat: 35.7017 } },
  { name: 'Yokohama', center: { lng: 139.6223, lat: 35.4658 } },
];
const TOUR_IDLE_TIMEOUT_MS = 45_000;
/** Real time in the warm-up, before the day. */
const REALTIME_WARM_UP_MS = 60_000;
/** The page heap is also read every this many minutes of the real-time phase (the details show its trend). */
const HEAP_TREND_MINUTES = 5;
const START_TIMEOUT_MS = 180_000;
const GTFS_TIMEOUT_MS = 120_000;
const BASEMAP_IDLE_TIMEOUT_MS = 60_000;
/** After the base map is idle again, before "end". */
const SETTLE_MS = 3000;
/** Errors the stand-ins cause without being told: the Halifax snapshot's vehicle on a trip its feed lacks. */
const SNAPSHOT_ERROR = /^GTFS Realtime feed .*: vehicle "4004" .* which is not in the GTFS feed's trips\.txt/;
/** Errors of the failing minutes: HTTP 503 from the ODPT main host or the VehiclePosition feed. */
const INDUCED_ERROR = /(host "odpt".*503|\/vp\.pb: .*503)/;

const TARGET = { target: { op: '<=', value: 10 } } as const satisfies Pick<BenchRow, 'target'>;

/** The map: playback from {@link DAY_START}, every live feed on from the stand-ins. */
function mapOptions(odpt: { main: string; challenge: string }, flightsUrl: string, gtfs: { zip: string; vp: string }): Record<string, unknown> {
  return {
    container: 'map',
    theme: 'light',
    lang: 'en',
    time: DAY_START,
    secrets: { odpt: ODPT_KEY, challenge2025: CHALLENGE_KEY },
    realtime: { hosts: withBaseUrls({ odpt: odpt.main, challenge: odpt.challenge }) },
    flights: { hosts: [{ id: 'local', baseUrl: flightsUrl, secret: 'odpt', operators: ['HND-JAT', 'HND-TIAT', 'NAA'] }] },
    dataSources: [{ id: 'halifax', gtfsUrl: gtfs.zip, vehiclePositionUrl: gtfs.vp }],
  };
}

/** Ids of the fixtures' flights. */
const flightIds = (fixtures: FlightFixtureSet) => [...fixtures.arrivals, ...fixtures.departures].map((r) => (r as Record<string, string>)['owl:sameAs']);

const sleepUntil = (page: Page, at: number) => page.waitForTimeout(Math.max(0, at - Date.now()));

/** A camera position of the map. */
interface CameraView {
  center: { lng: number; lat: number };
  zoom: number;
  bearing: number;
  pitch: number;
}

/** Moves the camera to `view`; resolves when the base map has nothing left to load or draw there (true), or after the timeout (false). */
function showView(page: Page, view: CameraView, timeoutMs: number): Promise<boolean> {
  return page.evaluate(`new Promise((resolve) => {
    const m = window.map.getMapLibreMap();
    if (!m) return resolve(false);
    setTimeout(() => resolve(false), ${timeoutMs});
    m.once('idle', () => resolve(true));
    window.map.jumpTo(${JSON.stringify(view)});
    m.triggerRepaint();
  })`);
}

/**
 * The second part of the warm-up, before the day (and again before "end"): the camera looks at each place of
 * {@link TOUR} and comes back to `view`, so that the base map's cache of tiles out of view (MapLibre keeps about five
 * screens of them, with their WebGL buffers and their data on the heap) holds the same places at "start" and "end".
 */
async function lookAround(ctx: BenchContext, page: Page, view: CameraView): Promise<void> {
  const loaded: string[] = [];
  for (const place of TOUR) if (await showView(page, { ...view, center: place.center }, TOUR_IDLE_TIMEOUT_MS)) loaded.push(place.name);
  ctx.detail(`tour: the camera at ${TOUR.map((t) => t.name).join(', ')} (base map loaded at ${loaded.length} of them)`);
  if (!(await showView(page, view, BASEMAP_IDLE_TIMEOUT_MS))) ctx.detail('warning: the base map was not idle after the tour');
  ctx.detail(`after the tour: ${await basemapTiles(page)}`);
}

/**
 * The first part of the warm-up: a minute in real time with every live feed answering, then back to playback at
 * {@link DAY_START}, so that the live feeds' code, their first answers and what the map keeps of them are there at
 * "start" as they are at "end".
 */
async function realTimeAWhile(ctx: BenchContext, page: Page): Promise<void> {
  await page.evaluate("void window.map.setClockMode('realtime')");
  await page.waitForTimeout(REALTIME_WARM_UP_MS);
  // The clock's setDate reads a Date's local fields as Tokyo time: getDate gives such a Date.
  await page.evaluate(`void window.map.setClockMode('playback'); window.map.clock.setDate(window.map.clock.getDate(${Date.parse(DAY_START)}))`);
  ctx.detail(`warm-up: ${REALTIME_WARM_UP_MS / 1000} s in real time, then playback from ${await appTime(page)}`);
}

/** The third part, at {@link SPEED}×: a train tracked for a while and untracked (the selection's code and panel), the camera back at `view`. */
async function trackAWhile(ctx: BenchContext, page: Page, view: CameraView): Promise<void> {
  const appNow = (await page.evaluate('window.map.clock.getTime()')) as number;
  const train = await trackSomethingRunning(page, yamanoteTrainsAt(ctx.paths.source, appNow, WARM_UP_TRAIN_S), []);
  ctx.detail(`warm-up: ${train ? `${train.id} tracked for ${WARM_UP_TRACK_MS / 1000} s` : 'warning: no train to track'}`);
  await page.waitForTimeout(WARM_UP_TRACK_MS);
  await page.evaluate('void window.map.setSelection(null)');
  if (!(await showView(page, view, BASEMAP_IDLE_TIMEOUT_MS))) ctx.detail('warning: the base map was not idle before "start"');
  ctx.detail(`after tracking: ${await basemapTiles(page)}`);
}

interface SoakFigures {
  start: PageFootprint;
  /** Just after the day, when the real-time phase began. */
  afterDay: PageFootprint;
  end: PageFootprint;
  /** [minute of the real-time phase, page heap after GC] every {@link HEAP_TREND_MINUTES} minutes, and at the end. */
  heapTrend: [number, number][];
  tracked: Tracked[];
  /** Minutes in which nothing could be tracked. */
  untracked: number;
  errors: { expected: string[]; unexpected: string[] };
  failing: boolean;
  realtimeFps: number;
  minutes: number;
}

async function soak(ctx: BenchContext): Promise<SoakFigures> {
  const minutes = ctx.soakMinutes;
  const odpt = await startOdptHosts();
  const hourStart = Math.floor((Date.now() - 20 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  const flightFixtures = busyHourFlights(new Date(hourStart + 9 * 3_600_000).toISOString().slice(0, 16) + ':00+09:00');
  const flights = await startFlightServer({ key: ODPT_KEY, fixtures: flightFixtures });
  const snapshot = readSharedGtfs('halifax/VehiclePositions.pb');
  const gtfs = await startGtfsServer({ '/halifax.zip': { kind: 'body', body: readSharedGtfs('halifax/google_transit.zip') }, '/vp.pb': { kind: 'body', body: snapshot } });
  const { page, cdp, close, context } = await ctx.openPage();
  try {
    await context.addInitScript(WEBGL_OBJECT_COUNTER_SCRIPT);
    await page.goto(ctx.url(appPath()), { waitUntil: 'commit' });
    await page.waitForFunction("typeof window.map?.getRenderStats === 'function'");
    await page.evaluate(replaceMapScript(mapOptions({ main: odpt.main.url, challenge: odpt.challenge.url }, flights.url, { zip: gtfs.url('/halifax.zip'), vp: gtfs.url('/vp.pb') })));
    await waitForUserTiming(page, PERFORMANCE_MARKS.networkDrawn, START_TIMEOUT_MS);
    await page.waitForFunction("window.map.getDataSources()[0]?.status !== 'loading'", null, { timeout: GTFS_TIMEOUT_MS });
    const gtfsStatus = await page.evaluate('window.map.getDataSources()[0].status');
    if (gtfsStatus !== 'loaded') throw new Error(`the GTFS data source did not load (${String(gtfsStatus)})`);
    await waitForUserTiming(page, PERFORMANCE_MARKS.basemapIdle, BASEMAP_IDLE_TIMEOUT_MS).catch(() => ctx.detail('warning: no base map idle before the warm-up'));
    const view = (await page.evaluate('({ center: window.map.getCenter(), zoom: window.map.getZoom(), bearing: window.map.getBearing(), pitch: window.map.getPitch() })')) as CameraView;
    await realTimeAWhile(ctx, page);
    await lookAround(ctx, page, view);

    await page.evaluate(`void window.map.clock.setSpeed(${SPEED})`);
    const dayBegan = Date.now();
    ctx.detail(`day: ${DAY_START} at ${SPEED}× (${formatValue(DAY_MS, 'ms')}), then ${minutes} min in real time`);
    // No train runs at 03:00: the first ones are drawn a few seconds into the day.
    await waitForUserTiming(page, PERFORMANCE_MARKS.trainsDrawn, WARM_UP_MS);
    await sleepUntil(page, dayBegan + WARM_UP_TRACK_AT_MS);
    await trackAWhile(ctx, page, view);
    await lookAround(ctx, page, view);
    await sleepUntil(page, dayBegan + WARM_UP_MS);
    const start = await measureFootprint(page, cdp, ctx.browser);
    ctx.detail(`start: ${await basemapTiles(page)}`);
    ctx.detail(`start at app time ${await appTime(page)} (${formatValue(Date.now() - dayBegan, 'ms')} into the day)`);

    await sleepUntil(page, dayBegan + DAY_MS);
    ctx.detail(`day ended at app time ${await appTime(page)}`);
    await page.evaluate("void window.map.setClockMode('realtime')");
    await page.waitForFunction('window.map.getRenderStats().cars > 0', null, { timeout: START_TIMEOUT_MS }).catch(() => ctx.detail('warning: no train drawn in real time'));
    const afterDay = await measureFootprint(page, cdp, ctx.browser);
    const phaseBegan = Date.now();
    const framesBefore = (await readRenderStats(page)).frames;

    const tracked: Tracked[] = [];
    const heapTrend: [number, number][] = [];
    let untracked = 0;
    const failing = minutes >= FAILING_MINUTES.minPhase;
    for (let minute = 0; minute < minutes; minute++) {
      const minuteBegan = phaseBegan + minute * MINUTE_MS;
      if (failing && minute === FAILING_MINUTES.from) {
        odpt.main.setMode('http-503');
        gtfs.route('/vp.pb', { kind: 'status', status: 503, body: 'simulated failure' });
      } else if (failing && minute === FAILING_MINUTES.to) {
        odpt.main.setMode('normal');
        gtfs.route('/vp.pb', { kind: 'body', body: snapshot });
      }
      if (minute % HEAP_TREND_MINUTES === 0) heapTrend.push([minute, (await measurePageHeap(cdp)).usedBytes]);
      // A different train each minute where the timetables allow.
      const trains = yamanoteTrainsAt(ctx.paths.source, Date.now());
      const something = await trackSomethingRunning(page, [...trains.slice(minute % Math.max(1, trains.length)), ...trains], flightIds(flightFixtures));
      if (something) tracked.push(something);
      else untracked++;
      await sleepUntil(page, minuteBegan + TRACK_MS);
      await page.evaluate('void window.map.setSelection(null)');
      await sleepUntil(page, minuteBegan + MINUTE_MS);
    }
    const realtimeFps = (((await readRenderStats(page)).frames - framesBefore) * 1000) / (Date.now() - phaseBegan);

    // The same tour as before "start": the base map's cache of tiles out of view then holds the same places.
    await lookAround(ctx, page, view);
    await page.waitForTimeout(SETTLE_MS);
    const end = await measureFootprint(page, cdp, ctx.browser);
    ctx.detail(`end: ${await basemapTiles(page)}`);
    const all = (await page.evaluate('window.__benchErrors')) as string[];
    const expectedError = (m: string) => SNAPSHOT_ERROR.test(m) || (failing && INDUCED_ERROR.test(m));
    heapTrend.push([minutes, end.heapBytes]);
    return { start, afterDay, end, heapTrend, tracked, untracked, errors: { expected: all.filter(expectedError), unexpected: all.filter((m) => !expectedError(m)) }, failing, realtimeFps, minutes };
  } finally {
    await close();
    await Promise.all([odpt.close(), flights.close(), gtfs.close()]);
  }
}

/**
 * The base map's tiles by source: those in view and those MapLibre keeps out of view (its cache, and the cache's
 * bound), read from MapLibre's tile managers (internal: the figures explain its WebGL objects).
 */
const basemapTiles = (page: Page) =>
  page.evaluate(`(() => {
    const managers = window.map.getMapLibreMap()?.style?.tileManagers ?? {};
    return Object.entries(managers).map(([id, m]) => id + ': ' + m._inViewTiles.getAllTiles().length + ' tiles in view, ' + m._outOfViewCache.order.length + ' cached out of view (at most ' + m._outOfViewCache.max + ')').join('; ') || 'no tile manager';
  })()`) as Promise<string>;

/** The map's clock, Tokyo time, as `YYYY-MM-DD HH:mm:ss`. */
const appTime = (page: Page) => page.evaluate('window.map.clock.getString()') as Promise<string>;

/** One figure at start and end (`short` names it in those rows), and its growth (the target). */
function growthRows(name: string, short: string, start: number, end: number, unit: 'bytes' | 'count', note: string): BenchRow[] {
  return [
    { metric: `${name}: growth`, value: growthPercent(start, end), unit: 'percent', ...TARGET, note },
    { metric: `  ${short} at start`, value: start, unit },
    { metric: `  ${short} at end`, value: end, unit },
  ];
}

function describe(ctx: BenchContext, f: SoakFigures): void {
  const line = (label: string, p: PageFootprint) =>
    `${label}: heap ${formatValue(p.heapBytes, 'bytes')}, workers ${p.workers} (${formatValue(p.workerHeapBytes, 'bytes')} of heap: ${p.workerHeaps.map((w) => `${w.title} ${formatValue(w.usedBytes, 'bytes')}`).join(', ')}), ` +
    `DOM nodes ${p.domNodes} (${p.elements} elements in the document), listeners ${p.listeners}; WebGL ${p.canvases
      .filter((c) => c.connected)
      .map((c) => `${c.canvas}: ${c.buffers} buffers, ${c.textures} textures, ${c.framebuffers} framebuffers, ${c.vertexArrays} vertex arrays, ${c.programs} programs`)
      .join('; ')}`;
  ctx.detail(line('start', f.start));
  ctx.detail(line('after the day', f.afterDay));
  ctx.detail(line('end', f.end));
  ctx.detail(`page heap after GC in real time: ${f.heapTrend.map(([minute, bytes]) => `${formatValue(bytes, 'bytes')} at minute ${minute}`).join(', ')}`);
  const kinds = (kind: Tracked['kind']) => f.tracked.filter((t) => t.kind === kind).map((t) => t.id);
  ctx.detail(`tracked: ${kinds('train').length} trains (${kinds('train').join(', ')}), ${kinds('airplane').length} airplanes; nothing to track in ${f.untracked} minute(s)`);
  ctx.detail(f.failing ? `stand-ins failing (HTTP 503) in real-time minutes ${FAILING_MINUTES.from + 1}–${FAILING_MINUTES.to}` : `no failing minutes (the real-time phase is shorter than ${FAILING_MINUTES.minPhase} min)`);
  ctx.detail(`error events caused by the stand-ins (${f.errors.expected.length}): ${f.errors.expected.join(' | ') || 'none'}`);
  if (f.errors.unexpected.length) ctx.detail(`warning: other error events (${f.errors.unexpected.length}): ${f.errors.unexpected.join(' | ')}`);
}

/** WebGL buffers of the canvases in the document other than the base map's. */
const ownBuffers = (p: PageFootprint) => p.canvases.filter((c) => c.connected && c.canvas !== 'maplibre').reduce((sum, c) => sum + c.buffers, 0);

function toRows(f: SoakFigures): BenchRow[] {
  const { start, end } = f;
  return [
    ...growthRows('heap: page JS heap after GC', 'heap', start.heapBytes, end.heapBytes, 'bytes', 'HeapProfiler.collectGarbage then Runtime.getHeapUsage usedSize of the main thread, "start" one minute into the day at 600×, "end" after the real-time phase at the same view'),
    ...growthRows('WebGL buffers alive', 'buffers', start.webgl.buffers, end.webgl.buffers, 'count', 'buffers created and neither deleted nor garbage-collected, in the canvases in the document (base map, network, overlay), after GC'),
    ...growthRows('WebGL textures alive', 'textures', start.webgl.textures, end.webgl.textures, 'count', 'textures likewise'),
    ...growthRows('workers alive', 'workers', start.workers, end.workers, 'count', 'dedicated workers of the page (CDP Target.getTargets)'),
    ...growthRows('DOM nodes', 'nodes', start.domNodes, end.domNodes, 'count', 'CDP Memory.getDOMCounters nodes after GC: nodes alive in the page, detached ones included'),
    {
      metric: 'WebGL buffers of the app\'s own canvases: growth',
      value: growthPercent(ownBuffers(start), ownBuffers(end)),
      unit: 'percent',
      note: 'the same without the base map\'s canvas (MapLibre\'s tiles in view and in its cache): the network and the overlay of what moves (informational)',
    },
    { metric: 'workers: JS heap after GC, growth', value: growthPercent(start.workerHeapBytes, end.workerHeapBytes), unit: 'percent', note: 'every dedicated worker GCed, heaps summed (informational)' },
    { metric: 'JS event listeners, growth', value: growthPercent(start.listeners, end.listeners), unit: 'percent', note: 'Memory.getDOMCounters jsEventListeners (informational)' },
    { metric: 'error events not caused by the stand-ins', value: f.errors.unexpected.length, unit: 'count', target: { op: '<=', value: 0 }, note: 'the map\'s error events, less the failing minutes\' HTTP 503 and the Halifax snapshot\'s vehicle on an unknown trip' },
    { metric: 'real time: minutes', value: f.minutes, unit: 'count' },
    { metric: '  trains or airplanes tracked', value: f.tracked.length, unit: 'count', note: 'one a minute, for 30 s' },
    { metric: '  deck.gl frames per second', value: f.realtimeFps, unit: 'fps', note: 'getRenderStats().frames over the real-time phase' },
  ];
}

/** The `soak` section. */
export const soakSection: BenchSection = {
  name: 'soak',
  title: `Stays up all day: a weekday at ${SPEED}×, then real time with every live feed (local stand-ins), tracking a train every minute — growth of heap, WebGL objects, workers, DOM`,
  optIn: true,
  defaultRuns: 1,
  async run(ctx) {
    const figures = await soak(ctx);
    describe(ctx, figures);
    return toRows(figures);
  },
};
