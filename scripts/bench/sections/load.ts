/**
 * Section `load`: what a first visit costs — data and JavaScript bytes,
 * decode time, time to the first frame with the network, and the JS heap
 * once loaded. Targets and the existing product's figures come from the issue.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { BundleManifest } from '../../../src/data/bundle/manifest.ts';
import type { Calendar } from '../../../src/data/bundle/timetable-format.ts';
import { PERFORMANCE_MARKS } from '../../../src/performance-marks.ts';
import { NetworkRecorder, type RecordedRequest } from '../cdp-network.ts';
import { formatValue } from '../format.ts';
import { measureJsFloor, type FloorScript } from '../js-floor.ts';
import { appPath, BENCH_TIMES, isTrainWorker } from '../app-page.ts';
import { browserContextIdOf, measurePageHeap, measureWorkerHeaps, performanceMetricHeap } from '../heap.ts';
import { buildPageDecoders, PAGE_DECODERS_GLOBAL, type PageDecoders } from '../page-decoders.ts';
import { isJavaScript, readResources, readUserTiming, readWorkerUserTiming, waitForUserTiming, type ResourceEntry } from '../page-timing.ts';
import type { BenchContext, BenchRow, BenchSection } from '../types.ts';

/**
 * Page the section opens: the app at its default view, with a fixed theme and
 * the clock at a weekday 08:00, so that runs at any hour load the same
 * timetable and draw the same trains.
 */
const APP_PATH = appPath(BENCH_TIMES.weekday);
/**
 * The day type of that time: the timetable the bench fetches when the app has
 * loaded none, and decodes once more in the page (decode only, for comparison
 * with the app's worker measure).
 */
const CALENDAR = 'weekday';
/** Timetable files of the bundle (`timetable-<calendar>.<hash>.bin`). */
const TIMETABLE_FILE = /\/data\/timetable-([a-z]+)\.[0-9a-f]+\.bin$/;
/** Long enough for a machine that is busy (a load of 15 on 2 cores): the byte figures do not depend on it. */
const DRAW_TIMEOUT_MS = 120_000;
/** Minimum wait after the network is drawn before the heap is measured… */
const SETTLE_MS = 3000;
/** …and the page must be loaded: base map idle (tt:basemap-idle) and trains drawn (tt:trains-drawn), then this long more… */
const AFTER_LOADED_MS = 1000;
/** …waiting at most this long (from the network drawn) for it. */
const LOADED_TIMEOUT_MS = 45_000;
/** File name of MapLibre's worker script in the build. */
const MAPLIBRE_WORKER = /\/maplibre-gl-worker[^/]*\.m?js$/;
/** How many JavaScript files `--verbose` lists. */
const TOP_FILES = 8;

const TARGETS = {
  dataBytes: { target: { op: '<=', value: 3e6 }, baseline: 13.65e6 },
  networkDrawnMs: { target: { op: '<=', value: 3000 }, baseline: 6500 },
  heapBytes: { target: { op: '<=', value: 80e6 }, baseline: 165e6 },
  /** The budget: the app's first-view JavaScript on top of the stack's floor. */
  jsOverFloorBytes: { target: { op: '<=', value: 80e3 } },
} as const satisfies Record<string, Pick<BenchRow, 'target' | 'baseline'>>;

/** The app's User Timing entries (ms since navigation start; the parse measure's duration). */
interface AppTimings {
  networkFetchedMs: number;
  networkParseMs: number;
  networkParsedMs: number;
  networkDrawnMs: number;
}

/** Marks that come after the network is drawn (NaN when missing when the heap was measured). */
interface LaterTimings {
  basemapIdleMs: number;
  trainsDrawnMs: number;
  /** Duration of tt:timetable-parse in the train worker. */
  timetableParseMs: number;
}

/** The figures of one page load, before they become rows. */
interface LoadFigures {
  timings: AppTimings;
  later: LaterTimings;
  /** When the page requested the network file (ms since navigation start). */
  networkRequestedMs: number;
  /** Last base map response (ms since navigation start). */
  basemapLoadedMs: number;
  heap: { pageBytes: number; pageMetricBytes: number; pageArrayBufferBytes: number; workerBytes: number; trainWorkerBytes: number; workers: number };
  js: { before: ResourceEntry[]; after: ResourceEntry[]; workerUrls: Set<string> };
  data: {
    /** Resource Timing entries under /data/, page and workers: what the app loaded, plus the bench's timetable fetch when the app loaded none. */
    entries: ResourceEntry[];
    /** Day types of the timetables counted in {@link entries}. */
    calendars: string[];
    /** Whether the app loaded a timetable itself. */
    appLoadedTimetable: boolean;
    /** The page's /data/ requests as CDP saw them (cross-check; workers' are missing). */
    cdpRequests: RecordedRequest[];
    timetable: TimetableDecode;
  };
}

