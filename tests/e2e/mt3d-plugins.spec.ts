/**
 * Plugins written for Mini Tokyo 3D, through the library's compat entry (`'mini-tokyo-3d'` resolved by an import
 * map to `/lib/mini-tokyo-3d.js`): its five published plugins themselves (fireworks, live camera, precipitation,
 * PLATEAU, Olympics), built from their own source (tests/fixtures/mt3d-published), and the probe plugins of
 * tests/fixtures/mt3d, which make the same calls and those of the base map layers of its other plugins, with more to
 * check. Their internet requests are answered here with local data.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { resetMap, sharePage, waitForCameraToSettle, waitForNetwork } from './support/map-page.ts';
import { waitForStillView } from './support/waits.ts';
import { encodePng } from './support/png.ts';
import { attachPng, countChanged, countColor, hex, rectAround, screenshotImage, type Rect, type Rgb, type RgbaImage } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';
import { buildPublishedPlugin } from './support/published-plugin.ts';
import { boxGlb } from './support/glb.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const FIXTURES = join(import.meta.dirname, '../fixtures/mt3d');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
/** 19:30 in Tokyo, the page's clock: a fireworks event runs 19:00–21:00. */
const NOW = Date.parse('2026-11-24T19:30:00+09:00');
const TOKYO_STATION: [number, number] = [139.7671, 35.6812];
const CAMERA_AT: [number, number] = [139.7671, 35.6850];
const RASTER = hex('#ff5a00');

