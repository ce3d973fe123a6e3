/**
 * Stations as a person uses them (Tuesday 24 Nov 2026, 08:00 in Tokyo, playback from there): the search box
 * finds a station as they type and flies to it, the station is highlighted and selected (`selection` event), the
 * station panel lists the next departures per line and direction; keyboard only; a click on a station on the map
 * selects it and a click on the empty map deselects; the API and `?selection=` take station ids; a phone-size run.
 */
import { expect, test, type Page } from '@playwright/test';
import { getCamera, project, resetMap, sharePage, waitForCameraToSettle, waitForNetwork } from './support/map-page.ts';
import { waitForFrames, waitForStillView } from './support/waits.ts';
import { attachPng, countColor, rectAround, screenshotImage } from './support/pixels.ts';
import { anchorPosition, buildStationGeometry } from '../../src/layers/station-geometry.ts';
import { trackStyle } from '../../src/ui/track-style.ts';
import { loadRealData } from '../unit/fixtures/real-data.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const MORNING = `time=${encodeURIComponent('2026-11-24T08:00:00+09:00')}`;
/** The highlight ring of the selected station (SELECTED_STATION_COLOR in MapView). */
const HIGHLIGHT: [number, number, number] = [255, 145, 0];

async function open(page: Page, query = '') {
  await page.goto(`/?lang=en&theme=light&${MORNING}${query}`);
  await waitForNetwork(page, { basemap: false }); // pixels are read after a still view (waits.ts)
  await page.evaluate(() => {
    const w = window as unknown as { events: string[] };
    w.events = [];
    // A station's selection carries its group's station ids, the chosen one first.
    window.map.on('selection', (e) => w.events.push(`selection ${Array.isArray(e.selection) ? e.selection[0] : e.selection}`));
    window.map.on('deselection', () => w.events.push('deselection'));
  });
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { events: string[] }).events);

/** Departure rows of the station panel, once its departures have arrived from the worker. */
async function departureRows(page: Page) {
  const panel = page.getByTestId('station-panel');
  await expect(panel.getByTestId('departure').first()).toBeVisible({ timeout: 30_000 });
  return panel.getByTestId('departure').allInnerTexts();
}

/**
 * These run one after another on one page (opening the map takes seconds under software WebGL). Each starts with
 * nothing selected, the default camera, every layer shown, no element focused and no event heard. The keyboard's
 * test comes first: once the map has been clicked, Chromium starts the next Tab from there.
 */
