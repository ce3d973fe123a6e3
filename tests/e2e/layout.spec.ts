/**
 * What a person sees of the panels and controls, at a phone's sizes (320×568, 390×844) and a laptop's (1280×720),
 * on Wednesday 25 Nov 2026 at 08:00 in Tokyo (playback): every visible control is reachable (the element at the
 * centre of each is that control) and no two panels lie over each other (a station selected, its route search, a
 * menu or the search opened over it); the tracking panel is compact and the tracked train framed above it, where
 * `map.project()` says it is; the keyboard: focus comes back to the control that opened a panel, and the map is
 * one Tab stop with a visible ring whose arrow and +/- keys move the camera.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { getCamera, waitForNetwork } from './support/map-page.ts';
import { waitForCameraToSettle, waitForFrames, waitForTrainFrames } from './support/waits.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const WEDNESDAY_MORNING = `time=${encodeURIComponent('2026-11-25T08:00:00+09:00')}`;
const SHINJUKU = 'odpt.Station:JR-East.Yamanote.Shinjuku';
/** A Yamanote inner-loop train that runs Osaki 07:05 → Osaki 08:12 on weekdays. */
const YAMANOTE_TRAIN = 'odpt.Train:JR-East.Yamanote.712G';
const SIZES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
];

/** Screenshots are also kept here (the shared output folder is emptied by every Playwright run). */
const SHOTS = 'test-results/layout';
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const png = await page.screenshot();
  await testInfo.attach(name, { body: png, contentType: 'image/png' });
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/${name}.png`, png);
}

interface Layout {
  /** Visible buttons whose centre is on screen, and what the element at that centre is. */
  buttons: { name: string; box: Box; hit: boolean; at: string }[];
  /** Visible panels. */
  panels: { name: string; box: Box }[];
}
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The controls and panels as they are on screen (see {@link Layout}). */
function readLayout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const shown = (e: Element) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const describe = (e: Element | null) => (e ? `${e.tagName.toLowerCase()}.${String(e.className).split(' ').join('.')}[${(e as HTMLElement).dataset?.testid ?? ''}]` : 'nothing');
    // A button scrolled out of its panel's list is not visible: its centre must lie in every scrolling box around it.
    const inView = (e: Element, x: number, y: number) => {
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
      for (let p = e.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowY === 'visible' && style.overflowX === 'visible') continue;
        const r = p.getBoundingClientRect();
        if (x < r.left || x > r.right || y < r.top || y > r.bottom) return false;
      }
      return true;
    };
    const buttons = [...document.querySelectorAll('.tt-app button')]
      .filter((b) => shown(b) && !b.closest('.maplibregl-ctrl'))
      .flatMap((b) => {
        const r = b.getBoundingClientRect();
        const x = r.x + r.width / 2;
        const y = r.y + r.height / 2;
        if (r.width === 0 || !inView(b, x, y)) return [];
        const at = document.elementFromPoint(x, y);
        return [{ name: describe(b) + (b.getAttribute('aria-label') ?? b.textContent ?? ''), box: box(b), hit: at !== null && (at === b || b.contains(at)), at: describe(at) }];
      });
    const panels = [...document.querySelectorAll('.tt-clock, .tt-station, .tt-tracking, .tt-route, .tt-menu, .tt-search')].filter(shown).map((p) => ({ name: describe(p), box: box(p) }));
    return { buttons, panels };
  });
}

const overlap = (a: Box, b: Box) => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;

/** Every visible control answers a tap at its centre; no two panels overlap; no panel lies over a control of the column. */
async function expectReachable(page: Page, what: string) {
  const layout = await readLayout(page);
  for (const button of layout.buttons) expect(button.hit, `${what}: ${button.name} at its centre (found ${button.at})`).toBe(true);
  for (let i = 0; i < layout.panels.length; i++)
    for (let j = i + 1; j < layout.panels.length; j++) {
      const [a, b] = [layout.panels[i], layout.panels[j]];
      expect(overlap(a.box, b.box), `${what}: ${a.name} ${JSON.stringify(a.box)} and ${b.name} ${JSON.stringify(b.box)} overlap`).toBe(false);
    }
  // The column's own buttons (not those in the menus it opens).
  const column = await page.locator('.tt-controls .tt-button').evaluateAll((list) =>
    list.filter((b) => !b.closest('.tt-menu, .tt-search')).map((b) => ({ name: b.getAttribute('data-testid') ?? b.getAttribute('aria-label'), box: b.getBoundingClientRect().toJSON() as Box })),
  );
  for (const panel of layout.panels)
    for (const control of column) expect(overlap(panel.box, control.box), `${what}: ${panel.name} covers ${control.name}`).toBe(false);
  return layout;
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} every control stays reachable and no two panels overlap`, async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    await page.setViewportSize(size);
    await page.goto(`/?lang=en&theme=light&${WEDNESDAY_MORNING}&selection=${SHINJUKU}`);
    await waitForNetwork(page, { basemap: false });
    const panel = page.getByTestId('station-panel');
    await expect(panel).toBeVisible();
    const name = `${size.width}x${size.height}`;
    await shot(page, testInfo, `${name}-station`);
    await expectReachable(page, 'station panel');

    // Each menu of the controls, and the search, opened over the station panel: one panel at a time.
    for (const button of ['layers-button', 'tracking-mode-button', 'app-info-button', 'search-button']) {
      await page.getByTestId(button).click();
      await expect(page.locator('.tt-controls').locator('.tt-menu, .tt-search')).toBeVisible();
      await waitForFrames(page, 1);
      await shot(page, testInfo, `${name}-${button}`);
      await expectReachable(page, `${button} open`);
      await page.keyboard.press('Escape');
      await expect(page.locator('.tt-controls').locator('.tt-menu, .tt-search')).toHaveCount(0);
      await expect(panel, `the station panel comes back when ${button}'s panel closes`).toBeVisible();
    }

    // From here: the route search replaces the station panel, beside the controls, every one of them reachable.
    await page.getByTestId('route-from-here').click();
    await expect(page.getByTestId('route-criteria')).toBeVisible();
    await waitForFrames(page, 1);
    await shot(page, testInfo, `${name}-route`);
    const layout = await expectReachable(page, 'route search');
    expect(layout.buttons.map((b) => b.name).join(' '), 'the viewpoint and info buttons are among the reachable ones').toContain('app-info-button');
    await page.getByTestId('tracking-mode-button').click();
    await expect(page.getByTestId('viewpoint-back')).toBeVisible();
    await expectReachable(page, 'viewpoint menu over the route search');
    await page.getByTestId('viewpoint-back').click();
    await expect(page.getByTestId('route-criteria')).toBeVisible();
  });
}