function solidPng(rgb: Rgb): Buffer {
  const data = new Uint8Array(256 * 256 * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return encodePng({ width: 256, height: 256, data });
}

/**
 * Serves the probes (or, under `published/`, the folder a published plugin was built into) and answers the plugins'
 * requests to the internet.
 */
async function openProbes(page: Page, file = 'page.html', published?: string) {
  await page.route('**/mt3d-fixtures/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const name = path.split('/').pop()!;
    const file = join(published && path.includes('/mt3d-fixtures/published/') ? published : FIXTURES, name);
    // A plugin without a style sheet has no .css: a 404, as from a server.
    if (!existsSync(file)) return route.fulfill({ status: 404 });
    await route.fulfill({ body: await readFile(file), contentType: TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream' });
  });
  await page.route('https://mini-tokyo.appspot.com/fireworks', (route) =>
    route.fulfill({ json: [{ id: 'sumida', name: { en: 'Test fireworks', ja: 'テスト花火' }, center: TOKYO_STATION, start: NOW - 1_800_000, end: NOW + 5_400_000 }] }),
  );
  await page.route('https://mini-tokyo.appspot.com/livecam', (route) =>
    route.fulfill({
      json: [{ id: 'cam-1', name: { en: 'Marunouchi camera', ja: '丸の内カメラ' }, center: CAMERA_AT, zoom: 16, bearing: 0, pitch: 30, thumbnail: 'https://mini-tokyo.appspot.com/thumb.png', html: '<p class="probe-video">Live picture</p>' }],
    }),
  );
  await page.route('https://mini-tokyo.appspot.com/thumb.png', (route) => route.fulfill({ body: solidPng([0, 0, 255]), contentType: 'image/png' }));
  await page.route('https://tiles.example.invalid/**', (route) => route.fulfill({ body: solidPng(RASTER), contentType: 'image/png' }));
  await page.goto(`/mt3d-fixtures/${file}`);
  await waitForNetwork(page);
}

const probeLog = (page: Page) => page.evaluate(() => (window as unknown as { probeLog: string[] }).probeLog);
const mapErrors = (page: Page) => page.evaluate(() => (window as unknown as { mapErrors: string[] }).mapErrors);

/** Pixels of a colour in a square around a place. */
async function colourAround(page: Page, lngLat: [number, number], rgb: Rgb, size: number, name?: string) {
  await waitForStillView(page);
  const point = await page.evaluate((p) => window.map.project(p), lngLat);
  const image = await screenshotImage(page, name ? { testInfo: test.info(), name } : undefined);
  return countColor(image, rectAround(point, size, size, image), rgb, 60);
}

/**
 * The probe plugins on one page that these share (opening the map takes seconds under software WebGL): the first
 * reads how they started; each starts from the page's own camera, nothing selected and no panel open. The one that
 * hides and removes layers comes last.
 */
test.describe.serial('probe plugins on one page', () => {
  const shared = sharePage((page) => openProbes(page), {
    reset: async (page) => {
      await page.keyboard.press('Escape');
      await resetMap(page, { lng: 139.7671, lat: 35.6812, zoom: 14, bearing: 0, pitch: 0 });
    },
  });

  test('probe plugins start on a loaded base map, in Mini Tokyo 3D order, with its clock, language and light', async () => {
    const { page } = shared;
    await expect.poll(() => probeLog(page)).toEqual(expect.arrayContaining(['fireworks: events 1', 'livecam: cameras 1 visible=true', 'fireworks: launched']));
    const log = await probeLog(page);
    expect(log).toEqual(expect.arrayContaining([
      expect.stringMatching(/^fireworks: onAdd lang=en basemap=true day=03:00 now=19:3\d$/),
      'livecam: onAdd basemap=true container=true',
      'livecam: onEnabled basemap=true',
      'layers: onAdd container=true light=true',
      'layers: custom onAdd true',
      'fireworks: layer onAdd scene=true camera=true',
      // The compat entry has three.js loaded: the three layer's onAdd runs inside addLayer, as in Mini Tokyo 3D.
      'fireworks: addLayer returned onAdd=true',
    ]));
    const fireworks = log.filter((l) => l.startsWith('fireworks: on'));
    expect(fireworks.slice(0, 3)).toEqual([expect.stringMatching(/^fireworks: onAdd /), 'fireworks: onEnabled', 'fireworks: onVisibilityChanged true']);
    // The plugins' switches, with their iconStyle objects applied.
    await page.getByTestId('layers-button').click();
    const icon = page.getByTestId('plugin-fireworks-probe').locator('.tt-plugin-icon');
    // `32px auto` as the probe sets it; Chromium 150 and later leave out the `auto` when they read it back.
    await expect(icon).toHaveCSS('background-size', /^32px( auto)?$/);
    await expect(page.getByTestId('plugin-livecam-probe').locator('.tt-plugin-icon')).toHaveCSS('background-color', 'rgb(0, 120, 255)');
    // The 32 px image is drawn whole (in Mini Tokyo 3D's 48 px icon box, scaled down), not cropped to its middle.
    const iconBox = (await icon.boundingBox())!;
    const panelImage = await screenshotImage(page, { testInfo: test.info(), name: 'mt3d-plugin-icons.png' });
    const ring = countColor(panelImage, rectAround({ x: iconBox.x + iconBox.width / 2, y: iconBox.y + iconBox.height / 2 }, 30, 30, panelImage), hex('#ff00ff'), 60);
    expect(ring, "the ring at the edge of the fireworks probe's icon").toBeGreaterThan(40);
    await page.keyboard.press('Escape');
    // The control added through getMapboxMap() is shown, and so is the event's marker.
    await expect(page.locator('.probe-fireworks-ctrl')).toBeVisible();
    // The control sits below the clock, placed as MapLibre's own, over the network, and takes clicks.
    const control = (await page.locator('.probe-fireworks-ctrl').boundingBox())!;
    const clock = (await page.getByTestId('clock').boundingBox())!;
    expect(control.x).toBe(10);
    expect(control.y).toBeGreaterThanOrEqual(clock.y + clock.height);
    await page.locator('.probe-fireworks-event').click();
    await expect.poll(() => probeLog(page)).toContain('fireworks: control clicked');
    await expect.poll(() => page.evaluate(() => window.map.getZoom())).toBeCloseTo(15, 1);
    await expect(page.locator('.probe-fireworks-marker')).toHaveText('Test fireworks');
    await expect(page.locator('.probe-fireworks-marker')).toBeVisible();
    expect(await page.evaluate(() => ({ lang: window.map.lang, time: window.map.clock.getTimeString(), speed: window.map.clock.speed }))).toEqual({ lang: 'en', time: expect.stringMatching(/^19:3\d$/), speed: 1 });
    expect(await mapErrors(page)).toEqual([]);
  });

  test('a live-camera probe: marker, popup on hover, a selection of its own with a Panel subclass, ended by trackObject()', async () => {
    const { page } = shared;
    await expect.poll(() => probeLog(page)).toContain('livecam: cameras 1 visible=true');
    await page.evaluate(() => {
      const w = window as unknown as { events: unknown[] };
      w.events = [];
      window.map.on('selection', ({ type, target: _target, ...data }) => w.events.push({ type, ...data }));
      window.map.on('deselection', ({ type, target: _target, ...data }) => w.events.push({ type, ...data }));
    });
    const marker = page.locator('.probe-livecam-marker');
    await expect(marker).toBeVisible();
    await marker.hover();
    await expect(page.locator('.probe-thumbnail')).toHaveText('Marunouchi camera');
    // Mini Tokyo 3D's thumbnail markup: a 128 × 72 picture (the blue image) over a loading indicator.
    const thumbnail = (await page.locator('.thumbnail-image').boundingBox())!;
    expect(thumbnail).toMatchObject({ width: 128, height: 72 });
    const hovered = await screenshotImage(page);
    expect(countColor(hovered, { x: Math.round(thumbnail.x), y: Math.round(thumbnail.y), width: 128, height: 72 }, [0, 0, 255], 40), 'the thumbnail image').toBeGreaterThan(128 * 72 * 0.8);
    await marker.click();
    const panel = page.locator('.probe-livecam-panel');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Marunouchi camera');
    await expect(panel.locator('.probe-video')).toHaveText('Live picture');
    await page.evaluate(() => void window.map.trackObject());
    await expect(panel).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { events: unknown[] }).events)).toEqual([
      { type: 'selection', id: 'cam-1', selectionType: 'livecam' },
      { type: 'deselection', id: 'cam-1', selectionType: 'livecam' },
    ]);
    expect(await probeLog(page)).toEqual(expect.arrayContaining(['livecam: selection cam-1', 'livecam: deselection cam-1']));
    // A station selected through the map ends nothing of the plugin's and carries its group's station ids.
    await page.evaluate(() => void window.map.setSelection('odpt.Station:JR-East.Yamanote.Tokyo'));
    await expect.poll(() => page.evaluate(() => (window as unknown as { events: { selection?: string[] }[] }).events[2]?.selection?.slice(0, 1))).toEqual(['JR-East.Yamanote.Tokyo']);
    expect(await page.evaluate(() => (window as unknown as { events: { selection: string[] }[] }).events[2].selection.length), 'the transfer group of Tokyo').toBeGreaterThan(3);
    // A click on the map ends the plugin's selection, as on Mini Tokyo 3D's map. The station is deselected first (its
    // panel closed) and the camera moved once it has finished flying to the station.
    await page.evaluate(() => window.map.trackObject());
    await waitForCameraToSettle(page);
    await page.evaluate((center) => void window.map.jumpTo({ center, zoom: 15, pitch: 0, bearing: 0 }), CAMERA_AT);
    await waitForStillView(page);
    await marker.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(640, 160);
    await expect(panel).toBeHidden();
    const ours = await page.evaluate(() => (window as unknown as { events: { selectionType?: string }[] }).events.filter((e) => e.selectionType === 'livecam'));
    expect(ours.slice(-2)).toEqual([
      { type: 'selection', id: 'cam-1', selectionType: 'livecam' },
      { type: 'deselection', id: 'cam-1', selectionType: 'livecam' },
    ]);
    expect(await mapErrors(page)).toEqual([]);
  });

  test("a three layer's point sprites have Mini Tokyo 3D's size; custom, fill and raster layers go into the base map and stay after a style rebuild", async ({}, testInfo) => {
    const { page } = shared;
    test.setTimeout(300_000);
    await expect.poll(() => probeLog(page)).toContain('fireworks: launched');
    const burst: [number, number] = [TOKYO_STATION[0], TOKYO_STATION[1] + 0.004];
    const MAGENTA = hex('#ff00ff');
    // gl_PointSize = 400 · 100 / eye distance: about 37 px across at 1.5 screen heights (720 px), 8 sprites over ~10 px.
    const sprites = await colourAround(page, burst, MAGENTA, 200, 'mt3d-fireworks.png');
    expect(sprites, 'the sprites are drawn').toBeGreaterThan(400);
    expect(sprites, 'at the size Mini Tokyo 3D draws them, not clamped to the largest point size').toBeLessThan(6000);

    const YELLOW = hex('#ffe600');
    const CUSTOM_AT: [number, number] = [139.7745, 35.6812];
    const FILL_AT: [number, number] = [139.7597, 35.6812];
    const CYAN = hex('#00e5ff');
    expect(await colourAround(page, CUSTOM_AT, YELLOW, 60), 'the custom layer (render(gl, matrix))').toBeGreaterThan(600);
    expect(await colourAround(page, FILL_AT, CYAN, 60), 'the fill layer').toBeGreaterThan(600);
    await page.evaluate(() => void window.map.setLayerVisibility('probe-custom', 'none'));
    expect(await colourAround(page, CUSTOM_AT, YELLOW, 60), 'the custom layer hidden').toBeLessThan(20);

    // Hiding the buildings rebuilds the base map's style: the fill layer is put back.
    const styleLoads = await page.evaluateHandle(() => {
      const counter = { count: 0 };
      window.map.getMapLibreMap()!.on('styledata', () => counter.count++);
      return counter;
    });
    await page.evaluate(() => void window.map.setLayerVisibility('building-3d', 'none'));
    await page.waitForFunction((c) => c.count > 0, styleLoads);
    expect(await colourAround(page, FILL_AT, CYAN, 60, 'mt3d-fill-after-rebuild.png'), 'the fill layer after the rebuild').toBeGreaterThan(600);

    // The raster layer (inline source, before 'poi', which this style has not: under the labels) shows when asked.
    await page.evaluate(() => void window.map.setLayerVisibility('probe-raster', 'visible'));
    await waitForStillView(page);
    const shown = await screenshotImage(page);
    await attachPng(testInfo, 'mt3d-raster.png', shown);
    const whole = { x: 0, y: 0, width: shown.width, height: shown.height };
    const covered = countColor(shown, whole, RASTER, 40);
    expect(covered, 'the raster tiles cover the map').toBeGreaterThan(shown.width * shown.height * 0.3);
    await page.evaluate(() => void window.map.removeLayer('probe-raster'));
    await waitForStillView(page);
    const removed = await screenshotImage(page);
    // What is left of the colour is the base map's and the railways' own orange.
    expect(countColor(removed, whole, RASTER, 40), 'removed').toBeLessThan(covered / 50);
    expect(await page.evaluate(() => window.map.getMapLibreMap()!.getSource('probe-raster'))).toBeUndefined();
    expect(await mapErrors(page)).toEqual([]);
  });
});

