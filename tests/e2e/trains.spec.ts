/**
 * Trains at the weekday morning peak (Tuesday 24 Nov 2026, 08:00 in Tokyo, playback from there):
 * they are drawn and move, hovering one shows its popup, clicking tracks it
 * with the timetable panel, the eight viewpoints move the camera, and the
 * underground button changes the look of the map.
 */
import { expect, test, type Page } from '@playwright/test';
import { getCamera, project, resetMap, sharePage } from './support/map-page.ts';
import { showsWithinFrames, waitForBasemapIdle, waitForClock, waitForStillView, waitForTrainFrames } from './support/waits.ts';
import { attachPng, diffMask, maskOverlay, meanBrightness, screenshotImage } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const MORNING = `time=${encodeURIComponent('2026-11-24T08:00:00+09:00')}`;
/** A Yamanote inner-loop train that runs Osaki 07:05 → Osaki 08:12 that morning. */
const YAMANOTE_TRAIN = 'odpt.Train:JR-East.Yamanote.712G';
/**
 * An Uchibo Line train (Kimitsu 07:26 → Tateyama 08:43, 13 stops) that stands at Kazusa-Minato from 07:43 to 08:09:
 * pointing at a train that keeps still is reliable even when software WebGL draws a frame a second.
 */
const STANDING_TRAIN = 'odpt.Train:JR-East.Uchibo.2125M';
const STANDING_TIME = `time=${encodeURIComponent('2026-11-24T07:45:00+09:00')}`;

async function openWithTrains(page: Page, query = '', time = MORNING) {
  await page.goto(`/?lang=en&theme=light&${time}${query}`);
  await page.waitForFunction(() => ['tt:network-drawn', 'tt:trains-drawn'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 180_000 });
}

/** Screen position of a train's head, or null when it is not drawn. */
async function trainOnScreen(page: Page, id: string) {
  const position = await page.evaluate((train) => window.map.getTrainPosition(train), id);
  return position ? project(page, [position.lng, position.lat]) : null;
}

/**
 * Points at a train until its popup shows `text`. Attempts: a hover is picked from the last frame drawn, and under
 * software WebGL that may be a frame from before the camera reached the train.
 */
async function pointAtTrain(page: Page, id: string, text: string) {
  for (let attempt = 0; attempt < 8; attempt++) {
    if (await showsWithinFrames(page, 'train-popup', text, 0)) return;
    const at = await trainOnScreen(page, id);
    await page.mouse.move(at!.x, at!.y + 4);
    if (await showsWithinFrames(page, 'train-popup', text)) return;
  }
}

/** Centres the map on a train at zoom 16; returns where the train is. */
async function centreOnTrain(page: Page, id: string) {
  await page.evaluate(() => { window.map.jumpTo({ zoom: 16, pitch: 30 }); });
  const position = await page.evaluate((train) => window.map.getTrainPosition(train), id);
  expect(position, `${id} runs`).not.toBeNull();
  await page.evaluate((p) => { window.map.jumpTo({ center: [p!.lng, p!.lat] }); }, position);
  await expect.poll(async () => Math.abs((await getCamera(page)).lat - position!.lat)).toBeLessThan(1e-6);
  return position!;
}

/**
 * These run one after another on one page at 08:00 (opening the map takes seconds under software WebGL), each from
 * the default camera with nothing selected; the one that leaves the underground view on comes last.
 */
