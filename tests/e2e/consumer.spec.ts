/**
 * The package as a developer meets it: `npm pack`, the tarball installed (offline, from the npm cache) into a fresh
 * Vite + React app (tests/consumer-app), built with a `base` sub-path, served from a sub-folder of a different,
 * plain static server. In Chromium the trains are drawn, a Mini Tokyo 3D-style plugin's three.js box is drawn, Mini
 * Tokyo 3D's published fireworks plugin lists its festival, every worker and chunk comes from the app's own folder,
 * and `<TransitMap>` unmounts leaving no worker or WebGL context behind.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { resolvePaths, ROOT } from '../../scripts/config.ts';
import { installConsumer } from '../../scripts/consumer/install.ts';
import { packPackage } from '../../scripts/consumer/pack.ts';
import { serveMounts, type MountServer } from './support/mount-server.ts';
import { pageResources, trackWebglContexts } from './support/page-resources.ts';
import { screenshotImage } from './support/pixels.ts';
import { buildPublishedPlugin } from './support/published-plugin.ts';

const BASE = '/apps/transit/';
/** The same app on React 18, the oldest React the package's peer range allows. */
const BASE_18 = '/apps/transit-react18/';
let scratch = '';
let server: MountServer | null = null;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  scratch = mkdtempSync(join(tmpdir(), 'tt-consumer-'));
  const app = join(scratch, 'app');
  const packed = packPackage(scratch);
  const installed = installConsumer(app, packed.file, ['react', 'react-dom', 'vite', '@vitejs/plugin-react']);
  cpSync(join(ROOT, 'tests/consumer-app'), app, { recursive: true });
  await buildPublishedPlugin('fireworks', join(app, 'src/vendor'));
  execFileSync(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: app, stdio: 'inherit' });
  testInfo.annotations.push({ type: 'consumer', description: `tarball ${(packed.size / 1e6).toFixed(2)} MB; install ${installed.seconds.toFixed(0)} s` });
  // React 18 is not in this repository's tree (its react-dom wants a React 18 beside it), so it comes from the
  // registry, as for any developer who installs the package into a React 18 app.
  const app18 = join(scratch, 'app18');
  installConsumer(app18, packed.file, ['react', 'react-dom', 'vite', '@vitejs/plugin-react']);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', 'react@18.3.1', 'react-dom@18.3.1'], { cwd: app18, stdio: 'inherit' });
  cpSync(join(ROOT, 'tests/consumer-app'), app18, { recursive: true });
  await buildPublishedPlugin('fireworks', join(app18, 'src/vendor'));
  execFileSync(join(app18, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--base', BASE_18], { cwd: app18, stdio: 'inherit' });
  const paths = resolvePaths([]);
  // The data and the base map beside each app, where the package's defaults look for them (`data/` beside the page).
  const beside = (base: string, dist: string) => ({
    [base]: dist,
    [`${base}data/`]: paths.out,
    [`${base}basemap/tokyo.pmtiles`]: paths.basemap,
    [`${base}basemap/fonts/`]: paths.fonts,
  });
  server = await serveMounts({ ...beside(BASE, join(app, 'dist')), ...beside(BASE_18, join(app18, 'dist')) });
});

/** Answers the fireworks plugin's request for today's festivals: one at Tokyo Station, on at the app's 08:00. */
function answerFireworks(page: Page) {
  const at = (time: string) => Date.parse(`2026-11-24T${time}:00+09:00`);
  return page.route('https://mini-tokyo.appspot.com/fireworks', (route) =>
    route.fulfill({ json: [{ id: 'test', name: { en: 'Test fireworks', ja: 'テスト花火' }, center: [139.7671, 35.6812], start: at('07:30'), end: at('09:00') }] }),
  );
}

test.afterAll(async () => {
  await server?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('a Vite + React app that installed the tarball draws trains and a plugin from a sub-folder, and unmounts cleanly', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await trackWebglContexts(page);
  await answerFireworks(page);
  await page.goto(`${server!.origin}${BASE}`);
  await page.waitForFunction(() => performance.getEntriesByName('tt:trains-drawn').length > 0, null, { timeout: 180_000 });
  await expect(page.getByTestId('loads')).toHaveText(/loads: [1-9]/);

  // The plugin's magenta box on Tokyo Station (nothing else on the map has that colour).
  await expect
    .poll(
      async () => {
        const image = await screenshotImage(page);
        let magenta = 0;
        for (let i = 0; i < image.data.length; i += 4) if (image.data[i] > 200 && image.data[i + 1] < 60 && image.data[i + 2] > 200) magenta++;
        return magenta;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(400);
  // Mini Tokyo 3D's fireworks plugin: its list of today's festivals (a control added through getMapboxMap()) and
  // its marker on the festival.
  await expect(page.locator('.fireworks-ctrl .fireworks-event')).toHaveText('Test fireworks07:30 - ');
  await expect(page.locator('.fireworks-marker')).toHaveText('Test fireworks');
  await screenshotImage(page, { testInfo, name: 'consumer-app.png' });

  // Every worker and chunk came from the app's folder; nothing was asked of the server's root, nothing failed.
  const requests = server!.requests;
  expect(requests.filter((r) => r.status >= 400)).toEqual([]);
  expect(requests.filter((r) => !r.path.startsWith(BASE))).toEqual([]);
  const workers = requests.filter((r) => /worker[^/]*\.m?js$/.test(r.path)).map((r) => r.path);
  expect(workers.some((p) => p.includes('train-worker')), `workers: ${workers.join(', ')}`).toBe(true);
  expect(workers.some((p) => p.includes('maplibre-gl-worker')), `workers: ${workers.join(', ')}`).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { mapErrors?: string[] }).mapErrors ?? [])).toEqual([]);

  await page.getByRole('button', { name: 'Remove the map' }).click();
  await expect(page.locator('.tt-app')).toHaveCount(0);
  const left = await pageResources(page);
  expect(left.workers, 'workers after unmounting').toBe(0);
  testInfo.annotations.push({ type: 'webgl', description: `${left.webglContexts} context(s) alive after unmounting: ${left.webglContextOrigins.join(' | ')}` });
  expect(errors).toEqual([]);
});

test('the same app on React 18 draws trains and unmounts cleanly', async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await trackWebglContexts(page);
  await answerFireworks(page);
  await page.goto(`${server!.origin}${BASE_18}`);
  expect(await page.evaluate(() => (window as unknown as { reactVersion: string }).reactVersion)).toMatch(/^18\./);
  await page.waitForFunction(() => performance.getEntriesByName('tt:trains-drawn').length > 0, null, { timeout: 180_000 });
  await expect(page.getByTestId('loads')).toHaveText(/loads: [1-9]/);
  expect(server!.requests.filter((r) => r.status >= 400)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { mapErrors?: string[] }).mapErrors ?? [])).toEqual([]);
  await page.getByRole('button', { name: 'Remove the map' }).click();
  await expect(page.locator('.tt-app')).toHaveCount(0);
  const left = await pageResources(page);
  expect(left.workers, 'workers after unmounting').toBe(0);
  expect(left.webglContexts, `WebGL contexts after unmounting: ${left.webglContextOrigins.join(' | ')}`).toBe(0);
  expect(errors).toEqual([]);
});
