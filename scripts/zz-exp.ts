import { launchBrowser, openBenchPage } from '/work/main/scripts/bench/browser.ts';
import { startAppServer } from '/work/main/scripts/bench/server.ts';
import { resolvePaths } from '/work/main/scripts/config.ts';
import { appPath, BENCH_TIMES } from '/work/main/scripts/bench/app-page.ts';

const server = await startAppServer(resolvePaths());
const browser = await launchBrowser();
const { page } = await openBenchPage(browser) as any;
page.on('console', (m: any) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text().slice(0, 300)); });
await page.goto(server.origin + appPath(BENCH_TIMES.weekday));
await page.waitForFunction(() => (window as any).map?.getRenderStats?.().trainFrames > 2, null, { timeout: 120000 });
await page.waitForTimeout(10000);
await page.screenshot({ path: '/tmp/overlay-1.png' });
const r = await page.evaluate(async () => {
  const m = (window as any).map;
  const s0 = m.getRenderStats().frames; const t0 = performance.now();
  await new Promise(r => setTimeout(r, 15000));
  const frames = m.getRenderStats().frames - s0;
  return { frames, msPerFrame: (performance.now() - t0) / frames, canvases: document.querySelectorAll('canvas').length };
});
console.log('still', JSON.stringify(r));
await page.evaluate(() => (window as any).map.jumpTo({ zoom: 15.5, bearing: 30 }));
await page.waitForTimeout(8000);
await page.screenshot({ path: '/tmp/overlay-2.png' });
await browser.close(); await server.close();
process.exit(0);
