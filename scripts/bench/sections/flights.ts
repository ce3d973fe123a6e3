/**
 * Section `flights`: the airplanes in a busy hour (issue #13) — the
 * main-thread script per frame spent on all aircraft (the issue's target: at
 * most 0.5 ms) and how many are drawn.
 *
 * A local HTTP server (`tests/support/flight-server.ts`, the browser tests'
 * stand-in for the open data center) serves a busy hour of arrivals and
 * departures at Haneda and Narita in the services' record format (144
 * movements, plus a code-share, a cancelled and a diverted flight), the hour
 * having started 30 minutes before the run: the map runs in real time, so
 * aircraft are on approach and climbing out while it is measured. The map is
 * replaced by one with a token and that server as its flight information
 * host, looking at Haneda with the trains running.
 *
 * - script per frame: the growth of `getRenderStats().flightScriptMs` per
 *   aircraft-layer frame (the layer times its whole draw: the aircraft of the
 *   instant computed and written, the upload, the draw call), recorded every
 *   animation frame over a window with the camera still and turning; the
 *   median over the frames is the figure.
 * - a CPU profile of the main thread over a further window lists the
 *   airplanes' functions by self time (details).
 */
import type { Page } from 'playwright-core';
import { PERFORMANCE_MARKS } from '../../../src/performance-marks.ts';
import { busyHourFlights, joinFixtures, startFlightServer, unusualFlights } from '../../../tests/support/flight-server.ts';
import { appPath, layerRecorderScript, readRenderStats, replaceMapScript } from '../app-page.ts';
import { formatValue } from '../format.ts';
import { waitForUserTiming } from '../page-timing.ts';
import { fetchSourceMap, startProfiler, stopProfiler } from '../profile.ts';
import { median } from '../stats.ts';
import type { BenchContext, BenchRow, BenchSection } from '../types.ts';

const KEY = 'benchflightkey';
/** Flights of each kind per publisher and airline in the hour (6 of them): 144 movements. */
const PER_ROUTE = 12;
/** Over Haneda, tilted, its approaches and departures in view. */
const VIEW = { center: [139.79, 35.55], zoom: 11.5, pitch: 45, bearing: 0 };
const START_TIMEOUT_MS = 120_000;
const BASEMAP_IDLE_TIMEOUT_MS = 45_000;
const SETTLE_MS = 2000;
/** Still window, then a camera turn of the same length. */
const WINDOW_MS = 8000;
const TURN_DEGREES = 40;
const PROFILE_MS = 5000;
const TOP_FUNCTIONS = 10;

const TARGETS = {
  scriptMs: { target: { op: '<=', value: 0.5 } },
} as const satisfies Record<string, Pick<BenchRow, 'target'>>;

/** Global of the in-page recorder. */
const RECORDER = '__ttBenchFlights';

/** The map's options: a token, and the local server as the flight information host. */
function mapOptions(baseUrl: string): Record<string, unknown> {
  return {
    container: 'map',
    theme: 'light',
    lang: 'en',
    ...VIEW,
    secrets: { odpt: KEY },
    realtime: { hosts: [] },
    flights: { hosts: [{ id: 'local', baseUrl, secret: 'odpt', operators: ['HND-JAT', 'HND-TIAT', 'NAA'] }] },
  };
}

/** Records, every animation frame in which the aircraft layer drew, its script time per frame and the aircraft drawn. */
const RECORDER_SCRIPT = layerRecorderScript(RECORDER, 'flightFrames', 'flightScriptMs', 'aircraft');

interface FlightFigures {
  /** [ms per frame, aircraft drawn] of each recorded frame. */
  frames: [number, number][];
  meanMs: number;
  planned: number;
  errors: string[];
}