/** Result of fetching and decoding a timetable in the page. */
interface TimetableDecode {
  status: number;
  bytes: number;
  decodeMs: number;
  trainCount: number;
}

/** Fetches the bundle manifest from the server (once per bench). */
function loadManifest(ctx: BenchContext): Promise<BundleManifest> {
  return ctx.memo('manifest', async () => {
    const response = await fetch(ctx.url('data/manifest.json'));
    if (!response.ok) throw new Error(`GET /data/manifest.json: HTTP ${response.status}`);
    return (await response.json()) as BundleManifest;
  });
}

/** Navigates and waits for the first frame with the network drawn; returns that mark's time and the parse measure. */
async function loadApp(ctx: BenchContext, page: Page): Promise<AppTimings> {
  await page.goto(ctx.url(APP_PATH), { waitUntil: 'commit' });
  await waitForUserTiming(page, PERFORMANCE_MARKS.networkDrawn, DRAW_TIMEOUT_MS);
  return {
    networkFetchedMs: await readUserTiming(page, PERFORMANCE_MARKS.networkFetched, 'startTime'),
    networkParseMs: await readUserTiming(page, PERFORMANCE_MARKS.networkParse, 'duration'),
    networkParsedMs: await readUserTiming(page, PERFORMANCE_MARKS.networkParsed, 'startTime'),
    networkDrawnMs: await readUserTiming(page, PERFORMANCE_MARKS.networkDrawn, 'startTime'),
  };
}

/**
 * Waits until the page is at rest: at least {@link SETTLE_MS} after the
 * network was drawn, and {@link AFTER_LOADED_MS} after both the base map's
 * first idle (tt:basemap-idle: MapLibre has loaded and drawn its tiles) and
 * the first frame with trains (tt:trains-drawn). Returns those marks' times.
 */
async function settle(ctx: BenchContext, page: Page): Promise<Omit<LaterTimings, 'timetableParseMs'>> {
  const start = performance.now();
  const minimum = page.waitForTimeout(SETTLE_MS);
  const missing: string[] = [];
  const mark = async (name: string) => {
    try {
      await waitForUserTiming(page, name, Math.max(1, LOADED_TIMEOUT_MS - (performance.now() - start)));
      return await readUserTiming(page, name, 'startTime');
    } catch {
      missing.push(name);
      return NaN;
    }
  };
  const basemapIdleMs = await mark(PERFORMANCE_MARKS.basemapIdle);
  const trainsDrawnMs = await mark(PERFORMANCE_MARKS.trainsDrawn);
  await page.waitForTimeout(AFTER_LOADED_MS);
  await minimum;
  if (missing.length) ctx.detail(`warning: no ${missing.join(' and no ')} ${LOADED_TIMEOUT_MS / 1000} s after the network was drawn; measured anyway`);
  ctx.detail(`settled ${formatValue(performance.now() - start, 'ms')} after the network was drawn`);
  return { basemapIdleMs, trainsDrawnMs };
}

/** Forces GC in the page and its workers and reads their heaps. */
async function measureHeaps(ctx: BenchContext, cdp: CDPSession): Promise<LoadFigures['heap']> {
  const page = await measurePageHeap(cdp);
  const pageMetricBytes = await performanceMetricHeap(cdp);
  const workers = await measureWorkerHeaps(ctx.browser, await browserContextIdOf(cdp));
  const trainWorkers = workers.list.filter(isTrainWorker);
  return {
    pageBytes: page.usedBytes,
    pageMetricBytes,
    pageArrayBufferBytes: page.backingStoreBytes,
    workerBytes: workers.usedBytes,
    trainWorkerBytes: trainWorkers.reduce((a, w) => a + w.usedBytes, 0),
    workers: workers.workers,
  };
}

/** Time of the last base map response (tiles and glyphs), in ms since navigation start; NaN when there was none. */
function basemapLoadedAt(resources: ResourceEntry[]): number {
  const ends = resources.filter((r) => new URL(r.url).pathname.startsWith('/basemap/')).map((r) => r.responseEnd);
  return ends.length ? Math.max(...ends) : NaN;
}

