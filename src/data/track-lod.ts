/**
 * Level of detail for track geometry.
 *
 * The track is stored once, detailed enough for smooth curves at zoom 18.
 * Zoomed out, most of those vertices lie closer together than a pixel, yet
 * each segment costs the same to draw (software WebGL pays per vertex). This
 * module derives coarser copies of the track, one per zoom band, each
 * simplified (Douglas–Peucker) so that no line moves by more than half a
 * pixel at any zoom the band serves.
 *
 * A vertex is drawn at `B + V·s` (base point plus offset vector scaled by
 * `s = 2^(14 − clamp(zoom, 13, 18))`, see `track-uniforms.ts`), so the shape
 * on the ground changes with zoom between 13 and 18. A vertex is dropped only
 * when it is within tolerance at every eighth of a zoom the band serves.
 * Vertices where the drawn opacity changes are always kept.
 *
 * Pure TypeScript (no deck.gl): the layers turn the result into chunks.
 * @module
 */
import { pixelsPerMercatorMetre, trackScale, type TrackDimensions } from './track-position.ts';

/** A zoom band `[minZoom, maxZoom)` and its simplification tolerance. */
export interface LodBand {
  minZoom: number;
  maxZoom: number;
  /** Largest allowed deviation, in pixels at the band's highest zoom (`maxZoom`), or 0: the full geometry. */
  tolerancePixels: number;
}

/** Highest zoom of the map (the full geometry serves everything above the last simplified band). */
export const MAX_MAP_ZOOM = 24;

/**
 * The bands of the track: one per whole zoom from 10 to 16, everything
 * below 10 as one, and the full geometry from 16 up (where simplifying at
 * half a pixel keeps nearly every vertex anyway).
 */
export const TRACK_LOD_BANDS: readonly LodBand[] = [
  { minZoom: 0, maxZoom: 10, tolerancePixels: 0.5 },
  { minZoom: 10, maxZoom: 11, tolerancePixels: 0.5 },
  { minZoom: 11, maxZoom: 12, tolerancePixels: 0.5 },
  { minZoom: 12, maxZoom: 13, tolerancePixels: 0.5 },
  { minZoom: 13, maxZoom: 14, tolerancePixels: 0.5 },
  { minZoom: 14, maxZoom: 15, tolerancePixels: 0.5 },
  { minZoom: 15, maxZoom: 16, tolerancePixels: 0.5 },
  { minZoom: 16, maxZoom: MAX_MAP_ZOOM, tolerancePixels: 0 },
];

const EARTH_RADIUS = 6378137;
/** Zooms per unit at which a band whose shape changes with zoom is checked. */
const SAMPLES_PER_ZOOM = 8;

/** Geometry of one polyline: `positions` [lng, lat, *] and `offsets` [vx, vy, vz] per vertex (stride 3). */
export interface TrackPolyline {
  positions: ArrayLike<number>;
  offsets: ArrayLike<number>;
  /** Opacity per vertex (a change of opacity is never simplified away). */
  opacity?: ArrayLike<number>;
  /** First vertex and vertex count of the polyline in the arrays. */
  start: number;
  count: number;
}

/** Where each vertex is drawn (Mercator metres, x/y/z) at the offset scales `scales`. */
function drawnPositions(line: TrackPolyline, scales: readonly number[], scale: TrackDimensions): Float64Array[] {
  const base = new Float64Array(line.count * 3);
  for (let i = 0; i < line.count; i++) {
    const v = line.start + i;
    const latRad = (line.positions[v * 3 + 1] * Math.PI) / 180;
    base[i * 3] = (EARTH_RADIUS * line.positions[v * 3] * Math.PI) / 180;
    base[i * 3 + 1] = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + latRad / 2));
    // Depth is in real metres; Mercator stretches it like the ground (1 / cos latitude).
    base[i * 3 + 2] = 1 / Math.cos(latRad);
  }
  return scales.map((s) => {
    const out = new Float64Array(line.count * 3);
    const metres = scale.spacingMetres * s;
    const depth = scale.depthMetres * s;
    for (let i = 0; i < line.count; i++) {
      const v = line.start + i;
      out[i * 3] = base[i * 3] + line.offsets[v * 3] * metres;
      out[i * 3 + 1] = base[i * 3 + 1] + line.offsets[v * 3 + 1] * metres;
      out[i * 3 + 2] = line.offsets[v * 3 + 2] * depth * base[i * 3 + 2];
    }
    return out;
  });
}

