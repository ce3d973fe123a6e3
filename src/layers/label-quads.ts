import type { AtlasEntry } from './label-atlas.ts';

/**
 * Vertex layout of label quads: two triangles a label, each vertex
 * [lng, lat, alt] as float32 high parts and their remainders (deck.gl's
 * 64-bit positions), the corner's offset from the label's anchor in device
 * pixels (y down), the corner in the atlas (device pixels) and the text's
 * opacity.
 */
export const LABEL_VERTEX = { high: 0, low: 3, offset: 6, atlas: 8, alpha: 10 } as const;
export const LABEL_VERTEX_FLOATS = 11;
export const LABEL_VERTEX_STRIDE = LABEL_VERTEX_FLOATS * 4;
export const VERTICES_PER_LABEL = 6;

/** One label to draw: where, which bitmap, how opaque its text. */
export interface LabelQuad {
  position: readonly number[];
  entry: AtlasEntry;
  alpha: number;
}

/** Corners of a quad as two triangles: (0,0) top left, (1,1) bottom right. */
const CORNERS = [0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1];

/**
 * Writes the quads' vertices. Each bitmap is centred horizontally over its
 * anchor, its bottom `offset[1]` CSS pixels below it (negative: above), in
 * whole device pixels so that the bitmap lands on the screen's pixel grid.
 */
export function writeLabelQuads(quads: readonly LabelQuad[], ratio: number, offset: readonly [number, number], out?: Float32Array): Float32Array {
  const floats = quads.length * VERTICES_PER_LABEL * LABEL_VERTEX_FLOATS;
  const array = out && out.length >= floats ? out : new Float32Array(floats);
  let o = 0;
  for (const { position, entry, alpha } of quads) {
    const lng = position[0];
    const lat = position[1];
    const alt = position[2] ?? 0;
    const hx = Math.fround(lng);
    const hy = Math.fround(lat);
    const hz = Math.fround(alt);
    const left = Math.round(offset[0] * ratio) - Math.floor(entry.width / 2);
    const bottom = Math.round(offset[1] * ratio);
    for (let c = 0; c < CORNERS.length; c += 2) {
      const cx = CORNERS[c];
      const cy = CORNERS[c + 1];
      array[o + LABEL_VERTEX.high] = hx;
      array[o + LABEL_VERTEX.high + 1] = hy;
      array[o + LABEL_VERTEX.high + 2] = hz;
      array[o + LABEL_VERTEX.low] = lng - hx;
      array[o + LABEL_VERTEX.low + 1] = lat - hy;
      array[o + LABEL_VERTEX.low + 2] = alt - hz;
      array[o + LABEL_VERTEX.offset] = left + cx * entry.width;
      array[o + LABEL_VERTEX.offset + 1] = bottom - (1 - cy) * entry.height;
      array[o + LABEL_VERTEX.atlas] = entry.x + cx * entry.width;
      array[o + LABEL_VERTEX.atlas + 1] = entry.y + cy * entry.height;
      array[o + LABEL_VERTEX.alpha] = alpha;
      o += LABEL_VERTEX_FLOATS;
    }
  }
  return array;
}