/** The tracked train's head on screen, where `map.project` puts it. */
async function trainOnScreen(page: Page) {
  return page.evaluate(async (id) => {
    const position = await window.map.getTrainPosition(id);
    return position && window.map.project([position.lng, position.lat]);
  }, YAMANOTE_TRAIN);
}

test('the tracking panel is compact and the tracked train is framed above it, where map.project() puts it', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await page.goto(`/?lang=en&theme=light&${WEDNESDAY_MORNING}&selection=${encodeURIComponent(YAMANOTE_TRAIN)}`);
  await page.waitForFunction(() => ['tt:network-drawn', 'tt:trains-drawn'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 180_000 });
  const panel = page.getByTestId('tracking-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('timetable'), 'a laptop window shows the timetable').toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.height / 720, `the panel's share of the height (${box.height} px)`).toBeLessThan(0.36);
  // Each viewpoint's centre is compared with the base map's, which loads after the trains are drawn (on a busy
  // machine, after the first viewpoint is reached too).
  await page.waitForFunction(() => window.map.getMapLibreMap() !== null, null, { timeout: 120_000 });
  for (const mode of ['back', 'topback', 'bird', 'helicopter', 'position'] as const) {
    await page.evaluate((m) => void window.map.setTrackingMode(m), mode);
    if (mode !== 'position') await expect.poll(async () => Math.abs((await getCamera(page)).zoom - { back: 17.6, topback: 16.4, bird: 14.6, helicopter: 16 }[mode]), { message: `${mode}: the camera reaches the viewpoint`, timeout: 60_000 }).toBeLessThan(0.05);
    await waitForTrainFrames(page);
    await shot(page, testInfo, `tracking-${mode}`);
    const train = await trainOnScreen(page);
    expect(train, `${mode}: the train runs`).not.toBeNull();
    const top = (await panel.boundingBox())!.y;
    expect(train!.y, `${mode}: the train (y ${train!.y.toFixed(0)}) is above the panel (top ${top.toFixed(0)})`).toBeLessThan(top - 40);
    expect(train!.y, `${mode}: the train is on screen`).toBeGreaterThan(40);
    // map.project() and the base map (MapLibre, given the same camera and padding) put the camera's centre at the
    // same place: the middle of the map above the panel, not the middle of the container.
    const centres = await page.evaluate(() => {
      const base = window.map.getMapLibreMap() as unknown as { getCenter(): { lng: number; lat: number }; project(p: [number, number]): { x: number; y: number } };
      const { lng, lat } = window.map.getCenter();
      const centre = base.getCenter();
      return { ours: window.map.project([lng, lat]), base: base.project([centre.lng, centre.lat]) };
    });
    expect(Math.abs(centres.ours.y - centres.base.y), `${mode}: centre y, map.project() ${centres.ours.y.toFixed(1)}, base map ${centres.base.y.toFixed(1)}`).toBeLessThan(2);
    expect(Math.abs(centres.ours.x - centres.base.x), `${mode}: centre x`).toBeLessThan(2);
    expect(centres.ours.y, `${mode}: the centre is drawn above the middle of the container`).toBeLessThan(360 - 50);
  }
});

test('on a phone the timetable starts folded and the tracked train shows above the panel', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?lang=en&theme=light&${WEDNESDAY_MORNING}&selection=${encodeURIComponent(YAMANOTE_TRAIN)}`);
  await page.waitForFunction(() => ['tt:network-drawn', 'tt:trains-drawn'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 180_000 });
  const panel = page.getByTestId('tracking-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('timetable')).toBeHidden();
  await expect(page.getByTestId('timetable-toggle')).toBeVisible();
  await waitForTrainFrames(page);
  await shot(page, testInfo, 'tracking-phone');
  const train = await trainOnScreen(page);
  const top = (await panel.boundingBox())!.y;
  expect(train!.y, `the train (y ${train!.y.toFixed(0)}) is above the panel (top ${top.toFixed(0)})`).toBeLessThan(top - 40);
  await expectReachable(page, 'tracking on a phone');
  // The arrow unfolds it.
  await page.getByTestId('timetable-toggle').click();
  await expect(page.getByTestId('timetable')).toBeVisible();
  await expectReachable(page, 'timetable unfolded');
});

