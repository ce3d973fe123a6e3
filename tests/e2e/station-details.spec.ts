/**
 * Station details as a person sees them, at night (Wednesday 25 Nov 2026, 02:00 in Tokyo, playback): pointing at a
 * station shows its popup (names, every line in its colour, a drawn placeholder where the photo cannot load: these
 * tests run offline), one popup at a time; the station panel's Exits toggle lists the exits with the ones closed at
 * that hour in orange with their hours, marks them on the map, highlights the marker of the entry pointed at and
 * flies to an exit when it is chosen; a phone-size run with taps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { getCamera, project, resetMap, sharePage, waitForCameraToSettle, waitForNetwork } from './support/map-page.ts';
import { waitForFrames, waitForStillView } from './support/waits.ts';
import { attachPng, countColor, hex, rectAround, screenshotImage } from './support/pixels.ts';
import { stationOnScreen } from './support/stations.ts';
import { resolvePaths } from '../../scripts/config.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const NIGHT = `time=${encodeURIComponent('2026-11-25T02:00:00+09:00')}`;
/** Marker colours of ExitMarkerLayer (open, closed). */
const OPEN_MARKER = hex('#1a73e8');
const CLOSED_MARKER = hex('#e8710a');
const ORANGE_TEXT = 'rgb(232, 113, 10)';

/** Exits of the source data, read in place. */
const POI = new Map(
  (JSON.parse(readFileSync(join(resolvePaths([]).source, 'poi.json'), 'utf8')) as { id: string; coord: [number, number] }[]).map((p) => [p.id, p.coord]),
);

async function open(page: Page, query = '') {
  await page.goto(`/?lang=en&theme=light&${NIGHT}${query}`);
  await waitForNetwork(page, { basemap: false }); // pixels are read after a still view (waits.ts)
}

/** Centres the camera on a station, looking straight down, without trains (so that the pointer reaches stations). */
async function lookAt(page: Page, center: [number, number], zoom = 16) {
  await page.evaluate(() => void window.map.setLayerVisibility('trains', 'none'));
  await page.evaluate(([lng, lat, z]) => void window.map.jumpTo({ center: [lng, lat], zoom: z, pitch: 0, bearing: 0 }), [...center, zoom] as const);
  await waitForStillView(page);
}

/** Every image in the popup that is shown has loaded (no broken image). */
const brokenImages = (page: Page) =>
  page.getByTestId('station-popup').evaluate((popup) =>
    [...popup.querySelectorAll('img')].filter((img) => img.offsetParent !== null && !(img.complete && img.naturalWidth > 0)).length,
  );

