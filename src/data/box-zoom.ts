/**
 * Box zoom geometry: the rectangle a shift-drag draws on the map, and the camera that shows what it holds.
 *
 * @module
 */

/** A point on the map, in pixels from its top left. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** A rectangle on the map, in pixels from its top left. */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The view a box is drawn in: its size (px) and zoom, and the zoom limits of the map. */
export interface BoxZoomView {
  width: number;
  height: number;
  zoom: number;
  minZoom: number;
  maxZoom: number;
}

/** Where the camera goes after a box zoom (bearing and pitch stay as they are). */
export interface BoxZoomTarget {
  longitude: number;
  latitude: number;
  zoom: number;
}

/** What of a viewport {@link groundPoint} needs (deck.gl's `WebMercatorViewport` has it). */
export interface GroundViewport {
  unproject(xy: number[]): number[];
  projectPosition(xyz: number[]): number[];
  cameraPosition: number[];
  center: number[];
}

/** Whether a mouse press starts a box zoom: the primary button with the shift key (as in MapLibre). */
export function startsBoxZoom(event: { button: number; shiftKey: boolean }): boolean {
  return event.button === 0 && event.shiftKey;
}

/** The rectangle between two corners, whichever way it was drawn. */
export function boxRect(a: ScreenPoint, b: ScreenPoint): ScreenRect {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

/**
 * The place on the ground at a point of the view, or null when that point shows the sky (above the horizon of a
 * tilted map, where the line of sight meets the ground behind the camera).
 */
export function groundPoint(viewport: GroundViewport, x: number, y: number): [number, number] | null {
  const [lng, lat] = viewport.unproject([x, y]);
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  const world = viewport.projectPosition([lng, lat, 0]);
  const [cx, cy, cz] = viewport.cameraPosition;
  const [tx, ty, tz = 0] = viewport.center;
  const ahead = (world[0] - cx) * (tx - cx) + (world[1] - cy) * (ty - cy) + ((world[2] ?? 0) - cz) * (tz - cz);
  return ahead > 0 ? [lng, lat] : null;
}

/**
 * The camera that shows what a box holds: the place under the box's centre comes to the centre of the view, and
 * the zoom grows by as much as the box must grow to fill the view in its tighter dimension (MapLibre's
 * `fitScreenCoordinates` for a map that is not tilted; on a tilted map, the ground around the box's centre grows
 * as the box does), within the zoom limits.
 *
 * @param centre - the place on the ground under the box's centre, or null when it shows the sky.
 * @returns the target, or null when the box has no size or its centre is not on the ground.
 */
export function boxZoomTarget(rect: ScreenRect, view: BoxZoomView, centre: [number, number] | null): BoxZoomTarget | null {
  if (!centre) return null;
  const scales = [rect.width > 0 ? view.width / rect.width : Infinity, rect.height > 0 ? view.height / rect.height : Infinity];
  const scale = Math.min(...scales);
  if (!Number.isFinite(scale) || scale <= 0) return null;
  const zoom = Math.min(view.maxZoom, Math.max(view.minZoom, view.zoom + Math.log2(scale)));
  return { longitude: centre[0], latitude: centre[1], zoom };
}
