/**
 * How a train moves between two stops: a symmetric speed profile that
 * accelerates, cruises and brakes so that the train leaves the first stop
 * and arrives at the next exactly on time.
 *
 * Rules, for a hop of length L (metres) in T seconds:
 * 1. With the normal acceleration a = {@link ACCELERATION} (also used for
 *    braking), the cruise speed is the smallest that covers L in T:
 *    v = (aT − √(a²T² − 4aL)) / 2. Short hops therefore never reach top
 *    speed, and long slow hops cruise slowly.
 * 2. When that speed is above {@link MAX_SPEED}, the timetable leaves too
 *    little time to respect the speed limit. The train keeps the normal
 *    acceleration and cruises at v anyway (above 80 km/h): arriving on time
 *    matters more than the limit, and real express trains do run faster.
 *    Raising the acceleration instead would make trains lurch off with
 *    unbounded acceleration as L/T approaches the limit.
 * 3. When even a triangle at acceleration a cannot cover L in T
 *    (a²T² < 4aL), the acceleration is raised to 4L/T² and the profile is a
 *    triangle peaking at 2L/T half way.
 * 4. A hop of zero length stays put; a hop of zero duration is at its end
 *    from any t > 0. Nothing produces NaN.
 */

/** Normal acceleration and braking: 3 km/h/s, in m/s². */
export const ACCELERATION = 3 / 3.6;
/** Top speed honoured whenever the timetable allows: 80 km/h, in m/s. */
export const MAX_SPEED = 80 / 3.6;

/** A speed profile over one hop (see the module description). Times in seconds, distances in metres, speeds in m/s. */
export interface HopProfile {
  /** Distance covered, metres (≥ 0). */
  length: number;
  /** Time taken, seconds (≥ 0). */
  duration: number;
  /** Acceleration and braking rate, m/s². */
  acceleration: number;
  /** Cruise (peak) speed, m/s. */
  speed: number;
  /** Time spent accelerating, also the time spent braking, seconds (≤ duration / 2). */
  rampTime: number;
}

/** A zeroed profile, for callers that reuse one object. */
export function createHopProfile(): HopProfile {
  return { length: 0, duration: 0, acceleration: 0, speed: 0, rampTime: 0 };
}

/**
 * The profile covering `length` metres in exactly `duration` seconds.
 * Writes into `out` when given (no allocation), else into a new object.
 * Negative or non-finite inputs count as 0.
 */
export function hopProfile(length: number, duration: number, out: HopProfile = createHopProfile()): HopProfile {
  const L = length > 0 && Number.isFinite(length) ? length : 0;
  const T = duration > 0 && Number.isFinite(duration) ? duration : 0;
  out.length = L;
  out.duration = T;
  if (L === 0 || T === 0) {
    out.acceleration = ACCELERATION;
    out.speed = 0;
    out.rampTime = 0;
    return out;
  }
  const a = ACCELERATION;
  const discriminant = a * a * T * T - 4 * a * L;
  if (discriminant <= 0) {
    // Rule 3: a triangle with the acceleration raised to 4L/T² (equal to a at the boundary).
    out.acceleration = (4 * L) / (T * T);
    out.speed = (2 * L) / T;
    out.rampTime = T / 2;
    return out;
  }
  // Rules 1 and 2: the smaller root, in a form that does not cancel when aT² ≫ L.
  const v = (2 * a * L) / (a * T + Math.sqrt(discriminant));
  out.acceleration = a;
  out.speed = v;
  out.rampTime = v / a;
  return out;
}

/** Metres travelled `t` seconds after departure, clamped to [0, length]; exactly `length` from t = duration on. */
export function hopDistance(p: HopProfile, t: number): number {
  if (!(t > 0)) return 0;
  if (t >= p.duration) return p.length;
  const a = p.acceleration;
  const ramp = p.rampTime;
  if (t < ramp) return 0.5 * a * t * t;
  const remaining = p.duration - t;
  if (remaining < ramp) return Math.min(p.length, Math.max(0, p.length - 0.5 * a * remaining * remaining));
  return Math.min(p.length, 0.5 * a * ramp * ramp + p.speed * (t - ramp));
}

/** Speed `t` seconds after departure, m/s (0 outside the hop). */
export function hopSpeed(p: HopProfile, t: number): number {
  if (!(t > 0) || t >= p.duration) return 0;
  const ramp = p.rampTime;
  if (t < ramp) return p.acceleration * t;
  const remaining = p.duration - t;
  if (remaining < ramp) return p.acceleration * remaining;
  return p.speed;
}

/**
 * The shortest time in which a train can cover `length` metres within the
 * limits (accelerate at {@link ACCELERATION} up to {@link MAX_SPEED}, then
 * brake), seconds. Used to place arrivals inside a timetable minute.
 */
export function minimalHopDuration(length: number): number {
  if (!(length > 0)) return 0;
  const a = ACCELERATION;
  const v = MAX_SPEED;
  if (length <= (v * v) / a) return 2 * Math.sqrt(length / a);
  return length / v + v / a;
}