/** Distance (3D) from point i to the segment a–b of one drawn-position array. */
function distanceToSegment(p: Float64Array, i: number, a: number, b: number): number {
  const ax = p[a * 3], ay = p[a * 3 + 1], az = p[a * 3 + 2];
  const dx = p[b * 3] - ax, dy = p[b * 3 + 1] - ay, dz = p[b * 3 + 2] - az;
  const px = p[i * 3] - ax, py = p[i * 3 + 1] - ay, pz = p[i * 3 + 2] - az;
  const lengthSq = dx * dx + dy * dy + dz * dz;
  const t = lengthSq > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy + pz * dz) / lengthSq)) : 0;
  const ex = px - t * dx, ey = py - t * dy, ez = pz - t * dz;
  return Math.sqrt(ex * ex + ey * ey + ez * ez);
}

/**
 * Indices (relative to `line.start`, ascending, first and last included) of
 * the vertices a band keeps. With a tolerance of 0 every vertex is kept.
 */
export function simplifyTrackPolyline(line: TrackPolyline, band: LodBand, scale: TrackDimensions): number[] {
  const n = line.count;
  if (band.tolerancePixels <= 0 || n <= 2) return Array.from({ length: n }, (_, i) => i);
  const tolerance = band.tolerancePixels / pixelsPerMercatorMetre(band.maxZoom);
  const top = Math.min(band.maxZoom, 18);
  const bottom = Math.max(Math.min(band.minZoom, 18), 13);
  // The drawn shape moves with s between the band's zooms (13 to 18): check it every eighth of a zoom.
  const steps = top > bottom ? Math.ceil((top - bottom) * SAMPLES_PER_ZOOM) : 0;
  const scales = [...new Set(Array.from({ length: steps + 1 }, (_, i) => trackScale(bottom + ((top - bottom) * i) / Math.max(steps, 1))))];
  const drawn = drawnPositions(line, scales, scale);
  // Most segments are decided by the band's two ends and middle; the other samples only confirm a segment kept whole.
  const coarse = [...new Set([drawn[0], drawn[drawn.length >> 1], drawn[drawn.length - 1]])];
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  if (line.opacity) {
    for (let i = 1; i < n - 1; i++) {
      const o = line.opacity[line.start + i];
      if (o !== line.opacity[line.start + i - 1] || o !== line.opacity[line.start + i + 1]) keep[i] = 1;
    }
  }
  // Iterative Douglas–Peucker between consecutive kept vertices.
  const stack: Array<[number, number]> = [];
  let from = 0;
  for (let i = 1; i < n; i++) {
    if (keep[i]) {
      stack.push([from, i]);
      from = i;
    }
  }
  const farthest = (a: number, b: number, samples: readonly Float64Array[]): number => {
    let worst = -1;
    let worstDistance = tolerance;
    for (let i = a + 1; i < b; i++) {
      let d = 0;
      for (const p of samples) d = Math.max(d, distanceToSegment(p, i, a, b));
      if (d > worstDistance) {
        worstDistance = d;
        worst = i;
      }
    }
    return worst;
  };
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let worst = farthest(a, b, coarse);
    if (worst < 0 && drawn.length > coarse.length) worst = farthest(a, b, drawn);
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) kept.push(i);
  return kept;
}

/** The zoom range a piece valid in `[minZoom, maxZoom)` covers within a band, or null when they do not overlap. */
export function bandZoomRange(band: LodBand, minZoom: number, maxZoom: number): [number, number] | null {
  const lo = Math.max(band.minZoom, minZoom);
  const hi = Math.min(band.maxZoom, maxZoom);
  return lo < hi ? [lo, hi] : null;
}