test.describe.serial('on one page at 08:00', () => {
  const shared = sharePage((page) => open(page), {
    reset: async (page) => {
      await page.keyboard.press('Escape'); // a search left open
      await page.evaluate(() => {
        for (const id of ['trains', 'station-names', 'flights']) window.map.setLayerVisibility(id, 'visible');
      });
      await resetMap(page);
      await page.evaluate(() => void ((window as unknown as { events: string[] }).events = []));
    },
  });

  test('keyboard only: Tab to the search, arrows through the candidates, Enter selects, Escape closes the panel', async () => {
    const { page } = shared;
    let focused = '';
    for (let i = 0; i < 12 && focused !== 'search-button'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    }
    expect(focused).toBe('search-button');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('ueno');
    const options = page.getByTestId('search-option');
    await expect(options.first()).toHaveText(/^Ueno/);
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    // Escape in the box closes the search only.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('station-search')).toBeHidden();
    expect(await events(page)).toEqual([]);

    await page.getByTestId('search-button').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('上野');
    await expect(options.first()).toHaveText(/^上野|^Ueno/);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('station-name')).toHaveText(/^Ueno/);
    await expect.poll(() => events(page)).toEqual([expect.stringMatching(/\.Ueno$/)]);
    await departureRows(page);

    // Collapse and expand with the keyboard; Escape deselects.
    await page.getByTestId('station-panel-toggle').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('departures')).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('departures')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('station-panel')).toBeHidden();
    await expect.poll(() => events(page)).toEqual([expect.stringMatching(/\.Ueno$/), 'deselection']);
  });

  test('search: typing lists candidates, Enter flies to Shinjuku, selects it and opens its panel with departures', async ({}, testInfo) => {
    const { page } = shared;
    await page.getByTestId('search-button').click();
    const input = page.getByRole('combobox', { name: 'Search stations' });
    await expect(input).toBeFocused();
    await input.pressSequentially('shinj');
    const options = page.getByTestId('search-option');
    await expect(options.first()).toContainText('Shinjuku');
    expect(await options.count()).toBeGreaterThanOrEqual(5);
    await expect(options.nth(1)).toContainText('Shinjuku-sanchome');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await screenshotImage(page, { testInfo, name: 'search-candidates.png' });
    await input.press('Enter');
    await expect(page.getByTestId('station-search')).toBeHidden();

    await expect.poll(() => events(page)).toEqual([expect.stringMatching(/^selection [A-Za-z-]+\.[A-Za-z0-9-]+\.Shinjuku$/)]);
    const selected = await page.evaluate(() => window.map.getSelection());
    expect(selected).toMatch(/\.Shinjuku$/);
    await waitForCameraToSettle(page);
    const camera = await getCamera(page);
    expect(camera.zoom).toBeGreaterThanOrEqual(15);

    const panel = page.getByTestId('station-panel');
    await expect(panel.getByTestId('station-name')).toContainText('Shinjuku');
    await expect(panel).toContainText('Yamanote Line');
    await expect(panel).toContainText('Marunouchi Line');
    const rows = await departureRows(page);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    // Times are the next ones after 08:00 (HH:MM), each with its train type.
    for (const row of rows) expect(row).toMatch(/^0[89]:\d\d\s+\S/);
    const groups = await panel.getByTestId('departure-group').allInnerTexts();
    expect(groups.some((g) => g.startsWith('Yamanote Line') && g.includes('Inner Loop'))).toBe(true);
    expect(groups.some((g) => g.startsWith('Yamanote Line') && g.includes('Outer Loop'))).toBe(true);

    // The station is highlighted on the map, above the panel.
    await waitForStillView(page);
    const image = await screenshotImage(page, { testInfo, name: 'station-selected.png' });
    const station = await project(page, [139.7006, 35.6896]);
    const panelBox = (await panel.boundingBox())!;
    expect(station.y, 'the station sits above the panel').toBeLessThan(panelBox.y);
    expect(countColor(image, rectAround(station, 160, 90, image), HIGHLIGHT, 40), 'highlight ring pixels around Shinjuku').toBeGreaterThan(40);
  });

  test('a click on a station selects its group; a click on the empty map deselects it', async ({}, testInfo) => {
    const { page } = shared;
    // Trains are not picked here: a click must reach the station or the empty map.
    await page.evaluate(() => void window.map.setLayerVisibility('trains', 'none'));
    // Kudanshita: one group of three lines (Hanzomon, Shinjuku, Tozai).
    await page.evaluate(() => void window.map.jumpTo({ center: [139.7515, 35.6955], zoom: 16, pitch: 0, bearing: 0 }));
    await waitForStillView(page);
    await screenshotImage(page, { testInfo, name: 'before-click.png' });
    // Where the Tozai line's Kudanshita is drawn: its shape's centre, offset from the line's centre like the drawing.
    const { network } = loadRealData();
    const station = network.stationIndex.get('TokyoMetro.Tozai.Kudanshita')!;
    const anchor = buildStationGeometry(network).anchors[network.meta.stations[station].shape];
    const position = anchorPosition(anchor, trackStyle('ground'), 16);
    const target = await page.evaluate(([lng, lat, altitude]) => window.map.project([lng, lat], altitude), position);
    expect(Math.hypot(target.x - 640, target.y - 360), 'the station is near the middle').toBeLessThan(120);
    await page.mouse.click(target.x, target.y);
    await expect(page.getByTestId('station-name')).toContainText('Kudanshita');
    await expect.poll(() => events(page)).toEqual([expect.stringMatching(/\.Kudanshita$/)]);
    const lines = await page.getByTestId('station-panel').locator('.tt-station-lines li').allInnerTexts();
    expect(lines.length).toBe(3);
    await waitForCameraToSettle(page);
    // Far from any station (the camera flew there; 300 px to the left of the middle lies no station at zoom 16 here).
    await page.mouse.click(40, 200);
    await expect(page.getByTestId('station-panel')).toBeHidden();
    await expect.poll(() => events(page)).toEqual([expect.stringMatching(/\.Kudanshita$/), 'deselection']);
  });

  test('station shapes show their white fill in a tilted view, near and far (none of it lost to the depth test)', async ({}, testInfo) => {
    test.setTimeout(300_000); // two tilted views to the horizon, each waiting for the base map's tiles: 2 min on a loaded machine
    const { page } = shared;
    await page.evaluate(() => {
      for (const id of ['trains', 'station-names', 'flights']) window.map.setLayerVisibility(id, 'none');
    });
    for (const zoom of [11, 14]) {
      await page.evaluate((z) => void window.map.jumpTo({ center: [139.767, 35.6814], zoom: z, pitch: 60, bearing: 0 }), zoom);
      await waitForStillView(page);
      const image = await screenshotImage(page, { testInfo, name: `stations-tilted-zoom-${zoom}.png` });
      const points = await page.evaluate((centres) => centres.map(([lng, lat, altitude]) => window.map.project([lng, lat], altitude)), shapeCentres(zoom));
      // Inside the map and clear of the clock (top left) and the buttons (right).
      const onMap = points.filter(({ x, y }) => x > 170 && x < 1210 && y > 160 && y < 700);
      // The fill is white. The outline is a neutral dark grey: a fill lost to the depth test leaves it showing, a dark
      // patch where the white should be (before 28 Nov 2026, a sixth of the shapes at zoom 11). A shape under a line
      // that runs above it shows the line's colour instead.
      const pixel = ({ x, y }: { x: number; y: number }) => Array.from(image.data.subarray((Math.round(y) * image.width + Math.round(x)) * 4, (Math.round(y) * image.width + Math.round(x)) * 4 + 3));
      const white = onMap.filter((p) => Math.min(...pixel(p)) > 215);
      const dark = onMap.filter((p) => Math.max(...pixel(p)) < 110 && Math.max(...pixel(p)) - Math.min(...pixel(p)) < 25);
      expect(onMap.length, `station shapes on the map at zoom ${zoom}`).toBeGreaterThan(zoom === 11 ? 300 : 6);
      expect(white.length / onMap.length, `share of station shapes white at their centre, zoom ${zoom}`).toBeGreaterThan(0.75);
      expect(dark.length, `station shapes dark at their centre, zoom ${zoom}: ${dark.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).join(' ')}`).toBeLessThanOrEqual(Math.floor(onMap.length * 0.01));
    }
  });
});

