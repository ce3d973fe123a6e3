/**
 * Distances and positions along a shape (a lng/lat polyline).
 *
 * Distances are metres on a sphere of the Earth's mean radius; projecting a
 * point onto a segment uses a local flat approximation, which is exact enough
 * (well under a metre) at the length of a shape segment.
 *
 * @module
 */
import type { GtfsShape } from './feed-model.ts';

/** Mean Earth radius, metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance between two points, metres. */
export function metresBetween(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial compass bearing from the first point to the second, degrees clockwise from north in [0, 360). */
export function bearingBetween(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const y = Math.sin((lng2 - lng1) * RAD) * Math.cos(lat2 * RAD);
  const x = Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) - Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lng2 - lng1) * RAD);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** Metres from the first point to each point of interleaved lng/lat `coordinates`. */
export function cumulativeDistances(coordinates: Float64Array): Float64Array {
  const count = coordinates.length / 2;
  const distances = new Float64Array(count);
  for (let i = 1; i < count; i++) {
    distances[i] = distances[i - 1] + metresBetween(coordinates[2 * i - 2], coordinates[2 * i - 1], coordinates[2 * i], coordinates[2 * i + 1]);
  }
  return distances;
}

/** Length of a shape, metres. */
export function shapeLength(shape: GtfsShape): number {
  return shape.distances.length === 0 ? 0 : shape.distances[shape.distances.length - 1];
}

/** A point on a shape. */
export interface ShapePoint {
  lng: number;
  lat: number;
  /** Direction of travel there, degrees clockwise from north. */
  bearing: number;
  /** Metres along the shape. */
  distance: number;
}

/** A point projected onto a shape. */
export interface ShapeProjection {
  /** Metres along the shape of the nearest point. */
  distance: number;
  /** Metres from the given point to the shape. */
  offset: number;
}

/**
 * The point of `shape` nearest to (`lng`, `lat`), looking only at the part at
 * or after `fromDistance` metres (so a vehicle on a route that passes the same
 * place twice is matched to the pass ahead of it, never to one behind).
 */
export function projectOntoShape(shape: GtfsShape, lng: number, lat: number, fromDistance = 0): ShapeProjection {
  const { coordinates: c, distances } = shape;
  const count = distances.length;
  if (count === 0) return { distance: 0, offset: Infinity };
  if (count === 1) return { distance: 0, offset: metresBetween(lng, lat, c[0], c[1]) };
  const kx = Math.cos(lat * RAD) * RAD * EARTH_RADIUS_M;
  const ky = RAD * EARTH_RADIUS_M;
  let best = Infinity;
  let bestDistance = 0;
  const first = segmentAt(distances, fromDistance);
  for (let i = first; i < count - 1; i++) {
    const ax = (c[2 * i] - lng) * kx;
    const ay = (c[2 * i + 1] - lat) * ky;
    const dx = (c[2 * i + 2] - lng) * kx - ax;
    const dy = (c[2 * i + 3] - lat) * ky - ay;
    const lengthSq = dx * dx + dy * dy;
    let t = lengthSq > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSq)) : 0;
    const segmentStart = distances[i];
    const segmentLength = distances[i + 1] - segmentStart;
    if (segmentStart + t * segmentLength < fromDistance && segmentLength > 0) t = Math.min(1, (fromDistance - segmentStart) / segmentLength);
    const px = ax + t * dx;
    const py = ay + t * dy;
    const offsetSq = px * px + py * py;
    if (offsetSq < best) {
      best = offsetSq;
      bestDistance = segmentStart + t * segmentLength;
    }
  }
  return { distance: bestDistance, offset: Math.sqrt(best) };
}

/** The point `distance` metres along `shape` (clamped to its ends) and the direction of travel there. */
export function pointAtDistance(shape: GtfsShape, distance: number): ShapePoint {
  const { coordinates: c, distances } = shape;
  const count = distances.length;
  if (count === 0) return { lng: NaN, lat: NaN, bearing: 0, distance: 0 };
  if (count === 1) return { lng: c[0], lat: c[1], bearing: 0, distance: 0 };
  const d = Math.min(Math.max(distance, 0), distances[count - 1]);
  const i = segmentAt(distances, d);
  const length = distances[i + 1] - distances[i];
  const t = length > 0 ? (d - distances[i]) / length : 0;
  return {
    lng: c[2 * i] + t * (c[2 * i + 2] - c[2 * i]),
    lat: c[2 * i + 1] + t * (c[2 * i + 3] - c[2 * i + 1]),
    bearing: bearingOfSegment(shape, i),
    distance: d,
  };
}

/** Index of the segment (from point i to i+1) that holds `distance`: the last i with distances[i] ≤ distance, at most count − 2. */
function segmentAt(distances: Float64Array, distance: number): number {
  let low = 0;
  let high = distances.length - 2;
  if (high < 0) return 0;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (distances[mid] <= distance) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Bearing of segment i, or of the nearest non-degenerate segment after (else before) it when its points coincide. */
function bearingOfSegment(shape: GtfsShape, i: number): number {
  const { coordinates: c, distances } = shape;
  const last = distances.length - 2;
  let k = i;
  while (k < last && distances[k + 1] - distances[k] === 0) k++;
  while (k > 0 && distances[k + 1] - distances[k] === 0) k--;
  return bearingBetween(c[2 * k], c[2 * k + 1], c[2 * k + 2], c[2 * k + 3]);
}