/** These share one page at 02:00; each starts with nothing selected (and looks where it needs). */
test.describe.serial('on one page at night', () => {
  const shared = sharePage((page) => open(page), { reset: resetMap });

  test('pointing at a station shows its popup: names, lines in their colours, a placeholder for the unreachable photo', async ({}, testInfo) => {
    const { page } = shared;
    await lookAt(page, [139.7976, 35.7107]);
    const target = await stationOnScreen(page, 'TokyoMetro.Ginza.Asakusa', 16);
    await page.mouse.move(target.x, target.y);
    const popup = page.getByTestId('station-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('station-popup-name')).toContainText('Asakusa');
    await expect(popup).toContainText('浅草');
    const lines = popup.getByTestId('station-popup-line');
    await expect(lines.filter({ hasText: 'Ginza Line' })).toHaveCount(1);
    await expect(lines.filter({ hasText: 'Asakusa Line' })).toHaveCount(1);
    // The photo's host is unreachable here: the placeholder is shown, never a broken image.
    await expect(popup.getByTestId('station-photo-placeholder')).toBeVisible();
    await expect.poll(() => popup.getByTestId('station-photo').getAttribute('data-state'), { timeout: 30_000 }).toBe('failed');
    await expect(popup.getByTestId('station-photo-placeholder')).toBeVisible();
    expect(await brokenImages(page)).toBe(0);
    await expect(page.getByTestId('train-popup')).toHaveCount(0);

    // Each line's chip is drawn in the line's colour.
    const image = await screenshotImage(page, { testInfo, name: 'station-popup-asakusa.png' });
    const box = (await popup.boundingBox())!;
    for (const line of await lines.all()) {
      const colour = (await line.getAttribute('data-color'))!;
      expect(countColor(image, { x: box.x, y: box.y, width: box.width, height: box.height }, hex(colour), 30), `${await line.innerText()} chip ${colour}`).toBeGreaterThan(20);
    }
    // Above the station, clear of the pointer.
    expect(box.y + box.height).toBeLessThan(target.y);

    await page.mouse.move(40, 300);
    await expect(popup).toHaveCount(0);
  });

  test('a transfer between differently named stations shows the names together, each line with its station', async ({}, testInfo) => {
    const { page } = shared;
    await lookAt(page, [139.7512, 35.7073]);
    const target = await stationOnScreen(page, 'TokyoMetro.Marunouchi.Korakuen', 16);
    await page.mouse.move(target.x, target.y);
    const popup = page.getByTestId('station-popup');
    await expect(popup.getByTestId('station-popup-name')).toHaveText(/Korakuen.*\/.*Kasuga|Kasuga.*\/.*Korakuen/);
    await expect(popup.getByTestId('station-popup-line').filter({ hasText: 'Oedo Line' })).toContainText('Kasuga');
    await expect(popup.getByTestId('station-popup-line').filter({ hasText: 'Marunouchi Line' })).toContainText('Korakuen');
    // No photo in the data: a stripe of the lines' colours, no image at all.
    await expect(popup.locator('img')).toHaveCount(0);
    await screenshotImage(page, { testInfo, name: 'station-popup-korakuen.png' });
    // One popup at a time: a click on the station selects it and closes the popup (the panel shows the same).
    await page.mouse.click(target.x, target.y);
    await expect(page.getByTestId('station-name')).toContainText('Korakuen');
    await expect(popup).toHaveCount(0);
  });
});

test('exits at night: the list with closed exits in orange and their hours, markers on the map, highlight, fly', async ({ page }, testInfo) => {
  test.setTimeout(300_000); // five still views of the map, one after a flight: 2.5 min on a loaded machine
  await open(page, `&selection=${encodeURIComponent('odpt.Station:TokyoMetro.Marunouchi.Kasumigaseki')}`);
  const panel = page.getByTestId('station-panel');
  await expect(panel.getByTestId('station-name')).toContainText('Kasumigaseki');
  await waitForCameraToSettle(page);
  await page.evaluate(() => void window.map.setLayerVisibility('trains', 'none'));
  await page.evaluate(() => void window.map.jumpTo({ center: [139.752, 35.6713], zoom: 15.6, pitch: 0, bearing: 0 }));
  await waitForStillView(page);
  const before = await screenshotImage(page, { testInfo, name: 'exits-off.png' });

  const toggle = panel.getByTestId('show-exits');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByTestId('departures')).toHaveCount(0);
  const exits = panel.getByTestId('exit');
  await expect(exits).toHaveCount(26);

  // Marunouchi line exits have hours and are all closed at 02:00; the Hibiya and Chiyoda line exits list none.
  const closed = exits.and(page.locator('[data-closed="true"]'));
  await expect(closed).toHaveCount(5);
  const b1a = exits.and(page.locator('[data-exit="TokyoMetro.Kasumigaseki.B1a"]'));
  await expect(b1a).toContainText('Exit B1a');
  await expect(b1a).toContainText('05:30–00:20');
  await expect(b1a).toContainText('Closed now');
  expect(await b1a.evaluate((e) => getComputedStyle(e).color)).toBe(ORANGE_TEXT);
  const a1 = exits.and(page.locator('[data-exit="TokyoMetro.Kasumigaseki.A1"]'));
  expect(await a1.evaluate((e) => getComputedStyle(e).color)).not.toBe(ORANGE_TEXT);
  await expect(a1.locator('svg[data-facility="stairs"]')).toHaveCount(1);
  await expect(a1).toHaveAttribute('aria-label', /Show Exit A1 on the map/);

  // Markers: open exits blue, closed ones orange, where the exits are.
  await waitForFrames(page);
  const image = await screenshotImage(page, { testInfo, name: 'exits-on.png' });
  const panelTop = (await panel.boundingBox())!.y;
  let openSeen = 0;
  let closedSeen = 0;
  const ids = await exits.evaluateAll((list) => list.map((e) => [e.getAttribute('data-exit')!, e.getAttribute('data-closed')!] as const));
  for (const [id, isClosed] of ids) {
    const at = await project(page, POI.get(id)!);
    if (at.y > panelTop - 10 || at.y < 10 || at.x < 10 || at.x > 1270) continue;
    const near = rectAround(at, 20, 20, image);
    const colour = isClosed === 'true' ? CLOSED_MARKER : OPEN_MARKER;
    if (countColor(image, near, colour, 40) > 30 && countColor(before, near, colour, 40) < 5) {
      if (isClosed === 'true') closedSeen++;
      else openSeen++;
    }
  }
  expect(openSeen, 'open exits marked in blue').toBeGreaterThanOrEqual(8);
  expect(closedSeen, 'closed exits marked in orange').toBeGreaterThanOrEqual(3);

  // Pointing at an entry enlarges its marker.
  const coord = POI.get('TokyoMetro.Kasumigaseki.C3')!;
  const c3 = exits.and(page.locator('[data-exit="TokyoMetro.Kasumigaseki.C3"]'));
  const at = await project(page, coord);
  const blueBefore = countColor(image, rectAround(at, 34, 34, image), OPEN_MARKER, 40);
  await c3.hover();
  await expect(c3).toHaveClass(/tt-exit-highlighted/);
  await waitForFrames(page);
  const highlighted = await screenshotImage(page, { testInfo, name: 'exit-highlighted.png' });
  const blueAfter = countColor(highlighted, rectAround(at, 34, 34, highlighted), OPEN_MARKER, 40);
  expect(blueAfter, `marker of C3 at ${at.x},${at.y}: ${blueBefore} → ${blueAfter} blue pixels`).toBeGreaterThan(blueBefore * 1.8);

  // Choosing it flies there: zoomed in, the exit above the panel.
  await c3.click();
  await expect.poll(async () => (await getCamera(page)).zoom, { message: 'the camera flies to zoom 18' }).toBeCloseTo(18, 1);
  await waitForCameraToSettle(page);
  const camera = await getCamera(page);
  expect(camera.zoom).toBeCloseTo(18, 1);
  const landed = await project(page, coord);
  const panelBox = (await panel.boundingBox())!;
  expect(Math.abs(landed.x - 640)).toBeLessThan(20);
  expect(landed.y).toBeLessThan(panelBox.y);
  await waitForStillView(page);
  const flown = await screenshotImage(page, { testInfo, name: 'exit-flown.png' });
  expect(countColor(flown, rectAround(landed, 40, 40, flown), OPEN_MARKER, 40)).toBeGreaterThan(100);

  // Back to departures: the markers go.
  await panel.getByTestId('show-departures').click();
  await expect(panel.getByTestId('departures')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('[data-testid="exit"]').length)).toBe(0);
  await waitForFrames(page);
  const after = await screenshotImage(page);
  expect(countColor(after, rectAround(landed, 40, 40, after), OPEN_MARKER, 40)).toBeLessThan(20);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap selects a station and shows its popup; the exit list fits the bottom sheet with 44 px rows', async ({ page }, testInfo) => {
    await open(page);
    await lookAt(page, [139.7509, 35.6733]);
    const target = await stationOnScreen(page, 'TokyoMetro.Hibiya.Kasumigaseki', 16);
    await page.touchscreen.tap(target.x, target.y);
    const panel = page.getByTestId('station-panel');
    await expect(panel.getByTestId('station-name')).toContainText('Kasumigaseki');
    const popup = page.getByTestId('station-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('station-popup-line').filter({ hasText: 'Hibiya Line' })).toHaveCount(1);
    await waitForStillView(page);
    // It follows the station as the camera flies, and stays on screen above the sheet.
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual((await panel.boundingBox())!.y);
    const clock = (await page.locator('.tt-clock').boundingBox())!;
    const controls = (await page.locator('.tt-controls').boundingBox())!;
    const apart = (a: typeof box, b: typeof box) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart(box, clock), 'the popup leaves the clock clear').toBe(true);
    expect(apart(box, controls), 'the popup leaves the controls clear').toBe(true);
    await attachPng(testInfo, 'phone-station-popup.png', await page.screenshot());

    // The next touch closes it; the Exits toggle is a 44 px target.
    const toggle = panel.getByTestId('show-exits');
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await toggle.tap();
    await expect(popup).toHaveCount(0);
    const exits = panel.getByTestId('exit');
    await expect(exits).toHaveCount(26);
    for (const row of (await exits.all()).slice(0, 4)) expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const sheet = (await panel.boundingBox())!;
    expect(sheet.x).toBe(0);
    // Across the width beside the column of controls (a 60 px gutter on the right), which it never covers.
    expect(sheet.width).toBe(390 - 60);
    expect(sheet.y + sheet.height).toBeLessThanOrEqual(844.5);
    // The list scrolls inside the sheet to its last exit.
    await exits.last().scrollIntoViewIfNeeded();
    await expect(exits.last()).toBeInViewport();
    await exits.and(page.locator('[data-exit="TokyoMetro.Kasumigaseki.B1a"]')).scrollIntoViewIfNeeded();
    await waitForFrames(page);
    await attachPng(testInfo, 'phone-exits.png', await page.screenshot());
  });
});