test("Mini Tokyo 3D's published fireworks plugin, built from its own source, lists the festival, flies to it and launches fireworks", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  // mt3d-plugin-fireworks 1.4.0 as its author wrote it (tests/fixtures/mt3d-published), bundled as its rollup config does.
  const built = testInfo.outputPath('published');
  await buildPublishedPlugin('fireworks', built);
  await openProbes(page, 'page.html?plugin=fireworks', built);

  // Its control, added through getMapboxMap(): today's festival with its start in the clock's time.
  const control = page.locator('.fireworks-ctrl');
  await expect(control).toBeVisible();
  await expect(control.locator('.fireworks-title')).toHaveText("Today'sfestivals");
  await expect(control.locator('.fireworks-event')).toHaveText('Test fireworks19:00 - ');
  // Its marker on the festival, shown while the festival is on and the plugin visible.
  await expect(page.locator('.fireworks-marker')).toHaveText('Test fireworks');
  await expect(page.locator('.fireworks-marker')).toBeVisible();

  // Its button flies the map to the festival.
  await control.locator('.fireworks-event').click();
  await expect.poll(() => page.evaluate(() => ({ zoom: Math.round(window.map.getZoom() * 10) / 10, pitch: Math.round(window.map.getPitch()) })), { timeout: 60_000 }).toEqual({ zoom: 15, pitch: 60 });
  await waitForCameraToSettle(page);

  // Its three layer draws the bursts: with the trains hidden, the map with the layer hidden is the picture they are
  // compared with; shown, bright points appear over it (sampled until they do: a burst lives a few seconds).
  await page.evaluate(() => {
    window.map.setLayerVisibility('trains', 'none');
    window.map.setLayerVisibility('fireworks', 'none');
  });
  await waitForStillView(page);
  const area = { x: 160, y: 80, width: 960, height: 560 };
  const still = await screenshotImage(page);
  await page.evaluate(() => void window.map.setLayerVisibility('fireworks', 'visible'));
  const changed = async () => {
    const image = await screenshotImage(page);
    const count = countChanged(still, image, area, 120);
    if (count > 200) await attachPng(testInfo, 'mt3d-published-fireworks.png', image);
    return count;
  };
  await expect.poll(changed, { timeout: 60_000, intervals: [500] }).toBeGreaterThan(200);
  expect(await mapErrors(page)).toEqual([]);
});

