import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORT } from './tests/support/chromium.ts';
import { HALIFAX } from './tests/support/halifax-feed.ts';

/** Port of the app server the browser tests start (the `npm start` server, on its own port). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5179);
/** Port of the server of the app built from the Halifax GTFS feed (`npm start -- --gtfs`), for city-gtfs.spec.ts. */
export const CITY_PORT = E2E_PORT + 1;

/**
 * Specs whose checks count the frames a page draws in a few seconds: they run one at a time, with nothing beside them
 * (playwright.alone.config.ts; `npm test` runs it after this one).
 */
export const ALONE = ['controls.spec.ts', 'rain.spec.ts'];

/** How the test servers are started and waited for. */
const SERVER = { reuseExistingServer: false, timeout: 240_000, stdout: 'pipe', stderr: 'pipe' } as const;
/** The server of the app on Tokyo's data (`npm start`), which builds what is stale first. */
export const TOKYO_SERVER = { command: `npx tsx scripts/start.ts --port ${E2E_PORT}`, url: `http://127.0.0.1:${E2E_PORT}/`, ...SERVER };

export default defineConfig({
  testDir: 'tests/e2e',
  testIgnore: ALONE,
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  // Two spec files at a time. A test is CPU-bound by itself (software WebGL takes about one CPU, the page and the
  // runner much of the other), so on 2 CPUs each test takes about twice as long, but the suite only five sixths of the
  // time (1 Dec 2026, clean clone: 942 s for what took about 1,110 s one at a time). Every test is written to pass
  // beside another CPU-heavy job, but the checks of frame rates (eco mode, rain) are not: see ALONE.
  workers: 2,
  // No retries: a test that fails once is a defect to fix. The few loops that point again at something moving say why.
  retries: 0,
  // Most tests take 10-30 s on an idle 2-core machine and up to 90 s with a load of 15-20; the longer ones set their own.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}/`,
    viewport: VIEWPORT,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    // The app page registers its service worker once trains are drawn, and it then downloads the app and the data
    // bundle again to keep them: background work that only tests/e2e/offline.spec.ts wants (it allows it).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  // Tokyo's server, then the city's (started one after the other: the first builds what is stale, the second finds it
  // built and builds only the city's bundle).
  webServer: [
    TOKYO_SERVER,
    { command: `npx tsx scripts/start.ts --gtfs "${HALIFAX}" --port ${CITY_PORT}`, url: `http://127.0.0.1:${CITY_PORT}/`, ...SERVER },
  ],
});
