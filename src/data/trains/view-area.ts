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
