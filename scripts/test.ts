/**
 * `npm test`: every check — lint (ESLint, then knip), unit (Vitest), browser
 * (Playwright) — and a final line `N passed, N failed` with the real totals.
 * ESLint and knip count as one test each, failed when they report anything.
 * Exits non-zero on any failure, including a runner that crashed before reporting.
 * `--lint`, `--unit` or `--e2e` runs one suite; other arguments are passed to the unit and browser runners.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './config.ts';
import { ALONE } from '../playwright.config.ts';

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  note?: string;
  /** Wall time of the suite, seconds. */
  seconds?: number;
}

const RESULTS = join(ROOT, 'test-results');
const args = process.argv.slice(2);
const SUITES = ['lint', 'unit', 'e2e'] as const;
const only = SUITES.find((s) => args.includes(`--${s}`)) ?? null;
const passThrough = args.filter((a) => !SUITES.some((s) => a === `--${s}`));

function run(command: string, commandArgs: string[]): number {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The lint checks: `npm run <script>` passes when the tool reports nothing. */
const LINTERS = [
  { tool: 'ESLint', script: 'lint' },
  { tool: 'knip', script: 'knip' },
];

/** ESLint, then knip; each counts as one test, failed when it reports anything (its report is printed as it runs). */
function lintSuite(): SuiteResult {
  const failures = LINTERS.filter(({ tool, script }) => {
    console.log(`lint: ${tool} (npm run ${script})`);
    return run('npm', ['run', '--silent', script]) !== 0;
  });
  return {
    name: 'lint',
    passed: LINTERS.length - failures.length,
    failed: failures.length,
    note: failures.length ? failures.map(({ tool, script }) => `${tool} found problems (listed above; \`npm run ${script}\` lists them again)`).join('; ') : undefined,
  };
}

function unitSuite(): SuiteResult {
  const out = join(RESULTS, 'unit.json');
  rmSync(out, { force: true });
  const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...passThrough]);
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numTotalTests: number; success: boolean }>(out);
  if (!report) return { name: 'unit', passed: 0, failed: 1, note: `vitest exited with ${status} without a report` };
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { name: 'unit', passed: report.numPassedTests, failed, note: status !== 0 && report.numFailedTests === 0 ? `vitest exited with ${status}` : undefined };
}

/** One Playwright run (a config and its JSON report). */
function playwrightRun(name: string, report: string, config: string[]): SuiteResult {
  const out = join(RESULTS, report);
  rmSync(out, { force: true });
  const status = run('npx', ['playwright', 'test', ...config, ...passThrough]);
  const json = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number }; errors?: unknown[] }>(out);
  if (!json) return { name, passed: 0, failed: 1, note: `playwright exited with ${status} without a report` };
  const { expected, unexpected, flaky, skipped } = json.stats;
  const crashed = status !== 0 && unexpected === 0;
  // Skipped: a test that skips itself (basemap-resolution.spec.ts on a machine too fast for what it checks).
  const notes = [crashed ? `playwright exited with ${status}` : '', skipped ? `${skipped} skipped` : ''].filter(Boolean);
  return { name, passed: expected + flaky, failed: unexpected + (crashed ? 1 : 0), note: notes.join('; ') || undefined };
}

/** The browser test runs, in order: their names, reports and configs, and the spec files of the runs with a config. */
const E2E_RUNS = [
  { name: 'browser', report: 'e2e.json', config: [] as string[], specs: null },
  { name: 'browser (alone)', report: 'e2e-alone.json', config: ['-c', 'playwright.alone.config.ts'], specs: ALONE },
];

/**
 * The browser tests: two specs at a time (the Tokyo app, and the app on a city's GTFS feed on a server of its own),
 * then the specs that count frames one at a time. When specs are named, only the runs that hold one of them.
 */
function e2eSuite(): SuiteResult {
  const named = passThrough.filter((a) => !a.startsWith('-'));
  const holds = (specs: string[], arg: string) => specs.some((spec) => arg.includes(spec.replace(/\.spec\.ts$/, '')));
  const others = E2E_RUNS.flatMap((run) => run.specs ?? []);
  const runs = E2E_RUNS.filter(({ specs }) => named.length === 0 || named.some((arg) => (specs ? holds(specs, arg) : !holds(others, arg))));
  const results = runs.map(({ name, report, config }) => playwrightRun(name, report, config));
  const notes = results.flatMap((r) => (r.note ? [`${r.name}: ${r.note}`] : [])).join('; ');
  return { name: 'browser', passed: results.reduce((n, r) => n + r.passed, 0), failed: results.reduce((n, r) => n + r.failed, 0), note: notes || undefined };
}

/** Runs a suite and records its wall time. */
function timed(suite: () => SuiteResult): SuiteResult {
  const start = performance.now();
  const result = suite();
  return { ...result, seconds: Math.round((performance.now() - start) / 1000) };
}

mkdirSync(RESULTS, { recursive: true });
const suites: SuiteResult[] = [];
if (only === null || only === 'lint') suites.push(timed(lintSuite));
if (only === null || only === 'unit') suites.push(timed(unitSuite));
if (only === null || only === 'e2e') {
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    suites.push({ name: 'browser', passed: 0, failed: 1, note: 'Chromium is not installed (apt-get install chromium fonts-noto-cjk, or set CHROMIUM_PATH)' });
  } else suites.push(timed(e2eSuite));
}
console.log('');
for (const s of suites) console.log(`${s.name}: ${s.passed} passed, ${s.failed} failed${s.note ? ` (${s.note})` : ''}${s.seconds !== undefined ? ` in ${s.seconds} s` : ''}`);
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
