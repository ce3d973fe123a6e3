/**
 * Moving the map: the URL hash (read at start, rewritten as the camera
 * moves), camera methods, mouse drags, the navigation buttons, the keyboard,
 * and the pitch limit of 85°.
 *
 * Under software WebGL a frame of the default view takes a tenth of a second to
 * a second (on a loaded machine), and camera transitions advance once per
 * frame: every step waits for the camera to settle before the next input (a
 * key pressed during a transition is computed from the view before the
 * transition and is lost — see the report).
 */
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import {
  currentHash,
  DEFAULT_CAMERA,
  DEFAULT_HASH,
  expectCamera,
  getCamera,
  NO_TRAINS,
  openMap,
  parseAppHash,
  project,
  resetMap,
  sharePage,
  SHINJUKU_STATION,
  stationsInView,
  TOKYO_STATION,
  waitForCameraToSettle,
} from './support/map-page.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

/** These tests read the camera, the hash and the names listed, never the base map's pixels: they go on while it loads. */
const NO_BASEMAP = { basemap: false };

/**
 * Brings a page back to how it opened: the default camera (and its hash, which follows within 300 ms), nothing
 * selected, nothing focused, the mouse over the clock (not the map, where it could point at a station).
 */
async function resetView(page: Page): Promise<void> {
  await resetMap(page);
  await expect.poll(() => currentHash(page), { timeout: 10_000 }).toBe(DEFAULT_HASH);
}

/** Drags on the map with the mouse from one point to another in `steps` moves. */
async function drag(page: Page, from: [number, number], to: [number, number], button: 'left' | 'right' = 'left', steps = 10): Promise<void> {
  await page.mouse.move(...from);
  await page.mouse.down({ button });
  await page.mouse.move(...to, { steps });
  await page.mouse.up({ button });
}

test('the camera is read from the URL hash at start', async ({ page }) => {
  await openMap(page, `?lang=en&${NO_TRAINS}`, '#15.5/35.6895/139.7006/30/45', NO_BASEMAP);
  expectCamera(await getCamera(page), { zoom: 15.5, lat: 35.6895, lng: 139.7006, bearing: 30, pitch: 45 });
  // What is drawn is Shinjuku: its station is in the middle of the screen and its name is shown.
  const shinjuku = await project(page, SHINJUKU_STATION);
  expect(Math.hypot(shinjuku.x - 640, shinjuku.y - 360)).toBeLessThan(60);
  expect(await stationsInView(page)).toContain('Shinjuku');
  expect(await stationsInView(page)).not.toContain('Tokyo');
  expect(await currentHash(page)).toBe('#15.5/35.6895/139.7006/30/45');
});

/**
 * These run one after another on one page at the default camera (opening the map takes seconds under software WebGL).
 * Each starts from the default camera and hash, nothing selected, no element focused and the mouse off the map
 * ({@link resetView}). The Tab key's test comes first: once the map has been clicked, Chromium starts the next Tab
 * from there, even with nothing focused.
 */
