import type { Browser } from 'playwright-core';
import type { ProjectPaths } from '../config.ts';
import { openBenchPage } from './browser.ts';
import { aggregateRows } from './stats.ts';
import type { BenchContext, BenchRow, BenchSection, SectionResult } from './types.ts';

/** What every run of every section shares. */
export interface RunnerEnvironment {
  origin: string;
  paths: ProjectPaths;
  browser: Browser;
  runs: number;
  verbose: boolean;
  soakMinutes: number;
  /** Progress output (one line per run). */
  log(line: string): void;
}

/** A per-invocation cache for {@link BenchContext.memo}. */
function createMemo(): BenchContext['memo'] {
  const cache = new Map<string, Promise<unknown>>();
  return <T>(key: string, factory: () => Promise<T>) => {
    let value = cache.get(key) as Promise<T> | undefined;
    if (!value) {
      value = factory();
      cache.set(key, value);
      value.catch(() => cache.delete(key));
    }
    return value;
  };
}

/** Runs `section` `env.runs` times (a failed run is recorded, not fatal) and aggregates its rows. */
async function runSection(section: BenchSection, env: RunnerEnvironment, memo: BenchContext['memo']): Promise<SectionResult> {
  const result: SectionResult = { name: section.name, title: section.title, runsOk: 0, runsFailed: 0, errors: [], rows: [], details: [], runSeconds: [] };
  const rowsByRun: BenchRow[][] = [];
  for (let run = 1; run <= env.runs; run++) {
    const lines: string[] = [];
    const ctx: BenchContext = {
      origin: env.origin,
      url: (path) => new URL(path, env.origin).href,
      paths: env.paths,
      browser: env.browser,
      run,
      runs: env.runs,
      verbose: env.verbose,
      openPage: (device) => openBenchPage(env.browser, device),
      detail: (line) => lines.push(line),
      memo,
      soakMinutes: env.soakMinutes,
    };
    const started = performance.now();
    try {
      rowsByRun.push(await section.run(ctx));
      const seconds = (performance.now() - started) / 1000;
      result.runsOk++;
      result.runSeconds.push(seconds);
      env.log(`  ${section.name} run ${run}/${env.runs}: ${seconds.toFixed(1)} s`);
    } catch (e) {
      const message = (e as Error).message.split('\n')[0];
      result.runsFailed++;
      result.errors.push(`run ${run}: ${message}`);
      env.log(`  ${section.name} run ${run}/${env.runs}: FAILED — ${message}`);
    }
    if (lines.length) result.details.push({ run, lines });
  }
  result.rows = aggregateRows(rowsByRun);
  return result;
}

/** Runs the sections one after another. */
export async function runSections(sections: readonly BenchSection[], env: RunnerEnvironment): Promise<SectionResult[]> {
  const memo = createMemo();
  const results: SectionResult[] = [];
  for (const section of sections) {
    env.log(`Section ${section.name}: ${section.title}`);
    results.push(await runSection(section, env, memo));
  }
  return results;
}
