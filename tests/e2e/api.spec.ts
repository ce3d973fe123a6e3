/**
 * The embed API as a developer uses it: getters that read a jump at once, one rule for bad arguments,
 * the map's gesture and camera events from real input, the base map instance; markers, popups and
 * panels from the examples pages (pixels and DOM where they are drawn).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectCamera, getCamera, NO_TRAINS, openMap, resetMap, sharePage, waitForCameraToSettle, waitForNetwork } from './support/map-page.ts';
import { VIEWPORT } from '../support/chromium.ts';
import { attachPng } from './support/pixels.ts';
import { waitForFrames } from './support/waits.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

/** These tests read events, the camera and elements over the map, never the base map's pixels: they go on while it loads. */
const NO_BASEMAP = { basemap: false };

/** Records every event of `types` fired by window.map as "type" strings (with lng/lat checks kept aside). */
async function recordEvents(page: Page, types: readonly string[]) {
  await page.evaluate((list) => {
    const w = window as unknown as { heard: string[]; points: Record<string, { lngLat: { lng: number; lat: number }; point: { x: number; y: number } }> };
    w.heard = [];
    w.points = {};
    const on = window.map.on.bind(window.map) as (type: string, listener: (e: { type: string; lngLat?: { lng: number; lat: number }; point?: { x: number; y: number } }) => void) => void;
    for (const type of list) {
      on(type, (e) => {
        w.heard.push(e.type);
        if (e.lngLat && e.point) w.points[e.type] = { lngLat: e.lngLat, point: e.point };
      });
    }
  }, types);
}
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: string[] }).heard.splice(0));
const count = (list: string[], type: string) => list.filter((t) => t === type).length;

const MOUSE_EVENTS = ['click', 'dblclick', 'contextmenu', 'mousedown', 'mouseup', 'mousemove', 'mouseover', 'mouseout', 'wheel'] as const;
const MOTION_EVENTS = ['movestart', 'move', 'moveend', 'dragstart', 'drag', 'dragend', 'zoomstart', 'zoom', 'zoomend', 'rotatestart', 'rotate', 'rotateend', 'pitchstart', 'pitch', 'pitchend', 'resize'] as const;
const BOX_ZOOM_EVENTS = ['boxzoomstart', 'boxzoomend', 'boxzoomcancel'] as const;