async function measure(ctx: BenchContext): Promise<FlightFigures> {
  const hourStart = Math.floor((Date.now() - 30 * 60_000) / 60_000) * 60_000;
  const iso = new Date(hourStart + 9 * 3_600_000).toISOString().slice(0, 16) + ':00+09:00';
  const fixtures = joinFixtures(busyHourFlights(iso, PER_ROUTE), unusualFlights(Date.now() + 8 * 60_000));
  const server = await startFlightServer({ key: KEY, fixtures });
  const { page, cdp, close } = await ctx.openPage();
  try {
    await page.goto(ctx.url(appPath()), { waitUntil: 'commit' });
    await page.waitForFunction("typeof window.map?.getRenderStats === 'function'");
    await page.evaluate(replaceMapScript(mapOptions(server.url)));
    await waitForUserTiming(page, PERFORMANCE_MARKS.aircraftDrawn, START_TIMEOUT_MS);
    await waitForUserTiming(page, PERFORMANCE_MARKS.basemapIdle, BASEMAP_IDLE_TIMEOUT_MS).catch(() => ctx.detail('warning: no base map idle before measuring'));
    await page.waitForTimeout(SETTLE_MS);
    const start = await readRenderStats(page);
    await page.evaluate(RECORDER_SCRIPT);
    await page.waitForTimeout(WINDOW_MS);
    await page.evaluate(`void window.map.easeTo({ bearing: ${TURN_DEGREES}, duration: ${WINDOW_MS} })`);
    await page.waitForTimeout(WINDOW_MS + 500);
    const frames = (await page.evaluate(`window.${RECORDER}.splice(0)`)) as [number, number][];
    await page.evaluate(`window.${RECORDER} = null`);
    const end = await readRenderStats(page);
    await profileFlights(ctx, page, cdp);
    const errors = (await page.evaluate('window.__benchErrors')) as string[];
    return { frames, meanMs: (end.flightScriptMs - start.flightScriptMs) / Math.max(1, end.flightFrames - start.flightFrames), planned: end.flightsPlanned, errors };
  } finally {
    await close();
    await server.close();
  }
}

/** Profiles the main thread for {@link PROFILE_MS} and lists the airplanes' functions by self time. */
async function profileFlights(ctx: BenchContext, page: Page, cdp: Parameters<typeof startProfiler>[0]): Promise<void> {
  const before = await readRenderStats(page);
  await startProfiler(cdp);
  await page.waitForTimeout(PROFILE_MS);
  const profile = await stopProfiler(cdp, (url) => ctx.memo(`source-map ${url}`, () => fetchSourceMap(url)));
  const after = await readRenderStats(page);
  const frames = Math.max(1, after.flightFrames - before.flightFrames);
  const ours = profile.functions.filter((f) => /src\/(data\/flights|layers\/aircraft)/.test(f.where));
  const total = ours.reduce((sum, f) => sum + f.selfMs, 0);
  ctx.detail(`profile (${(profile.totalMs / 1000).toFixed(1)} s, ${frames} aircraft frames): airplanes' own functions ${(total / frames).toFixed(3)} ms self time per frame`);
  ctx.detail(`  ${ours.slice(0, TOP_FUNCTIONS).map((f) => `${f.name} (${f.where}) ${(f.selfMs / frames).toFixed(3)}`).join('; ')}`);
}

/** The value below which the share `p` of `values` lie (nearest rank; NaN for none). */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function toRows(f: FlightFigures): BenchRow[] {
  const perFrame = f.frames.map(([ms]) => ms);
  const counts = f.frames.map(([, n]) => n);
  return [
    {
      metric: 'script: airplanes, main thread per frame',
      value: perFrame.length ? median(perFrame) : f.meanMs,
      unit: 'ms',
      ...TARGETS.scriptMs,
      note: `median over the aircraft-layer frames of ${WINDOW_MS / 1000} s still and ${WINDOW_MS / 1000} s turning ${TURN_DEGREES}° over Haneda (trains running, real time) of the growth of getRenderStats().flightScriptMs per frame: every aircraft computed and written, uploaded and drawn`,
    },
    { metric: '  mean per frame', value: f.meanMs, unit: 'ms', note: 'Δ flightScriptMs / Δ flightFrames over the same windows (wall time inside the layer: a frame in which the main thread waited for a core on this busy 2-CPU machine counts its wait)' },
    { metric: '  90th percentile per frame', value: percentile(perFrame, 0.9), unit: 'ms', note: 'the same frames as the median' },
    { metric: '  aircraft drawn per frame (median)', value: counts.length ? median(counts) : 0, unit: 'count', note: 'getRenderStats().aircraft: arrivals and departures in the air or on the runway' },
    { metric: '  flights planned', value: f.planned, unit: 'count', note: `${PER_ROUTE * 12} movements of the busy hour and 3 unusual flights served; the cancelled and the diverted one are not planned` },
  ];
}

export const flightsSection: BenchSection = {
  name: 'flights',
  title: 'Airplanes in a busy hour at Haneda and Narita (local flight information fixture): main-thread script per frame, aircraft drawn',
  async run(ctx) {
    const f = await measure(ctx);
    const perFrame = f.frames.map(([ms]) => ms);
    ctx.detail(`${f.frames.length} aircraft frames recorded; per frame: median ${formatValue(perFrame.length ? median(perFrame) : NaN, 'ms')}, max ${formatValue(Math.max(...perFrame, 0), 'ms')}; ${f.planned} flights planned`);
    if (f.errors.length) ctx.detail(`map errors: ${f.errors.join(' | ')}`);
    return toRows(f);
  },
};
