/**
 * The screen's controls as a person uses them: playback (speed steps, edit
 * date & time with Cancel and OK, the trains jumping to the new time), eco
 * mode (fewer train frames), the layers panel (trains hidden: pixels), full
 * screen, the share button (on a sharing browser only), panels that close
 * with Escape and a click outside, the option flags, the page language and
 * the tab order.
 */
import { expect, test, type Page } from '@playwright/test';
import { sharePage, waitForCameraToSettle, waitForNetwork, type MapReadiness } from './support/map-page.ts';
import { waitForStillView, waitForTrainFrames } from './support/waits.ts';
import { attachPng, diffMask, screenshotImage } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

/** Tuesday 24 Nov 2026, 08:00 in Tokyo: the morning peak, in playback from there. */
const MORNING = `time=${encodeURIComponent('2026-11-24T08:00:00+09:00')}`;

/** Opens the app; `basemap: false` for a test that reads no pixels of the base map (see `MapReadiness`). */
async function open(page: Page, query = `?lang=en&theme=light&${MORNING}`, readiness: MapReadiness = {}) {
  await page.goto(`/${query}`);
  await waitForNetwork(page, readiness);
  await page.evaluate(() => {
    const w = window as unknown as { events: string[] };
    w.events = [];
    const on = window.map.on.bind(window.map) as (type: string, listener: (e?: { mode?: string; selection?: string }) => void) => void;
    for (const type of ['clockmode', 'ecomode', 'selection', 'deselection']) on(type, (e) => w.events.push(`${type} ${e?.mode ?? e?.selection ?? ''}`.trim()));
  });
}

/** Forgets the events heard so far. */
const resetEvents = (page: Page) => page.evaluate(() => void ((window as unknown as { events: string[] }).events = []));
const events = (page: Page) => page.evaluate(() => (window as unknown as { events: string[] }).events);
const stats = (page: Page) => page.evaluate(() => window.map.getRenderStats());

/** Waits until the trains are drawn (cars in the newest frame). */
async function waitForTrains(page: Page) {
  await expect.poll(async () => (await stats(page)).cars, { timeout: 120_000 }).toBeGreaterThan(500);
}

/** Hours and minutes of the clock ("08:00"). */
async function clockHourMinute(page: Page) {
  return ((await page.getByTestId('clock-time').textContent()) ?? '').slice(0, 5);
}

/**
 * These run one after another on one page (opening the map takes a while under software WebGL), each leaving it as
 * it found it: the weekday morning peak in playback, trains shown, nothing selected.
 */