test('setSelection and ?selection= take station ids (prefix optional); an unknown station is an error event', async ({ page }) => {
  await open(page, `&selection=${encodeURIComponent('odpt.Station:TokyoMetro.Ginza.Asakusa')}`);
  await expect(page.getByTestId('station-name')).toContainText('Asakusa');
  expect(await page.evaluate(() => window.map.getSelection())).toBe('TokyoMetro.Ginza.Asakusa');
  const errors: string[] = await page.evaluate(() => {
    const list: string[] = [];
    window.map.on('error', (e: { message: string }) => list.push(e.message));
    window.map.setSelection('JR-East.Yamanote.Ebisu');
    window.map.setSelection('odpt.Station:Nowhere.Line.Nostation');
    return new Promise((resolve) => setTimeout(() => resolve(list), 200));
  });
  expect(errors).toEqual(['Station "Nowhere.Line.Nostation" is not on the map; nothing was selected.']);
  await expect(page.getByTestId('station-name')).toContainText('Ebisu');
  expect(await page.evaluate(() => window.map.getSelection())).toBe('JR-East.Yamanote.Ebisu');
  await page.evaluate(() => void window.map.setSelection(null));
  await expect(page.getByTestId('station-panel')).toBeHidden();
  expect(await page.evaluate(() => window.map.getSelection())).toBeNull();
});

/**
 * Points on the axis of every station shape drawn at `zoom` on the ground (not underground): the middle of each
 * shape's path, where its fill is widest, with the track offsets applied as the drawing applies them.
 */
