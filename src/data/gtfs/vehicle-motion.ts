/**
 * Smooth vehicle motion between two realtime reports: each reported point is
 * projected onto the trip's shape as a distance along it, and the distance is
 * interpolated in time, so the vehicle follows the road instead of cutting
 * corners, and never moves backwards along the shape.
 *
 * {@link planMotion} does the projections once per report; {@link poseAt} is
 * cheap enough to call for every vehicle in every frame.
 *
 * @module
 */
import type { GtfsShape } from './feed-model.ts';
import { bearingBetween, metresBetween, pointAtDistance, projectOntoShape } from './shape-geometry.ts';

/** Farthest a reported point may be from the shape to be moved along it (metres); beyond, the vehicle moves in a straight line. */
export const OFF_SHAPE_METRES = 150;

/** A reported position of a vehicle. */
export interface VehicleSample {
  lng: number;
  lat: number;
  /** Epoch ms of the report. */
  time: number;
  /** Reported bearing, degrees clockwise from north, or null. */
  bearing?: number | null;
}

/** How a vehicle moves from one report to the next. */
export type VehicleMotion =
  | {
      kind: 'shape';
      fromDistance: number;
      toDistance: number;
      fromTime: number;
      toTime: number;
    }
  | {
      kind: 'straight';
      from: VehicleSample;
      to: VehicleSample;
      /** Direction from `from` to `to`, or the reported bearing when it did not move. */
      bearing: number;
    };

/** Where a vehicle is drawn. */
export interface VehiclePose {
  lng: number;
  lat: number;
  /** Degrees clockwise from north. */
  bearing: number;
  /** Metres along the shape, or null when moving off the shape. */
  distance: number | null;
}

/**
 * The motion from `previous` to `current` along `shape`.
 * - `fromDistance`, when given, is where the vehicle is drawn now (so a new
 *   report continues from there without a jump); else `previous` is projected.
 * - `current` is projected onto the shape at or after the start, so a
 *   report behind the vehicle (GPS noise) holds it where it is and a route
 *   that passes the same place twice is matched to the pass ahead.
 * - Without a shape, without `previous`, or when a point is more than
 *   {@link OFF_SHAPE_METRES} from the shape, the motion is a straight line.
 */
export function planMotion(shape: GtfsShape | null, previous: VehicleSample | null, current: VehicleSample, fromDistance?: number): VehicleMotion {
  const start = previous ?? current;
  if (shape && shape.distances.length >= 2) {
    const from = fromDistance !== undefined ? { distance: fromDistance, offset: 0 } : projectOntoShape(shape, start.lng, start.lat);
    const to = projectOntoShape(shape, current.lng, current.lat, from.distance);
    if (from.offset <= OFF_SHAPE_METRES && to.offset <= OFF_SHAPE_METRES) {
      return { kind: 'shape', fromDistance: from.distance, toDistance: Math.max(from.distance, to.distance), fromTime: start.time, toTime: current.time };
    }
  }
  const moved = metresBetween(start.lng, start.lat, current.lng, current.lat) > 1;
  const bearing = moved ? bearingBetween(start.lng, start.lat, current.lng, current.lat) : (current.bearing ?? start.bearing ?? 0);
  return { kind: 'straight', from: start, to: current, bearing };
}

/** Where the vehicle is at `time` (epoch ms): before the motion's start at its start, after its end at its end. */
export function poseAt(shape: GtfsShape | null, motion: VehicleMotion, time: number): VehiclePose {
  if (motion.kind === 'shape' && shape) {
    const f = fraction(time, motion.fromTime, motion.toTime);
    const point = pointAtDistance(shape, motion.fromDistance + f * (motion.toDistance - motion.fromDistance));
    return { lng: point.lng, lat: point.lat, bearing: point.bearing, distance: point.distance };
  }
  if (motion.kind === 'straight') {
    const { from, to } = motion;
    const f = fraction(time, from.time, to.time);
    return { lng: from.lng + f * (to.lng - from.lng), lat: from.lat + f * (to.lat - from.lat), bearing: motion.bearing, distance: null };
  }
  return { lng: NaN, lat: NaN, bearing: 0, distance: null };
}

/**
 * The position and bearing at `time` of a vehicle reported at `previous` and
 * then at `current`, moving along `shape` (see {@link planMotion}).
 */
export function interpolateVehicle(shape: GtfsShape | null, previous: VehicleSample | null, current: VehicleSample, time: number): VehiclePose {
  return poseAt(shape, planMotion(shape, previous, current), time);
}

function fraction(time: number, from: number, to: number): number {
  if (!(to > from)) return time >= to ? 1 : 0;
  return Math.min(1, Math.max(0, (time - from) / (to - from)));
}