test.describe.serial('on one page at the weekday morning peak', () => {
  const shared = sharePage(async (page) => {
    await open(page);
    await waitForTrains(page);
  });

  test('eco mode: the trains are redrawn about once a second (ecomode events), normal again at the display rate', async () => {
    const { page } = shared;
    await resetEvents(page);
    await waitForTrains(page);
    // What is tested is a rate: train frames counted over a fixed time.
    const framesIn = async (ms: number) => {
      const before = (await stats(page)).trainFrames;
      await page.waitForTimeout(ms);
      return (await stats(page)).trainFrames - before;
    };
    const normal = await framesIn(4000);
    await page.getByTestId('eco-button').click();
    await expect(page.getByTestId('eco-button')).toHaveAttribute('aria-pressed', 'true');
    // A frame asked for before the switch may still come at the old rate; the second one comes at the new.
    await waitForTrainFrames(page);
    const eco = await framesIn(4000);
    expect(eco, `eco ${eco} frames in 4 s`).toBeLessThanOrEqual(6);
    expect(eco).toBeGreaterThanOrEqual(2);
    expect(normal, `normal ${normal} frames in 4 s`).toBeGreaterThan(eco * 2);
    await page.getByTestId('eco-button').click();
    await waitForTrainFrames(page);
    expect(await framesIn(4000)).toBeGreaterThan(eco * 2);
    expect(await events(page)).toEqual(['ecomode eco', 'ecomode normal']);
    expect(await page.evaluate(() => window.map.getEcoMode())).toBe('normal');
  });

  test('layers panel: switching trains off hides them (pixels), on shows them; × and a click outside close it', async ({}, testInfo) => {
    const { page } = shared;
    await resetEvents(page);
    await waitForTrains(page);
    await page.getByTestId('layers-button').click();
    const panel = page.getByTestId('layers-panel');
    await expect(panel).toBeVisible();
    // One switch per built-in layer a person turns on and off (plugins add theirs after these).
    const ids = await panel.getByRole('switch').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(ids).toEqual(['layer-trains', 'layer-flights', 'layer-station-names', 'layer-buildings', 'layer-rain']);
    const trains = page.getByTestId('layer-trains');
    await expect(trains).toHaveAttribute('aria-checked', 'true');
    await attachPng(testInfo, 'layers-panel.png', await page.screenshot());
    await page.getByTestId('layers-close').click();
    await expect(panel).toBeHidden();

    const shown = await screenshotImage(page);
    await page.getByTestId('layers-button').click();
    await trains.click();
    await expect(trains).toHaveAttribute('aria-checked', 'false');
    await page.mouse.click(200, 400); // outside the panel: closes it
    await expect(panel).toBeHidden();
    await waitForStillView(page);
    const hidden = await screenshotImage(page, { testInfo, name: 'trains-hidden.png' });
    // What is tested is stillness over time: nothing but the clock changes in the next 1.5 s.
    await page.waitForTimeout(1500);
    const hiddenLater = await screenshotImage(page);
    // With trains hidden, nothing moves but the clock's seconds; with them shown, the cars differ from the hidden view.
    const clock = await page.getByTestId('clock').boundingBox();
    const { mask } = diffMask(hidden, hiddenLater, 40);
    let still = 0;
    for (let i = 0; i < mask.length; i++) {
      const x = i % hidden.width;
      const y = Math.floor(i / hidden.width);
      if (mask[i] && !(x <= clock!.x + clock!.width + 2 && y <= clock!.y + clock!.height + 2)) still++;
    }
    const removed = diffMask(shown, hidden, 40).count;
    expect(still, 'pixels changing with trains hidden').toBeLessThan(200);
    expect(removed, 'pixels of trains removed').toBeGreaterThan(2000);
    // Shown again (as the next tests expect).
    await page.getByTestId('layers-button').click();
    await trains.click();
    await expect(trains).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('full screen: the button shows the map element full screen and leaves it again', async () => {
    const { page } = shared;
    await resetEvents(page);
    const button = page.getByTestId('fullscreen-button');
    await expect(button).toHaveAccessibleName('Full screen');
    await button.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.id ?? null)).toBe('map');
    await expect(button).toHaveAccessibleName('Exit full screen');
    await button.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  });

  test('app info and tracking-mode menu close with Escape (not ending a selection) and with a click outside', async () => {
    const { page } = shared;
    await resetEvents(page);
    await page.evaluate(() => void window.map.setSelection('JR-East.Yamanote.Shinjuku'));
    await expect(page.getByTestId('station-panel')).toBeVisible();
    await page.getByTestId('app-info-button').click();
    await expect(page.getByTestId('app-info')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('app-info')).toBeHidden();
    await expect(page.getByTestId('app-info-button')).toBeFocused();
    expect(await page.evaluate(() => window.map.getSelection())).toMatch(/Shinjuku$/);
    await page.getByTestId('app-info-button').click();
    await expect(page.getByTestId('app-info')).toBeVisible();
    await page.getByTestId('clock-date').click(); // outside the panel (not a button)
    await expect(page.getByTestId('app-info')).toBeHidden();
    await page.getByTestId('tracking-mode-button').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await page.evaluate(() => void window.map.setSelection(null));
  });

  test('no share button on desktop Chromium, even with a station selected', async () => {
    const { page } = shared;
    await resetEvents(page);
    await page.evaluate(() => void window.map.setSelection('JR-East.Yamanote.Shinjuku'));
    await expect(page.getByTestId('station-panel')).toBeVisible();
    await expect(page.getByTestId('share-button')).toHaveCount(0);
    await page.evaluate(() => void window.map.setSelection(null));
    await expect(page.getByTestId('station-panel')).toBeHidden();
  });

  test('playback: Edit date & time, Cancel keeps the clock; OK jumps it and the trains to 02:00 (few trains at night)', async ({}, testInfo) => {
    const { page } = shared;
    await resetEvents(page);
    await waitForTrains(page);
    const morningTrains = (await stats(page)).trains;

    await page.getByTestId('edit-date-time').click();
    const editor = page.getByTestId('date-time-editor');
    await expect(editor).toBeVisible();
    // The page has been playing from 08:00 for a few minutes.
    await expect(page.getByTestId('edit-hour')).toHaveText('08');
    const minute = await page.getByTestId('edit-minute').textContent();
    for (let i = 0; i < 3; i++) await page.getByTestId('edit-hour-up').click();
    await page.getByTestId('edit-day-up').click();
    await expect(page.getByTestId('edit-hour')).toHaveText('11');
    await expect(page.getByTestId('edit-day')).toHaveText('25');
    await attachPng(testInfo, 'editor.png', await page.locator('.tt-clock').screenshot());
    await page.getByTestId('edit-cancel').click();
    await expect(editor).toBeHidden();
    expect(await clockHourMinute(page)).toMatch(/^08:\d\d$/);
    await expect(page.getByTestId('clock-date')).toContainText('24');

    // Edit again: 08 → 02 by six steps down, OK.
    await page.getByTestId('edit-date-time').click();
    for (let i = 0; i < 6; i++) await page.getByTestId('edit-hour-down').click();
    await expect(page.getByTestId('edit-hour')).toHaveText('02');
    await page.getByTestId('edit-ok').click();
    await expect(editor).toBeHidden();
    // The clock keeps its minute (it runs on while the editor is open: on a loaded machine a minute may pass).
    await expect.poll(() => clockHourMinute(page)).toMatch(/^02:\d\d$/);
    const minutesOn = (Number((await clockHourMinute(page)).slice(3)) - Number(minute) + 60) % 60;
    expect(minutesOn, `minutes the clock ran on from 02:${minute}`).toBeLessThanOrEqual(2);
    // The trains follow: at 02:00 few trains run (the morning peak has over a thousand).
    await expect.poll(async () => (await stats(page)).trains, { timeout: 60_000 }).toBeLessThan(morningTrains / 5);
    await screenshotImage(page, { testInfo, name: 'after-ok.png' });
  });

  test('playback: the button switches the clock (clockmode events); speed steps 1–10 by 1, then by 10', async () => {
    const { page } = shared;
    await resetEvents(page);
    const controls = page.getByTestId('playback-controls');
    await expect(controls).toBeVisible();
    await expect(page.getByTestId('playback-button')).toHaveAttribute('aria-pressed', 'true');
    const speed = page.getByTestId('speed');
    await expect(speed).toHaveText('1×');
    await expect(page.getByTestId('speed-down')).toBeDisabled();
    for (let i = 2; i <= 10; i++) {
      await page.getByTestId('speed-up').click();
      await expect(speed).toHaveText(`${i}×`);
    }
    await page.getByTestId('speed-up').click();
    await expect(speed).toHaveText('20×');
    await page.getByTestId('speed-down').click();
    await page.getByTestId('speed-down').click();
    await expect(speed).toHaveText('9×');

    // Back to real time: the controls go, the clock shows the present (not 24 Nov 08:00), the event fires.
    await page.getByTestId('playback-button').click();
    await expect(controls).toBeHidden();
    await expect.poll(() => events(page)).toEqual(['clockmode realtime']);
    expect(await page.evaluate(() => window.map.getClockMode())).toBe('realtime');
    await page.getByTestId('playback-button').click();
    await expect(controls).toBeVisible();
    await expect(speed).toHaveText('1×');
    await expect.poll(() => events(page)).toEqual(['clockmode realtime', 'clockmode playback']);
  });
});