test("Mini Tokyo 3D's published live camera plugin, built from its own source, marks its camera, previews it and opens its panel", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  // mt3d-plugin-livecam 1.4.0 as its author wrote it; it runs in real-time mode only (its clockModes), so the clock
  // runs from now.
  const built = testInfo.outputPath('published');
  await buildPublishedPlugin('livecam', built);
  await openProbes(page, 'page.html?plugin=livecam&clock=realtime', built);

  // Its marker at the camera, shown from zoom 11 (its minZoom).
  const marker = page.locator('.livecam-marker');
  await expect(marker).toBeVisible();
  const at = await page.evaluate((p) => window.map.project(p), CAMERA_AT);
  const box = (await marker.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - at.x), 'marker centred on the camera').toBeLessThan(box.width);
  // Pointing at it: a popup with the camera's name and thumbnail.
  await marker.hover();
  const popup = page.locator('.thumbnail-image-container').locator('..');
  await expect(popup).toContainText('Marunouchi camera');
  await expect(page.locator('.thumbnail-image')).toHaveCSS('background-image', 'url("https://mini-tokyo.appspot.com/thumb.png")');
  // A click tracks it (trackObject with its own selection type): its panel opens with the camera's HTML, and the base
  // map flies to the camera's view.
  await marker.click();
  const panel = page.locator('.livecam-panel');
  await expect(panel).toContainText('Marunouchi camera');
  await expect(panel.locator('.probe-video')).toHaveText('Live picture');
  await expect.poll(() => page.evaluate(() => ({ zoom: Math.round(window.map.getZoom() * 10) / 10, pitch: Math.round(window.map.getPitch()) })), { timeout: 60_000 }).toEqual({ zoom: 16, pitch: 30 });
  await attachPng(testInfo, 'mt3d-published-livecam.png', await page.screenshot());
  expect(await mapErrors(page)).toEqual([]);
});

