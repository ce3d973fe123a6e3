import type { Network } from './network.ts';
import { groundScale, lngLatToMercator, QUERY_UNIT } from './pipeline/polyline.ts';
import { trackScale, type TrackDimensions } from './track-position.ts';

/**
 * The route of a railway for a zoom range: the track vertices trains follow,
 * with cumulative ground distances (metres at zoom 14, the same measure as the
 * bundle's station offsets).
 */
export interface Route {
  railway: number;
  /** Index of the railway variant (zoom range) this route belongs to. */
  variant: number;
  minZoom: number;
  maxZoom: number;
  /** Indices into `network.track`. */
  vertices: Uint32Array;
  /** Ground metres from the start of the route to each vertex. */
  lengths: Float64Array;
  length: number;
  /** A loop line: distances wrap around (station offsets of a loop run to one lap past the start). */
  loop: boolean;
}

/** Routes of every railway, one per zoom variant. */
export interface RouteSet {
  byRailway: Route[][];
}

/** A point on a route: position, altitude, heading (degrees clockwise from north) and slope (radians, up positive). */
export interface RouteSample {
  lng: number;
  lat: number;
  altitude: number;
  bearing: number;
  pitch: number;
  /** Offset vector depth at the point (negative underground). */
  depth: number;
}

/** Creates a reusable output for {@link sampleRoute}. */
export const createRouteSample = (): RouteSample => ({ lng: 0, lat: 0, altitude: 0, bearing: 0, pitch: 0, depth: 0 });

function buildRoute(network: Network, railway: number, variant: number, pieces: number[], minZoom: number, maxZoom: number): Route {
  const { positions, offsets } = network.track;
  const vertices: number[] = [];
  const xy: [number, number][] = [];
  for (const p of pieces) {
    const piece = network.meta.pieces[p];
    for (let v = piece.start; v < piece.start + piece.count; v++) {
      const [x, y] = lngLatToMercator(positions[v * 3], positions[v * 3 + 1]);
      const qx = x + offsets[v * 3] * QUERY_UNIT;
      const qy = y + offsets[v * 3 + 1] * QUERY_UNIT;
      const last = xy[xy.length - 1];
      const lastV = vertices[vertices.length - 1];
      // Joined pieces repeat their shared vertex; the pipeline measured the route without the repeat.
      if (last && Math.abs(last[0] - qx) < 1e-3 && Math.abs(last[1] - qy) < 1e-3 && Math.abs(offsets[lastV * 3 + 2] - offsets[v * 3 + 2]) < 1e-6) continue;
      vertices.push(v);
      xy.push([qx, qy]);
    }
  }
  const lengths = new Float64Array(vertices.length);
  for (let i = 1; i < xy.length; i++) {
    lengths[i] = lengths[i - 1] + Math.hypot(xy[i][0] - xy[i - 1][0], xy[i][1] - xy[i - 1][1]) * groundScale((xy[i][1] + xy[i - 1][1]) / 2);
  }
  return {
    railway,
    variant,
    minZoom,
    maxZoom,
    vertices: Uint32Array.from(vertices),
    lengths,
    length: lengths[lengths.length - 1] ?? 0,
    loop: network.meta.railways[railway].loop,
  };
}

/** Builds the routes of every railway of a network. */
export function buildRoutes(network: Network): RouteSet {
  return {
    byRailway: network.meta.railways.map((r, ri) => r.variants.map((v, vi) => buildRoute(network, ri, vi, v.pieces, v.minZoom, v.maxZoom))),
  };
}

/** The route of a railway valid at a zoom. */
export function routeAt(routes: RouteSet, railway: number, zoom: number): Route {
  const variants = routes.byRailway[railway];
  for (const r of variants) if (r.minZoom <= zoom && zoom < r.maxZoom) return r;
  return variants[0];
}

/** Index of the segment of `lengths` (a route's) containing `distance` (binary search). */
export function segmentAt(lengths: Float64Array, distance: number): number {
  let lo = 0;
  let hi = lengths.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (lengths[mid] <= distance) lo = mid;
    else hi = mid;
  }
  return lo;
}

const DEGREES = 180 / Math.PI;
const EARTH_RADIUS = 6378137;

/**
 * Where a point `distance` metres along a route is drawn at a zoom (track
 * offsets applied), with the heading and slope of the track there.
 * `distance` is clamped to the route (wrapped on a loop). Writes into and
 * returns `out`; allocates nothing (it runs for every car of every frame).
 */
export function sampleRoute(network: Network, route: Route, distance: number, zoom: number, dims: TrackDimensions, out: RouteSample): RouteSample {
  const { positions, offsets } = network.track;
  const { lengths, vertices } = route;
  const d = route.loop && route.length > 0 ? ((distance % route.length) + route.length) % route.length : Math.max(0, Math.min(route.length, distance));
  const i = Math.min(segmentAt(lengths, d), Math.max(0, vertices.length - 2));
  const a = vertices[i] * 3;
  const b = vertices[Math.min(i + 1, vertices.length - 1)] * 3;
  const span = lengths[i + 1] - lengths[i];
  const t = span > 0 ? (d - lengths[i]) / span : 0;
  const s = trackScale(zoom);
  const metres = dims.spacingMetres * s; // Mercator metres per offset unit
  const depth = dims.depthMetres * s;
  const lat = positions[a + 1] + (positions[b + 1] - positions[a + 1]) * t;
  const cosLat = Math.cos(lat / DEGREES);
  // Mercator metres → degrees: Δlng = Δx / R, Δlat = Δy · cos φ / R.
  const toLng = DEGREES / EARTH_RADIUS;
  const toLat = (DEGREES * cosLat) / EARTH_RADIUS;
  const vx = offsets[a] + (offsets[b] - offsets[a]) * t;
  const vy = offsets[a + 1] + (offsets[b + 1] - offsets[a + 1]) * t;
  const vz = offsets[a + 2] + (offsets[b + 2] - offsets[a + 2]) * t;
  out.lng = positions[a] + (positions[b] - positions[a]) * t + vx * metres * toLng;
  out.lat = lat + vy * metres * toLat;
  out.altitude = vz * depth;
  out.depth = vz;
  // Direction of the drawn segment, in ground metres east and north.
  const east = ((positions[b] - positions[a]) / toLng + (offsets[b] - offsets[a]) * metres) * cosLat;
  const north = ((positions[b + 1] - positions[a + 1]) / toLat + (offsets[b + 1] - offsets[a + 1]) * metres) * cosLat;
  const horizontal = Math.hypot(east, north);
  if (horizontal > 1e-6) {
    out.bearing = Math.atan2(east, north) * DEGREES;
    out.pitch = Math.atan2((offsets[b + 2] - offsets[a + 2]) * depth, horizontal);
  }
  return out;
}
