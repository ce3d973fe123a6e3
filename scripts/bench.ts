/**
 * `npm run bench`: measures the built app in headless Chromium — each
 * section several times, each run in a fresh browser context with cold
 * caches — and prints medians, spreads and targets, then writes
 * test-results/bench.json. See `npm run bench -- --help`.
 *
 * Exit status: 0 after printing (also when targets are missed, unless
 * `--strict`), 1 when a section had no successful run or the bench could not start.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, resolvePaths } from './config.ts';
import { ensureBuilt } from './ensure-built.ts';
import { launchBrowser } from './bench/browser.ts';
import { currentLoadAverage, machineFacts } from './bench/machine.ts';
import { DEFAULT_RUNS, parseBenchArgs, usage } from './bench/options.ts';
import { snapshotBuild } from './bench/snapshot.ts';
import { formatMachine, formatSection, formatSummary, summarise, writeReport } from './bench/report.ts';
import { runSections } from './bench/runner.ts';
import { SECTIONS } from './bench/sections/index.ts';
import { startAppServer } from './bench/server.ts';
import type { BenchReport } from './bench/types.ts';

/** Where the JSON results go. */
export const REPORT_FILE = join(ROOT, 'test-results/bench.json');

const log = (line = '') => console.log(line);

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const sectionNames = SECTIONS.map((s) => s.name);
  const options = parseBenchArgs(argv, sectionNames);
  if (options.help) {
    log(usage(sectionNames));
    return 0;
  }
  const paths = { ...resolvePaths(argv), port: 0 };
  if (options.build) {
    await ensureBuilt(paths, log).catch((e: Error) => {
      throw new Error(`${e.message.trimEnd()}\n(building the app or the data failed; --no-build measures dist/ as it is)`);
    });
  } else if (!existsSync(join(paths.dist, 'index.html')) || !existsSync(join(paths.out, 'manifest.json'))) {
    throw new Error(`--no-build needs a built app in ${paths.dist} and a data bundle in ${paths.out}.`);
  }
  if (!existsSync(paths.basemap)) log(`warning: no base map at ${paths.basemap}; timings without it are not comparable.`);

  // Serve a copy: `npm test` and builds in the same checkout replace dist/ and the bundle.
  const snapshot = await snapshotBuild(paths, log);
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    server = await startAppServer(snapshot.paths);
    browser = await launchBrowser();
    const machine = await machineFacts(browser);
    // Opt-in sections (the long soak) run only when named, and then alone: their own default number of runs applies.
    const sections = SECTIONS.filter((s) => (options.only ? s.name === options.only : !s.optIn));
    const runs = options.runs ?? (sections.length === 1 ? sections[0].defaultRuns : undefined) ?? DEFAULT_RUNS;
    log(`Benchmarking ${server.origin} with ${runs} run(s) per section …`);
    const results = await runSections(sections, { origin: server.origin, paths: snapshot.paths, browser, runs, verbose: options.verbose, soakMinutes: options.soakMinutes, log });
    machine.loadAverageEnd = currentLoadAverage();

    const report: BenchReport = { machine, options: { runs, only: options.only, strict: options.strict }, sections: results, summary: summarise(results) };
    log();
    for (const line of formatMachine(machine)) log(line);
    log('Sizes in decimal units (1 MB = 1,000,000 bytes). Spread: min – max over the runs (± half that range, relative to the median).');
    log('Targets are judged on the median; [existing] = the existing product on the same kind of machine.');
    for (const section of results) {
      log();
      for (const line of formatSection(section, runs, options.verbose)) log(line);
    }
    log();
    for (const line of formatSummary(report)) log(line);
    writeReport(REPORT_FILE, report);
    log(`Results written to ${REPORT_FILE}`);

    if (report.summary.failedSections.length) return 1;
    return options.strict && report.summary.missed > 0 ? 1 : 0;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close();
    snapshot.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(`npm run bench: ${e.message}`);
    process.exit(1);
  },
);
