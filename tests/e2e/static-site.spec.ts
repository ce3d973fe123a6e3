/**
 * Deployable as static files: `npm run build -- --base /city/transit/` writes the whole site into one folder, which a
 * generic static server (http-server, not ours) serves under /city/transit/. Checks that the app page draws its
 * network and trains from there, that the base map's tiles arrive as HTTP range requests (206) under that path, and
 * that the documentation and the library are served beside it.
 */
import { expect, test } from '@playwright/test';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
/** The server's root folder; the site is built into its sub-folder {@link BASE}. */
const SERVED = join(ROOT, 'test-results/static-site');
const BASE = '/city/transit/';

test.describe.configure({ timeout: 600_000 });

/** A port the system says is free now. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let server: ChildProcess | undefined;
let origin = '';

test.beforeAll(async () => {
  rmSync(SERVED, { recursive: true, force: true });
  mkdirSync(SERVED, { recursive: true });
  execFileSync('npx', ['tsx', 'scripts/build-site.ts', '--base', BASE, '--site-out', join(SERVED, BASE)], { cwd: ROOT, stdio: 'inherit' });
  const port = await freePort();
  const bin = createRequire(import.meta.url).resolve('http-server/bin/http-server');
  server = spawn(process.execPath, [bin, SERVED, '-a', '127.0.0.1', '-p', String(port), '-c-1', '--silent'], { stdio: 'inherit' });
  origin = `http://127.0.0.1:${port}`;
  await expect.poll(() => fetch(origin + BASE).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

test('the built folder, served by a generic static server under a sub-path, draws trains and the base map', async ({ page }) => {
  const ranges: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === `${BASE}basemap/tokyo.pmtiles`) ranges.push(response.status());
  });
  // A weekday morning in playback: in real time at night in Tokyo (01:00–04:30) no train runs.
  await page.goto(`${origin}${BASE}?lang=en&time=${encodeURIComponent('2026-11-24T08:00:00+09:00')}`);
  await page.waitForFunction(() => ['tt:network-drawn', 'tt:trains-drawn', 'tt:basemap-idle'].every((m) => performance.getEntriesByName(m).length > 0), null, {
    timeout: 240_000,
  });
  expect(await page.evaluate(() => window.map.getRenderStats().cars)).toBeGreaterThan(0);
  expect(ranges.length, 'base-map reads').toBeGreaterThan(2);
  expect(ranges.every((status) => status === 206), `every base-map read is a range answer: ${ranges.join(', ')}`).toBe(true);
  expect(await page.evaluate(() => window.map.getMapLibreMap()?.queryRenderedFeatures().length ?? 0), 'base-map features drawn').toBeGreaterThan(0);

  const docs = await page.request.get(`${origin}${BASE}docs/master/`);
  expect(docs.status()).toBe(200);
  expect(await docs.text(), 'the docs link their assets under the sub-path').toContain(`${BASE}docs/master/assets/`);
  expect((await page.request.get(`${origin}${BASE}lib/index.js`)).status()).toBe(200);
  expect((await page.request.get(`${origin}${BASE}manifest.webmanifest`)).status()).toBe(200);
});
