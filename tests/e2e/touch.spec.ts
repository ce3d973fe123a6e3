/**
 * Touch on a phone-sized screen (390×844, touch emulation), with real touch events sent through CDP
 * (`Input.dispatchTouchEvent`), as a finger on a phone sends them:
 *
 * - one finger drags the map (the place under it follows it), two fingers spread apart zoom in, twist to rotate,
 *   and moved up together tilt the map (as MapLibre does on touch); a double tap zooms in one step;
 * - a tap on a train tracks it (its panel opens) and a tap on a station selects it, as clicks do;
 * - while a train is tracked, no gesture moves the camera, except in the "position" viewpoint, where the fingers
 *   zoom, rotate and tilt around the train but do not drag the map off it (as the mouse: `use-map-camera.ts`);
 * - on a 3× screen the map's canvases draw at 2× (`src/data/pixel-ratio.ts`).
 *
 * Moves are sent one animation frame apart, and the test waits on the camera and the page's DOM, never on time.
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { getCamera, NO_TRAINS, project, waitForNetwork, type Camera } from './support/map-page.ts';
import { stationOnScreen } from './support/stations.ts';
import { waitForCameraToSettle, waitForFrames, waitForTrainFrames } from './support/waits.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** An Uchibo Line train standing at Kazusa-Minato from 07:43 to 08:09 (see trains.spec.ts): it keeps still to be tapped. */
const STANDING_TRAIN = 'odpt.Train:JR-East.Uchibo.2125M';
const STANDING_TIME = `time=${encodeURIComponent('2026-11-24T07:45:00+09:00')}`;

interface Point {
  x: number;
  y: number;
}

/** Sends one touch event with the fingers at `points` (none: every finger lifted). */
function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) {
  return cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(({ x, y }, id) => ({ x, y, id, radiusX: 4, radiusY: 4, force: 1 })) });
}

/**
 * A gesture: the fingers touch down at `from`, move in `steps` steps to `to` (one animation frame between moves),
 * rest there for a few frames (so the release carries no speed and no inertia moves the camera on), and lift.
 */
async function gesture(page: Page, cdp: CDPSession, from: Point[], to: Point[], steps = 8): Promise<void> {
  const at = (t: number) => from.map((p, i) => ({ x: p.x + (to[i].x - p.x) * t, y: p.y + (to[i].y - p.y) * t }));
  await touch(cdp, 'touchStart', at(0));
  await waitForFrames(page, 1);
  for (let step = 1; step <= steps; step++) {
    await touch(cdp, 'touchMove', at(step / steps));
    await waitForFrames(page, 1);
  }
  await waitForFrames(page, 3);
  await touch(cdp, 'touchEnd', []);
}

/** A tap of one finger. */
async function tap(cdp: CDPSession, point: Point): Promise<void> {
  await touch(cdp, 'touchStart', [point]);
  await touch(cdp, 'touchEnd', []);
}

/** Two fingers `radius` px either side of `center`, on a line at `degrees` clockwise from the horizontal. */
function fingers(center: Point, radius: number, degrees = 0): Point[] {
  const a = (degrees * Math.PI) / 180;
  const dx = radius * Math.cos(a);
  const dy = radius * Math.sin(a);
  return [
    { x: center.x - dx, y: center.y - dy },
    { x: center.x + dx, y: center.y + dy },
  ];
}

/** Signed difference of two bearings, in (−180, 180]. */
const turn = (from: number, to: number) => ((((to - from + 180) % 360) + 360) % 360) - 180;

/** Expects two cameras to be the same (a gesture that should have done nothing). */
function expectUnmoved(after: Camera, before: Camera, what: string) {
  expect(Math.abs(after.zoom - before.zoom), `${what}: zoom`).toBeLessThan(0.01);
  expect(Math.abs(turn(before.bearing, after.bearing)), `${what}: bearing`).toBeLessThan(0.5);
  expect(Math.abs(after.pitch - before.pitch), `${what}: pitch`).toBeLessThan(0.5);
  expect(Math.abs(after.lng - before.lng) + Math.abs(after.lat - before.lat), `${what}: centre`).toBeLessThan(1e-5);
}

/** The middle of the map, clear of the clock above and the attribution below. */
const MIDDLE: Point = { x: 195, y: 430 };

