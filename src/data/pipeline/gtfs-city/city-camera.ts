/**
 * The default camera of a city bundle: the view that shows the whole feed.
 *
 * @module
 */
import type { CityCamera } from '../../bundle/manifest.ts';

/** The view size the default zoom is fitted to, CSS pixels (a laptop's browser window). */
const VIEW: [number, number] = [1280, 800];
const TILE = 512;

/** Web Mercator x and y of a point in [0, 1]. */
function mercator(lng: number, lat: number): [number, number] {
  const sin = Math.sin((lat * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

/** Centre and zoom that fit `bbox` (west, south, east, north) into the view, zoom between 2 and 16. */
export function cityCamera(bbox: [number, number, number, number]): CityCamera {
  const [west, south, east, north] = bbox;
  const [x0, y0] = mercator(west, north);
  const [x1, y1] = mercator(east, south);
  const fit = Math.min(VIEW[0] / (TILE * Math.max(x1 - x0, 1e-9)), VIEW[1] / (TILE * Math.max(y1 - y0, 1e-9)));
  const zoom = Math.min(16, Math.max(2, Math.floor(Math.log2(fit) * 100) / 100));
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { center: [round((west + east) / 2), round((south + north) / 2)], zoom, bounds: [round(west), round(south), round(east), round(north)] };
}
