/**
 * Layers added through the API, from the examples pages: a GeoJSON layer (drawn where its line is, hidden by
 * setLayerVisibility and below its minzoom), a 3D Tiles layer on the local sample tileset, a three.js box placed
 * with getModelPosition; duplicate ids and unknown layers fire `error`, bad definitions throw.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForCameraToSettle, waitForNetwork } from './support/map-page.ts';
import { waitForStillView } from './support/waits.ts';
import { countColor, hex, rectAround, screenshotImage, type Rect, type RgbaImage } from './support/pixels.ts';
import { serveEmptyBasemap } from './support/empty-basemap.ts';

// Nothing here reads the base map's pixels: it is served empty (see empty-basemap.ts).
test.beforeEach(({ context }) => serveEmptyBasemap(context));

const ORANGE = hex('#e8710a');

/** The errors the page's map fires from now on. */
async function listenForErrors(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { errors: string[] };
    w.errors = [];
    window.map.on('error', (e) => w.errors.push(e.message));
  });
}
const errors = (page: Page) => page.evaluate(() => (window as unknown as { errors: string[] }).errors);

/** Orange pixels in a 40 px square around a place (altitude in metres). */
async function orangeAround(page: Page, lngLat: [number, number], altitude = 0, name?: string) {
  await waitForCameraToSettle(page);
  const point = await page.evaluate(([p, a]) => window.map.project(p as [number, number], a as number), [lngLat, altitude] as const);
  const image = await screenshotImage(page, name ? { testInfo: test.info(), name } : undefined);
  return countColor(image, rectAround(point, 40, 40, image), ORANGE, 60);
}

/** Pixels of a rectangle whose colour differs by more than 30 (RGB distance) between two images. */
function colourChanges(a: RgbaImage, b: RgbaImage, rect: Rect): number {
  let count = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = (y * a.width + x) * 4;
      if (Math.hypot(a.data[i] - b.data[i], a.data[i + 1] - b.data[i + 1], a.data[i + 2] - b.data[i + 2]) > 30) count++;
    }
  }
  return count;
}

/**
 * Pixels in a square around a place (altitude in metres) that layer `id` draws: hidden, shown, hidden again, the
 * pixels that differ from both hidden shots while those two agree (so that a base map tile or label arriving
 * meanwhile is not counted). 0 when it draws nothing there.
 */
async function layerPixels(page: Page, id: string, lngLat: [number, number], altitude = 0, name?: string, size = 60) {
  const setVisible = (visible: boolean) => page.evaluate(([layer, v]) => void window.map.setLayerVisibility(layer as string, v ? 'visible' : 'none'), [id, visible] as const);
  await setVisible(false);
  await waitForStillView(page);
  const hidden1 = await screenshotImage(page);
  await setVisible(true);
  await waitForStillView(page);
  const shown = await screenshotImage(page, name ? { testInfo: test.info(), name } : undefined);
  await setVisible(false);
  await waitForStillView(page);
  const hidden2 = await screenshotImage(page);
  await setVisible(true);
  const point = await page.evaluate(([p, a]) => window.map.project(p as [number, number], a as number), [lngLat, altitude] as const);
  const rect = rectAround(point, size, size, shown);
  let count = 0;
  const differs = (a: RgbaImage, b: RgbaImage, i: number) => Math.hypot(a.data[i] - b.data[i], a.data[i + 1] - b.data[i + 1], a.data[i + 2] - b.data[i + 2]) > 30;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = (y * shown.width + x) * 4;
      if (!differs(hidden1, hidden2, i) && differs(shown, hidden1, i)) count++;
    }
  }
  return count;
}

