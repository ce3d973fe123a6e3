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

/** GLSL: `track_unpack_style(packed)` → vec3(minZoom, maxZoom, opacity). */
export const UNPACK_VERTEX_STYLE_GLSL = /* glsl */ `\
vec3 track_unpack_style(float packed) {
  float code = floor(packed + 0.5);
  return vec3(mod(code, 32.0), mod(floor(code / 32.0), 32.0), floor(code / 1024.0) / 255.0);
}
`;