test("Mini Tokyo 3D's published precipitation plugin, built from its own source, reads the radar tiles and draws the rain", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  // mt3d-plugin-precipitation 1.3.0 with its layer, mapbox-gl-rain-layer 0.7.0, as their author wrote them. The layer
  // replaces its raster source's loadTile with one that calls MapLibre's with a Mapbox GL callback and reads each
  // radar tile's texture there (see src/api/mapbox-tile-sources.ts). It runs in real-time mode only (its clockModes).
  const built = testInfo.outputPath('published');
  await buildPublishedPlugin('precipitation', built);
  // RainViewer's catalogue and its radar tiles (colour scheme 0: red is the reflectivity + 32 dBZ): 40 dBZ everywhere.
  const tiles: string[] = [];
  await page.route('https://api.rainviewer.com/public/weather-maps.json', (route) =>
    route.fulfill({ json: { version: '2.0', generated: Math.floor(Date.now() / 1000), host: 'https://tilecache.rainviewer.com', radar: { past: [{ time: Math.floor(Date.now() / 1000) - 600, path: '/v2/radar/probe' }], nowcast: [] } } }),
  );
  await page.route('https://tilecache.rainviewer.com/v2/radar/probe/**', (route) => {
    tiles.push(new URL(route.request().url()).pathname);
    return route.fulfill({ body: solidPng([72, 0, 0]), contentType: 'image/png' });
  });
  // Blue streaks are looked for on the light map: pinned, or after sunset in Tokyo the map is dark.
  await openProbes(page, 'page.html?plugin=precipitation&clock=realtime&theme=light', built);

  // Its raster source of the radar tiles goes into the base map, and the tiles are read.
  await expect.poll(() => page.evaluate(() => window.map.getMapLibreMap()?.getSource('rainviewer')?.type ?? null)).toBe('raster');
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  expect(tiles[0]).toMatch(/^\/v2\/radar\/probe\/256\/\d+\/\d+\/\d+\/0\/0_1\.png$/);

  // Its streaks of rain, blue on the light map, drawn by three.js in its custom layer; none once its switch in the
  // layers panel is off (the plugin then hides its layer).
  const blue = hex('#0000ff');
  const area = { x: 160, y: 80, width: 960, height: 560 };
  const bluePixels = async (name?: string) => {
    await waitForStillView(page);
    return countColor(await screenshotImage(page, name ? { testInfo, name } : undefined), area, blue, 80);
  };
  await page.evaluate(() => void window.map.setLayerVisibility('trains', 'none'));
  await expect.poll(() => bluePixels('mt3d-published-precipitation.png'), { timeout: 60_000 }).toBeGreaterThan(200);
  await page.getByTestId('layers-button').click();
  const toggle = page.getByTestId('plugin-precipitation');
  await expect(toggle).toHaveText('Precipitation');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  expect(await bluePixels()).toBeLessThan(20);
  expect(await mapErrors(page)).toEqual([]);
});

// Mini Tokyo 3D's published PLATEAU plugin: its ortho rasters (Mapbox GL v3 paint properties MapLibre does not know
// are dropped), its invisible GeoJSON fill queried at the screen centre on the base map's `idle`, and the `tile-3d`
// layer it adds for the model found there, with its own `fetch`, `onTileLoad`, `opacity` and `minzoom`. The models
// list names the local 3D Tiles sample (Philadelphia, served by the test server at `/examples/3dtiles/city/`); the
// ortho tiles are solid colours.

/** The middle of the sample tileset (its root region, in radians, converted). */
const TILESET_AT: [number, number] = [(-1.31968 * 180) / Math.PI, (0.698874 * 180) / Math.PI];
/** How far the plugin's onTileLoad lowers each tile (its constant; the sample has no `_zmin` to lower it more). */
const LOWERED_BY = 36.6641;
const PLATEAU_ORTHO = hex('#0000ff');
const GSI_ORTHO = hex('#00ff00');

/** The plugin's list of models: one square around the sample tileset, `url` its tileset on the test server. */
function models(origin: string) {
  const [lng, lat] = TILESET_AT;
  const d = 0.01;
  const ring = [[lng - d, lat - d], [lng + d, lat - d], [lng + d, lat + d], [lng - d, lat + d], [lng - d, lat - d]];
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: { code: 'city', url: new URL('/examples/3dtiles/city/tileset.json', origin).href }, geometry: { type: 'Polygon', coordinates: [ring] } }],
  };
}

/** Answers the PLATEAU plugin's requests to the internet; counts the ortho tiles asked for and the 3D tiles loaded. */
async function answerPlateau(page: Page, baseURL: string) {
  const requests = { gsi: 0, plateau: 0, b3dm: 0 };
  // Counted here, not from Resource Timing: the page's buffer of those entries fills up with the ortho tiles.
  page.on('requestfinished', (request) => void (request.url().endsWith('.b3dm') && requests.b3dm++));
  await page.route('https://mini-tokyo.appspot.com/plateau-models.geojson', (route) => route.fulfill({ json: models(baseURL) }));
  await page.route('https://cyberjapandata.gsi.go.jp/xyz/seamlessphoto/**', (route) => {
    requests.gsi++;
    return route.fulfill({ body: solidPng(GSI_ORTHO), contentType: 'image/jpeg' });
  });
  await page.route('https://api.plateauview.mlit.go.jp/tiles/plateau-ortho-2023/**', (route) => {
    requests.plateau++;
    return route.fulfill({ body: solidPng(PLATEAU_ORTHO), contentType: 'image/png' });
  });
  return requests;
}

/** Whether the base map draws its 3D buildings (its layer `building-3d`). */
const basemapBuildings = (page: Page) => page.evaluate(() => window.map.getMapLibreMap()!.getLayoutProperty('building-3d', 'visibility'));
const whole = (image: RgbaImage): Rect => ({ x: 0, y: 0, width: image.width, height: image.height });
/** The map without the clock (top left), the buttons (right) and the attribution (bottom). */
const MAP_AREA: Rect = { x: 160, y: 150, width: 1040, height: 520 };
const setVisibility = (page: Page, id: string, visible: boolean) => page.evaluate(([layer, v]) => void window.map.setLayerVisibility(layer as string, v ? 'visible' : 'none'), [id, visible] as const);