test.describe.serial('at the default camera, on one page', () => {
  const shared = sharePage((page) => openMap(page, `?lang=en&${NO_TRAINS}`, '', NO_BASEMAP), { reset: resetView });

  test('the map can be reached with the Tab key and then moved with the keyboard', async () => {
    const { page } = shared;
    // The controls come first (the clock's playback buttons, then the column on the right), the map after them.
    let presses = 0;
    while (!(await page.evaluate(() => document.activeElement?.classList.contains('deck-events-root'))) && presses < 25) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(presses, 'Tab presses to reach the map').toBeGreaterThan(10);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('deck-events-root'))).toBe(true);
    const start = await getCamera(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await getCamera(page)).lat, { timeout: 30_000 }).toBeLessThan(start.lat - 0.001);
  });

  test('dragging the map pans it and rewrites the hash', async ({}, testInfo) => {
    const { page } = shared;
    expect(await currentHash(page)).toBe(DEFAULT_HASH);
    // Grab the map on Tokyo Station's row of pixels and drag it 200 px to the left.
    const before = await project(page, TOKYO_STATION);
    await drag(page, [before.x + 100, before.y], [before.x - 100, before.y]);
    // Dragging to the left moves the view east; the hash follows (throttled to 300 ms).
    await expect.poll(() => currentHash(page), { timeout: 30_000 }).not.toBe(DEFAULT_HASH);
    await waitForCameraToSettle(page);
    await expect.poll(async () => parseAppHash(await currentHash(page)).lng, { timeout: 10_000 }).toBeCloseTo((await getCamera(page)).lng, 4);
    const camera = await getCamera(page);
    expect(camera.lng).toBeGreaterThan(DEFAULT_CAMERA.lng + 0.002);
    expect(camera.zoom).toBeCloseTo(14, 6);
    const hash = parseAppHash(await currentHash(page));
    expect(hash.lat).toBeCloseTo(camera.lat, 4);
    expect(hash.zoom).toBeCloseTo(14, 6);
    // Tokyo Station moved with the mouse, less the few pixels the pointer travels before a drag is recognised.
    const after = await project(page, TOKYO_STATION);
    testInfo.annotations.push({ type: 'drag', description: `Tokyo Station moved ${(after.x - before.x).toFixed(1)}, ${(after.y - before.y).toFixed(1)} px` });
    expect(after.x - before.x).toBeLessThan(-140);
    expect(after.x - before.x).toBeGreaterThan(-230);
    expect(Math.abs(after.y - before.y)).toBeLessThan(20);
  });

  test('jumpTo moves the camera; getters, project() and the hash follow', async () => {
    const { page } = shared;
    const events: string[] = [];
    const onConsole = (m: ConsoleMessage) => void (m.type() === 'error' && events.push(m.text()));
    page.on('console', onConsole);
    await page.evaluate(([lng, lat]) => void window.map.jumpTo({ center: [lng, lat], zoom: 15.5, bearing: 20, pitch: 30 }), SHINJUKU_STATION);
    const camera = await getCamera(page);
    expect(camera).toEqual({ lng: SHINJUKU_STATION[0], lat: SHINJUKU_STATION[1], zoom: 15.5, bearing: 20, pitch: 30 });
    const centre = await project(page, SHINJUKU_STATION);
    expect(centre.x).toBeCloseTo(640, 0);
    expect(centre.y).toBeCloseTo(360, 0);
    await expect.poll(() => currentHash(page), { timeout: 10_000 }).toBe('#15.5/35.6896/139.7006/20/30');
    await expect.poll(() => stationsInView(page), { timeout: 60_000 }).toContain('Shinjuku');
    page.off('console', onConsole);
    expect(events).toEqual([]);
  });

  test('jumpTo back to where the camera was sent before moves it there, also during a transition', async () => {
    const { page } = shared;
    // deck.gl keeps a camera it is given when it equals the one it was given before; the map was opened at this one.
    await page.mouse.click(900, 600); // focus the map
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await getCamera(page)).lat, { timeout: 30_000 }).toBeLessThan(DEFAULT_CAMERA.lat - 0.001);
    await waitForCameraToSettle(page);
    const jumpHome = () => page.evaluate(({ lng, lat }) => void window.map.jumpTo({ center: [lng, lat] }), DEFAULT_CAMERA);
    await jumpHome();
    await waitForCameraToSettle(page);
    expect((await getCamera(page)).lat).toBeCloseTo(DEFAULT_CAMERA.lat, 9);
    // A drag goes on from there, not from where the key left the camera.
    const before = await project(page, TOKYO_STATION);
    await drag(page, [before.x + 100, before.y], [before.x - 100, before.y]);
    await waitForCameraToSettle(page);
    const after = await project(page, TOKYO_STATION);
    expect(Math.abs(after.y - before.y), 'vertical move of a horizontal drag').toBeLessThan(2);
    expect((await getCamera(page)).lat).toBeCloseTo(DEFAULT_CAMERA.lat, 6);
    // A jump while the keyboard's transition runs stops it where the jump went.
    await jumpHome();
    await waitForCameraToSettle(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await getCamera(page)).lat, { timeout: 30_000 }).toBeLessThan(DEFAULT_CAMERA.lat - 0.0001);
    await jumpHome();
    await waitForCameraToSettle(page);
    expect((await getCamera(page)).lat).toBeCloseTo(DEFAULT_CAMERA.lat, 9);
  });

  test('the zoom buttons zoom in and out by one level', async () => {
    const { page } = shared;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await getCamera(page)).zoom, { timeout: 30_000 }).toBeCloseTo(15, 6);
    await waitForCameraToSettle(page);
    await expect.poll(() => currentHash(page), { timeout: 10_000 }).toBe('#15/35.6814/139.767/0/60');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(async () => (await getCamera(page)).zoom, { timeout: 30_000 }).toBeCloseTo(14, 6);
    await waitForCameraToSettle(page);
    const camera = await getCamera(page);
    // Zooming keeps the centre.
    expect(camera.lng).toBeCloseTo(DEFAULT_CAMERA.lng, 6);
    expect(camera.lat).toBeCloseTo(DEFAULT_CAMERA.lat, 6);
  });

  test('the compass shows the bearing and resets it to north, keeping the pitch', async () => {
    const { page } = shared;
    const compass = page.getByRole('button', { name: 'Reset bearing to north' });
    const needle = compass.locator('svg');
    await expect(needle).toHaveAttribute('style', /rotate\(0deg\)/);
    await page.evaluate(() => void window.map.jumpTo({ bearing: 45, pitch: 50 }));
    await expect(needle).toHaveAttribute('style', /rotate\(-45deg\)/);
    await waitForCameraToSettle(page);
    await compass.click();
    await expect.poll(async () => (await getCamera(page)).bearing, { timeout: 30_000 }).toBeCloseTo(0, 6);
    await waitForCameraToSettle(page);
    expect((await getCamera(page)).pitch).toBeCloseTo(50, 6);
    await expect(needle).toHaveAttribute('style', /rotate\(0deg\)/);
  });

  test('the keyboard pans and zooms the focused map', async () => {
    const { page } = shared;
    // Clicking the map focuses it (deck.gl's event root has tabindex 0).
    await page.mouse.click(900, 600);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('deck-events-root'))).toBe(true);
    await waitForCameraToSettle(page);
    const start = await getCamera(page);

    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await getCamera(page)).lng, { timeout: 30_000 }).toBeGreaterThan(start.lng + 0.001);
    await waitForCameraToSettle(page);
    const panned = await getCamera(page);
    expect(panned.lat).toBeCloseTo(start.lat, 6);
    expect(panned.zoom).toBeCloseTo(start.zoom, 6);

    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await getCamera(page)).lng, { timeout: 30_000 }).toBeGreaterThan(panned.lng + 0.001);
    await waitForCameraToSettle(page);

    await page.keyboard.press('+');
    await expect.poll(async () => (await getCamera(page)).zoom, { timeout: 30_000 }).toBeGreaterThan(start.zoom + 0.5);
    await waitForCameraToSettle(page);

    await page.keyboard.press('-');
    await expect.poll(async () => (await getCamera(page)).zoom, { timeout: 30_000 }).toBeCloseTo(start.zoom, 6);
    await waitForCameraToSettle(page);
    // The hash follows keyboard moves too.
    await expect.poll(async () => parseAppHash(await currentHash(page)).lng, { timeout: 10_000 }).toBeCloseTo((await getCamera(page)).lng, 4);
  });
});

