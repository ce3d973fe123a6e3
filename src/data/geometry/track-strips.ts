import { pathsOfChunks, type BinaryPaths, type ChunkAssembler } from './path-culling.ts';
import { COMMON_UNITS_PER_MERCATOR_METRE, TRACK_SPACING_METRES } from './track-units.ts';
import { vertexStyleOpacity } from './vertex-style.ts';

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
  /**
   * float32 × 4: side (−1 left, +1 right; ±2 in a run of one segment drawn as one quad, whose cap vertices are its
   * only vertices, see {@link buildTrackStrip}); cap (−1 the cap before a run's first vertex, +1 the one after its
   * last, 0 on the line); width (track units); outline width (track units, the whole width with the outline drawn
   * around the line; 0: no outline).
   */
  ends: 18,
  /** Byte offset of the RGBA colour (4 bytes). */
  colorByte: 88,
} as const;

/** Bytes per strip vertex. */
export const STRIP_STRIDE = 92;

/**
 * How {@link buildTrackStrip} colours and sizes the lines when the paths carry no `getColor` / `getWidth` (and no
 * `getOutlineWidth`: then no outline).
 */
export interface StripStyle {
  /** RGBA 0–255 for every vertex (used when the paths have no `getColor`). */
  color?: readonly number[];
  /** Width in track units for every vertex (used when the paths have no `getWidth`). */
  width?: number;
  /** Common units per track unit at zoom 14 (to tell sharp turns; see `track-uniforms.ts`). */
  spacing?: number;
}

/** A run turning by more than this (cosine of the angle: 60°) at a vertex is cut there: two round ends make the joint. */
const SHARP_TURN_COS = 0.5;

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
/** The track spacing at zoom 14 in common units (what the layers pass as `track.spacing`). */
const DEFAULT_SPACING = TRACK_SPACING_METRES * COMMON_UNITS_PER_MERCATOR_METRE;

function commonY(lat: number): number {
  return COMMON_PER_MERCATOR_RADIAN * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
}


/**
 * Builds the strip of binary paths with attributes `getPath` (3 values per
 * vertex), `getTrackOffset` (4: offset and packed style) and optionally
 * `getColor` (4 bytes), `getWidth` (1 value, track units) and `getOutlineWidth` (1 value, track units: the
 * width of the line with its outline, drawn in the same pass by a layer given an outline colour).
 */
