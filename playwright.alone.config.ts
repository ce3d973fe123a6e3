import { defineConfig } from '@playwright/test';
import base, { ALONE, TOKYO_SERVER } from './playwright.config.ts';

/**
 * The specs whose checks count the frames a page draws (eco mode, rain): the same browser, server and port as
 * playwright.config.ts, one test at a time. `npm test` runs it after the main suite.
 */
export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: ALONE,
  workers: 1,
  webServer: TOKYO_SERVER,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-alone.json' }]],
});
