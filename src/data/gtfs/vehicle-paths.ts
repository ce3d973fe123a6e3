/**
 * The vehicles' motions of one poll flattened for drawing every frame: each
 * motion becomes a short timed polyline (the shape's points between where the
 * vehicle is and where it was reported, each with the time the vehicle passes
 * it, and the bearing of each segment), so that a frame's poses are a walk
 * along a cursor and a linear interpolation per vehicle: no search, no
 * trigonometry and no allocation per frame. Built once per poll; gives the
 * same poses as {@link poseAt}.
 *
 * @module
 */
import type { GtfsShape } from './feed-model.ts';
import { bearingBetween } from './shape-geometry.ts';
import { poseAt, type VehicleMotion } from './vehicle-motion.ts';

/** Timed polylines of a set of vehicles, in flat arrays. */
export interface VehiclePaths {
  /** Number of vehicles. */
  count: number;
  /** First point of vehicle k's path is `start[k]`, its last `start[k + 1] - 1`. */
  start: Uint32Array;
  lng: Float64Array;
  lat: Float64Array;
  /** Epoch ms at which the vehicle passes each point (non-decreasing along a path). */
  time: Float64Array;
  /** Bearing (degrees) of the segment from each point to the next; the last point's is the one before. */
  bearing: Float32Array;
  /** Per vehicle, the point the previous lookup ended on (lookups at increasing times walk forward from it). */
  cursor: Uint32Array;
}

/** Builds the paths of vehicles moving by `motions` along `shapes` (null: straight motion). */
export function buildVehiclePaths(shapes: readonly (GtfsShape | null)[], motions: readonly VehicleMotion[]): VehiclePaths {
  const count = motions.length;
  const lng: number[] = [];
  const lat: number[] = [];
  const time: number[] = [];
  const bearing: number[] = [];
  const start = new Uint32Array(count + 1);
  for (let k = 0; k < count; k++) {
    start[k] = lng.length;
    const motion = motions[k];
    const shape = shapes[k];
    if (motion.kind === 'shape' && shape) {
      const { fromDistance, toDistance, fromTime, toTime } = motion;
      const d = shape.distances;
      const c = shape.coordinates;
      const at = (distance: number) => (toDistance > fromDistance ? fromTime + ((distance - fromDistance) / (toDistance - fromDistance)) * (toTime - fromTime) : fromTime);
      const first = poseAt(shape, motion, -Infinity);
      lng.push(first.lng);
      lat.push(first.lat);
      time.push(fromTime);
      bearing.push(first.bearing);
      for (let i = 0; i < d.length; i++) {
        if (d[i] <= fromDistance) continue;
        if (d[i] >= toDistance) break;
        lng.push(c[2 * i]);
        lat.push(c[2 * i + 1]);
        time.push(at(d[i]));
        bearing.push(0);
      }
      const last = poseAt(shape, motion, Infinity);
      lng.push(last.lng);
      lat.push(last.lat);
      time.push(toTime);
      bearing.push(last.bearing);
      // Segment bearings (a zero-length segment keeps the bearing of the shape there).
      for (let p = start[k]; p < lng.length - 1; p++) {
        if (lng[p] !== lng[p + 1] || lat[p] !== lat[p + 1]) bearing[p] = bearingBetween(lng[p], lat[p], lng[p + 1], lat[p + 1]);
        else bearing[p] = p > start[k] ? bearing[p - 1] : first.bearing;
      }
    } else {
      const from = poseAt(shape, motion, -Infinity);
      const to = poseAt(shape, motion, Infinity);
      const fromTime = motion.kind === 'straight' ? motion.from.time : 0;
      const toTime = motion.kind === 'straight' ? motion.to.time : 0;
      lng.push(from.lng, to.lng);
      lat.push(from.lat, to.lat);
      time.push(fromTime, toTime);
      bearing.push(from.bearing, to.bearing);
    }
  }
  start[count] = lng.length;
  return {
    count,
    start,
    lng: Float64Array.from(lng),
    lat: Float64Array.from(lat),
    time: Float64Array.from(time),
    bearing: Float32Array.from(bearing),
    cursor: Uint32Array.from(start.subarray(0, count)),
  };
}

/** Where vehicle `k` is at `time`: writes longitude, latitude and bearing (degrees) into `out` at `offset`. */
export function vehiclePoseInto(paths: VehiclePaths, k: number, time: number, out: { [i: number]: number }, offset = 0): void {
  const first = paths.start[k];
  const last = paths.start[k + 1] - 1;
  const t = paths.time;
  let p = paths.cursor[k];
  if (p < first || p > last || t[p] > time) p = first; // time went back: start over
  while (p < last && t[p + 1] <= time) p++;
  paths.cursor[k] = p;
  if (p >= last || time <= t[p]) {
    const q = time <= t[first] ? first : p;
    out[offset] = paths.lng[q];
    out[offset + 1] = paths.lat[q];
    out[offset + 2] = paths.bearing[q];
    return;
  }
  const span = t[p + 1] - t[p];
  const f = span > 0 ? (time - t[p]) / span : 1;
  out[offset] = paths.lng[p] + f * (paths.lng[p + 1] - paths.lng[p]);
  out[offset + 1] = paths.lat[p] + f * (paths.lat[p + 1] - paths.lat[p]);
  out[offset + 2] = paths.bearing[p];
}
