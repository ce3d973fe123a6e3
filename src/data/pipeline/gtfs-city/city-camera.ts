/**
 * The default camera of a city bundle: the view that shows the whole feed.
 *
 * @module
 */
import type { CityCamera } from '../../bundle/manifest.ts';
import { lngLatToMercator, MERCATOR_RADIUS } from '../polyline.ts';

/** The view size the default zoom is fitted to, CSS pixels (a laptop's browser window). */
const VIEW: [number, number] = [1280, 800];
const TILE = 512;
/** The width of the Mercator world, in the units of {@link lngLatToMercator}. */
const WORLD = 2 * Math.PI * MERCATOR_RADIUS;

/** Centre and zoom that fit `bbox` (west, south, east, north) into the view, zoom between 2 and 16. */
export function cityCamera(bbox: [number, number, number, number]): CityCamera {
  const [west, south, east, north] = bbox;
  const [x0, y0] = lngLatToMercator(west, south);
  const [x1, y1] = lngLatToMercator(east, north);
  const fit = Math.min(VIEW[0] / (TILE * Math.max((x1 - x0) / WORLD, 1e-9)), VIEW[1] / (TILE * Math.max((y1 - y0) / WORLD, 1e-9)));
  const zoom = Math.min(16, Math.max(2, Math.floor(Math.log2(fit) * 100) / 100));
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { center: [round((west + east) / 2), round((south + north) / 2)], zoom, bounds: [round(west), round(south), round(east), round(north)] };
}
