/**
 * Shared types of `npm run bench`: a section measures something in one run
 * and returns rows; the runner repeats it, aggregates the rows by metric and
 * reports medians, spreads and targets.
 */
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import type { ProjectPaths } from '../config.ts';

/** Unit of a row's value; decides how it is printed (bytes as decimal kB/MB, 1 MB = 10^6 bytes). */
export type Unit = 'bytes' | 'ms' | 'us' | 'count' | 'fps' | 'ratio' | 'percent';

/** A goal for a metric: the median must be at most (`<=`) or at least (`>=`) `value`. */
export interface Target {
  op: '<=' | '>=';
  value: number;
}

/** One measured figure of one run. `metric` is the row's identity across runs, so keep it stable. */
export interface BenchRow {
  metric: string;
  value: number;
  unit: Unit;
  /** What the figure should reach; rows without a target are informational. */
  target?: Target;
  /** The same figure on the existing product, for comparison. */
  baseline?: number;
  /** A short explanation printed in verbose mode and written to the JSON. */
  note?: string;
}

/** A fresh, cold browser context with one page and a CDP session on it. */
export interface BenchPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Closes the context (and with it the page and the session). */
  close(): Promise<void>;
}

/** What a section gets for one run. */
export interface BenchContext {
  /** Base URL of the in-process app server, ending with a slash. */
  origin: string;
  /** Resolves a path against {@link origin}. */
  url(path: string): string;
  paths: ProjectPaths;
  browser: Browser;
  /** 1-based number of this run and the total number of runs. */
  run: number;
  runs: number;
  verbose: boolean;
  /** Opens a page in a new browser context, so that HTTP caches are cold; `device`: another screen than the desktop window (size, pixel ratio, touch). */
  openPage(device?: BrowserContextOptions): Promise<BenchPage>;
  /** Adds a line of detail (printed with `--verbose`, always written to the JSON). */
  detail(line: string): void;
  /** Computes a value once per bench invocation and shares it between runs and sections. */
  memo<T>(key: string, factory: () => Promise<T>): Promise<T>;
  /** Minutes of the `soak` section's real-time phase (`--soak-minutes`). */
  soakMinutes: number;
}

/** A group of related measurements, e.g. `load`. */
export interface BenchSection {
  /** Name used by `--only`. */
  name: string;
  /** One line saying what the section measures. */
  title: string;
  /** Measures once; called `--runs` times, each with a fresh browser context. */
  run(ctx: BenchContext): Promise<BenchRow[]>;
  /** Runs only when `--only` names it (a long run, left out of the full bench). */
  optIn?: boolean;
  /** Runs when `--runs` is not given and this section runs alone (default 3). */
  defaultRuns?: number;
}

/** A metric aggregated over the runs. */
export interface AggregatedRow {
  metric: string;
  unit: Unit;
  target?: Target;
  baseline?: number;
  note?: string;
  values: number[];
  median: number;
  min: number;
  max: number;
  /** (max − min) / median, 0 when the median is 0. */
  relativeSpread: number;
  /** Whether the median reaches the target; `info` when there is none. */
  status: 'met' | 'missed' | 'info';
}

/** Outcome of all runs of one section. */
export interface SectionResult {
  name: string;
  title: string;
  runsOk: number;
  runsFailed: number;
  /** Error messages of failed runs, prefixed by the run number. */
  errors: string[];
  rows: AggregatedRow[];
  /** Detail lines by run. */
  details: { run: number; lines: string[] }[];
  /** Wall-clock seconds of each successful run. */
  runSeconds: number[];
}

/** Facts about the machine the numbers were measured on. */
export interface MachineFacts {
  date: string;
  cpuModel: string;
  cpuCores: number;
  memoryGB: number;
  os: string;
  node: string;
  chromium: string;
  webglRenderer: string;
  gitCommit: string;
  /** 1-minute load averages when the bench started and ended (a busy machine skews timings). */
  loadAverageStart: number;
  loadAverageEnd?: number;
}

/** The JSON written to test-results/bench.json. */
export interface BenchReport {
  machine: MachineFacts;
  options: { runs: number; only: string | null; strict: boolean };
  sections: SectionResult[];
  summary: { met: number; missed: number; info: number; failedSections: string[]; missedMetrics: string[] };
}