test.describe('at a small viewport', () => {
  // Near 85° the map is drawn to the horizon and each frame takes seconds under software WebGL:
  // a quarter of the pixels keeps this test quick.
  test.use({ viewport: { width: 640, height: 360 } });

  test('the pitch stops at 85 degrees', async ({ page }) => {
    await openMap(page, `?lang=en&${NO_TRAINS}`, '', NO_BASEMAP);

    await test.step('Shift+ArrowUp tilts by 10° up to the limit, and no further', async () => {
      await page.evaluate(() => void window.map.jumpTo({ pitch: 70 }));
      await page.mouse.click(450, 300); // focus the map
      for (const expected of [80, 85, 85]) {
        await page.keyboard.press('Shift+ArrowUp');
        await expect.poll(async () => (await getCamera(page)).pitch, { timeout: 30_000 }).toBeCloseTo(expected, 6);
        await waitForCameraToSettle(page);
      }
      await expect.poll(() => currentHash(page), { timeout: 10_000 }).toBe('#14/35.6814/139.767/0/85');
    });

    await test.step('dragging up with the right button tilts the map, but not past 85°', async () => {
      await page.evaluate(() => void window.map.jumpTo({ pitch: 60 }));
      await waitForCameraToSettle(page);
      // From above the base map's credit (bottom right), which takes the pointer where it lies.
      await drag(page, [320, 300], [320, 5], 'right', 4);
      await expect.poll(async () => (await getCamera(page)).pitch, { timeout: 30_000 }).toBeGreaterThan(75);
      await waitForCameraToSettle(page);
      const pitch = (await getCamera(page)).pitch;
      expect(pitch).toBeLessThanOrEqual(85);
      expect(pitch).toBeGreaterThan(80);
    });

    await test.step('jumpTo({pitch: 90}) throws and leaves the camera alone', async () => {
      await page.evaluate(() => void window.map.jumpTo({ pitch: 85 }));
      const result = await page.evaluate(() => {
        const heard: string[] = [];
        const listener = (e: { message: string }) => heard.push(e.message);
        window.map.on('error', listener);
        try {
          window.map.jumpTo({ pitch: 90 });
          return { threw: null, heard };
        } catch (e) {
          return { threw: `${(e as Error).name}: ${(e as Error).message}`, heard };
        } finally {
          window.map.off('error', listener);
        }
      });
      expect(result).toEqual({ threw: 'MapOptionError: Invalid option "pitch": 90 is out of range; expected a number from 0 to 85.', heard: [] });
      expect((await getCamera(page)).pitch).toBe(85);
    });
  });
});