/** These share one page at night (no trains), each from the default camera in the tests' window size. */
test.describe.serial('on one page', () => {
  const shared = sharePage((page) => openMap(page, `?lang=en&${NO_TRAINS}`, '', NO_BASEMAP), {
    reset: async (page) => {
      await page.setViewportSize(VIEWPORT);
      await resetMap(page);
    },
  });

  test('getters read a jump at once; a bad argument throws naming it, an unknown thing fires error', async () => {
    const { page } = shared;
    const result = await page.evaluate(() => {
      const map = window.map;
      map.setZoom(16.5);
      const zoom = map.getZoom();
      map.jumpTo({ center: [139.7, 35.69], bearing: 30, pitch: 40 });
      const after = { center: map.getCenter(), bearing: map.getBearing(), pitch: map.getPitch() };
      map.setCenter({ lng: 139.76, lat: 35.68 }).setBearing(-20).setPitch(10);
      const setters = { center: map.getCenter(), bearing: map.getBearing(), pitch: map.getPitch() };
      const thrown = (f: () => unknown) => {
        try {
          f();
          return 'no error';
        } catch (e) {
          return `${(e as Error).name}: ${(e as Error).message}`;
        }
      };
      const errors: string[] = [];
      map.on('error', (e) => errors.push(e.message));
      const throws = {
        zoom: thrown(() => map.setZoom(23)),
        pitch: thrown(() => map.setPitch(86)),
        viewMode: thrown(() => map.setViewMode('x' as never)),
        selection: thrown(() => map.setSelection('odpt.Train:')),
        visibility: thrown(() => map.setLayerVisibility('trains', 'hidden' as never)),
        unknownLayer: thrown(() => map.setLayerVisibility('nope', 'none')),
        bearing: thrown(() => map.setBearing('east' as never)),
        center: thrown(() => map.setCenter([0, 100])),
        clockMode: thrown(() => map.setClockMode('x' as never)),
        ecoMode: thrown(() => map.setEcoMode('x' as never)),
        trackingMode: thrown(() => map.setTrackingMode('x' as never)),
        jumpTo: thrown(() => map.jumpTo({ center: [139.8, 35.7], zoom: 30 })),
        easeTo: thrown(() => map.easeTo({ pitch: 90 })),
        flyTo: thrown(() => map.flyTo({ center: 'Tokyo' as never })),
        modelPosition: thrown(() => map.getModelPosition([200, 0])),
        layer: thrown(() => map.addLayer({ id: 'x', type: 'hexagon' } as never)),
        plugin: thrown(() => map.addPlugin({} as never)),
        unknownDataSource: thrown(() => map.removeDataSource('nope')),
      };
      // None of them moved the camera.
      const unchanged = { center: map.getCenter(), zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch() };
      return { zoom, after, setters, throws, errors, unchanged };
    });
    expect(result.zoom).toBe(16.5);
    expect(result.after.center.lng).toBeCloseTo(139.7, 6);
    expect(result.after.bearing).toBe(30);
    expect(result.after.pitch).toBe(40);
    expect(result.setters).toEqual({ center: { lng: 139.76, lat: 35.68 }, bearing: -20, pitch: 10 });
    expect(result.throws.zoom).toMatch(/MapOptionError: .*zoom.*23.*0.*22/);
    expect(result.throws.pitch).toMatch(/MapOptionError: .*pitch.*86/);
    expect(result.throws.viewMode).toMatch(/MapOptionError: .*viewMode.*"x".*ground.*underground/);
    expect(result.throws.selection).toMatch(/MapOptionError: Invalid selection "odpt.Train:"/);
    expect(result.throws.visibility).toMatch(/MapOptionError: .*visibility.*hidden/);
    expect(result.throws.unknownLayer).toBe('no error');
    expect(result.throws.bearing).toMatch(/MapOptionError: .*bearing.*"east".*number/);
    expect(result.throws.center).toMatch(/MapOptionError: .*center.*\[0,100\].*range/);
    expect(result.throws.clockMode).toMatch(/MapOptionError: .*clockMode.*"x".*realtime, playback/);
    expect(result.throws.ecoMode).toMatch(/MapOptionError: .*ecoMode.*"x".*normal, eco/);
    expect(result.throws.trackingMode).toMatch(/MapOptionError: .*trackingMode.*"x".*position/);
    expect(result.throws.jumpTo).toMatch(/MapOptionError: .*zoom.*30.*0.*22/);
    expect(result.throws.easeTo).toMatch(/MapOptionError: .*pitch.*90.*0.*85/);
    expect(result.throws.flyTo).toMatch(/MapOptionError: .*center.*"Tokyo"/);
    expect(result.throws.modelPosition).toMatch(/MapOptionError: .*lngLat.*\[200,0\]/);
    expect(result.throws.layer).toMatch(/MapOptionError: .*layer.type.*"hexagon".*geojson/);
    expect(result.throws.plugin).toMatch(/MapOptionError: .*plugin.id/);
    expect(result.throws.unknownDataSource).toBe('no error');
    expect(result.unchanged).toEqual({ center: { lng: 139.76, lat: 35.68 }, zoom: 16.5, bearing: -20, pitch: 10 });
    expect(result.errors).toEqual([expect.stringMatching(/No layer "nope" exists/), expect.stringMatching(/No data source "nope" exists/)]);
    // The base map instance (there once the base map has loaded) and the model space of three.js layers.
    await page.waitForFunction(() => window.map.getMapLibreMap() !== null, null, { timeout: 120_000 });
    const extras = await page.evaluate(() => {
      const base = window.map.getMapLibreMap();
      const origin = window.map.getModelPosition([139.7671, 35.6812]);
      const up = window.map.getModelPosition([139.7671, 35.6812], 100);
      return { hasStyle: typeof base?.getStyle === 'function', same: base === window.map.getMapboxMap(), origin, up: up.z / window.map.getModelScale() };
    });
    expect(extras.hasStyle).toBe(true);
    expect(extras.same).toBe(true);
    expect(Math.abs(extras.origin.x) + Math.abs(extras.origin.y)).toBeLessThan(1e-9);
    expect(extras.up).toBeCloseTo(100, 6);

    // flyTo and easeTo move over their duration (the getters follow) and end at the target; with reduced motion they jump.
    const start = await page.evaluate(() => {
      window.map.flyTo({ center: [139.7, 35.69], zoom: 13, bearing: 10, pitch: 45, duration: 1500 });
      return window.map.getZoom();
    });
    expect(start).toBe(16.5);
    await expect.poll(() => page.evaluate(() => window.map.getZoom())).toBeCloseTo(13, 6);
    await waitForCameraToSettle(page);
    expectCamera(await getCamera(page), { lng: 139.7, lat: 35.69, zoom: 13, bearing: 10, pitch: 45 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const jumps = await page.evaluate(() => {
      window.map.flyTo({ center: [139.76, 35.68], zoom: 15, duration: 1500 });
      const fly = { zoom: window.map.getZoom(), lng: window.map.getCenter().lng };
      window.map.easeTo({ zoom: 14, pitch: 20, duration: 1500 });
      return { fly, ease: { zoom: window.map.getZoom(), pitch: window.map.getPitch() } };
    });
    expect(jumps).toEqual({ fly: { zoom: 15, lng: 139.76 }, ease: { zoom: 14, pitch: 20 } });

    // The base map's own flyTo (Mini Tokyo 3D plugins call map.getMapboxMap().flyTo) moves the map's camera, and the
    // base map stays there with it instead of snapping back.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.evaluate(() => window.map.getMapboxMap()!.flyTo({ center: [139.74, 35.66], zoom: 12, bearing: 30, duration: 300 }));
    await expect.poll(() => page.evaluate(() => window.map.getZoom())).toBeCloseTo(12, 6);
    await waitForCameraToSettle(page);
    expectCamera(await getCamera(page), { lng: 139.74, lat: 35.66, zoom: 12, bearing: 30, pitch: 20 });
    const base = await page.evaluate(() => {
      const maplibre = window.map.getMapLibreMap()!;
      return { lng: maplibre.getCenter().lng, lat: maplibre.getCenter().lat, zoom: maplibre.getZoom(), bearing: maplibre.getBearing() };
    });
    expect(base.lng).toBeCloseTo(139.74, 4);
    expect(base.lat).toBeCloseTo(35.66, 4);
    expect(base.zoom).toBeCloseTo(12, 4);
    expect(base.bearing).toBeCloseTo(30, 4);
  });

  test('mouse gestures fire the map events with lngLat and point; camera motion fires start, during and end once per gesture', async ({}, testInfo) => {
    const { page } = shared;
    // Off the map (over the clock), so that coming onto it is a mouseover.
    const clock = (await page.getByTestId('clock').boundingBox())!;
    await page.mouse.move(clock.x + 4, clock.y + 4);
    await waitForCameraToSettle(page);
    await recordEvents(page, [...MOUSE_EVENTS, ...MOTION_EVENTS, ...BOX_ZOOM_EVENTS]);

    // Into the map, a click where nothing moves: mouseover, mousemove, mousedown, mouseup, click with its place.
    await page.mouse.move(500, 300, { steps: 2 });
    await page.mouse.click(500, 300);
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('click'))).toBe(true);
    let list = await heard(page);
    expect(count(list, 'mouseover')).toBe(1);
    expect(count(list, 'mousedown')).toBe(1);
    expect(count(list, 'mouseup')).toBe(1);
    expect(count(list, 'click')).toBe(1);
    expect(count(list, 'mousemove')).toBeGreaterThan(0);
    expect(list.filter((t) => MOTION_EVENTS.includes(t as never))).toEqual([]);
    const click = await page.evaluate(() => {
      const { lngLat, point } = (window as unknown as { points: Record<string, { lngLat: { lng: number; lat: number }; point: { x: number; y: number } }> }).points.click;
      const back = window.map.project(lngLat);
      return { point, back };
    });
    expect(click.point).toEqual({ x: 500, y: 300 });
    expect(Math.abs(click.back.x - 500) + Math.abs(click.back.y - 300)).toBeLessThan(1);

    // A drag: one dragstart and movestart, drags and moves, one dragend and moveend; no click.
    await page.mouse.move(600, 400);
    await page.mouse.down();
    await page.mouse.move(650, 420, { steps: 4 });
    await page.mouse.move(700, 440, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('moveend')), { timeout: 20_000 }).toBe(true);
    list = await heard(page);
    for (const type of ['dragstart', 'dragend', 'movestart', 'moveend', 'mousedown', 'mouseup']) expect(count(list, type), type).toBe(1);
    expect(count(list, 'drag')).toBeGreaterThan(0);
    expect(count(list, 'move')).toBeGreaterThanOrEqual(count(list, 'drag'));
    expect(count(list, 'click')).toBe(0);
    expect(list.indexOf('dragend')).toBeLessThan(list.indexOf('moveend'));

    // The wheel zooms: wheel, zoomstart … zoomend.
    await page.mouse.move(640, 360);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('zoomend')), { timeout: 20_000 }).toBe(true);
    list = await heard(page);
    expect(count(list, 'wheel')).toBeGreaterThan(0);
    expect(count(list, 'zoomstart')).toBe(1);
    expect(count(list, 'zoomend')).toBe(1);

    // Right button: contextmenu. Double click: dblclick. deck.gl's controller also zooms in on a double click when its
    // two clicks come close enough in time (Playwright sends them one by one, which a loaded machine can spread out):
    // the camera is let settle, so that such a zoom's events arrive here, whole, and not in the next step.
    await page.mouse.click(400, 500, { button: 'right' });
    await page.mouse.dblclick(300, 500);
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('dblclick'))).toBe(true);
    await waitForCameraToSettle(page);
    list = await heard(page);
    expect(count(list, 'contextmenu')).toBe(1);
    expect(count(list, 'dblclick')).toBe(1);
    expect(count(list, 'movestart')).toBeLessThanOrEqual(1);
    for (const type of ['zoomstart', 'zoomend', 'moveend']) expect(count(list, type), type).toBe(count(list, 'movestart'));

    // Onto a control: mouseout (the controls are not the map); the control's click is no map click.
    await page.getByRole('button', { name: 'Zoom in' }).hover();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('zoomend')), { timeout: 20_000 }).toBe(true);
    list = await heard(page);
    expect(count(list, 'mouseout')).toBe(1);
    expect(count(list, 'click')).toBe(0);

    // An animated rotation and tilt: rotatestart and pitchstart once, rotate and pitch per frame, the ends once.
    await page.evaluate(() => void window.map.easeTo({ bearing: 40, pitch: 30, duration: 800 }));
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('moveend')), { timeout: 30_000 }).toBe(true);
    list = await heard(page);
    for (const type of ['movestart', 'rotatestart', 'pitchstart', 'rotateend', 'pitchend', 'moveend']) expect(count(list, type), type).toBe(1);
    expect(count(list, 'rotate')).toBeGreaterThan(0);

    // Shift + drag draws MapLibre's box and zooms to it on release: boxzoomstart and boxzoomend once, no rotation, no
    // click; the place under the box's centre comes to the map's centre, zoomed in by as much as the box must grow.
    await waitForCameraToSettle(page);
    await page.mouse.move(480, 300);
    await expect.poll(() => page.evaluate(() => (window as unknown as { points: Record<string, { point: { x: number } }> }).points.mousemove?.point.x)).toBe(480);
    const boxCentre = await page.evaluate(() => (window as unknown as { points: Record<string, { lngLat: { lng: number; lat: number } }> }).points.mousemove.lngLat);
    const before = await getCamera(page);
    await heard(page);
    const box = page.locator('.maplibregl-boxzoom');
    // The box zoom's code is not part of the first view: it loads with the first Shift key.
    const boxZoomLoaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/box-zoom-[\w-]+\.js$/.test(e.name)));
    expect(await boxZoomLoaded(), 'box zoom loaded before the first Shift').toBe(false);
    await page.keyboard.down('Shift');
    await page.mouse.move(400, 250);
    await page.mouse.down();
    await page.mouse.move(480, 300, { steps: 4 });
    await page.mouse.move(560, 350, { steps: 4 });
    await expect(box).toBeVisible();
    expect(await boxZoomLoaded()).toBe(true);
    expect(await box.boundingBox()).toEqual({ x: 400, y: 250, width: 164, height: 104 }); // 160 × 100 inside MapLibre's 2 px border
    await attachPng(testInfo, 'box-zoom-drag', await page.screenshot());
    list = await heard(page);
    expect(count(list, 'boxzoomstart')).toBe(1);
    expect(list.filter((t) => MOTION_EVENTS.includes(t as never))).toEqual([]);
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await expect(box).toHaveCount(0);
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('moveend')), { timeout: 30_000 }).toBe(true);
    await waitForCameraToSettle(page);
    list = await heard(page);
    for (const type of ['boxzoomend', 'zoomstart', 'zoomend', 'movestart', 'moveend']) expect(count(list, type), type).toBe(1);
    for (const type of ['boxzoomstart', 'boxzoomcancel', 'rotatestart', 'pitchstart', 'dragstart', 'click']) expect(count(list, type), type).toBe(0);
    expect(list.indexOf('boxzoomend')).toBeLessThan(list.indexOf('zoomstart'));
    const after = await getCamera(page);
    expect(after.zoom - before.zoom).toBeCloseTo(Math.log2(Math.min(1280 / 160, 720 / 100)), 6);
    expect(after.bearing).toBeCloseTo(before.bearing, 9);
    expect(after.pitch).toBeCloseTo(before.pitch, 9);
    const centred = await page.evaluate((p) => window.map.project(p), boxCentre);
    expect(Math.abs(centred.x - 640) + Math.abs(centred.y - 360)).toBeLessThan(1);

    // Shift + drag, then Escape before the release: the box goes, boxzoomcancel once, and the camera stays.
    await page.keyboard.down('Shift');
    await page.mouse.move(300, 200);
    await page.mouse.down();
    await page.mouse.move(420, 300, { steps: 4 });
    await expect(box).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await page.mouse.move(450, 320, { steps: 2 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    // Nothing follows: no box zoom ends and the camera does not move in the next frames (a transition starts in one).
    await waitForFrames(page, 3);
    list = await heard(page);
    expect(count(list, 'boxzoomstart')).toBe(1);
    expect(count(list, 'boxzoomcancel')).toBe(1);
    expect(count(list, 'boxzoomend')).toBe(0);
    expect(list.filter((t) => MOTION_EVENTS.includes(t as never))).toEqual([]);
    expect(await getCamera(page)).toEqual(after);

    // A shift-click draws no box: boxzoomcancel alone (as MapLibre's).
    await page.keyboard.down('Shift');
    await page.mouse.click(500, 400);
    await page.keyboard.up('Shift');
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('boxzoomcancel'))).toBe(true);
    list = await heard(page);
    expect(list.filter((t) => BOX_ZOOM_EVENTS.includes(t as never))).toEqual(['boxzoomcancel']);

    // Ctrl + drag still rotates and tilts (as MapLibre's); no box.
    await page.keyboard.down('Control');
    await page.mouse.move(500, 400);
    await page.mouse.down();
    await page.mouse.move(560, 380, { steps: 4 });
    await page.mouse.move(620, 360, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Control');
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('moveend')), { timeout: 30_000 }).toBe(true);
    list = await heard(page);
    expect(count(list, 'rotatestart')).toBe(1);
    expect(list.filter((t) => BOX_ZOOM_EVENTS.includes(t as never))).toEqual([]);
    expect((await getCamera(page)).bearing).not.toBe(after.bearing);

    // With reduced motion, the camera is at the box's target as soon as the button is released.
    await waitForCameraToSettle(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const zoomBefore = await page.evaluate(() => window.map.getZoom());
    await page.keyboard.down('Shift');
    await page.mouse.move(320, 180);
    await page.mouse.down();
    await page.mouse.move(960, 540, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    expect(await page.evaluate(() => window.map.getZoom())).toBeCloseTo(Math.min(22, zoomBefore + 1), 6); // 640 × 360: half the map
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('moveend'))).toBe(true);
    list = await heard(page);
    for (const type of ['boxzoomstart', 'boxzoomend', 'zoomstart', 'zoomend']) expect(count(list, type), type).toBe(1);
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    // A smaller window: resize.
    await page.setViewportSize({ width: 1000, height: 640 });
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('resize'))).toBe(true);
    expect(count(await heard(page), 'resize')).toBe(1);
  });
});

