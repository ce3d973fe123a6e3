import type { BinaryPaths } from './path-culling.ts';

/**
 * Track polylines as one triangle strip for {@link TrackLineLayer}: every
 * path vertex becomes two GPU vertices (its left and right edge), so a
 * segment costs two vertex-shader runs instead of PathLayer's six (each of
 * which projects three positions). Paths are joined by degenerate triangles.
 *
 * A vertex carries what the shader needs to place its edge at any zoom: its
 * base position (64-bit: high and low parts), its track offset and packed
 * style, and the directions of the segments before and after it, split into
 * a base part (common units) and an offset part (track units), because the
 * drawn direction `dB + dV·spacing·s` changes with zoom.
 *
 * A segment is drawn only where both its ends have a non-zero opacity (as
 * PathLayer drew it with the smaller of its ends' opacities, and the track's
 * opacities are 0 or 1): paths are cut into runs of visible vertices.
 * @module
 */

/** Floats (and byte offsets ÷ 4) of one strip vertex. */
export const STRIP_VERTEX = {
  /** float32 × 3: lng, lat, altitude (high part). */
  high: 0,
  /** float32 × 3: the low parts. */
  low: 3,
  /** float32 × 4: vx, vy, vz (track units), packed style. */
  trackOffset: 6,
  /** float32 × 4: the previous segment's direction, base part (common units) and offset part (track units). */
  segmentIn: 10,
  /** float32 × 4: the next segment's direction, likewise. */
  segmentOut: 14,
  /** float32 × 2: side (−1 left, +1 right) and cap (−1 a run's first vertex, +1 its last, 0 between). */
  ends: 18,
  /** Byte offset of the RGBA colour (4 bytes). */
  colorByte: 80,
} as const;

/** Bytes per strip vertex. */
export const STRIP_STRIDE = 84;

/** The strip of a set of paths. */
export interface TrackStrip {
  /** Interleaved vertices ({@link STRIP_STRIDE} bytes each). */
  bytes: Uint8Array;
  vertexCount: number;
  /** Segments drawn (for statistics). */
  segmentCount: number;
}

const COMMON_PER_DEGREE = 512 / 360;
const COMMON_PER_MERCATOR_RADIAN = 512 / (2 * Math.PI);

function commonY(lat: number): number {
  return COMMON_PER_MERCATOR_RADIAN * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
}

/** Opacity (0–1) of a packed vertex style (see `packVertexStyle`). */
function styleOpacity(packed: number): number {
  return Math.floor(Math.round(packed) / 1024) / 255;
}

/**
 * Builds the strip of binary paths with attributes `getPath` (3 values per
 * vertex), `getTrackOffset` (4: offset and packed style) and `getColor`
 * (4 bytes, or a constant `color` for all).
 */
export function buildTrackStrip(paths: BinaryPaths, color?: readonly number[]): TrackStrip {
  const positions = paths.attributes.getPath.value as Float64Array | Float32Array;
  const offsets = paths.attributes.getTrackOffset.value as Float32Array;
  const colors = paths.attributes.getColor?.value as Uint8Array | undefined;

  // Runs of visible vertices: [first, last] inclusive, at least two vertices.
  const runs: Array<[number, number]> = [];
  for (let p = 0; p < paths.length; p++) {
    const end = paths.startIndices[p + 1];
    let first = -1;
    for (let v = paths.startIndices[p]; v <= end; v++) {
      const visible = v < end && styleOpacity(offsets[v * 4 + 3]) > 0;
      if (visible && first < 0) first = v;
      if (!visible && first >= 0) {
        if (v - 1 > first) runs.push([first, v - 1]);
        first = -1;
      }
    }
  }

  let vertexCount = 0;
  let segmentCount = 0;
  for (const [first, last] of runs) {
    vertexCount += (last - first + 1) * 2;
    segmentCount += last - first;
  }
  vertexCount += Math.max(0, runs.length - 1) * 2; // degenerate joins
  const bytes = new Uint8Array(vertexCount * STRIP_STRIDE);
  const floats = new Float32Array(bytes.buffer);
  const stride = STRIP_STRIDE / 4;
  let at = 0;

  const segment = (out: number, from: number, to: number) => {
    floats[out] = (positions[to * 3] - positions[from * 3]) * COMMON_PER_DEGREE;
    floats[out + 1] = commonY(positions[to * 3 + 1]) - commonY(positions[from * 3 + 1]);
    floats[out + 2] = offsets[to * 4] - offsets[from * 4];
    floats[out + 3] = offsets[to * 4 + 1] - offsets[from * 4 + 1];
  };
  const write = (v: number, side: number, cap: number, first: number, last: number) => {
    const f = at * stride;
    for (let k = 0; k < 3; k++) {
      const value = positions[v * 3 + k];
      const high = Math.fround(value);
      floats[f + STRIP_VERTEX.high + k] = high;
      floats[f + STRIP_VERTEX.low + k] = value - high;
    }
    for (let k = 0; k < 4; k++) floats[f + STRIP_VERTEX.trackOffset + k] = offsets[v * 4 + k];
    // A run's ends take the direction of their one segment on both sides.
    const before = v > first ? v - 1 : v;
    const after = v < last ? v + 1 : v;
    segment(f + STRIP_VERTEX.segmentIn, v > first ? before : v, v > first ? v : after);
    segment(f + STRIP_VERTEX.segmentOut, v < last ? v : before, v < last ? after : v);
    floats[f + STRIP_VERTEX.ends] = side;
    floats[f + STRIP_VERTEX.ends + 1] = cap;
    const c = at * STRIP_STRIDE + STRIP_VERTEX.colorByte;
    if (colors) bytes.set(colors.subarray(v * 4, v * 4 + 4), c);
    else if (color) bytes.set([color[0], color[1], color[2], color[3] ?? 255], c);
    at++;
  };
  const copyPrevious = () => {
    bytes.copyWithin(at * STRIP_STRIDE, (at - 1) * STRIP_STRIDE, at * STRIP_STRIDE);
    at++;
  };

  runs.forEach(([first, last], r) => {
    if (r > 0) {
      copyPrevious(); // repeat the previous run's last vertex…
      write(first, -1, -1, first, last); // …and this run's first: two degenerate triangles
    }
    for (let v = first; v <= last; v++) {
      const cap = v === first ? -1 : v === last ? 1 : 0;
      write(v, -1, cap, first, last);
      write(v, 1, cap, first, last);
    }
  });
  return { bytes, vertexCount, segmentCount };
}