test('the page speaks the interface language, and Tab reaches the controls before the map', async ({ page }) => {
  // Real time: in playback the clock's own buttons come first (top left).
  await open(page, '?lang=ja', { basemap: false });
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('search-button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'ズームイン' })).toBeFocused();
});

test.describe('on a sharing browser (Chrome on Android)', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.104 Mobile Safari/537.36',
  });

  test('"Share this station" shares a link that reopens the station and the camera', async ({ page }) => {
    // The system share sheet is out of a headless browser's reach: record what the page hands to it.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { shared: ShareData[] }).shared = shared;
      Object.defineProperty(navigator, 'share', { value: (data: ShareData) => (shared.push(data), Promise.resolve()), configurable: true });
    });
    await open(page, undefined, { basemap: false });
    await expect(page.getByTestId('share-button')).toHaveCount(0);
    await page.evaluate(() => void window.map.setSelection('JR-East.Yamanote.Shinjuku'));
    const share = page.getByTestId('share-button');
    await expect(share).toHaveText('Share this station');
    await waitForCameraToSettle(page);
    await share.click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared).toHaveLength(1);
    const url = new URL(shared[0].url!);
    expect(url.searchParams.get('selection')).toMatch(/Shinjuku$/);
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.hash).toMatch(/^#1[5-9](\.\d+)?\/35\.\d+\/139\.\d+\/-?\d+(\.\d+)?\/\d+(\.\d+)?$/);
    // Opening the link selects the station again.
    await page.goto(url.href);
    await waitForNetwork(page, { basemap: false });
    await expect.poll(() => page.evaluate(() => window.map.getSelection())).toMatch(/Shinjuku$/);
  });
});

