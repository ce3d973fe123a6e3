/**
 * A track vertex's style packed in one float (the fourth component of its
 * track offset): the zoom range `[minZoom, maxZoom)` it is drawn in (integers
 * 0–24) and its opacity (0–1, in 255 steps).
 */

/** Packs a vertex's zoom range and opacity into one float. */
export function packVertexStyle(minZoom: number, maxZoom: number, opacity: number): number {
  return Math.round(minZoom) + 32 * Math.round(maxZoom) + 1024 * Math.round(Math.max(0, Math.min(1, opacity)) * 255);
}

/** Opacity (0–1) of a packed vertex style. */
export function vertexStyleOpacity(packed: number): number {
  return Math.floor(Math.round(packed) / 1024) / 255;
}
