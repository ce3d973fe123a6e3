/**
 * The route lines of a feed as one GPU-ready triangle strip, built in the
 * GTFS worker so that the main thread only uploads it: every shape that a
 * route's trips run on, without the segments an earlier shape already drew,
 * simplified (Douglas–Peucker, a couple of metres) and coloured like its
 * route, in the vertex layout of the railways' line layer
 * (`src/layers/track-strips.ts`), so the same shaders draw it.
 *
 * A shape used by several routes is drawn in the colour of the first of them
 * (routes.txt order), and a street that several shapes share in the colour of
 * the first shape on it.
 *
 * @module
 */
import type { BinaryPaths } from '../geometry/path-culling.ts';
import { buildTrackStrip, type TrackStrip } from '../geometry/track-strips.ts';
import { packVertexStyle } from '../geometry/vertex-style.ts';
import type { GtfsRoute, GtfsShape } from './feed-model.ts';

/** Options of {@link buildRouteStrip}. */
export interface RouteStripOptions {
  /** Largest distance (metres) of a dropped point from the simplified line. Default 2. */
  toleranceMetres?: number;
  /** Line width in track units (see `track-uniforms.ts`). Default {@link ROUTE_LINE_WIDTH}. */
  width?: number;
}

/** Width of route lines in track units: about 3.5 px from zoom 13 to 18, never thinner than the track style's minimum. */
export const ROUTE_LINE_WIDTH = 0.2;

const RAD = Math.PI / 180;
const METRES_PER_DEGREE = 111_320;

/**
 * Indexes of the points of interleaved lng/lat `coordinates` that a
 * Douglas–Peucker simplification with `tolerance` metres keeps (the first and
 * last always), ascending.
 */