test.describe('on a phone (390×844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('while tracking, every control is clear of the timetable sheet, the viewpoint menu and app info can be tapped', async ({ page }, testInfo) => {
    await open(page, undefined, { basemap: false });
    await waitForTrains(page);
    await page.evaluate(() => void window.map.setSelection('JR-East.Yamanote.712G'));
    const panel = page.getByTestId('tracking-panel');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    const sheet = (await panel.boundingBox())!;
    expect(sheet.height).toBeLessThanOrEqual(844 * 0.35);
    // Every button of the column: at least 44 px, above the sheet, clear of the clock.
    const clock = (await page.getByTestId('clock').boundingBox())!;
    for (const button of await page.locator('.tt-controls .tt-button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.height, await button.getAttribute('aria-label') ?? '').toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.y + box.height).toBeLessThanOrEqual(sheet.y);
      expect(box.x).toBeGreaterThan(clock.x + clock.width);
    }
    await page.getByTestId('tracking-mode-button').tap();
    const bird = page.getByTestId('viewpoint-bird');
    await expect(bird).toBeVisible();
    // The menu lies above the sheet: the point at the centre of "Bird" is "Bird" itself.
    const at = (await bird.boundingBox())!;
    expect(await page.evaluate(({ x, y }) => (document.elementFromPoint(x, y) as HTMLElement | null)?.dataset.testid ?? null, { x: at.x + at.width / 2, y: at.y + at.height / 2 })).toBe('viewpoint-bird');
    await attachPng(testInfo, 'phone-tracking-menu.png', await page.screenshot());
    await bird.tap();
    await expect.poll(() => page.evaluate(() => window.map.getTrackingMode())).toBe('bird');
    await page.getByTestId('app-info-button').tap();
    const close = page.getByTestId('app-info-close');
    await expect(close).toBeVisible();
    const closeBox = (await close.boundingBox())!;
    expect(await page.evaluate(({ x, y }) => (document.elementFromPoint(x, y) as HTMLElement | null)?.dataset.testid ?? null, { x: closeBox.x + closeBox.width / 2, y: closeBox.y + closeBox.height / 2 })).toBe('app-info-close');
    await attachPng(testInfo, 'phone-app-info.png', await page.screenshot());
    await close.tap();
    await expect(page.getByTestId('app-info')).toBeHidden();
  });
});

// Its own page: each extra map takes four WebGL contexts, and the browser drops the oldest past its limit.
test('option flags hide their controls', async ({ page }) => {
  await open(page, undefined, { basemap: false });
  const buttonsOf = (options: Record<string, boolean>) =>
    page.evaluate(async (options) => {
      const MapClass = window.map.constructor as new (options: Record<string, unknown>) => Window['map'];
      const div = document.createElement('div');
      div.style.cssText = 'position:fixed;left:0;top:0;width:600px;height:400px';
      document.body.append(div);
      const map = new MapClass({ ...options, container: div, lang: 'en' });
      const deadline = performance.now() + 10_000;
      while (!div.querySelector('.tt-controls') && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const ids = [...div.querySelectorAll('[data-testid$="-button"], .tt-clock, .tt-nav')].map((e) => e.getAttribute('data-testid') ?? e.className.split(' ')[0]);
      map.remove();
      div.remove();
      return ids.sort();
    }, options);
  const all = await buttonsOf({});
  expect(all).toEqual(['app-info-button', 'clock', 'eco-button', 'fullscreen-button', 'layers-button', 'playback-button', 'search-button', 'tracking-mode-button', 'tt-nav', 'underground-button']);
  expect(await buttonsOf({ clockControl: false })).not.toContain('clock');
  expect(await buttonsOf({ searchControl: false })).not.toContain('search-button');
  expect(await buttonsOf({ navigationControl: false })).not.toContain('tt-nav');
  const noModes = await buttonsOf({ modeControl: false });
  for (const id of ['underground-button', 'playback-button', 'eco-button']) expect(noModes).not.toContain(id);
  expect(noModes).toContain('fullscreen-button');
  expect(await buttonsOf({ fullscreenControl: false })).not.toContain('fullscreen-button');
  const noConfig = await buttonsOf({ configControl: false });
  for (const id of ['layers-button', 'tracking-mode-button', 'app-info-button']) expect(noConfig).not.toContain(id);
  expect(await buttonsOf({ clockControl: false, searchControl: false, navigationControl: false, modeControl: false, fullscreenControl: false, configControl: false })).toEqual([]);
});
