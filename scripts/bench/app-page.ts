/**
 * The app page as the bench opens it, and what it reads from it while it
 * runs: `window.map.getRenderStats()` and a per-animation-frame record of it.
 */
import type { Page } from 'playwright-core';
import type { RenderStats } from '../../src/render-stats.ts';
import { median } from './stats.ts';

/** Simulation start instants (Tokyo time, 08:00) of the bench: fixed, so runs on any day draw the same trains. */
export const BENCH_TIMES = {
  /** Tuesday. */
  weekday: '2026-11-24T08:00:00+09:00',
  saturday: '2026-11-28T08:00:00+09:00',
  /** Sunday. */
  sunday: '2026-11-29T08:00:00+09:00',
  /** Monday, Labour Thanksgiving Day (a national holiday: holiday timetable). */
  nationalHoliday: '2026-11-23T08:00:00+09:00',
} as const;

/** Path of the app page with a fixed theme (so runs at any hour draw the same style) and, optionally, a clock start. */
export function appPath(time?: string): string {
  const params = new URLSearchParams({ theme: 'light' });
  if (time) params.set('time', time); // URLSearchParams writes `+` as %2B, which `?time=` needs
  return `?${params}`;
}

/** Whether a dedicated worker is the app's train simulation (it is created with the name `trains`). */
export function isTrainWorker(worker: { url: string; title: string }): boolean {
  return worker.title === 'trains' || /\/train-worker[^/]*\.js$/.test(worker.url);
}

/** getRenderStats() of the page's map. */
export function readRenderStats(page: Page): Promise<RenderStats> {
  return page.evaluate(() => (window as unknown as { map: { getRenderStats(): RenderStats } }).map.getRenderStats());
}

/** One animation frame in which deck.gl had drawn since the previous such record. */
export interface FrameSample {
  /** rAF timestamp (ms, page time). */
  t: number;
  /** Deltas of the render statistics since the previous sample. */
  frames: number;
  trainFrames: number;
  trainScriptMs: number;
  trainComputeMs: number;
  /** Main-thread script of everything that moves: trains, aircraft, GTFS vehicles and rain (their render statistics' script ms). */
  movingScriptMs: number;
}

/** What the in-page recorder holds. */
export interface FrameRecord {
  /** Timestamps of every animation frame (rAF callback) since the recorder started. */
  rafs: number[];
  /** One entry per animation frame in which deck.gl drew at least once. */
  samples: FrameSample[];
}

/** Global of the in-page recorder. */
const RECORDER = '__ttBenchFrames';

/**
 * Starts a requestAnimationFrame loop in the page that reads the render
 * statistics every animation frame and records a sample whenever deck.gl
 * has drawn; time spent on trains between two drawn frames (e.g. receiving a
 * worker frame) goes to the later one. deck.gl's own loop requests every
 * animation frame anyway, so this adds no frames. A string, because the
 * bench's TypeScript transform would add helper calls to named functions.
 */
export async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const record = { rafs: [], samples: [] };
    window.${RECORDER} = record;
    let last = window.map.getRenderStats();
    const moving = (s) => s.trainScriptMs + s.flightScriptMs + s.gtfsVehicleScriptMs + s.rainScriptMs;
    const tick = (t) => {
      record.rafs.push(t);
      const now = window.map.getRenderStats();
      if (now.frames > last.frames) {
        record.samples.push({
          t,
          frames: now.frames - last.frames,
          trainFrames: now.trainFrames - last.trainFrames,
          trainScriptMs: now.trainScriptMs - last.trainScriptMs,
          trainComputeMs: now.trainComputeMs - last.trainComputeMs,
          movingScriptMs: moving(now) - moving(last),
        });
        last = now;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
}

/** The recorder's entries with timestamps in [from, to] (page time). */
export async function readFrameRecord(page: Page, from: number, to: number): Promise<FrameRecord> {
  return page.evaluate(
    ({ global, from, to }) => {
      // No named functions in here: the bench's TypeScript transform would add helper calls the page lacks.
      const record = (window as unknown as Record<string, FrameRecord>)[global];
      return { rafs: record.rafs.filter((t) => t >= from && t <= to), samples: record.samples.filter((s) => s.t >= from && s.t <= to) };
    },
    { global: RECORDER, from, to },
  );
}

/**
 * Median over the recorded frames of a script figure per deck.gl frame (the time charged to each drawn frame divided by
 * the frames it stands for), NaN without frames.
 */
export function scriptPerFrame(record: FrameRecord, field: 'trainScriptMs' | 'movingScriptMs' = 'trainScriptMs'): number {
  const values = record.samples.map((s) => s[field] / s.frames);
  return values.length ? median(values) : NaN;
}

/** performance.now() of the page. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/**
 * Script that replaces the page's map by one made with `options` (plain JSON,
 * `container` included) and collects its `error` messages in
 * `window.__benchErrors`. A string: see {@link startFrameRecorder}.
 */
export function replaceMapScript(options: Record<string, unknown>): string {
  return `(() => {
    const old = window.map;
    old.remove();
    performance.clearMarks();
    window.map = new old.constructor(${JSON.stringify(options)});
    window.__benchErrors = [];
    window.map.on('error', (e) => window.__benchErrors.push(e.message));
  })()`;
}

/** Numeric fields of the render statistics. */
type StatName = keyof RenderStats;

/**
 * Script that records in `window[global]`, for every animation frame in which
 * a layer drew (its `frames` counter grew), `[script ms per frame, value of
 * `also` then]`, until `window[global]` is replaced. Read it with
 * `window[global].splice(0)`.
 */
export function layerRecorderScript(global: string, frames: StatName, scriptMs: StatName, also: StatName = frames): string {
  return `(() => {
  const record = [];
  window.${global} = record;
  let last = window.map.getRenderStats();
  const tick = () => {
    const now = window.map.getRenderStats();
    const frames = now.${frames} - last.${frames};
    if (frames > 0) record.push([(now.${scriptMs} - last.${scriptMs}) / frames, now.${also}]);
    last = now;
    if (window.${global} === record) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
}
