/**
 * Screenshots of the running app for the user guide: `npx tsx scripts/docs-screenshots.ts`.
 *
 * Builds what is stale and serves the app like `npm start` (on a free port; or uses `--url http://host:port/` of a
 * running one), opens it in headless Chromium at the weekday morning peak in playback (so every refresh shows the
 * same moment), and writes small JPEG files to docs/public/screenshots/, one per view and interface language
 * (`<view>-en.jpg`, `<view>-ja.jpg`), which the user-guide pages show. `--only <view>` takes one view.
 */
import { mkdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { ROOT, resolvePaths } from './config.ts';
import { ensureBuilt } from './ensure-built.ts';
import { createAppServer } from './static-server.ts';

const OUT = join(ROOT, 'docs/public/screenshots');
/** Size of the pictures: big enough to read the buttons, small enough for the web. */
const VIEWPORT = { width: 960, height: 600 };
const QUALITY = 72;
/** A weekday at 08:00 in Tokyo: the morning peak. */
const TIME = encodeURIComponent('2026-11-24T08:00:00+09:00');

interface View {
  name: string;
  /** Query (without `lang`) and hash of the app's address. */
  query: string;
  hash: string;
  /** What to do once the network is drawn, before the picture. */
  prepare?: (page: Page) => Promise<void>;
}

const VIEWS: View[] = [
  { name: 'overview', query: `time=${TIME}`, hash: '#13.6/35.6812/139.7671/-20/55' },
  { name: 'tracking', query: `time=${TIME}&selection=${encodeURIComponent('odpt.Train:JR-East.Yamanote.712G')}`, hash: '' },
  { name: 'station', query: `time=${TIME}&selection=${encodeURIComponent('odpt.Station:TokyoMetro.Ginza.Asakusa')}`, hash: '' },
  {
    name: 'layers',
    query: `time=${TIME}`,
    hash: '#14/35.6812/139.7671/0/60',
    prepare: async (page) => {
      await page.getByTestId('layers-button').click();
      await page.waitForTimeout(500);
    },
  },
];

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  let base = flag('--url');
  let close = async () => {};
  if (!base) {
    const paths = resolvePaths([]);
    await ensureBuilt(paths);
    const server = createAppServer(paths);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  }
  mkdirSync(OUT, { recursive: true });
  const only = flag('--only');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const view of VIEWS.filter((v) => !only || v.name === only)) {
      for (const lang of ['en', 'ja']) {
        const page = await browser.newPage({ viewport: VIEWPORT, locale: lang });
        await page.goto(`${base}?lang=${lang}&${view.query}${view.hash}`);
        await page.waitForFunction(
          () => ['tt:network-drawn', 'tt:basemap-idle'].every((mark) => performance.getEntriesByName(mark).length > 0),
          null,
          { timeout: 180_000 },
        );
        // Let the camera arrive (a selection flies to it), the trains draw and the panels open.
        await page.waitForTimeout(view.query.includes('selection') ? 8000 : 4000);
        await view.prepare?.(page);
        const file = join(OUT, `${view.name}-${lang}.jpg`);
        await page.screenshot({ path: file, type: 'jpeg', quality: QUALITY });
        console.log(`${file}: ${Math.round(statSync(file).size / 1024)} kB`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await close();
  }
}

main().catch((e) => {
  console.error(`docs-screenshots: ${(e as Error).message}`);
  process.exit(1);
});