test.describe('phone', () => {
  test.use(PHONE);

  test('one finger drags, two fingers zoom, rotate and tilt, a double tap zooms in', async ({ page }) => {
    await page.goto(`/?lang=en&theme=light&${NO_TRAINS}`);
    await waitForNetwork(page, { basemap: false });
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate(() => void window.map.jumpTo({ zoom: 14, pitch: 30, bearing: 0 }));
    await waitForCameraToSettle(page);

    // One finger: the place under it follows it.
    let before = await getCamera(page);
    const place: [number, number] = [before.lng, before.lat];
    const start = await project(page, place);
    const end = { x: start.x + 60, y: start.y - 180 };
    await gesture(page, cdp, [start], [end]);
    await waitForCameraToSettle(page);
    let after = await getCamera(page);
    const moved = await project(page, place);
    expect(Math.hypot(moved.x - end.x, moved.y - end.y), `the place under the finger (now at ${moved.x}, ${moved.y}) is where it lifted`).toBeLessThan(3);
    expect(after.zoom).toBeCloseTo(before.zoom, 6);
    expect(after.bearing).toBeCloseTo(before.bearing, 6);
    expect(after.pitch).toBeCloseTo(before.pitch, 6);

    // Two fingers spread from 80 to 240 px apart: the map zooms in by log2(3) ≈ 1.6, without turning or tilting.
    before = after;
    await gesture(page, cdp, fingers(MIDDLE, 40), fingers(MIDDLE, 120));
    await waitForCameraToSettle(page);
    after = await getCamera(page);
    expect(after.zoom - before.zoom, 'zoom in by the spread').toBeGreaterThan(1.2);
    expect(after.zoom - before.zoom, 'zoom in by the spread').toBeLessThan(2);
    expect(Math.abs(turn(before.bearing, after.bearing)), 'no turn').toBeLessThan(3);
    expect(Math.abs(after.pitch - before.pitch), 'no tilt').toBeLessThan(1);

    // Two fingers twist 60° clockwise: the map turns with them (the bearing goes down by about as much).
    before = after;
    await gesture(page, cdp, fingers(MIDDLE, 80, 0), fingers(MIDDLE, 82, 60));
    await waitForCameraToSettle(page);
    after = await getCamera(page);
    const turned = turn(before.bearing, after.bearing);
    expect(turned, `turned ${turned}° with the fingers`).toBeLessThan(-40);
    expect(turned, `turned ${turned}° with the fingers`).toBeGreaterThan(-80);
    expect(Math.abs(after.zoom - before.zoom), 'hardly a zoom').toBeLessThan(0.2);

    // Two fingers side by side moved up together: the map tilts further (as in MapLibre), without turning or zooming.
    before = after;
    const low = { x: MIDDLE.x, y: 600 };
    await gesture(page, cdp, fingers(low, 50), fingers({ x: low.x, y: low.y - 200 }, 50));
    await waitForCameraToSettle(page);
    after = await getCamera(page);
    expect(after.pitch - before.pitch, 'tilted up').toBeGreaterThan(10);
    expect(Math.abs(turn(before.bearing, after.bearing)), 'no turn').toBeLessThan(1);
    expect(Math.abs(after.zoom - before.zoom), 'no zoom').toBeLessThan(0.01);

    // A double tap zooms in one step.
    before = after;
    await tap(cdp, MIDDLE);
    await tap(cdp, MIDDLE);
    await expect.poll(async () => (await getCamera(page)).zoom - before.zoom, { message: 'a double tap zooms in' }).toBeGreaterThan(0.9);
    await waitForCameraToSettle(page);
    expect((await getCamera(page)).zoom - before.zoom).toBeCloseTo(1, 3);
  });

  test('a tap on a train tracks it, and the camera is the tracking viewpoint’s but in "position"; a tap on a station selects it', async ({ page }) => {
    test.setTimeout(300_000); // a train page, a station and four camera checks under software WebGL
    await page.goto(`/?lang=en&theme=light&${STANDING_TIME}`);
    await page.waitForFunction(() => ['tt:network-drawn', 'tt:trains-drawn'].every((m) => performance.getEntriesByName(m).length > 0), null, { timeout: 180_000 });
    const cdp = await page.context().newCDPSession(page);
    // A train: centred and standing, tapped where its cars are drawn; its panel opens.
    const position = await page.evaluate((id) => window.map.getTrainPosition(id), STANDING_TRAIN);
    expect(position, 'the Uchibo train runs at 07:45').not.toBeNull();
    await page.evaluate((p) => void window.map.jumpTo({ center: [p!.lng, p!.lat], zoom: 16, pitch: 30 }), position);
    await waitForCameraToSettle(page);
    const panel = page.getByTestId('tracking-panel');
    // A tap is picked from the frame last drawn, which may be from before the camera reached the train: tap again then.
    for (let attempt = 0; attempt < 5; attempt++) {
      await waitForTrainFrames(page, 1);
      const at = await project(page, [position!.lng, position!.lat]);
      await tap(cdp, { x: at.x, y: at.y + 4 });
      if (await panel.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)) break;
    }
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Uchibo Line');
    expect(await page.evaluate(() => window.map.getSelection())).toBe('JR-East.Uchibo.2125M');

    // A viewpoint that holds the camera: no gesture moves it, none ends the tracking.
    await page.evaluate(() => void window.map.setTrackingMode('back'));
    await expect.poll(async () => Math.abs((await getCamera(page)).zoom - 17.6), { message: 'the camera reaches the back viewpoint', timeout: 60_000 }).toBeLessThan(0.05);
    await waitForCameraToSettle(page);
    let before = await getCamera(page);
    await gesture(page, cdp, fingers(MIDDLE, 40), fingers(MIDDLE, 120));
    await gesture(page, cdp, [{ x: 100, y: 300 }], [{ x: 250, y: 600 }]);
    await gesture(page, cdp, fingers(MIDDLE, 80, 0), fingers(MIDDLE, 82, 60));
    await waitForCameraToSettle(page);
    expectUnmoved(await getCamera(page), before, 'back viewpoint');
    await expect(panel).toBeVisible();

    // "position": the fingers zoom, rotate and tilt, and the camera stays on the train; a drag does not move it off.
    await page.evaluate(() => void window.map.setTrackingMode('position'));
    await waitForCameraToSettle(page);
    before = await getCamera(page);
    await gesture(page, cdp, fingers(MIDDLE, 120), fingers(MIDDLE, 40));
    await waitForCameraToSettle(page);
    let after = await getCamera(page);
    expect(before.zoom - after.zoom, 'pinched: zoomed out').toBeGreaterThan(1.2);
    before = after;
    await gesture(page, cdp, fingers(MIDDLE, 80, 0), fingers(MIDDLE, 82, 60));
    await waitForCameraToSettle(page);
    after = await getCamera(page);
    expect(turn(before.bearing, after.bearing), 'twisted: turned').toBeLessThan(-40);
    await gesture(page, cdp, [{ x: 100, y: 300 }], [{ x: 250, y: 600 }]);
    await waitForCameraToSettle(page);
    const train = await page.evaluate((id) => window.map.getTrainPosition(id), STANDING_TRAIN);
    after = await getCamera(page);
    expect(Math.abs(after.lng - train!.lng) + Math.abs(after.lat - train!.lat), 'still centred on the train').toBeLessThan(0.004);
    await expect(panel).toBeVisible();
    expect(await page.evaluate(() => window.map.getSelection())).toBe('JR-East.Uchibo.2125M');

    // A station: its panel opens, as for a click.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await waitForCameraToSettle(page);
    await page.evaluate(() => void window.map.jumpTo({ center: [139.7509, 35.6733], zoom: 16, pitch: 0, bearing: 0 }));
    await waitForCameraToSettle(page);
    await tap(cdp, await stationOnScreen(page, 'TokyoMetro.Hibiya.Kasumigaseki', 16));
    await expect(page.getByTestId('station-panel').getByTestId('station-name')).toContainText('Kasumigaseki');
  });
});

test.describe('3× screen', () => {
  test.use({ ...PHONE, deviceScaleFactor: 3 });

  test('the map canvases draw at 2 device pixels per CSS pixel', async ({ page }) => {
    await page.goto(`/?lang=en&theme=light&${NO_TRAINS}`);
    await waitForNetwork(page, { basemap: false });
    await waitForFrames(page);
    const canvases = await page.evaluate(() =>
      [...document.querySelectorAll('canvas')].filter((c) => c.clientWidth > 0).map((c) => ({ name: c.id || c.className, x: c.width / c.clientWidth, y: c.height / c.clientHeight })),
    );
    expect(await page.evaluate(() => window.devicePixelRatio)).toBe(3);
    // The base map, the network and the overlay of what moves and the names.
    expect(canvases.length, JSON.stringify(canvases)).toBeGreaterThanOrEqual(3);
    for (const canvas of canvases) {
      expect(canvas.x, `${canvas.name}: width`).toBeCloseTo(2, 1);
      expect(canvas.y, `${canvas.name}: height`).toBeCloseTo(2, 1);
    }
  });
});