test.describe.serial('on one page at 08:00', () => {
  const shared = sharePage((page) => openWithTrains(page), { reset: resetMap });

  test('trains are drawn at the morning peak and move between two screenshots', async ({}, testInfo) => {
    const { page } = shared;
    const stats = await page.evaluate(() => window.map.getRenderStats());
    expect(stats.trains, 'trains running at 08:00 on a weekday').toBeGreaterThan(2000);
    // Cars are computed for the trains in and around the view (about 120 trains, 1,000–6,000 cars here), not for all 2,200.
    expect(stats.cars, 'cars drawn around Tokyo Station').toBeGreaterThan(1000);
    expect(stats.cars, 'cars drawn around Tokyo Station').toBeLessThan(stats.trains * 5);
    await waitForBasemapIdle(page);
    await waitForTrainFrames(page);
    const first = await screenshotImage(page, { testInfo, name: 'trains-1.png' });
    // What is tested is motion over time: the clock runs at 1×, so the trains need seconds of it to move visibly.
    await waitForClock(page, 4000);
    await waitForTrainFrames(page, 1);
    const second = await screenshotImage(page, { testInfo, name: 'trains-2.png' });
    // Only the map below the clock: the clock's digits change too.
    const map = { x: 0, y: 100, width: 1280, height: 560 };
    const { mask, count } = diffMask(first, second, 40);
    let inMap = 0;
    for (let y = map.y; y < map.y + map.height; y++) for (let x = map.x; x < map.x + map.width; x++) inMap += mask[y * first.width + x] ? 1 : 0;
    await attachPng(testInfo, 'trains-moved.png', maskOverlay(second, mask));
    testInfo.annotations.push({ type: 'pixels', description: `changed pixels ${count}, in the map ${inMap}` });
    expect(inMap, 'pixels changed by moving trains').toBeGreaterThan(300);
    const camera = await getCamera(page);
    expect(camera.zoom).toBe(14); // the camera did not move: the change is the trains
  });

  test('tracking a subway train switches to the underground view, and ending it brings the ground view back', async () => {
    const { page } = shared;
    await expect(page.getByTestId('underground-button')).toHaveAttribute('aria-pressed', 'false');
    // A Ginza Line train between Asakusa and Shibuya at 08:00, underground.
    await page.evaluate(() => { window.map.setSelection('TokyoMetro.Ginza.A705'); });
    await expect(page.getByTestId('tracking-panel')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('underground-button')).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tracking-panel')).toBeHidden({ timeout: 20_000 });
    await expect(page.getByTestId('underground-button')).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => window.map.getViewMode())).toBe('ground');
  });

  test('the underground button darkens the map and fires viewmode', async ({}, testInfo) => {
    const { page } = shared;
    await page.evaluate(() => {
      (window as unknown as { modes: string[] }).modes = [];
      window.map.on('viewmode', (e) => (window as unknown as { modes: string[] }).modes.push(e.mode));
    });
    const area = { x: 200, y: 150, width: 880, height: 450 };
    const ground = await screenshotImage(page, { testInfo, name: 'ground.png' });
    await page.getByTestId('underground-button').click();
    await expect(page.getByTestId('underground-button')).toHaveAttribute('aria-pressed', 'true');
    await waitForStillView(page);
    const underground = await screenshotImage(page, { testInfo, name: 'underground.png' });
    const before = meanBrightness(ground, area);
    const after = meanBrightness(underground, area);
    testInfo.annotations.push({ type: 'brightness', description: `ground ${before.toFixed(1)}, underground ${after.toFixed(1)}` });
    expect(after, 'the map is darker underground').toBeLessThan(before * 0.6);
    expect(await page.evaluate(() => (window as unknown as { modes: string[] }).modes)).toEqual(['underground']);
    expect(await page.evaluate(() => window.map.getViewMode())).toBe('underground');
  });
});

