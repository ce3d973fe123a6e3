/**
 * Section `phone`: the app on a phone-class device — a 390×844 screen of 3 device pixels per CSS pixel with touch,
 * the CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`), the weekday 08:00 instant, cold caches. Times to the first
 * map and to the first trains, the longest main-thread task once the trains are drawn, the main-thread script per frame
 * of everything that moves, the page's heap after GC, and the resolution the map's canvases draw at.
 *
 * The GPU is not slowed: under software WebGL (SwiftShader) drawing runs in Chromium's GPU process on the same CPU,
 * which the throttling leaves at full speed, while a phone's GPU is its own.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { PERFORMANCE_MARKS } from '../../../src/performance-marks.ts';
import { appPath, BENCH_TIMES, pageNow, readFrameRecord, readRenderStats, scriptPerFrame, startFrameRecorder, type FrameRecord } from '../app-page.ts';
import { formatValue } from '../format.ts';
import { measurePageHeap } from '../heap.ts';
import { readUserTiming, waitForUserTiming } from '../page-timing.ts';
import type { BenchContext, BenchRow, BenchSection } from '../types.ts';

/** The phone: an iPhone-class screen (390×844 CSS px at 3×) with touch. */
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };
/** How much slower the main thread and workers run than on this machine. */
const CPU_SLOWDOWN = 4;
/** Waits for the first map and for the first trains (a slowed CPU on a busy machine is slow to start). */
const DRAW_TIMEOUT_MS = 180_000;
/** Script window once the trains are drawn: at least this long, longer until it holds {@link MIN_FRAMES} frames, at most the maximum. */
const WINDOW_MS = 10_000;
const WINDOW_MAX_MS = 40_000;
const MIN_FRAMES = 10;
/** Global the long-task observer writes to: `[startTime, duration]` of each task over 50 ms. */
const LONG_TASKS = '__ttLongTasks';

const TARGETS = {
  trainsDrawnMs: { target: { op: '<=', value: 8000 } },
  longestTaskMs: { target: { op: '<=', value: 200 } },
  scriptMs: { target: { op: '<=', value: 4 } },
  heapBytes: { target: { op: '<=', value: 80e6 } },
} as const satisfies Record<string, Pick<BenchRow, 'target' | 'baseline'>>;

/** One map canvas: its drawing buffer's pixels per CSS pixel. */
interface CanvasResolution {
  name: string;
  cssWidth: number;
  cssHeight: number;
  ratioX: number;
  ratioY: number;
}

interface PhoneFigures {
  networkDrawnMs: number;
  trainsDrawnMs: number;
  /** Long tasks that started once the trains were drawn, until the end of the script window. */
  longTasks: [number, number][];
  window: { ms: number; record: FrameRecord; frames: number };
  heapBytes: number;
  devicePixelRatio: number;
  canvases: CanvasResolution[];
}

/** Records every main-thread task over 50 ms from the page's start (a string: the bench's transform adds helpers to functions). */
const LONG_TASK_OBSERVER = `(() => {
  const tasks = (window.${LONG_TASKS} = []);
  new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})()`;

/** Every canvas of the page that is shown, with its drawing buffer's size per CSS pixel. */
function readCanvases(page: Page): Promise<CanvasResolution[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('canvas')]
      .filter((c) => c.clientWidth > 0 && c.clientHeight > 0)
      .map((c) => ({ name: c.id || c.className || 'canvas', cssWidth: c.clientWidth, cssHeight: c.clientHeight, ratioX: c.width / c.clientWidth, ratioY: c.height / c.clientHeight })),
  );
}

/** Waits at least {@link WINDOW_MS} from `from`, then until deck.gl has drawn {@link MIN_FRAMES} frames since `startFrames`, at most {@link WINDOW_MAX_MS}; returns the page time reached. */
async function waitForWindow(page: Page, from: number, startFrames: number): Promise<number> {
  await page.waitForTimeout(WINDOW_MS);
  for (;;) {
    const now = await pageNow(page);
    const { frames } = await readRenderStats(page);
    if (frames - startFrames >= MIN_FRAMES || now - from >= WINDOW_MAX_MS) return now;
    await page.waitForTimeout(1000);
  }
}