/**
 * Splits the page's scripts into those requested before the map showed (plus MapLibre's worker, which the base map
 * needs whenever it is requested) and the rest (the train simulation's worker starts once the network is drawn).
 */
function splitJavaScript(resources: ResourceEntry[], drawnAt: number, workerUrls: Set<string>): LoadFigures['js'] {
  const scripts = resources.filter((r) => isJavaScript(r.url));
  const needed = (r: ResourceEntry) => r.startTime < drawnAt || MAPLIBRE_WORKER.test(r.url);
  return { before: scripts.filter(needed), after: scripts.filter((r) => !needed(r)), workerUrls };
}

/**
 * Fetches a timetable in the page as the app will (plain fetch, so gzip) and
 * times its decode with the injected decoders. The decoded timetable is dropped.
 */
async function fetchAndDecodeTimetable(ctx: BenchContext, page: Page, url: string): Promise<TimetableDecode> {
  await page.addScriptTag({ content: await ctx.memo('page-decoders', buildPageDecoders) });
  return page.evaluate(
    async ({ url, global }) => {
      const decoders = (window as unknown as Record<string, PageDecoders>)[global];
      const response = await fetch(url);
      const bytes = await response.arrayBuffer();
      const start = performance.now();
      const timetable = decoders.decodeTimetable(bytes, url);
      const decodeMs = performance.now() - start;
      return { status: response.status, bytes: bytes.byteLength, decodeMs, trainCount: timetable.trainCount };
    },
    { url, global: PAGE_DECODERS_GLOBAL },
  );
}

