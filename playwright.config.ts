import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, VIEWPORT } from './tests/support/chromium.ts';

/** Port of the app server the browser tests start (the `npm start` server, on its own port). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5179);

export default defineConfig({
  testDir: 'tests/e2e',
  // The app on a city's GTFS feed runs on a server of its own: playwright.city.config.ts.
  testIgnore: 'city-gtfs.spec.ts',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  // One worker: a test is CPU-bound by itself (software WebGL, the base map's tile workers, screenshots), and the
  // checks of frame rates (eco mode, rain) need the CPU a test has alone.
  workers: 1,
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
  webServer: {
    command: `npx tsx scripts/start.ts --port ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