test('a GeoJSON layer draws its line, hides with setLayerVisibility and below its minzoom; ids are checked', async ({ page }) => {
  test.setTimeout(300_000); // nine still views and screenshots (layerPixels three times): 2.5 min on a loaded machine
  await page.goto('/examples/geojson.html');
  await waitForNetwork(page);
  await listenForErrors(page);
  const onLine: [number, number] = [139.762, 35.6818];
  await expect.poll(() => orangeAround(page, onLine), { timeout: 60_000 }).toBeGreaterThan(150);
  expect(await layerPixels(page, 'walk', onLine, 0, 'geojson-layer.png')).toBeGreaterThan(300);

  // minzoom 12: hidden at 11.99, shown at 12 exactly.
  await page.evaluate(() => void window.map.jumpTo({ center: [139.762, 35.6818], zoom: 11.99, pitch: 0 }));
  expect(await layerPixels(page, 'walk', onLine, 0, 'geojson-below-minzoom.png')).toBe(0);
  await page.evaluate(() => void window.map.setZoom(12));
  expect(await layerPixels(page, 'walk', onLine)).toBeGreaterThan(20);

  const result = await page.evaluate(() => {
    const map = window.map;
    map.addLayer({ id: 'walk', type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({ id: 'trains', type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.removeLayer('nope');
    const thrown: string[] = [];
    for (const bad of [{ id: 'x', type: 'geojson', minzoom: 25 }, { id: 'y', type: 'sky' }, { id: '', type: 'geojson' }, { id: 'z', type: 'tile-3d', data: 'a.json', lightColor: [300, 0, 0] }]) {
      try {
        map.addLayer(bad as never);
      } catch (e) {
        thrown.push((e as Error).message);
      }
    }
    return thrown;
  });
  expect(result).toEqual([
    expect.stringMatching(/"layer.minzoom": 25 is out of range; expected a number from 0 to 24/),
    // MapLibre's own types (heatmap, fill, …) go to the base map now (mt3d-plugins.spec.ts).
    expect.stringMatching(/"layer.type": "sky" is not one of geojson, tile-3d, three, fill, /),
    expect.stringMatching(/"layer.id"/),
    expect.stringMatching(/"layer.lightColor": \[300,0,0\] is not an RGB colour/),
  ]);
  expect(await errors(page)).toEqual([
    'A layer "walk" already exists; layer ids must be unique. The layer was not added.',
    'A layer "trains" already exists; layer ids must be unique. The layer was not added.',
    'No layer "nope" to remove: the added layers are walk.',
  ]);
  await page.evaluate(() => void window.map.removeLayer('walk'));
  await page.evaluate(() => void window.map.setLayerVisibility('walk', 'none'));
  expect(await errors(page)).toEqual([expect.anything(), expect.anything(), expect.anything(), expect.stringMatching(/No layer "walk" exists/)]);
});

test('a 3D Tiles layer draws the local sample tileset', async ({ page }, testInfo) => {
  const failed: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  await page.goto('/examples/tile-3d.html');
  await page.waitForFunction(() => performance.getEntriesByName('tt:network-drawn').length > 0, null, { timeout: 180_000 });
  await listenForErrors(page);
  // The four tiles load; compare the view with the layer shown and hidden.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.b3dm')).length), { timeout: 60_000 }).toBe(4);
  await waitForStillView(page);
  const centre = await page.evaluate(() => window.map.getCenter());
  await screenshotImage(page, { testInfo, name: 'tile-3d-layer.png' });
  // Loaded tiles are still decoded and uploaded before they are drawn (no event of the map says when): shots until they show.
  await expect.poll(() => layerPixels(page, 'city', [centre.lng, centre.lat], 0, undefined, 2000), { message: 'pixels the tiles cover', timeout: 60_000 }).toBeGreaterThan(5000);
  expect(failed).toEqual([]);
  expect(await errors(page)).toEqual([]);
});

test('a three.js layer draws its box at its model position and follows the camera; removing it clears it', async ({ page }) => {
  await page.goto('/examples/three.html');
  await waitForNetwork(page);
  await listenForErrors(page);
  const station: [number, number] = [139.7671, 35.6812];
  await expect.poll(() => layerPixels(page, 'box', station, 60), { timeout: 60_000 }).toBeGreaterThan(1500);
  await layerPixels(page, 'box', station, 60, 'three-layer.png');
  await page.evaluate(() => void window.map.jumpTo({ center: [139.765, 35.683], bearing: 45 }));
  expect(await layerPixels(page, 'box', station, 60, 'three-moved.png')).toBeGreaterThan(1500);
  // Away from the box, hiding it changes nothing.
  expect(await layerPixels(page, 'box', [139.775, 35.675])).toBe(0);
  const before = await screenshotImage(page);
  await page.evaluate(() => void window.map.removeLayer('box'));
  await waitForStillView(page);
  const after = await screenshotImage(page);
  expect(colourChanges(before, after, { x: 0, y: 0, width: before.width, height: before.height })).toBeGreaterThan(1500);
  expect(await errors(page)).toEqual([]);
});

test('a three.js layer with its own lightColor keeps that light at night; one without dims with the map', async ({ page }, testInfo) => {
  // 01:00 in Tokyo: night. Two white boxes side by side, one lit by a fixed white light (as Mini Tokyo 3D's
  // fireworks plugin asks), one by the map's light.
  await page.goto(`/?lang=en&time=${encodeURIComponent('2026-11-24T01:00:00+09:00')}#16/35.6812/139.7671/0/50`);
  await waitForNetwork(page, { basemap: false });
  await listenForErrors(page);
  const places: Record<string, [number, number]> = { fixed: [139.7656, 35.6812], followed: [139.7686, 35.6812] };
  await page.evaluate((places) => {
    for (const [id, lngLat] of Object.entries(places)) {
      window.map.addLayer({
        id,
        type: 'three',
        ...(id === 'fixed' ? { lightColor: 0xffffff } : {}),
        onAdd(map: typeof window.map, { scene, THREE }: { scene: import('three').Scene; THREE: typeof import('three') }) {
          const size = 80 * map.getModelScale();
          const box = new THREE.Mesh(new THREE.BoxGeometry(size, size, size), new THREE.MeshLambertMaterial({ color: 0xffffff }));
          const { x, y, z } = map.getModelPosition(lngLat, 40);
          box.position.set(x, y, z);
          scene.add(box);
        },
      } as Parameters<typeof window.map.addLayer>[0]);
    }
  }, places);
  /** Mean brightness (0–255) of the pixels each layer draws around its box. */
  const brightness = async (name: string) => {
    const mean: Record<string, number> = {};
    for (const [id, lngLat] of Object.entries(places)) {
      await expect.poll(() => layerPixels(page, id, lngLat, 40), { timeout: 60_000 }).toBeGreaterThan(400);
      await waitForStillView(page);
      const point = await page.evaluate(([p]) => window.map.project(p as [number, number], 40), [lngLat] as const);
      const image = await screenshotImage(page, { testInfo, name: `${name}-${id}.png` });
      const rect = rectAround(point, 16, 16, image);
      let sum = 0;
      for (let y = rect.y; y < rect.y + rect.height; y++) for (let x = rect.x; x < rect.x + rect.width; x++) sum += image.data[(y * image.width + x) * 4 + 1];
      mean[id] = sum / (rect.width * rect.height);
    }
    testInfo.annotations.push({ type: name, description: `fixed ${mean.fixed.toFixed(0)}, followed ${mean.followed.toFixed(0)}` });
    return mean;
  };
  const night = await brightness('night');
  expect(night.fixed).toBeGreaterThan(1.5 * night.followed);
  // At noon the map's light is full: both boxes alike.
  // map.clock reads a Date's local fields as the map's clock time, as Mini Tokyo 3D's: 24 Nov, 12:00.
  await page.evaluate(() => void window.map.clock.setDate(new Date(2026, 10, 24, 12, 0, 0)));
  await expect.poll(() => page.evaluate(() => window.map.getLight().intensity), { timeout: 60_000 }).toBeGreaterThan(0.9);
  const noon = await brightness('noon');
  expect(noon.followed).toBeGreaterThan(0.85 * noon.fixed);
  expect(noon.followed).toBeLessThan(1.15 * noon.fixed);
  expect(await errors(page)).toEqual([]);
});
