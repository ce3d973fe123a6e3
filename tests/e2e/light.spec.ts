/**
 * Light follows the app's clock (`?time=`), not the machine's: the base map
 * is bright at noon, dusky at 16:40 and dark at 22:00 on 25 Nov 2026 (sunset in
 * Tokyo 16:29); `?theme=dark` pins the dark look at noon; `light` fires when the
 * light changes (here: the underground view's own look).
 */
import { expect, test, type Page } from '@playwright/test';
import { openMap, waitForCameraToSettle } from './support/map-page.ts';
import { meanBrightness, screenshotImage } from './support/pixels.ts';
import { waitForStillView } from './support/waits.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

const at = (hhmm: string) => `time=${encodeURIComponent(`2026-11-25T${hhmm}:00+09:00`)}`;

async function lightOf(page: Page) {
  return page.evaluate(() => ({
    light: window.map.getLight(),
    dark: window.map.hasDarkBackground(),
    theme: document.querySelector('.tt-app')?.getAttribute('data-theme'),
  }));
}

test('the base map follows the clock: noon brighter than dusk, dusk brighter than night', async ({ page }, testInfo) => {
  test.setTimeout(300_000); // three maps opened, each until its base map is drawn
  const means: Record<string, number> = {};
  for (const hhmm of ['12:00', '16:40', '22:00']) {
    await openMap(page, `?lang=en&${at(hhmm)}`);
    await waitForCameraToSettle(page);
    const image = await screenshotImage(page, { testInfo, name: `light-${hhmm.replace(':', '')}.png` });
    means[hhmm] = meanBrightness(image, { x: 0, y: 80, width: image.width, height: image.height - 160 });
    const state = await lightOf(page);
    testInfo.annotations.push({ type: 'light', description: `${hhmm}: mean ${means[hhmm].toFixed(1)}, ${JSON.stringify(state)}` });
    if (hhmm === '12:00') expect(state).toMatchObject({ dark: false, theme: 'light' });
    if (hhmm === '22:00') expect(state).toMatchObject({ dark: true, theme: 'dark' });
  }
  expect(means['12:00']).toBeGreaterThan(means['16:40']);
  expect(means['16:40']).toBeGreaterThan(means['22:00']);
});

test('?theme=dark pins the dark look at noon', async ({ page }) => {
  await openMap(page, `?lang=en&theme=dark&${at('12:00')}`);
  const state = await lightOf(page);
  expect(state.dark).toBe(true);
  expect(state.theme).toBe('dark');
  expect(state.light.intensity).toBeLessThan(0.7);
});

test('a theme change recolours the base map without loading or parsing its tiles again', async ({ page }, testInfo) => {
  await openMap(page, `?lang=en&theme=light&${at('12:00')}`);
  const area = (image: { width: number; height: number }) => ({ x: 0, y: 80, width: image.width, height: image.height - 160 });
  const before = await screenshotImage(page, { testInfo, name: 'theme-light.png' });
  // MapLibre fires a `data` event with the tile for each tile it loads or parses again (a data-driven colour that
  // changes makes it parse every tile of the source again, and empties its cache of tiles out of view).
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { tileEvents: string[] }).tileEvents = log;
    window.map.getMapLibreMap()!.on('data', (event) => {
      const tile = (event as { tile?: { tileID: { canonical: { z: number; x: number; y: number } } } }).tile;
      if (tile) log.push(`${tile.tileID.canonical.z}/${tile.tileID.canonical.x}/${tile.tileID.canonical.y}`);
    });
    window.map.setTheme('dark');
  });
  await expect.poll(() => lightOf(page).then((state) => state.theme)).toBe('dark');
  await waitForStillView(page);
  const after = await screenshotImage(page, { testInfo, name: 'theme-dark.png' });
  expect(meanBrightness(after, area(after)), 'the base map is dark').toBeLessThan(meanBrightness(before, area(before)) - 60);
  expect(await page.evaluate(() => (window as unknown as { tileEvents: string[] }).tileEvents), 'tiles loaded again').toEqual([]);
});

test('the light event fires when the light changes, with getLight()', async ({ page }) => {
  await serveEmptyBasemap(page); // reads none of the base map
  await openMap(page, `?lang=en&${at('12:00')}`);
  const noon = await lightOf(page);
  expect(noon.light.intensity).toBeGreaterThan(0.9);
  const heard = await page.evaluate(
    () =>
      new Promise<{ color: string; intensity: number }>((resolve) => {
        window.map.on('light', (event) => resolve({ color: (event as unknown as { color: string }).color, intensity: (event as unknown as { intensity: number }).intensity }));
        window.map.setViewMode('underground');
      }),
  );
  expect(heard).toEqual(await page.evaluate(() => window.map.getLight()));
  expect(heard.intensity).toBeLessThan(noon.light.intensity);
});

test('at 09:00 the sunny (east) sides of the cars are lighter than their west sides', async ({ page }, testInfo) => {
  await serveEmptyBasemap(page); // reads none of the base map
  // The app's clock reads `Date.now`: holding it holds the trains, so both sides seen are those of the same cars.
  await page.addInitScript(() => {
    const realNow = Date.now;
    let heldAt: number | null = null;
    Date.now = () => heldAt ?? realNow();
    (window as unknown as { holdClock: () => void }).holdClock = () => void (heldAt = realNow());
  });
  // Tokyo Station, zoomed in: the Yamanote, Keihin-Tohoku and Tokaido cars run north–south here.
  await openMap(page, `?lang=en&${at('09:00')}`, '#16/35.6812/139.7671/0/60');
  await page.waitForFunction(() => window.map.getRenderStats().trainFrames > 10, undefined, { timeout: 60_000 });
  // Only the trains' canvas (the first overlay), over a plain background, without the station names drawn on it: every
  // coloured pixel is a car.
  await page.evaluate(() => {
    (window as unknown as { holdClock: () => void }).holdClock();
    window.map.setLayerVisibility('station-names', 'none');
    const trains = document.querySelector('.tt-overlay canvas');
    for (const canvas of document.querySelectorAll('canvas')) if (canvas !== trains) canvas.style.visibility = 'hidden';
    document.querySelector<HTMLElement>('.tt-app')!.style.background = '#000';
  });
  const carBrightness = async (bearing: number) => {
    await page.evaluate((b) => void window.map.jumpTo({ bearing: b }), bearing);
    await waitForCameraToSettle(page);
    const image = await screenshotImage(page, { testInfo, name: `light-0900-bearing-${bearing}.png` });
    // The ground around Tokyo Station, seen in both views (turning by 180° shows other ground further out).
    const [cx, cy, radius] = [image.width / 2, image.height / 2, 220];
    let sum = 0;
    let count = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      const x = (i / 4) % image.width;
      const y = Math.floor(i / 4 / image.width);
      if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) continue;
      const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]];
      if (Math.max(r, g, b) < 24) continue; // background
      sum += 0.2126 * r + 0.7152 * g + 0.0722 * b;
      count += 1;
    }
    return { mean: sum / Math.max(1, count), count };
  };
  const lookingEast = await carBrightness(90); // sees the west sides
  const lookingWest = await carBrightness(270); // sees the east sides, towards the morning sun
  testInfo.annotations.push({ type: 'cars', description: `looking east ${JSON.stringify(lookingEast)}, looking west ${JSON.stringify(lookingWest)}` });
  expect(lookingEast.count).toBeGreaterThan(500);
  expect(lookingWest.count).toBeGreaterThan(500);
  expect(lookingWest.mean).toBeGreaterThan(lookingEast.mean * 1.08);
});