/** These share a page at 07:45, when the Uchibo train stands at Kazusa-Minato; the one that hides the trains comes last. */
test.describe.serial('on one page at 07:45', () => {
  const shared = sharePage((page) => openWithTrains(page, '', STANDING_TIME), { reset: resetMap });

  test('hovering a train shows its popup with the line name; clicking tracks it with its timetable', async ({}, testInfo) => {
    const { page } = shared;
    const events: string[] = await page.evaluate(() => {
      const list: string[] = [];
      (window as unknown as { events: string[] }).events = list;
      for (const type of ['selection', 'deselection', 'trackingmode'] as const) window.map.on(type, (e) => list.push(`${type}:${'selection' in e ? e.selection : 'mode' in e ? e.mode : ''}`));
      return list;
    });
    // Centre the map on the train, point at it until its popup shows, then click right there.
    await centreOnTrain(page, STANDING_TRAIN);
    const popup = page.getByTestId('train-popup');
    const pointAtIt = () => pointAtTrain(page, STANDING_TRAIN, 'Train 2125M');
    await pointAtIt();
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('popup-railway')).toHaveText('Uchibo Line');
    await expect(popup).toContainText('Train 2125M');
    await expect(popup).toContainText(/Now at Kazusa-?Minato/);
    await attachPng(testInfo, 'popup.png', await page.screenshot());

    const panel = page.getByTestId('tracking-panel');
    for (let attempt = 0; attempt < 5; attempt++) {
      if (attempt > 0) await pointAtIt();
      await page.mouse.down();
      await page.mouse.up();
      await panel.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
      if ((await page.evaluate(() => window.map.getSelection())) === 'JR-East.Uchibo.2125M') break;
    }
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel).toContainText('Uchibo Line');
    await expect(page.getByTestId('timetable').locator('li')).toHaveCount(13);
    await expect(page.getByTestId('timetable').locator('li.tt-passed').first()).toBeAttached();
    expect(await page.evaluate(() => window.map.getSelection())).toBe('JR-East.Uchibo.2125M');
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toContain('selection:JR-East.Uchibo.2125M');

    // One copy of the details at a time: pointing at the tracked train again (away, then back to where the click that
    // tracked it was) shows no popup beside the panel that lists the same lines.
    await expect(popup).toBeHidden();
    await page.mouse.move(60, 300);
    const tracked = await trainOnScreen(page, STANDING_TRAIN);
    await page.mouse.move(tracked!.x, tracked!.y + 4);
    expect(await showsWithinFrames(page, 'train-popup', '', 6), 'a popup of the tracked train').toBe(false);
    await expect(panel).toBeVisible();

    // The timetable collapses and expands with the arrow.
    await page.getByTestId('timetable-toggle').click();
    await expect(page.getByTestId('timetable')).toHaveCount(0);
    await page.getByTestId('timetable-toggle').click();
    await expect(page.getByTestId('timetable')).toBeVisible();

    // Clicking empty map ends tracking.
    await page.mouse.click(60, 300);
    await expect(panel).toBeHidden({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: string[] }).events)).toContain('deselection:');
    expect(events).toBeDefined();
  });

  test('a train\'s popup goes once the train is no longer under the pointer, though the pointer keeps still', async ({}, testInfo) => {
    const { page } = shared;
    const position = await centreOnTrain(page, STANDING_TRAIN);
    await pointAtTrain(page, STANDING_TRAIN, 'Train 2125M');
    const popup = page.getByTestId('train-popup');
    await expect(popup).toBeVisible();
    const pointer = await trainOnScreen(page, STANDING_TRAIN);
    // The map moves under the still pointer, as a train that drives off leaves it: no mouse event follows, and what is
    // under the pointer now (fields about 1 km away) has no popup.
    await page.evaluate((p) => { window.map.jumpTo({ center: [p.lng + 0.01, p.lat + 0.01] }); }, position);
    await expect(popup).toBeHidden({ timeout: 15_000 });
    await attachPng(testInfo, 'moved-away.png', await page.screenshot());
    const now = await trainOnScreen(page, STANDING_TRAIN);
    expect(Math.hypot(now!.x - pointer!.x, now!.y - pointer!.y), 'the train is far from the pointer (px)').toBeGreaterThan(300);
  });

  test('zoomed out over the whole network, every train still shows, one box each', async ({}, testInfo) => {
    const { page } = shared;
    await page.evaluate(() => { window.map.jumpTo({ center: [139.8, 35.48], zoom: 9.3, pitch: 0, bearing: 0 }); });
    // A car would be under 2 pixels long here: the frame holds one box per train in view, not one per car.
    await expect
      .poll(async () => { const s = await page.evaluate(() => window.map.getRenderStats()); return s.cars > 1000 && s.cars <= s.trains; }, { timeout: 60_000 })
      .toBe(true);
    await waitForStillView(page);
    const shown = await screenshotImage(page, { testInfo, name: 'trains-zoomed-out.png' });
    await page.evaluate(() => { window.map.setLayerVisibility('trains', 'none'); });
    await waitForStillView(page);
    const hidden = await screenshotImage(page, { testInfo, name: 'trains-zoomed-out-hidden.png' });
    const { mask } = diffMask(shown, hidden, 40);
    await attachPng(testInfo, 'trains-zoomed-out-diff.png', maskOverlay(shown, mask));
    // Changed pixels that are coloured where the trains are shown (base-map labels may still fade in: they are grey).
    const changedIn = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = Math.max(0, y0); y < Math.min(shown.height, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(shown.width, x1); x++) {
          const p = y * shown.width + x;
          const [r, g, b] = shown.data.subarray(p * 4, p * 4 + 3);
          if (mask[p] && Math.max(r, g, b) - Math.min(r, g, b) > 60) n++;
        }
      }
      return n;
    };
    // Below the clock and left of the controls.
    const inMap = changedIn(0, 100, 1220, 690);
    testInfo.annotations.push({ type: 'pixels', description: `pixels that are trains: ${inMap}` });
    expect(inMap, 'pixels drawn by trains across the network').toBeGreaterThan(10_000);
    // A train standing at a terminus, 60 km from the centre, is there as a box of a few pixels (standing: it cannot move between the screenshots).
    const at = await trainOnScreen(page, STANDING_TRAIN);
    expect(at, 'the Uchibo train at Kazusa-Minato').not.toBeNull();
    expect(changedIn(Math.round(at!.x) - 8, Math.round(at!.y) - 8, Math.round(at!.x) + 8, Math.round(at!.y) + 8), 'pixels of the Uchibo train').toBeGreaterThan(6);
  });
});

