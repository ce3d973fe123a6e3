/**
 * The ground area a camera sees, as a convex quadrilateral in longitude and
 * latitude: [lng0, lat0, lng1, lat1, lng2, lat2, lng3, lat3], corners in order
 * around it. Under a tilted camera the view is a trapezoid, wide at the far
 * edge; its bounding box holds up to half again as much ground, and a train
 * computed there is drawn for nothing.
 *
 * Over a few kilometres, straight lines on the Web Mercator map are straight
 * in longitude and latitude to well within the margins added here.
 *
 * @module
 */
import { METRES_PER_DEGREE } from './track-units.ts';

/** Four corners, in order around a convex area. */
export type ViewArea = readonly [number, number, number, number, number, number, number, number];

/** The rectangle [west, south, east, north] as an area. */
export function rectangleArea(west: number, south: number, east: number, north: number): ViewArea {
  return [west, south, east, south, east, north, west, north];
}

/**
 * The area grown about its centre by `share` of its size on each side, and
 * then by `degrees` more at each corner.
 */
export function expandArea(area: ViewArea, share: number, degrees: number): ViewArea {
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < 4; i++) {
    cx += area[i * 2] / 4;
    cy += area[i * 2 + 1] / 4;
  }
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    const dx = (area[i * 2] - cx) * (1 + 2 * share);
    const dy = (area[i * 2 + 1] - cy) * (1 + 2 * share);
    const length = Math.hypot(dx, dy) || 1;
    out.push(cx + dx + (dx / length) * degrees * Math.SQRT2, cy + dy + (dy / length) * degrees * Math.SQRT2);
  }
  return out as unknown as ViewArea;
}

/** Whether a point is inside the area (or on its border). */
export function inViewArea(area: ViewArea, lng: number, lat: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const ax = area[i * 2];
    const ay = area[i * 2 + 1];
    const j = ((i + 1) % 4) * 2;
    const cross = (area[j] - ax) * (lat - ay) - (area[j + 1] - ay) * (lng - ax);
    if (cross === 0) continue;
    const side = cross > 0 ? 1 : -1;
    if (sign === 0) sign = side;
    else if (side !== sign) return false;
  }
  return true;
}

/**
 * How the camera's distance grows across the ground of a tilted view:
 * [lng0, lat0, perLng, perLat]. The distance from the camera (along its
 * axis) to a ground point, relative to that of the point under the screen's
 * centre (lng0, lat0), is 1 + perLng·(lng − lng0) + perLat·(lat − lat0): the
 * distance is linear on the ground plane, and things there are drawn smaller
 * in proportion to it.
 */
export type ViewDepth = readonly [number, number, number, number];

/** A ground point's drawn size relative to the same thing under the screen's centre (0 at and beyond the horizon). */
export function relativeScaleAt(depth: ViewDepth, lng: number, lat: number): number {
  const d = 1 + depth[2] * (lng - depth[0]) + depth[3] * (lat - depth[1]);
  return d > 0.01 ? 1 / d : 0;
}

/** What {@link viewDepth} needs of a viewport (deck.gl's and math.gl's Web Mercator viewports have it). */
export interface DepthViewport {
  width: number;
  height: number;
  pitch?: number;
  bearing?: number;
  project(lngLat: number[]): number[];
  unproject(xy: number[]): number[];
}

/** Ground distance in metres over which a drawn size is measured. */
const SCALE_STEP_METRES = 50;
/** Degrees between the points at which sizes are measured to find the gradient. */
const GRADIENT_STEP_DEGREES = 0.01;

/**
 * How the camera's distance grows across the ground of a viewport, or null
 * for a view from straight above (one scale everywhere) or one that cannot
 * tell. Measured from drawn sizes: a short ground segment across the view
 * (square to the camera's axis) is drawn in inverse proportion to its
 * distance, at the screen's centre and at two points beside it.
 */