/** One cold page load with every measurement of the section. */
async function measureLoad(ctx: BenchContext, manifest: BundleManifest): Promise<LoadFigures> {
  const { page, cdp, close } = await ctx.openPage();
  try {
    const recorder = await NetworkRecorder.start(cdp);
    const timings = await loadApp(ctx, page);
    const marks = await settle(ctx, page);

    const heap = await measureHeaps(ctx, cdp);
    const parse = await readWorkerUserTiming(page, PERFORMANCE_MARKS.timetableParse, 'duration');
    const later: LaterTimings = { ...marks, timetableParseMs: parse?.value ?? NaN };
    const workerUrls = new Set(page.workers().map((w) => w.url()));
    const loaded = await readResources(page);
    const appLoadedTimetable = loaded.some((r) => TIMETABLE_FILE.test(r.url));

    const timetableUrl = ctx.url(`data/${manifest.timetables[CALENDAR].file}`);
    const timetable = await fetchAndDecodeTimetable(ctx, page, timetableUrl);
    if (timetable.status !== 200) throw new Error(`GET ${timetableUrl} in the page: HTTP ${timetable.status}`);

    const resources = appLoadedTimetable ? loaded : await readResources(page);
    const js = splitJavaScript(resources, timings.networkDrawnMs, workerUrls);
    const networkRequestedMs = Math.min(...resources.filter((r) => r.url.endsWith(`/${manifest.network.file}`)).map((r) => r.startTime));
    const entries = resources.filter((r) => new URL(r.url).pathname.startsWith('/data/'));
    const calendars = [...new Set(entries.map((r) => TIMETABLE_FILE.exec(r.url)?.[1]).filter((c): c is string => !!c))];
    await recorder.waitForFinished(timetableUrl).catch(() => undefined); // only for the cross-check
    const cdpRequests = recorder.finished((u) => u.pathname.startsWith('/data/'));
    return {
      timings,
      later,
      networkRequestedMs,
      basemapLoadedMs: basemapLoadedAt(resources),
      heap,
      js,
      data: { entries, calendars, appLoadedTimetable, cdpRequests, timetable },
    };
  } finally {
    await close();
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const fileName = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

const where = (r: ResourceEntry) => (r.context === 'page' ? 'page' : `worker ${fileName(r.context)}`);

/** Detail lines: the data requests (with the CDP cross-check) and the largest scripts of this run. */
function describe(ctx: BenchContext, figures: LoadFigures): void {
  const { entries, cdpRequests, calendars, appLoadedTimetable } = figures.data;
  ctx.detail(`timetables counted: ${calendars.join(', ') || 'none'} (${appLoadedTimetable ? 'loaded by the app' : 'fetched by the bench; the app loaded none'})`);
  for (const r of entries) {
    const cdp = cdpRequests.find((c) => c.url === r.url && r.context === 'page');
    const cross = cdp ? `; CDP ${formatValue(cdp.encodedDataLength ?? 0, 'bytes')} (${cdp.contentEncoding ?? 'identity'})` : '';
    ctx.detail(`data  ${fileName(r.url).padEnd(40)} ${formatValue(r.transferSize, 'bytes').padStart(10)} transferred by the ${where(r)}${cross}`);
  }
  const { before, after, workerUrls } = figures.js;
  const sorted = [...before].sort((a, b) => b.encodedBodySize - a.encodedBodySize);
  for (const r of sorted.slice(0, TOP_FILES)) {
    const tag = workerUrls.has(r.url) ? ' [worker]' : r.context !== 'page' ? ` [in ${where(r)}]` : '';
    ctx.detail(
      `js    ${fileName(r.url).padEnd(40)} ${formatValue(r.encodedBodySize, 'bytes').padStart(10)} gzip, ${formatValue(r.decodedBodySize, 'bytes').padStart(10)} raw, done at ${formatValue(r.responseEnd, 'ms')}${tag}`,
    );
  }
  if (sorted.length > TOP_FILES) ctx.detail(`js    … ${sorted.length - TOP_FILES} more files before the map shows`);
  for (const r of after) ctx.detail(`js    ${fileName(r.url).padEnd(40)} ${formatValue(r.encodedBodySize, 'bytes').padStart(10)} gzip, loaded after the map showed (${where(r)})`);
  const plain = [...entries, ...before].filter((r) => r.transferSize > 0 && r.encodedBodySize >= r.decodedBodySize && r.decodedBodySize > 1000);
  if (plain.length) ctx.detail(`warning: sent without compression: ${plain.map((r) => fileName(r.url)).join(', ')}`);
}

/** Turns one run's figures into rows. */
function toRows(manifest: BundleManifest, figures: LoadFigures, floor: FloorScript[]): BenchRow[] {
  const { entries, calendars, timetable } = figures.data;
  const transferred = (filter: (r: ResourceEntry) => boolean) => sum(entries.filter(filter).map((r) => r.transferSize));
  const manifestGzip = manifest.network.gzipBytes + sum(calendars.map((c) => manifest.timetables[c as Calendar]?.gzipBytes ?? 0));
  const networkFile = manifest.network.file;
  const { before, after, workerUrls } = figures.js;
  const workerJs = before.filter((r) => workerUrls.has(r.url));
  return [
    {
      metric: "data: manifest gzip, network + a day's timetables",
      value: manifestGzip,
      unit: 'bytes',
      ...TARGETS.dataBytes,
      note: 'gzipBytes in manifest.json of the network and of the timetables counted below',
    },
    {
      metric: "data: transferred /data/, network + a day's timetables",
      value: transferred(() => true),
      unit: 'bytes',
      ...TARGETS.dataBytes,
      note: `Resource Timing transferSize (gzip body + 300 B for headers; 0 when from cache) of every /data/ response in the page and its workers; when the app loaded no timetable by itself, the bench's fetch of the ${CALENDAR} timetable in the page is counted instead`,
    },
    { metric: '  of which network file', value: transferred((r) => r.url.endsWith(`/${networkFile}`)), unit: 'bytes' },
    { metric: '  of which timetables', value: transferred((r) => TIMETABLE_FILE.test(r.url)), unit: 'bytes' },
    { metric: 'parse: network (tt:network-parse)', value: figures.timings.networkParseMs, unit: 'ms', note: 'User Timing measure set by the app around decodeNetwork' },
    {
      metric: `parse: ${CALENDAR} timetable + schedule (tt:timetable-parse)`,
      value: figures.later.timetableParseMs,
      unit: 'ms',
      note: "duration of the User Timing measure the train worker sets around decoding the day's timetable and building its schedule (read from the worker's timeline)",
    },
    {
      metric: '  decode only, in the page (bench)',
      value: timetable.decodeMs,
      unit: 'ms',
      note: `decodeTimetable of src/data/timetable.ts, bundled by the bench and run once on the page's main thread on the fetched bytes (${timetable.trainCount} trains)`,
    },
    {
      metric: 'time: navigation → network drawn',
      value: figures.timings.networkDrawnMs,
      unit: 'ms',
      ...TARGETS.networkDrawnMs,
      note: 'startTime of the tt:network-drawn mark (ms since navigation start)',
    },
    { metric: '  navigation → network file requested', value: figures.networkRequestedMs, unit: 'ms', note: 'Resource Timing startTime of the network file' },
    { metric: '  navigation → network fetched', value: figures.timings.networkFetchedMs, unit: 'ms', note: 'tt:network-fetched mark' },
    { metric: '  network parsed → drawn', value: figures.timings.networkDrawnMs - figures.timings.networkParsedMs, unit: 'ms', note: 'tt:network-drawn − tt:network-parsed: layer creation, GPU upload, first frame' },
    { metric: '  navigation → base map idle', value: figures.later.basemapIdleMs, unit: 'ms', note: "startTime of the tt:basemap-idle mark (MapLibre's first idle event: tiles loaded and drawn)" },
    {
      metric: '  navigation → last base map response',
      value: figures.basemapLoadedMs,
      unit: 'ms',
      note: 'Resource Timing responseEnd of the last /basemap/ response (tiles, glyphs) before the heap is measured',
    },
    { metric: '  navigation → first trains drawn', value: figures.later.trainsDrawnMs, unit: 'ms', note: 'startTime of the tt:trains-drawn mark' },
    {
      metric: 'heap: page JS heap after GC',
      value: figures.heap.pageBytes,
      unit: 'bytes',
      ...TARGETS.heapBytes,
      note: `at least ${SETTLE_MS / 1000} s after the network was drawn and ${AFTER_LOADED_MS / 1000} s after both tt:basemap-idle and tt:trains-drawn (trains running); HeapProfiler.collectGarbage then Runtime.getHeapUsage usedSize of the main thread`,
    },
    { metric: '  page ArrayBuffers (outside the heap)', value: figures.heap.pageArrayBufferBytes, unit: 'bytes', note: 'Runtime.getHeapUsage backingStorageSize' },
    { metric: `  worker JS heaps after GC`, value: figures.heap.workerBytes, unit: 'bytes', note: `sum over ${figures.heap.workers} dedicated worker(s): MapLibre's and the train simulation's` },
    { metric: '    of which train worker', value: figures.heap.trainWorkerBytes, unit: 'bytes', note: 'the worker named "trains"' },
    { metric: '  page + workers', value: figures.heap.pageBytes + figures.heap.workerBytes, unit: 'bytes', note: 'total JS heap of the page and its workers' },
    { metric: '  JSHeapUsedSize (cross-check)', value: figures.heap.pageMetricBytes, unit: 'bytes', note: 'Performance.getMetrics after the same GC' },
    {
      metric: 'js: gzip before the map shows',
      value: sum(before.map((r) => r.encodedBodySize)),
      unit: 'bytes',
      baseline: 1.1e6,
      note: "Resource Timing encodedBodySize of every .js/.mjs requested before tt:network-drawn, plus MapLibre's worker",
    },
    { metric: '  of which worker scripts', value: sum(workerJs.map((r) => r.encodedBodySize)), unit: 'bytes', note: "main scripts of the page's dedicated workers requested before the network was drawn, and MapLibre's" },
    { metric: '  of which MapLibre worker', value: sum(workerJs.filter((r) => MAPLIBRE_WORKER.test(r.url)).map((r) => r.encodedBodySize)), unit: 'bytes' },
    { metric: '  uncompressed', value: sum(before.map((r) => r.decodedBodySize)), unit: 'bytes' },
    { metric: '  files', value: before.length, unit: 'count' },
    { metric: 'js: gzip loaded after the map shows', value: sum(after.map((r) => r.encodedBodySize)), unit: 'bytes' },
    {
      metric: "js: the stack's floor (gzip)",
      value: sum(floor.map((f) => f.gzipBytes)),
      unit: 'bytes',
      note: `every script of scripts/bench/floor (React, react-map-gl with MapLibre and its worker, one deck.gl PathLayer; nothing of the app) built like the app and gzipped at level 9 as the app server does: ${floor.map((f) => `${f.file} ${formatValue(f.gzipBytes, 'bytes')}`).join(', ')}`,
    },
    {
      metric: '  the app on top of the floor',
      value: sum(before.map((r) => r.encodedBodySize)) - sum(floor.map((f) => f.gzipBytes)),
      unit: 'bytes',
      ...TARGETS.jsOverFloorBytes,
      note: 'js: gzip before the map shows − the floor: the app\'s own code and the libraries only it uses (pmtiles, react-intl, zustand, suncalc, more of deck.gl)',
    },
  ];
}

/** The `load` section. */
export const loadSection: BenchSection = {
  name: 'load',
  title: 'First visit: data and JavaScript bytes, decode time, time to the network, heap',
  async run(ctx) {
    const manifest = await loadManifest(ctx);
    const figures = await measureLoad(ctx, manifest);
    const floor = await ctx.memo('js-floor', measureJsFloor);
    describe(ctx, figures);
    return toRows(manifest, figures, floor);
  },
};