function shapeCentres(zoom: number): Array<[number, number, number]> {
  const { paths } = buildStationGeometry(loadRealData().network);
  const positions = paths.attributes.getPath.value as Float64Array;
  const offsets = paths.attributes.getTrackOffset.value as Float32Array;
  const centres: Array<[number, number, number]> = [];
  for (let p = 0; p < paths.length; p++) {
    if (paths.pathShape[p] < 0) continue;
    const first = paths.startIndices[p];
    const last = paths.startIndices[p + 1] - 1;
    const code = Math.round(offsets[first * 4 + 3]);
    if (zoom < code % 32 || zoom >= Math.floor(code / 32) % 32) continue;
    const mid = (k: number, v: Float64Array | Float32Array, stride: number) => (v[first * stride + k] + v[last * stride + k]) / 2;
    const anchor = { lng: mid(0, positions, 3), lat: mid(1, positions, 3), vx: mid(0, offsets, 4), vy: mid(1, offsets, 4), vz: Math.min(offsets[first * 4 + 2], offsets[last * 4 + 2]) };
    if (anchor.vz < 0) continue;
    centres.push(anchorPosition(anchor, trackStyle('ground'), zoom));
  }
  return centres;
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('search and the station panel fit a phone without covering the clock or the controls', async ({ page }, testInfo) => {
    await open(page);
    await page.getByTestId('search-button').tap();
    const input = page.getByRole('combobox');
    await expect(input).toBeVisible();
    await input.fill('shibuya');
    await expect(page.getByTestId('search-option').first()).toContainText('Shibuya');
    const box = (await page.getByTestId('station-search').boundingBox())!;
    const clock = (await page.locator('.tt-clock').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y, 'the search box is below the clock').toBeGreaterThanOrEqual(clock.y + clock.height);
    const option = (await page.getByTestId('search-option').first().boundingBox())!;
    expect(option.height, 'tap target').toBeGreaterThanOrEqual(44);
    await screenshotImage(page, { testInfo, name: 'phone-search.png' });
    await page.getByTestId('search-option').first().tap();

    const panel = page.getByTestId('station-panel');
    await expect(panel.getByTestId('station-name')).toContainText('Shibuya');
    await departureRows(page);
    const sheet = (await panel.boundingBox())!;
    expect(sheet.x).toBe(0);
    // Across the width beside the column of controls (a 60 px gutter on the right), which it never covers.
    expect(sheet.width).toBe(390 - 60);
    expect(sheet.y + sheet.height).toBeLessThanOrEqual(844.5);
    expect(sheet.height).toBeLessThanOrEqual(844 * 0.46);
    for (const control of await page.locator('.tt-controls button').all()) {
      const b = await control.boundingBox();
      if (b) expect(b.y + b.height, 'controls stay above the sheet').toBeLessThanOrEqual(sheet.y);
    }
    const close = (await page.getByTestId('station-panel-close').boundingBox())!;
    expect(close.height).toBeGreaterThanOrEqual(44);
    await waitForFrames(page);
    await attachPng(testInfo, 'phone-station-panel.png', await page.screenshot());
  });
});

test('Shinjuku at 08:00 on a Wednesday: directions that end here say so; "no more departures" only after the last train', async ({ page }) => {
  const panel = page.getByTestId('station-panel');
  const terminusGroups = async () => {
    await expect(panel.getByTestId('departure-group').first()).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText('Loading')).toHaveCount(0);
    const groups = await panel.getByTestId('departure-group').allInnerTexts();
    return groups.filter((g) => g.includes('Terminus: arrivals only')).map((g) => g.split('\n').slice(0, 2).join(' ').replace(/\s+/g, ' '));
  };
  await page.goto(`/?lang=en&theme=light&time=${encodeURIComponent('2026-11-25T08:00:00+09:00')}&selection=odpt.Station:JR-East.Yamanote.Shinjuku`);
  await waitForNetwork(page, { basemap: false });
  await expect(panel.getByTestId('departure').first()).toBeVisible({ timeout: 30_000 });
  const ending = await terminusGroups();
  expect(ending).toHaveLength(4);
  for (const [line, direction] of [['Shinjuku Line', 'Westbound'], ['Keiō New Line', 'Inbound'], ['Keiō Line', 'Inbound'], ['Odawara Line', 'Inbound']]) {
    expect(ending.some((g) => g.startsWith(line) && g.includes(direction)), `${line} ${direction} in ${JSON.stringify(ending)}`).toBe(true);
  }
  await expect(panel).not.toContainText('No more departures today');
  await panel.locator('[data-testid="departure-group"][data-terminus]').first().scrollIntoViewIfNeeded();
  await attachPng(test.info(), 'station-panel-terminus.png', await page.screenshot());
  await page.screenshot({ path: 'test-results/station-panel-terminus.png' });

  // After the last train (02:00, the end of the service day): every other direction has no more departures.
  await page.goto(`/?lang=en&theme=light&time=${encodeURIComponent('2026-11-25T02:00:00+09:00')}&selection=odpt.Station:JR-East.Yamanote.Shinjuku`);
  await waitForNetwork(page, { basemap: false });
  expect(await terminusGroups()).toHaveLength(4);
  const groups = await panel.getByTestId('departure-group').allInnerTexts();
  expect(groups.filter((g) => g.includes('No more departures today'))).toHaveLength(groups.length - 4);
});
