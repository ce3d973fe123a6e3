/**
 * The route lines of a feed as one GPU-ready triangle strip, built in the
 * GTFS worker so that the main thread only uploads it: every shape that a
 * route's trips run on, simplified (Douglas–Peucker, a couple of metres) and
 * coloured like its route, in the vertex layout of the railways' line layer
 * (`src/layers/track-strips.ts`), so the same shaders draw it.
 *
 * A shape used by several routes is drawn once, in the colour of the first of
 * them (routes.txt order).
 *
 * @module
 */
import type { BinaryPaths } from '../../layers/path-culling.ts';
import { buildTrackStrip, type TrackStrip } from '../../layers/track-strips.ts';
import { packVertexStyle } from '../../layers/vertex-style.ts';
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

/** The route lines of a feed as binary paths (`getPath`, `getTrackOffset`, `getColor`), one path per shape in use. */
export function routePaths(routes: readonly GtfsRoute[], shapes: readonly GtfsShape[], toleranceMetres = 2): BinaryPaths & { pointCount: number } {
  const colourOf = new Map<number, GtfsRoute['color']>();
  for (const route of routes) for (const shape of route.shapes) if (!colourOf.has(shape)) colourOf.set(shape, route.color);
  const kept: { shape: number; points: number[] }[] = [];
  let total = 0;
  let pointCount = 0;
  for (const shape of [...colourOf.keys()].sort((a, b) => a - b)) {
    const coordinates = shapes[shape].coordinates;
    pointCount += coordinates.length / 2;
    const points = simplifyLine(coordinates, toleranceMetres);
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