test('each of the eight tracking viewpoints moves the camera as specified', async ({ page }) => {
  test.setTimeout(300_000); // eight viewpoints, each a camera transition to wait for
  await openWithTrains(page, `&selection=${encodeURIComponent(YAMANOTE_TRAIN)}`);
  await expect(page.getByTestId('tracking-panel')).toBeVisible({ timeout: 30_000 });
  const expected: Record<string, { zoom?: number; pitch?: number; relative?: number; orbit?: boolean }> = {
    position: {},
    back: { zoom: 17.6, pitch: 82, relative: 0 },
    topback: { zoom: 16.4, pitch: 60, relative: 0 },
    front: { zoom: 17.6, pitch: 82, relative: 180 },
    topfront: { zoom: 16.4, pitch: 60, relative: 180 },
    helicopter: { zoom: 16, pitch: 60, orbit: true },
    drone: { zoom: 17, pitch: 76, orbit: true },
    bird: { zoom: 14.6, pitch: 40, relative: 0 },
  };
  for (const [mode, spec] of Object.entries(expected)) {
    await page.evaluate((m) => { window.map.setTrackingMode(m as never); }, mode);
    // Frames are slow under software WebGL on a busy machine: wait for the camera to reach the viewpoint.
    if (spec.zoom !== undefined) {
      await expect.poll(async () => Math.abs((await getCamera(page)).zoom - spec.zoom!), { message: `${mode}: zoom reaches ${spec.zoom}`, timeout: 60_000 }).toBeLessThan(0.3);
      // The camera eases in time towards the viewpoint (tracking-controller.ts), zoom, pitch and bearing alike: once
      // the zoom is this close, the rest has come as close.
      await expect.poll(async () => Math.abs((await getCamera(page)).zoom - spec.zoom!), { message: `${mode}: zoom settles at ${spec.zoom}`, timeout: 30_000 }).toBeLessThan(0.05);
    }
    await waitForTrainFrames(page);
    const camera = await getCamera(page);
    const train = await page.evaluate((id) => window.map.getTrainPosition(id), YAMANOTE_TRAIN);
    expect(train, `train still running (${mode})`).not.toBeNull();
    // Every viewpoint keeps the train at the centre of the camera.
    expect(Math.abs(camera.lng - train!.lng), `${mode}: centred (lng)`).toBeLessThan(0.004);
    expect(Math.abs(camera.lat - train!.lat), `${mode}: centred (lat)`).toBeLessThan(0.004);
    expect(await page.evaluate(() => window.map.getTrackingMode())).toBe(mode);
    if (spec.zoom !== undefined) expect(camera.zoom, `${mode}: zoom`).toBeCloseTo(spec.zoom, 0);
    if (spec.pitch !== undefined) expect(camera.pitch, `${mode}: pitch`).toBeGreaterThan(spec.pitch - 6);
    if (spec.pitch !== undefined) expect(camera.pitch, `${mode}: pitch`).toBeLessThan(spec.pitch + 6);
    if (spec.relative !== undefined) {
      const difference = Math.abs(((camera.bearing - train!.bearing - spec.relative + 540) % 360) - 180);
      expect(difference, `${mode}: bearing relative to the train`).toBeLessThan(25);
    }
    if (spec.orbit) {
      const before = camera.bearing;
      await expect.poll(async () => Math.abs((await getCamera(page)).bearing - before), { message: `${mode}: circles the train`, timeout: 30_000 }).toBeGreaterThan(1);
    }
  }
  // The deprecated "heading" means "topback".
  await page.evaluate(() => { window.map.setTrackingMode('heading' as never); });
  expect(await page.evaluate(() => window.map.getTrackingMode())).toBe('topback');
  // Escape stops tracking.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tracking-panel')).toBeHidden({ timeout: 20_000 });
  expect(await page.evaluate(() => window.map.getSelection())).toBeNull();
});