export function viewDepth(viewport: DepthViewport): ViewDepth | null {
  if (!((viewport.pitch ?? 0) > 1)) return null;
  const [lng0, lat0] = viewport.unproject([viewport.width / 2, viewport.height / 2]);
  const bearing = ((viewport.bearing ?? 0) * Math.PI) / 180;
  const size = (lng: number, lat: number) => {
    const dLng = (SCALE_STEP_METRES * Math.cos(bearing)) / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
    const dLat = (-SCALE_STEP_METRES * Math.sin(bearing)) / METRES_PER_DEGREE;
    const a = viewport.project([lng, lat, 0]);
    const b = viewport.project([lng + dLng, lat + dLat, 0]);
    return Math.hypot(b[0] - a[0], b[1] - a[1]);
  };
  const s0 = size(lng0, lat0);
  const sLng = size(lng0 + GRADIENT_STEP_DEGREES, lat0);
  const sLat = size(lng0, lat0 + GRADIENT_STEP_DEGREES);
  const depth = [lng0, lat0, (s0 / sLng - 1) / GRADIENT_STEP_DEGREES, (s0 / sLat - 1) / GRADIENT_STEP_DEGREES];
  return depth.every(Number.isFinite) && s0 > 0 ? (depth as unknown as ViewDepth) : null;
}

/** What {@link groundArea} needs of a viewport. */
export interface GroundViewport extends DepthViewport {
  getBounds?: () => number[];
}

/**
 * Below this pitch (degrees) the top corners of the screen look at the
 * ground (deck.gl's camera has a half field of view of about 18.4°), so the
 * view is the trapezoid under the four corners; above it, the bounding box
 * deck.gl computes up to its far plane is used.
 */
export const MAX_TRAPEZOID_PITCH = 68;

/** The ground a viewport sees (no margin); null when the viewport cannot tell. */
export function groundArea(viewport: GroundViewport): ViewArea | null {
  const { width, height } = viewport;
  if ((viewport.pitch ?? 0) < MAX_TRAPEZOID_PITCH) {
    const corners = [[0, height], [width, height], [width, 0], [0, 0]].flatMap((xy) => viewport.unproject(xy).slice(0, 2));
    if (corners.length === 8 && corners.every(Number.isFinite)) return corners as unknown as ViewArea;
  }
  const b = viewport.getBounds?.();
  if (!b || b.length < 4 || !b.every(Number.isFinite)) return null;
  return rectangleArea(b[0], b[1], b[2], b[3]);
}

/** Twice the signed area of an area (positive when its corners go anticlockwise). */
function signedArea2(area: ViewArea): number {
  let sum = 0;
  for (let i = 0; i < 4; i++) {
    const j = ((i + 1) % 4) * 2;
    sum += area[i * 2] * area[j + 1] - area[j] * area[i * 2 + 1];
  }
  return sum;
}

/** The size of an area, square degrees. */
export function areaSize(area: ViewArea): number {
  return Math.abs(signedArea2(area)) / 2;
}

/** Whether the rectangle [west, south, east, north] and the area overlap (touching counts). */
export function rectangleMeetsArea(area: ViewArea, west: number, south: number, east: number, north: number): boolean {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < 4; i++) {
    minX = Math.min(minX, area[i * 2]);
    maxX = Math.max(maxX, area[i * 2]);
    minY = Math.min(minY, area[i * 2 + 1]);
    maxY = Math.max(maxY, area[i * 2 + 1]);
  }
  if (east < minX || west > maxX || north < minY || south > maxY) return false;
  // Two convex shapes are apart when an edge of one separates them; the rectangle's edges were the test above.
  const orientation = Math.sign(signedArea2(area)) || 1;
  const corners = [west, south, east, south, east, north, west, north];
  for (let i = 0; i < 4; i++) {
    const ax = area[i * 2];
    const ay = area[i * 2 + 1];
    const j = ((i + 1) % 4) * 2;
    const ex = area[j] - ax;
    const ey = area[j + 1] - ay;
    let outside = true;
    for (let k = 0; k < 8 && outside; k += 2) outside = (ex * (corners[k + 1] - ay) - ey * (corners[k] - ax)) * orientation < 0;
    if (outside) return false;
  }
  return true;
}