export function simplifyLine(coordinates: Float64Array, tolerance: number): number[] {
  const count = coordinates.length / 2;
  if (count <= 2) return Array.from({ length: count }, (_, i) => i);
  const kx = Math.cos(coordinates[1] * RAD) * METRES_PER_DEGREE;
  const ky = METRES_PER_DEGREE;
  const keep = new Uint8Array(count);
  keep[0] = keep[count - 1] = 1;
  const toleranceSq = tolerance * tolerance;
  const stack: number[] = [0, count - 1];
  while (stack.length > 0) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    const ax = coordinates[2 * first] * kx;
    const ay = coordinates[2 * first + 1] * ky;
    const dx = coordinates[2 * last] * kx - ax;
    const dy = coordinates[2 * last + 1] * ky - ay;
    const lengthSq = dx * dx + dy * dy;
    let worst = -1;
    let worstSq = toleranceSq;
    for (let i = first + 1; i < last; i++) {
      const px = coordinates[2 * i] * kx - ax;
      const py = coordinates[2 * i + 1] * ky - ay;
      const t = lengthSq > 0 ? Math.min(1, Math.max(0, (px * dx + py * dy) / lengthSq)) : 0;
      const ex = px - t * dx;
      const ey = py - t * dy;
      const distanceSq = ex * ex + ey * ey;
      if (distanceSq > worstSq) {
        worstSq = distanceSq;
        worst = i;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push(first, worst, worst, last);
  }
  const kept: number[] = [];
  for (let i = 0; i < count; i++) if (keep[i]) kept.push(i);
  return kept;
}

/** Degrees to which segment ends are rounded to tell segments that several shapes share (about a metre). */
const SEGMENT_GRID = 1e5;

/**
 * The parts of the used shapes to draw, as runs of points (`[shape, first point, last point]`): shapes repeat one
 * another (a route's variants run on the same streets; Halifax's 181 shapes have 105,607 segments, 34,372 of them
 * distinct), and a segment already drawn by an earlier shape, in either direction, is left out.
 */
function distinctRuns(order: readonly number[], shapes: readonly GtfsShape[]): [number, number, number][] {
  // Points are numbered by their rounded position; a segment is the pair of its ends' numbers, smaller first.
  const pointIds = new Map<number, number>();
  const pointId = (c: Float64Array, i: number) => {
    const key = (Math.round(c[2 * i] * SEGMENT_GRID) + 2 ** 25) * 2 ** 25 + Math.round(c[2 * i + 1] * SEGMENT_GRID) + 2 ** 24;
    let id = pointIds.get(key);
    if (id === undefined) pointIds.set(key, (id = pointIds.size));
    return id;
  };
  const seen = new Set<number>();
  const runs: [number, number, number][] = [];
  for (const shape of order) {
    const c = shapes[shape].coordinates;
    const count = c.length / 2;
    let first = -1;
    let previous = count > 0 ? pointId(c, 0) : 0;
    for (let i = 0; i < count - 1; i++) {
      const next = pointId(c, i + 1);
      const segment = previous < next ? previous * 2 ** 26 + next : next * 2 ** 26 + previous;
      previous = next;
      const isNew = !seen.has(segment);
      if (isNew) seen.add(segment);
      if (isNew && first < 0) first = i;
      if (!isNew && first >= 0) {
        runs.push([shape, first, i]);
        first = -1;
      }
    }
    if (first >= 0) runs.push([shape, first, count - 1]);
  }
  return runs;
}

/**
 * The route lines of a feed as binary paths (`getPath`, `getTrackOffset`, `getColor`): the distinct parts of the
 * shapes in use (see {@link distinctRuns}), each simplified, in the colour of the first route using its shape.
 */
export function routePaths(routes: readonly GtfsRoute[], shapes: readonly GtfsShape[], toleranceMetres = 2): BinaryPaths & { pointCount: number } {
  const colourOf = new Map<number, GtfsRoute['color']>();
  for (const route of routes) for (const shape of route.shapes) if (!colourOf.has(shape)) colourOf.set(shape, route.color);
  const order = [...colourOf.keys()].sort((a, b) => a - b);
  let pointCount = 0;
  for (const shape of order) pointCount += shapes[shape].coordinates.length / 2;
  const kept: { shape: number; points: number[] }[] = [];
  let total = 0;
  for (const [shape, first, last] of distinctRuns(order, shapes)) {
    const coordinates = shapes[shape].coordinates.subarray(2 * first, 2 * last + 2);
    const points = simplifyLine(coordinates, toleranceMetres).map((i) => i + first);
    if (points.length < 2) continue;
    kept.push({ shape, points });
    total += points.length;
  }
  const positions = new Float64Array(total * 3);
  const offsets = new Float32Array(total * 4);
  const colors = new Uint8Array(total * 4);
  const startIndices = new Uint32Array(kept.length + 1);
  const style = packVertexStyle(0, 24, 1);
  let v = 0;
  kept.forEach(({ shape, points }, p) => {
    startIndices[p] = v;
    const coordinates = shapes[shape].coordinates;
    const [r, g, b] = colourOf.get(shape)!;
    for (const i of points) {
      positions[v * 3] = coordinates[2 * i];
      positions[v * 3 + 1] = coordinates[2 * i + 1];
      offsets[v * 4 + 3] = style;
      colors.set([r, g, b, 255], v * 4);
      v++;
    }
  });
  startIndices[kept.length] = v;
  return {
    length: kept.length,
    startIndices,
    pointCount,
    attributes: {
      getPath: { value: positions, size: 3 },
      getTrackOffset: { value: offsets, size: 4 },
      getColor: { value: colors, size: 4, normalized: true },
    },
  };
}

/** The route lines of a feed as a strip for the line layer; `bytes` can be transferred to the main thread. */
export function buildRouteStrip(routes: readonly GtfsRoute[], shapes: readonly GtfsShape[], options: RouteStripOptions = {}): TrackStrip & { pointCount: number; keptPointCount: number } {
  const paths = routePaths(routes, shapes, options.toleranceMetres ?? 2);
  const strip = buildTrackStrip(paths, { width: options.width ?? ROUTE_LINE_WIDTH });
  return { ...strip, pointCount: paths.pointCount, keptPointCount: paths.startIndices[paths.length] };
}