/** What has the keyboard's focus. */
const focused = (page: Page) => page.evaluate(() => {
  const e = document.activeElement;
  return e ? `${e.tagName.toLowerCase()}[${(e as HTMLElement).dataset?.testid ?? ''}].${String(e.className)}` : 'nothing';
});

test("on a phone the base map's attribution shows at first and folds to its ⓘ at the first tap, under no panel", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?lang=en&theme=light&${WEDNESDAY_MORNING}`);
  await waitForNetwork(page, { basemap: false });
  const attribution = page.locator('.maplibregl-ctrl-attrib');
  const text = attribution.locator('.maplibregl-ctrl-attrib-inner');
  await expect(text).toContainText('OpenStreetMap');
  await expect(text).toBeVisible();
  // Its folding comes with the base map, a moment after the first view.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/fold-attribution-')));
  // The first tap, here on the layers button: the attribution folds to its button, and the menu has nothing under it.
  await page.getByTestId('layers-button').click();
  await expect(page.getByTestId('layers-panel')).toBeVisible();
  await expect(text).toBeHidden();
  await expect(attribution.locator('.maplibregl-ctrl-attrib-button')).toBeVisible();
  await shot(page, testInfo, '390x844-attribution-folded');
  await page.keyboard.press('Escape');
  // Its button opens it again (MapLibre's own), and it stays open until the person opens it or folds it.
  await attribution.locator('.maplibregl-ctrl-attrib-button').click();
  await expect(text).toBeVisible();
  await page.getByRole('button', { name: /^zoom in$/i }).click();
  await expect(text).toBeVisible();
});

test('focus returns to the control that opened a panel; the map is one Tab stop with a ring, arrows pan and +/- zoom', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(`/?lang=en&theme=light&${WEDNESDAY_MORNING}`);
  await waitForNetwork(page, { basemap: false });

  // The search: Escape closes it and focus is back on its button.
  await page.getByTestId('search-button').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('station-search')).toHaveCount(0);
  expect(await focused(page)).toContain('[search-button]');
  // The menus of the controls alike.
  for (const button of ['layers-button', 'tracking-mode-button', 'app-info-button']) {
    await page.getByTestId(button).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.tt-controls .tt-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.tt-controls .tt-menu')).toHaveCount(0);
    expect(await focused(page), `after ${button}'s panel`).toContain(`[${button}]`);
  }
  // A station chosen in the search, its panel closed with its × from the keyboard: focus is back on the search button.
  await page.getByTestId('search-button').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Shinjuku');
  await expect(page.getByTestId('station-search').getByRole('option').first()).toContainText('Shinjuku');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('station-panel')).toBeVisible();
  expect(await focused(page), 'after choosing a station').toContain('[search-button]');
  await page.getByTestId('station-panel-close').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('station-panel')).toHaveCount(0);
  expect(await focused(page), 'after closing the station panel').toContain('[search-button]');

  // Tab from the last control: the map is the next stop, and the only one (no canvas is another).
  await page.getByTestId('app-info-button').focus();
  const stops: string[] = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  expect(stops[0], 'the map after the controls').toContain('deck-events-root');
  expect(stops.filter((s) => s.startsWith('canvas')), `Tab stops ${stops.join(', ')}`).toEqual([]);
  expect(stops.filter((s) => s.includes('deck-events-root')), `Tab stops ${stops.join(', ')}`).toHaveLength(1);
  const tabbable = await page.evaluate(() => [...document.querySelectorAll('.tt-app canvas, .tt-app .deck-events-root')].filter((e) => (e as HTMLElement).tabIndex >= 0).length);
  expect(tabbable, 'map elements in the tab order').toBe(1);

  // Back on the map with the keyboard: a visible ring.
  await page.getByTestId('app-info-button').focus();
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style, 'the map shows a focus ring').not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  // What a screen reader announces there: the map, named in the interface language.
  await expect(page.getByRole('region', { name: '3D map of Tokyo public transport' }), 'the focused map is a named region').toBeFocused();

  // Arrow keys pan, + and - zoom (MapLibre's keyboard handler: 100 px a press, one zoom level a press).
  const before = await getCamera(page);
  await page.keyboard.press('ArrowRight');
  await waitForCameraToSettle(page);
  const panned = await getCamera(page);
  expect(panned.lng, 'ArrowRight pans east').toBeGreaterThan(before.lng);
  await page.keyboard.press('+');
  await waitForCameraToSettle(page);
  await expect.poll(async () => (await getCamera(page)).zoom, { message: '+ zooms in one level' }).toBeCloseTo(before.zoom + 1, 1);
  await page.keyboard.press('-');
  await waitForCameraToSettle(page);
  await expect.poll(async () => (await getCamera(page)).zoom, { message: '- zooms out one level' }).toBeCloseTo(before.zoom, 1);
});
