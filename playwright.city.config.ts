import { defineConfig } from '@playwright/test';
import base, { E2E_PORT } from './playwright.config.ts';
import { HALIFAX } from './tests/support/halifax-feed.ts';

/**
 * The browser test of the app built from one GTFS feed (`npm start -- --gtfs`): the same browser and port as
 * playwright.config.ts, on a server started with the Halifax feed. `npm test` runs it after the main suite.
 */
export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: 'city-gtfs.spec.ts',
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-city.json' }]],
  webServer: {
    ...base.webServer,
    command: `npx tsx scripts/start.ts --gtfs "${HALIFAX}" --port ${E2E_PORT}`,
  },
});