export function buildTrackStrip(paths: BinaryPaths, style: StripStyle = {}): TrackStrip {
  const positions = paths.attributes.getPath.value as Float64Array | Float32Array;
  const offsets = paths.attributes.getTrackOffset.value as Float32Array;
  const colors = paths.attributes.getColor?.value as Uint8Array | undefined;
  const widths = paths.attributes.getWidth?.value as Float32Array | undefined;
  const outlineWidths = paths.attributes.getOutlineWidth?.value as Float32Array | undefined;
  const runs: Array<[number, number]> = [];
  const color = style.color ?? [0, 0, 0, 255];
  const width = style.width ?? 1;
  const spacing = style.spacing ?? DEFAULT_SPACING;
  // Drawn direction of the segment from a to b at zoom 14 (s = 1), not normalised.
  const dx = (a: number, b: number) => (positions[b * 3] - positions[a * 3]) * COMMON_PER_DEGREE + (offsets[b * 4] - offsets[a * 4]) * spacing;
  const dy = (a: number, b: number) => commonY(positions[b * 3 + 1]) - commonY(positions[a * 3 + 1]) + (offsets[b * 4 + 1] - offsets[a * 4 + 1]) * spacing;
  const sharp = (v: number) => {
    const ax = dx(v - 1, v), ay = dy(v - 1, v), bx = dx(v, v + 1), by = dy(v, v + 1);
    const lengths = Math.hypot(ax, ay) * Math.hypot(bx, by);
    return lengths > 0 && (ax * bx + ay * by) / lengths < SHARP_TURN_COS;
  };
  const addRun = (first: number, last: number) => {
    let from = first;
    for (let v = first + 1; v < last; v++) {
      if (!sharp(v)) continue;
      runs.push([from, v]);
      from = v;
    }
    runs.push([from, last]);
  };

  // Runs of visible vertices: [first, last] inclusive, at least two vertices.
  for (let p = 0; p < paths.length; p++) {
    const end = paths.startIndices[p + 1];
    let first = -1;
    for (let v = paths.startIndices[p]; v <= end; v++) {
      const visible = v < end && vertexStyleOpacity(offsets[v * 4 + 3]) > 0;
      if (visible && first < 0) first = v;
      if (!visible && first >= 0) {
        if (v - 1 > first) addRun(first, v - 1);
        first = -1;
      }
    }
  }

  // A run of one segment is one quad: its two cap pairs, the shader rounding its ends from the segment's length.
  const runVertices = (first: number, last: number) => (last - first === 1 ? 4 : (last - first + 3) * 2);
  let vertexCount = 0;
  let segmentCount = 0;
  for (const [first, last] of runs) {
    vertexCount += runVertices(first, last);
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
  const write = (v: number, side: number, cap: number, first: number, last: number, quad = 0) => {
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
    floats[f + STRIP_VERTEX.ends] = quad ? side * 2 : side;
    floats[f + STRIP_VERTEX.ends + 1] = cap;
    floats[f + STRIP_VERTEX.ends + 2] = widths ? widths[v] : width;
    floats[f + STRIP_VERTEX.ends + 3] = outlineWidths ? outlineWidths[v] : 0;
    const c = at * STRIP_STRIDE + STRIP_VERTEX.colorByte;
    if (colors) bytes.set(colors.subarray(v * 4, v * 4 + 4), c);
    else bytes.set([color[0], color[1], color[2], color[3] ?? 255], c);
    at++;
  };
  const copyPrevious = () => {
    bytes.copyWithin(at * STRIP_STRIDE, (at - 1) * STRIP_STRIDE, at * STRIP_STRIDE);
    at++;
  };

  runs.forEach(([first, last], r) => {
    const quad = last - first === 1 ? 1 : 0;
    if (r > 0) {
      copyPrevious(); // repeat the previous run's last vertex…
      write(first, -1, -1, first, last, quad); // …and this run's first: two degenerate triangles
    }
    write(first, -1, -1, first, last, quad);
    write(first, 1, -1, first, last, quad);
    if (!quad) {
      for (let v = first; v <= last; v++) {
        write(v, -1, 0, first, last);
        write(v, 1, 0, first, last);
      }
    }
    write(last, -1, 1, first, last, quad);
    write(last, 1, 1, first, last, quad);
  });
  return { bytes, vertexCount, segmentCount };
}

/** Strips end to end, each joined to the next by two degenerate triangles (its last vertex and the next's first, repeated). */
export function joinStrips(strips: readonly TrackStrip[]): TrackStrip {
  const parts = strips.filter((s) => s.vertexCount > 0);
  let vertexCount = Math.max(0, parts.length - 1) * 2;
  let segmentCount = 0;
  for (const part of parts) {
    vertexCount += part.vertexCount;
    segmentCount += part.segmentCount;
  }
  const bytes = new Uint8Array(vertexCount * STRIP_STRIDE);
  let at = 0;
  parts.forEach((part, i) => {
    const size = part.vertexCount * STRIP_STRIDE;
    if (i > 0) {
      bytes.copyWithin(at, at - STRIP_STRIDE, at);
      bytes.set(part.bytes.subarray(0, STRIP_STRIDE), at + STRIP_STRIDE);
      at += 2 * STRIP_STRIDE;
    }
    bytes.set(part.bytes.subarray(0, size), at);
    at += size;
  });
  return { bytes, vertexCount, segmentCount };
}

/** Bytes of chunk strips an assembler keeps (the chunks last selected are always kept). */
const KEPT_STRIP_BYTES = 8_000_000;

/**
 * Builds each chunk's strip the first time the chunk is selected and joins
 * the selected chunks' strips: selecting again (as a turning camera does)
 * costs copies, not a new strip. Beyond {@link KEPT_STRIP_BYTES}, the strips
 * of chunks not selected now are let go.
 */
export function chunkStripAssembler(style: StripStyle): ChunkAssembler<TrackStrip> {
  const built = new Map<number, TrackStrip>();
  let keptBytes = 0;
  return (chunked, selected) => {
    const strips = selected.map((i) => {
      let strip = built.get(i);
      if (!strip) {
        built.set(i, (strip = buildTrackStrip(pathsOfChunks(chunked, [i]), style)));
        keptBytes += strip.bytes.byteLength;
      }
      return strip;
    });
    if (keptBytes > KEPT_STRIP_BYTES) {
      const now = new Set(selected);
      for (const [i, strip] of built) {
        if (now.has(i)) continue;
        built.delete(i);
        keptBytes -= strip.bytes.byteLength;
      }
    }
    return joinStrips(strips);
  };
}