/** Pixels of the map area (and their centroid) that are not the colour `rgb`: what is drawn over the ortho photo. */
function drawnOver(image: RgbaImage, rgb: Rgb) {
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let y = MAP_AREA.y; y < MAP_AREA.y + MAP_AREA.height; y++) {
    for (let x = MAP_AREA.x; x < MAP_AREA.x + MAP_AREA.width; x++) {
      const i = (y * image.width + x) * 4;
      if (Math.hypot(image.data[i] - rgb[0], image.data[i + 1] - rgb[1], image.data[i + 2] - rgb[2]) <= 60) continue;
      count++;
      sx += x;
      sy += y;
    }
  }
  return { count, centroid: { x: sx / count, y: sy / count } };
}

/** The buildings over the PLATEAU ortho photo, once the view is still, shot until they are drawn (loaded tiles are decoded and uploaded first). */
async function buildingsDrawn(page: Page, name?: string) {
  let drawn = { count: 0, centroid: { x: NaN, y: NaN } };
  await expect
    .poll(
      async () => {
        await waitForStillView(page);
        const image = await screenshotImage(page, name ? { testInfo: test.info(), name } : undefined);
        drawn = drawnOver(image, PLATEAU_ORTHO);
        return drawn.count;
      },
      { message: 'pixels of the buildings', timeout: 60_000 },
    )
    .toBeGreaterThan(2000);
  return drawn;
}