test.describe('touch', () => {
  test.use({ hasTouch: true });
  test('touchstart, touchmove, touchend and touchcancel on the map, with their place', async ({ page }) => {
    await openMap(page, `?lang=en&${NO_TRAINS}`, '', NO_BASEMAP);
    await recordEvents(page, ['touchstart', 'touchmove', 'touchend', 'touchcancel']);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd' | 'touchCancel', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' || type === 'touchCancel' ? [] : [{ x, y }] });
    await touch('touchStart', 400, 300);
    await touch('touchMove', 440, 340);
    await touch('touchMove', 460, 360);
    await touch('touchEnd', 460, 360);
    await touch('touchStart', 500, 300);
    await touch('touchCancel', 500, 300);
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.length)).toBeGreaterThanOrEqual(4);
    // The touches reach the page in order: the cancel, sent last, comes last.
    await expect.poll(async () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.includes('touchcancel'))).toBe(true);
    const list = await heard(page);
    expect(count(list, 'touchstart')).toBe(2);
    expect(count(list, 'touchmove')).toBeGreaterThanOrEqual(1);
    expect(count(list, 'touchend')).toBe(1);
    expect(count(list, 'touchcancel')).toBe(1);
    const start = await page.evaluate(() => (window as unknown as { points: Record<string, { point: { x: number; y: number } }> }).points.touchstart.point);
    expect(start).toEqual({ x: 500, y: 300 });
  });
});