/** One cold load on the phone. */
async function measurePhone(ctx: BenchContext): Promise<PhoneFigures> {
  const { context, page, cdp, close } = await ctx.openPage(PHONE);
  try {
    await context.addInitScript(LONG_TASK_OBSERVER);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(ctx.url(appPath(BENCH_TIMES.weekday)), { waitUntil: 'commit' });
    await waitForUserTiming(page, PERFORMANCE_MARKS.networkDrawn, DRAW_TIMEOUT_MS);
    await waitForUserTiming(page, PERFORMANCE_MARKS.trainsDrawn, DRAW_TIMEOUT_MS);
    const networkDrawnMs = await readUserTiming(page, PERFORMANCE_MARKS.networkDrawn, 'startTime');
    const trainsDrawnMs = await readUserTiming(page, PERFORMANCE_MARKS.trainsDrawn, 'startTime');

    await startFrameRecorder(page);
    const from = await pageNow(page);
    const { frames } = await readRenderStats(page);
    const until = await waitForWindow(page, from, frames);
    const record = await readFrameRecord(page, from, until);
    const longTasks = (await page.evaluate((name) => (window as unknown as Record<string, [number, number][]>)[name], LONG_TASKS)).filter(([start]) => start >= trainsDrawnMs);
    const canvases = await readCanvases(page);
    const devicePixelRatio = await page.evaluate(() => window.devicePixelRatio);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const heap = await measurePageHeap(cdp);
    return {
      networkDrawnMs,
      trainsDrawnMs,
      longTasks,
      window: { ms: until - from, record, frames: record.samples.reduce((a, s) => a + s.frames, 0) },
      heapBytes: heap.usedBytes,
      devicePixelRatio,
      canvases,
    };
  } finally {
    await close();
  }
}

function describe(ctx: BenchContext, f: PhoneFigures): void {
  ctx.detail(`script window: ${formatValue(f.window.ms, 'ms')}, ${f.window.frames} deck.gl frames, ${f.window.record.rafs.length} animation frames`);
  const longest = [...f.longTasks].sort((a, b) => b[1] - a[1]).slice(0, 5);
  ctx.detail(`long tasks after the trains were drawn: ${f.longTasks.length}; longest: ${longest.map(([start, duration]) => `${formatValue(duration, 'ms')} at ${formatValue(start, 'ms')}`).join(', ') || 'none'}`);
  for (const c of f.canvases) ctx.detail(`canvas ${c.name}: ${c.cssWidth}×${c.cssHeight} CSS px, ${c.ratioX.toFixed(2)}×${c.ratioY.toFixed(2)} drawing pixels per CSS pixel`);
}

function toRows(f: PhoneFigures): BenchRow[] {
  const ratios = f.canvases.map((c) => Math.max(c.ratioX, c.ratioY));
  return [
    { metric: 'time: navigation → first map drawn', value: f.networkDrawnMs, unit: 'ms', note: `startTime of tt:network-drawn (the first frame with the network), 390×844 at 3×, touch, CPU ${CPU_SLOWDOWN}× slower, cold cache` },
    { metric: 'time: navigation → first trains drawn', value: f.trainsDrawnMs, unit: 'ms', ...TARGETS.trainsDrawnMs, note: 'startTime of tt:trains-drawn, weekday 08:00' },
    {
      metric: 'longest main-thread task after trains drawn',
      value: f.longTasks.reduce((a, [, duration]) => Math.max(a, duration), 0),
      unit: 'ms',
      ...TARGETS.longestTaskMs,
      note: `PerformanceObserver 'longtask' entries (tasks over 50 ms; 0 when none) that started from tt:trains-drawn to the end of the script window`,
    },
    { metric: '  long tasks in that time', value: f.longTasks.length, unit: 'count' },
    {
      metric: 'script: everything that moves, main thread per frame',
      value: scriptPerFrame(f.window.record, 'movingScriptMs'),
      unit: 'ms',
      ...TARGETS.scriptMs,
      note: `median over the deck.gl frames of a window of ${WINDOW_MS / 1000}–${WINDOW_MAX_MS / 1000} s (until ${MIN_FRAMES} frames) after the trains were drawn, default view, of the growth of getRenderStats() trainScriptMs + flightScriptMs + gtfsVehicleScriptMs + rainScriptMs per frame (the trains section's recorder)`,
    },
    { metric: '  of which trains', value: scriptPerFrame(f.window.record), unit: 'ms', note: 'the same median of trainScriptMs alone' },
    { metric: '  deck.gl frames per second', value: (f.window.frames * 1000) / f.window.ms, unit: 'fps', note: 'getRenderStats().frames in the script window' },
    { metric: 'heap: page JS heap after GC', value: f.heapBytes, unit: 'bytes', ...TARGETS.heapBytes, note: 'after the script window: HeapProfiler.collectGarbage then Runtime.getHeapUsage usedSize of the main thread' },
    { metric: 'render: screen device pixel ratio', value: f.devicePixelRatio, unit: 'ratio', note: 'window.devicePixelRatio of the emulated phone' },
    {
      metric: 'render: drawing pixels per CSS pixel, map canvases',
      value: ratios.length ? Math.max(...ratios) : NaN,
      unit: 'ratio',
      note: 'the highest canvas.width / clientWidth (or height) of the shown canvases (base map, network, overlay): the effective pixel ratio drawn at; each canvas is in the details',
    },
    { metric: '  map canvases shown', value: f.canvases.length, unit: 'count' },
  ];
}

/** The `phone` section. */
export const phoneSection: BenchSection = {
  name: 'phone',
  title: `Phone: 390×844 at 3×, touch, CPU ${CPU_SLOWDOWN}× slower, weekday 08:00 — first map and trains, long tasks, script per frame, heap, resolution`,
  async run(ctx) {
    const figures = await measurePhone(ctx);
    describe(ctx, figures);
    return toRows(figures);
  },
};
