/**
 * Failures reach the map's `error` event, and on the app page a data source's or plugin's failure is also told
 * on screen (issue #36):
 * 1. A mistyped `gtfsurl` (a 404): one `error` naming the URL, a notice in English naming it, clear of the map's
 *    controls; closing it removes it; trains are still drawn and moving.
 * 2. The same in Japanese, closed with Escape.
 * 3. A 3D Tiles tileset that is a 404, a GeoJSON layer whose accessor throws and a plugin whose onAdd throws: one
 *    `error` each naming the layer or plugin (and the tileset's URL), no unhandled rejection or uncaught error,
 *    the plugin left out and told on screen, and the map still drawing.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForTrainFrames } from './support/waits.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const enc = encodeURIComponent;
/** A weekday morning in Tokyo: trains run whatever the hour the test runs at. */
const MORNING = `time=${enc('2026-11-24T08:00:00+09:00')}`;
const MISTYPED = '/gtfs/halifax.zp';

interface Recorded {
  errors: { message: string; source?: { type: string; id: string }; url?: string }[];
  rejections: string[];
}

/** Records the map's `error` events and the page's unhandled rejections from the start. */
async function record(page: Page): Promise<string[]> {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
  await page.addInitScript(() => {
    const recorded: Recorded = { errors: [], rejections: [] };
    (window as unknown as { recorded: Recorded }).recorded = recorded;
    window.addEventListener('unhandledrejection', (e) => recorded.rejections.push(String((e.reason as Error)?.message ?? e.reason)));
    let map: unknown;
    Object.defineProperty(window, 'map', {
      configurable: true,
      get: () => map,
      set: (value: { on(type: 'error', listener: (e: Recorded['errors'][number]) => void): void }) => {
        map = value;
        value.on('error', ({ message, source, url }) => recorded.errors.push({ message, source, url }));
      },
    });
  });
  return pageErrors;
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded);

async function waitForMark(page: Page, name: string, timeout = 180_000) {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, name, { timeout });
}

/** Whether two boxes overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a mistyped gtfsurl: one error naming the URL, a notice in English clear of the controls, closed by its button; trains keep moving', async ({ page, baseURL }) => {
  const pageErrors = await record(page);
  await page.goto(`/?lang=en&theme=light&${MORNING}&gtfsurl=${enc(MISTYPED)}`);
  await waitForMark(page, 'tt:network-drawn');
  const url = new URL(MISTYPED, baseURL).href;

  const notice = page.getByRole('alert').filter({ hasText: 'GTFS' });
  await expect(notice).toHaveText(new RegExp(`^The GTFS data ${url.replace(/[.?]/g, '\\$&')} could not be loaded\\.`), { timeout: 60_000 });
  const { errors } = await recorded(page);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ source: { type: 'dataSource', id: 'gtfs-1' }, url });
  expect(errors[0].message).toContain(url);
  // The details hold the event's message.
  await notice.getByText('Details').click();
  await expect(notice).toContainText(errors[0].message);

  // Clear of the controls and the clock.
  const box = (await notice.boundingBox())!;
  for (const selector of ['.tt-controls', '.tt-clock']) {
    const other = (await page.locator(selector).first().boundingBox())!;
    expect(overlaps(box, other), `notice over ${selector}`).toBe(false);
  }

  // Trains are drawn and move on.
  await waitForMark(page, 'tt:trains-drawn');
  await waitForTrainFrames(page, 2);

  await notice.getByRole('button', { name: 'Close this notice' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'GTFS' })).toHaveCount(0);
  await waitForTrainFrames(page, 2); // the map draws on, and reports nothing more
  expect((await recorded(page)).errors).toHaveLength(1);
  expect((await recorded(page)).rejections).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('the notice speaks Japanese and closes with Escape', async ({ page }) => {
  const pageErrors = await record(page);
  await page.goto(`/?lang=ja&${MORNING}&gtfsurl=${enc(MISTYPED)}`);
  await waitForMark(page, 'tt:network-drawn');
  const notice = page.getByRole('alert').filter({ hasText: 'GTFS' });
  await expect(notice).toContainText('を読み込めませんでした。', { timeout: 60_000 });
  await expect(notice).toContainText(`GTFS データ http`);
  await expect(notice.getByText('詳細')).toBeVisible();
  const close = notice.getByRole('button', { name: 'このお知らせを閉じる' });
  await close.focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alert').filter({ hasText: 'GTFS' })).toHaveCount(0);
  expect((await recorded(page)).rejections).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('a tileset 404, a throwing accessor and a throwing plugin: one error each, named; no unhandled rejection; the map goes on', async ({ page, baseURL }) => {
  const pageErrors = await record(page);
  await page.goto(`/?lang=en&theme=light&${MORNING}`);
  await waitForMark(page, 'tt:network-drawn');
  await page.evaluate(() => {
    const map = window.map;
    map.addLayer({ id: 'tiles', type: 'tile-3d', data: '/no-such-tiles/tileset.json' });
    map.addLayer({
      id: 'parks',
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [139.767, 35.681] } }] },
      getFillColor: () => {
        throw new Error('no colour for this park');
      },
    } as never);
    map.addPlugin({
      id: 'broken',
      onAdd: () => {
        throw new Error('THREE is not defined');
      },
    });
  });
  const tileset = new URL('/no-such-tiles/tileset.json', baseURL).href;
  await expect.poll(async () => (await recorded(page)).errors.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  // More frames, more layer updates: still one error each.
  await page.evaluate(() => void window.map.jumpTo({ zoom: 14.5 }));
  await waitForTrainFrames(page, 3);
  const { errors, rejections } = await recorded(page);
  expect(errors).toHaveLength(3);
  const of = (id: string) => errors.filter((e) => e.source?.id === id);
  expect(of('tiles')).toEqual([{ message: expect.stringContaining(`Could not load the 3D Tiles tileset ${tileset} of layer "tiles"`), source: { type: 'layer', id: 'tiles' }, url: tileset }]);
  expect(of('parks')).toEqual([{ message: expect.stringMatching(/^Layer "parks" could not be drawn: .*no colour for this park/), source: { type: 'layer', id: 'parks' } }]);
  expect(of('broken')).toEqual([{ message: 'The onAdd of plugin "broken" failed: THREE is not defined; the plugin was left out of the map', source: { type: 'plugin', id: 'broken' } }]);
  expect(rejections).toEqual([]);
  expect(pageErrors).toEqual([]);
  // The plugin is left out (no switch; removing it says there is none), and told on screen.
  await expect(page.getByRole('alert').filter({ hasText: 'The plugin broken stopped with an error.' })).toBeVisible();
  const removal = await page.evaluate(() => {
    const before = (window as unknown as { recorded: Recorded }).recorded.errors.length;
    window.map.removePlugin('broken');
    return (window as unknown as { recorded: Recorded }).recorded.errors.slice(before).map((e) => e.message);
  });
  expect(removal).toEqual([expect.stringMatching(/^No plugin "broken" to remove/)]);
  // Camera methods without their argument throw the same clear error as a bad one.
  const thrown = await page.evaluate(() =>
    (['flyTo', 'easeTo', 'jumpTo'] as const).map((method) => {
      try {
        (window.map[method] as () => unknown)();
        return 'no error';
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    }),
  );
  expect(thrown).toEqual(['flyTo', 'easeTo', 'jumpTo'].map((m) => `MapOptionError: Invalid option "${m} options": undefined is not an object; expected camera options, an object with center, zoom, bearing, pitch or duration (e.g. {zoom: 12}).`));
});