test('markers sit at their places and follow the camera, hide below minZoom, and fire click, mouseenter and mouseleave; a popup opens at the clicked place', async ({ page }, testInfo) => {
  await page.goto('/examples/markers.html');
  await waitForNetwork(page, NO_BASEMAP);
  await waitForCameraToSettle(page);
  const markers = page.locator('.landmark');
  await expect(markers).toHaveCount(3);
  const placeOf = (i: number) =>
    page.evaluate((k) => {
      const w = window as unknown as { markers: { getElement(): HTMLElement }[] };
      const r = w.markers[k].getElement().getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, shown: getComputedStyle(w.markers[k].getElement()).display !== 'none' };
    }, i);
  const expected = (lngLat: [number, number]) => page.evaluate((p) => window.map.project(p), lngLat);
  let place = await placeOf(0);
  let want = await expected([139.7649, 35.6812]);
  expect(place.shown).toBe(true);
  expect(Math.abs(place.x - want.x) + Math.abs(place.y - want.y)).toBeLessThan(2);
  // Ginza (minZoom 15) is hidden at zoom 14.
  expect((await placeOf(2)).shown).toBe(false);

  // The camera moves: the marker follows.
  await page.evaluate(() => void window.map.jumpTo({ center: [139.764, 35.677], zoom: 15.2 }));
  await expect.poll(async () => (await placeOf(2)).shown).toBe(true);
  place = await placeOf(0);
  want = await expected([139.7649, 35.6812]);
  expect(Math.abs(place.x - want.x) + Math.abs(place.y - want.y)).toBeLessThan(2);

  await page.evaluate(() => {
    const w = window as unknown as { markers: { on(t: string, f: () => void): void }[]; markerEvents: string[] };
    w.markerEvents = [];
    for (const type of ['click', 'mouseenter', 'mouseleave']) w.markers[0].on(type, () => w.markerEvents.push(type));
  });
  const first = markers.first();
  await first.hover();
  await first.click();
  await page.mouse.move(5, 700);
  expect(await page.evaluate(() => (window as unknown as { markerEvents: string[] }).markerEvents)).toEqual(['mouseenter', 'click', 'mouseleave']);
  await expect(first).toHaveClass(/active/);
  const popup = page.locator('.tt-api-popup');
  await expect(popup).toContainText('Tokyo Station Marunouchi Building');
  const box = (await popup.boundingBox())!;
  const anchor = await expected([139.7649, 35.6812]);
  expect(Math.abs(box.x + box.width / 2 - anchor.x)).toBeLessThan(2);
  expect(Math.abs(box.y + box.height + 8 - anchor.y)).toBeLessThan(3); // the tip's point at the place
  await attachPng(testInfo, 'markers-popup.png', await page.screenshot());
  // setVisibility hides it; the close button removes the popup.
  await page.evaluate(() => void (window as unknown as { markers: { setVisibility(v: boolean): void }[] }).markers[1].setVisibility(false));
  await expect(markers.nth(1)).toBeHidden();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);
});

