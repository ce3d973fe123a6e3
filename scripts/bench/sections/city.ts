/**
 * Section `city`: the data bundle of a city built from one GTFS feed (`npm run data -- --gtfs`): the build time and
 * the bundle's size, all files and what the app loads to show a day (manifest, network, one day's timetable); then
 * the app on that bundle, as `npm start -- --gtfs` serves it (no base map), at 08:15 of a typical weekday in the
 * city's zone: when its first vehicles are drawn, how many, and what drawing them costs the main thread and the
 * worker per frame, measured as the `trains` section measures Tokyo's. The feed is --gtfs's, else the Halifax feed
 * of the shared data. The bundle is built once per bench, whatever `--runs` says; the app is measured in every run.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { BundleManifest, CityManifest } from '../../../src/data/bundle/manifest.ts';
import { buildGtfsBundle } from '../../data-bundle.ts';
import { scriptPerFrame, startFrameRecorder } from '../app-page.ts';
import { formatValue } from '../format.ts';
import { startAppServer } from '../server.ts';
import type { BenchContext, BenchRow, BenchSection } from '../types.ts';
import { computePerTrainFrame, measureStill, openAt, perSecond } from './trains.ts';

/** Wait after the first vehicles are drawn before measuring, so that late work of start-up is not counted. */
const SETTLE_MS = 3000;
/** The time of day the app is measured at, in the city's zone. */
const MORNING = '08:15';

/** The city bundle built once per bench: its folder (kept until the bench ends), manifest and build rows. */
interface CityBuild {
  out: string;
  manifest: BundleManifest;
  rows: BenchRow[];
}

/** `+HH:MM` offset of an IANA zone from UTC at noon of `date` (YYYY-MM-DD). */
function zoneOffset(timeZone: string, date: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(`${date}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

/** 08:15 of the bundle's first typical weekday, in the city's zone (`?time=` of the app). */
function morningOf(city: CityManifest): string {
  const date = Object.keys(city.days).sort().find((d) => city.days[d] === city.typical.weekday) ?? Object.keys(city.days).sort()[0];
  return `${date}T${MORNING}:00${zoneOffset(city.timeZone, date)}`;
}

async function build(ctx: BenchContext): Promise<CityBuild> {
  const zip = ctx.paths.gtfs ?? resolve(dirname(ctx.paths.source), 'gtfs/halifax/google_transit.zip');
  const out = mkdtempSync(join(tmpdir(), 'tt-bench-city-'));
  const remove = () => rmSync(out, { recursive: true, force: true });
  process.on('exit', remove);
  const started = performance.now();
  const { manifest } = await buildGtfsBundle(zip, out);
  const seconds = (performance.now() - started) / 1000;
  const city = manifest.city!;
  ctx.detail(`${city.name}: ${manifest.counts.railways} lines, ${manifest.counts.stations} stations, ${Object.keys(city.days).length} service days in ${Object.keys(city.dayTimetables).length} timetables`);
  const files = readdirSync(out);
  const size = (gzip: boolean) => files.filter((f) => f.endsWith('.gz') === gzip).reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
  const weekday = manifest.timetables.weekday;
  const manifestGzip = statSync(join(out, 'manifest.json.gz')).size;
  return {
    out,
    manifest,
    rows: [
      { metric: 'bundle build time', value: seconds * 1000, unit: 'ms' },
      { metric: 'bundle, all files', value: size(false), unit: 'bytes' },
      { metric: 'bundle, all files, gzip', value: size(true), unit: 'bytes' },
      { metric: 'a weekday\'s data (manifest, network, timetable), gzip', value: manifestGzip + manifest.network.gzipBytes + weekday.gzipBytes, unit: 'bytes' },
      { metric: 'vehicles of the typical weekday', value: weekday.trains, unit: 'count' },
    ],
  };
}

/** The app on the city's bundle: first vehicles drawn, then a still window at the city's default view (the whole feed). */
async function measureApp(ctx: BenchContext, { out, manifest }: CityBuild): Promise<BenchRow[]> {
  const server = await startAppServer({ ...ctx.paths, out, basemap: '' });
  const { page, cdp, close } = await ctx.openPage();
  try {
    const time = morningOf(manifest.city!);
    const { stats, trainsDrawnMs } = await openAt({ ...ctx, url: (path) => new URL(path, server.origin).href }, page, time);
    await page.waitForTimeout(SETTLE_MS);
    await startFrameRecorder(page);
    const { still, busy } = await measureStill(page, cdp);
    const frames = Math.max(1, still.frames);
    ctx.detail(
      `app at ${time}: ${stats.trains} vehicles, ${stats.cars} boxes in the first frame, drawn ${formatValue(trainsDrawnMs, 'ms')} after navigation; still view ${formatValue(still.ms, 'ms')}: ${still.frames} deck frames, ${still.delta.trainFrames} vehicle frames, ${formatValue(still.delta.trainScriptMs, 'ms')} main thread, ${formatValue(still.delta.trainComputeMs, 'ms')} worker; main thread ${formatValue(busy.taskMs, 'ms')} in tasks`,
    );
    return [
      { metric: 'app: vehicles at 08:15 of a weekday', value: stats.trains, unit: 'count', note: `getRenderStats().trains of the first frame drawn at ?time=${time} (the city's default view: the whole feed, no base map)` },
      { metric: '  boxes drawn', value: stats.cars, unit: 'count', note: 'getRenderStats().cars of that frame: cars, sections and hull halves (one box per vehicle when zoomed far out)' },
      { metric: 'app: navigation → first vehicles drawn', value: trainsDrawnMs, unit: 'ms', note: 'startTime of the tt:trains-drawn mark, cold cache (as the trains section measures Tokyo)' },
      {
        metric: 'app: script, vehicles, main thread per frame',
        value: scriptPerFrame(still.record),
        unit: 'ms',
        note: 'median over the deck.gl frames of the still window (default view, vehicles moving, camera still) of the growth of getRenderStats().trainScriptMs per frame, as in the trains section',
      },
      { metric: '  mean per frame', value: still.delta.trainScriptMs / frames, unit: 'ms', note: 'Δ trainScriptMs / Δ frames over the same window' },
      { metric: '  worker compute per vehicle frame', value: computePerTrainFrame(still), unit: 'ms', note: 'median over worker frames of getRenderStats().trainComputeMs growth' },
      { metric: '  main thread busy per frame, all tasks', value: busy.taskMs / frames, unit: 'ms', note: 'Performance.getMetrics TaskDuration growth over the still window / deck.gl frames' },
      { metric: 'app: fps, default view, vehicles moving', value: perSecond(still.frames, still.ms), unit: 'fps', note: 'deck.gl frames per second in the still window; headless Chromium 1280×720 with SwiftShader' },
    ];
  } finally {
    await close();
    await server.close();
  }
}

export const citySection: BenchSection = {
  name: 'city',
  title: 'A city from one GTFS feed: its bundle (build time, size) and the app on it (first vehicles, script per frame)',
  async run(ctx) {
    const built = await ctx.memo('city', () => build(ctx));
    return [...built.rows, ...(await measureApp(ctx, built))];
  },
};