test("Mini Tokyo 3D's published PLATEAU plugin, built from its own source, lays its ortho photo under the map and draws the 3D Tiles model found at the centre", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  // mt3d-plugin-plateau 0.2.0 as its author wrote it; on by default (its `enabled` option unset), as in Mini Tokyo 3D.
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const built = testInfo.outputPath('published');
  await buildPublishedPlugin('plateau', built);
  const requests = await answerPlateau(page, baseURL!);
  await openProbes(page, 'page.html?plugin=plateau', built);

  // At the model's place (its polygon under the screen centre; the whole tileset in view), from zoom 13 (its minzoom): the plugin finds the
  // model on the base map's idle and adds its tile-3d layer, whose own fetch loads the tileset and its four tiles.
  await page.evaluate((center) => void window.map.jumpTo({ center, zoom: 16, pitch: 45, bearing: 0 }), TILESET_AT);
  await expect.poll(() => requests.b3dm, { timeout: 60_000 }).toBe(4);
  const drawn = await buildingsDrawn(page, 'mt3d-plateau.png');
  const shot = await screenshotImage(page);
  // The PLATEAU ortho photo covers the map (its raster-emissive-strength, Mapbox GL's only, left out with a warning),
  // over the GSI one, whose tiles were asked for too.
  expect(countColor(shot, whole(shot), PLATEAU_ORTHO, 40), 'the PLATEAU ortho photo').toBeGreaterThan(shot.width * shot.height * 0.5);
  expect(requests.gsi, 'GSI ortho tiles').toBeGreaterThan(0);
  // The model takes the place of the base map's own 3D buildings while it is shown, as in Mini Tokyo 3D.
  expect(await basemapBuildings(page)).toBe('none');
  expect(warnings.filter((w) => w.includes('raster-emissive-strength'))).toEqual([
    expect.stringMatching(/^Layer "gsi-ortho": MapLibre has no paint\.raster-emissive-strength/),
    expect.stringMatching(/^Layer "plateau-ortho": MapLibre has no paint\.raster-emissive-strength/),
  ]);

  // Its onTileLoad ran before the tiles were drawn: it lowered them by 36.66 m. The same tileset in a layer of our
  // own, without it, is drawn that much higher on the screen.
  await page.evaluate(() => void window.map.addLayer({ id: 'unlowered', type: 'tile-3d', data: '/examples/3dtiles/city/tileset.json' }));
  await setVisibility(page, 'tile-3d-city', false);
  await expect.poll(() => requests.b3dm, { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
  const unlowered = await buildingsDrawn(page, 'mt3d-plateau-unlowered.png');
  const [low, high] = await page.evaluate(([p, d]) => [window.map.project(p as [number, number], -(d as number)), window.map.project(p as [number, number], 0)], [TILESET_AT, LOWERED_BY] as const);
  const lowered = drawn.centroid.y - unlowered.centroid.y;
  expect(lowered, 'how much lower the plugin drew the buildings').toBeGreaterThan((low.y - high.y) * 0.75);
  expect(lowered, 'how much lower the plugin drew the buildings').toBeLessThan((low.y - high.y) * 1.25);
  await page.evaluate(() => void window.map.removeLayer('unlowered'));
  await setVisibility(page, 'tile-3d-city', true);
  await buildingsDrawn(page);

  // Its button in the layers panel, with its name and its inlined icon, switches it off: its layers are hidden
  // (the base map's empty background shows); and on again.
  await page.getByTestId('layers-button').click();
  const button = page.getByTestId('plugin-plateau');
  await expect(button).toHaveText('PLATEAU');
  await expect(button).toHaveAttribute('aria-checked', 'true');
  await expect(button.locator('.tt-plugin-icon')).toHaveCSS('background-image', /^url\("data:image\/svg\+xml/);
  await button.click();
  await expect(button).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  await waitForStillView(page);
  const off = await screenshotImage(page, { testInfo, name: 'mt3d-plateau-off.png' });
  expect(countColor(off, whole(off), PLATEAU_ORTHO, 40), 'the ortho photo hidden').toBe(0);
  const background: Rgb = [off.data[(400 * off.width + 200) * 4], off.data[(400 * off.width + 200) * 4 + 1], off.data[(400 * off.width + 200) * 4 + 2]];
  expect(drawnOver(off, background).count, 'the buildings hidden').toBeLessThan(50);
  expect(await basemapBuildings(page)).toBe('visible');
  await page.getByTestId('layers-button').click();
  await button.click();
  await expect(button).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await buildingsDrawn(page);

  // Away from the model, below PLATEAU's ortho zoom: the GSI photo shows, and the plugin removes the tile-3d layer
  // on idle; back at the model, it adds it again.
  await page.evaluate(([lng, lat]) => void window.map.jumpTo({ center: [lng + 0.1, lat], zoom: 8.5, pitch: 0 }), TILESET_AT);
  await waitForStillView(page);
  const away = await screenshotImage(page, { testInfo, name: 'mt3d-plateau-gsi.png' });
  expect(countColor(away, whole(away), GSI_ORTHO, 40), 'the GSI ortho photo').toBeGreaterThan(away.width * away.height * 0.5);
  const loads = requests.b3dm;
  await page.evaluate((center) => void window.map.jumpTo({ center, zoom: 16, pitch: 45, bearing: 0 }), TILESET_AT);
  await expect.poll(() => requests.b3dm, { timeout: 60_000 }).toBe(loads + 4);
  await buildingsDrawn(page);
  expect(await mapErrors(page)).toEqual([]);
});

// Mini Tokyo 3D's published Tokyo 2020 Olympics plugin: venue markers with popups, a venue's schedule in a Panel
// subclass opened through trackObject() with a selection type of its own, a countdown control on the map's clock, and
// a three layer that loads a glTF model of the Olympic Stadium with three.js's GLTFLoader and fades it on `viewmode`.
// Its model and textures on minitokyo3d.com are answered with stand-ins: a box the stadium's size and solid colours.

/** Where the plugin places its stadium model (its constant). */
const OLYMPIC_STADIUM: [number, number] = [139.7143859, 35.6778094];
const STADIUM_COLOUR: Rgb = [255, 0, 255];

/** Answers the Olympics plugin's requests for its model, its textures and the venues' thumbnails. */
async function answerOlympics(page: Page) {
  const model = boxGlb({ x: 320, y: 50, z: 260 });
  const textures: Record<string, Rgb> = { d: STADIUM_COLOUR, a: [255, 255, 255], n: [128, 128, 255] };
  const asked: string[] = [];
  await page.route('https://minitokyo3d.com/data/**', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    asked.push(name);
    if (name === 'NewOlympicStadium2.glb') return route.fulfill({ body: Buffer.from(model), contentType: 'model/gltf-binary' });
    const texture = /^NewOlympicStadium2_([adn])\.png$/.exec(name)?.[1];
    return texture ? route.fulfill({ body: solidPng(textures[texture]), contentType: 'image/png' }) : route.fulfill({ status: 404 });
  });
  await page.route('https://upload.wikimedia.org/**', (route) => route.fulfill({ body: solidPng([0, 0, 255]), contentType: 'image/png' }));
  return asked;
}

test("Mini Tokyo 3D's published Olympics plugin, built from its own source, marks the venues, opens a venue's schedule and draws the stadium", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  // mt3d-plugin-olympics2020 1.0.0 as its author wrote it, on day 7 of the games by the map's clock.
  const built = testInfo.outputPath('published');
  await buildPublishedPlugin('olympics2020', built);
  const asked = await answerOlympics(page);
  await openProbes(page, `page.html?plugin=olympics2020&time=${encodeURIComponent('2021-07-30T10:00:00+09:00')}&theme=light`, built);

  // Its control, added through getMapboxMap() at its default position (top left), counts the days on the map's clock.
  const control = page.locator('.olympics-ctrl');
  await expect(control).toHaveText('Tokyo OlympicsDay 7');
  // A marker on each of its 33 venues, at the venue.
  await page.evaluate((center) => void window.map.jumpTo({ center, zoom: 15, pitch: 0, bearing: 0 }), OLYMPIC_STADIUM);
  await waitForStillView(page);
  const markers = page.locator('.olympics-marker');
  await expect(markers).toHaveCount(33);
  const stadiumMarker = markers.first();
  await expect(stadiumMarker).toHaveClass(/torch-icon/);
  const at = await page.evaluate(() => window.map.project([139.71455, 35.67777]));
  const box = (await stadiumMarker.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - at.x), 'marker centred on the venue').toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - at.y), 'marker centred on the venue').toBeLessThan(2);

  // Pointing at it: a popup with the venue's name and thumbnail, dark with light text as in Mini Tokyo 3D (the
  // map's theme is light).
  await stadiumMarker.hover();
  const popup = page.locator('.tt-api-popup').filter({ hasText: 'Olympic Stadium' });
  await expect(popup.locator('.thumbnail-image-container')).toBeVisible();
  await expect(popup.locator('strong')).toHaveCSS('color', 'rgb(236, 238, 242)');
  await expect(popup.locator('.tt-api-popup-box')).toHaveCSS('background-color', 'rgba(24, 28, 36, 0.88)');
  await page.evaluate(() => {
    const w = window as unknown as { events: unknown[] };
    w.events = [];
    window.map.on('selection', ({ type, target: _target, ...data }) => w.events.push({ type, ...data }));
    window.map.on('deselection', ({ type, target: _target, ...data }) => w.events.push({ type, ...data }));
  });
  // A click tracks the venue: its schedule opens in the plugin's panel, the map flies to the venue's view.
  await stadiumMarker.click();
  const panel = page.locator('.olympics-panel');
  await expect(panel).toContainText('Olympic Stadium');
  await expect(panel.locator('.olympics-sport-title').first()).toHaveText('Opening Ceremonies');
  // Its rows' white text on their colours, on a dark panel, as the plugin was drawn for.
  await expect(panel.locator('.olympics-sport-title').first()).toHaveCSS('color', 'rgb(236, 238, 242)');
  await expect(panel).toHaveCSS('background-color', 'rgba(24, 28, 36, 0.88)');
  await expect(panel.locator('.olympics-schedule-row').first()).toHaveText('2021-07-23 20:00 - 23:00');
  await expect(stadiumMarker).toHaveClass(/active/);
  await expect.poll(() => page.evaluate(() => ({ zoom: Math.round(window.map.getZoom() * 10) / 10, pitch: Math.round(window.map.getPitch()) })), { timeout: 60_000 }).toEqual({ zoom: 16, pitch: 60 });
  await waitForCameraToSettle(page);
  expect(await page.evaluate(() => (window as unknown as { events: unknown[] }).events)).toEqual([{ type: 'selection', id: 'olympic-stadium', selectionType: 'olympic-venue' }]);

  // Its three layer draws the stadium from its glTF model: the picture with the layer hidden is compared with it shown.
  expect(asked.sort()).toEqual(['NewOlympicStadium2.glb', 'NewOlympicStadium2_a.png', 'NewOlympicStadium2_d.png', 'NewOlympicStadium2_n.png']);
  await page.evaluate(() => void window.map.setLayerVisibility('trains', 'none'));
  const stadium = await page.evaluate((p) => window.map.project(p), OLYMPIC_STADIUM);
  const area = rectAround(stadium, 400, 300);
  const changedPixels = async (name: string) => {
    await page.evaluate(() => void window.map.setLayerVisibility('olympics', 'none'));
    await waitForStillView(page);
    const hidden = await screenshotImage(page);
    await page.evaluate(() => void window.map.setLayerVisibility('olympics', 'visible'));
    await waitForStillView(page);
    const shown = await screenshotImage(page, { testInfo, name });
    return countChanged(hidden, shown, area, 120);
  };
  await expect.poll(() => changedPixels('mt3d-published-olympics.png'), { timeout: 60_000 }).toBeGreaterThan(5000);
  // Underground, the plugin fades its stadium to 10 % (on the map's `viewmode` event).
  await page.evaluate(() => void window.map.setViewMode('underground'));
  await expect.poll(() => changedPixels('mt3d-published-olympics-underground.png'), { timeout: 60_000 }).toBeLessThan(200);
  await page.evaluate(() => void window.map.setViewMode('ground'));

  // Before the games, the control counts down to the opening (setDate reads the date's local fields as Tokyo time).
  await page.evaluate(() => void window.map.clock.setDate(new Date(2021, 6, 20, 19, 55)));
  await expect(control).toHaveText(/^3days 00:0[0-5]:\d\dto Tokyo Olympics$/);

  // Its switch in the layers panel, with its torch icon: off ends its tracking (the panel closes) and takes away its
  // markers and control; on brings them back.
  await page.getByTestId('layers-button').click();
  const toggle = page.getByTestId('plugin-olympics');
  await expect(toggle).toHaveText('Tokyo 2020 Olympics');
  await expect(toggle.locator('.tt-plugin-icon')).toHaveCSS('background-image', /^url\("data:image\/svg\+xml/);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(markers).toHaveCount(0);
  await expect(panel).toBeHidden();
  await expect(control).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { events: unknown[] }).events)).toEqual([
    { type: 'selection', id: 'olympic-stadium', selectionType: 'olympic-venue' },
    { type: 'deselection', id: 'olympic-stadium', selectionType: 'olympic-venue' },
  ]);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(markers).toHaveCount(33);
  await expect(control).toHaveText(/^3days 00:0[0-5]:\d\dto Tokyo Olympics$/);
  expect(await mapErrors(page)).toEqual([]);
});