test('a panel with title buttons folds by its title; a modal panel opens over a dimmed map and closes with Escape', async ({ page }, testInfo) => {
  await page.goto('/examples/panel.html');
  await waitForNetwork(page, NO_BASEMAP);
  const panel = page.locator('.tt-api-panel').first();
  await expect(panel.getByRole('heading', { name: 'Morning peak' })).toBeVisible();
  await panel.getByRole('button', { name: 'Underground' }).click();
  await expect(panel.locator('#mode')).toHaveText('View: underground');
  await expect(panel.locator('.tt-api-panel-content')).toBeVisible(); // a title-bar button does not fold it
  await panel.getByRole('button', { name: 'About' }).click();
  const modal = page.getByRole('dialog', { name: 'About this map' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Every train of the Tokyo area');
  await expect(page.locator('.tt-api-backdrop')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Close' })).toBeFocused();
  await attachPng(testInfo, 'panel-modal.png', await page.screenshot());
  expect(await page.evaluate(() => (window as unknown as { panels: { about: { isOpen(): boolean } } }).panels.about.isOpen())).toBe(true);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(page.locator('.tt-api-backdrop')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { panels: { about: { isOpen(): boolean } } }).panels.about.isOpen())).toBe(false);
  // The title folds the panel and unfolds it.
  await panel.getByRole('button', { name: 'Morning peak' }).click();
  await expect(panel.locator('.tt-api-panel-content')).toBeHidden();
  await panel.getByRole('button', { name: 'Morning peak' }).click();
  await expect(panel.locator('.tt-api-panel-content')).toBeVisible();
});
