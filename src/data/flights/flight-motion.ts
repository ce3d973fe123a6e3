/**
 * How an aircraft moves along its course in time: a speed profile of phases of
 * constant acceleration (so speed is continuous), evaluated at any instant.
 *
 * Time is counted from the flight's runway event, τ = 0:
 * - departure: the start of the take-off roll. The aircraft stands lined up
 *   on the runway for {@link FLIGHT_SPEEDS.lineUpSeconds} before, rolls with
 *   constant acceleration to lift-off speed exactly where the course leaves
 *   the ground, accelerates in the climb to the speed limit below 10,000 ft
 *   and flies out to the course's end, where it leaves the map;
 * - arrival: touchdown. The aircraft enters at the course's start at
 *   approach speed, slows to its final approach speed, is stable over the
 *   last {@link FLIGHT_SPEEDS.finalApproachMetres}, touches down, brakes to
 *   taxi speed and rolls to the runway's end, where it leaves the map.
 *
 * Altitudes are the course's own (see `course-geometry.ts`).
 *
 * @module
 */
import { poseAt, prepareCourse, type CoursePose, type PreparedCourse } from './course-geometry.ts';
import type { CourseEntry, FlightKind } from './flight-model.ts';

/**
 * Speeds (m/s), accelerations (m/s²) and durations of the motion model, chosen
 * from typical jet airliner figures:
 * lift-off ≈ 155 kt, climb 250 kt (the limit below 10,000 ft), approach
 * ≈ 215 kt slowing at 0.4 m/s² to a final approach speed of ≈ 140 kt,
 * braking at least 1.5 m/s² after touchdown to a 12 m/s (≈ 23 kt) exit speed.
 */
export const FLIGHT_SPEEDS = Object.freeze({
  liftOff: 80,
  climb: 128,
  climbAcceleration: 0.6,
  approach: 110,
  finalApproach: 72,
  approachDeceleration: 0.4,
  /** Distance before touchdown flown at final approach speed. */
  finalApproachMetres: 9000,
  minBraking: 1.5,
  taxi: 12,
  /** Time a departure stands lined up on the runway before its roll. */
  lineUpSeconds: 60,
});

/** What the aircraft is doing. */
export type FlightPhase = 'line-up' | 'take-off-roll' | 'climb' | 'approach' | 'landing-roll';

/** One span of constant acceleration, times in seconds from the runway event. */
interface MotionSpan {
  phase: FlightPhase;
  t0: number;
  t1: number;
  s0: number;
  v0: number;
  a: number;
}

/** A course with its speed profile. */
export interface CourseMotion {
  readonly course: PreparedCourse;
  readonly kind: FlightKind;
  /** Seconds from the runway event at which the aircraft appears (negative). */
  readonly start: number;
  /** Seconds from the runway event at which it leaves the map. */
  readonly end: number;
  readonly spans: readonly MotionSpan[];
}

/** The state of an aircraft at one instant. */
export interface FlightState {
  lng: number;
  lat: number;
  /** Metres above the runway (the airports are near sea level). */
  altitude: number;
  /** Compass bearing of the nose, degrees clockwise from north. */
  heading: number;
  /** Nose-up angle, degrees: the flight path angle plus the attitude of the phase (rotation, approach). */
  pitch: number;
  /** Bank angle, degrees, positive when the right wing is down (turning right). */
  bank: number;
  /** Ground speed, m/s. */
  speed: number;
  /** Distance flown along the course, m. */
  distance: number;
  phase: FlightPhase;
}

/** Prepares a course and computes its speed profile. */
export function courseMotion(course: CourseEntry | PreparedCourse): CourseMotion {
  const prepared = 'coords' in course ? prepareCourse(course) : course;
  const spans = prepared.course.kind === 'departure' ? departureSpans(prepared) : arrivalSpans(prepared);
  return { course: prepared, kind: prepared.course.kind, start: spans[0].t0, end: spans[spans.length - 1].t1, spans };
}

function departureSpans(course: PreparedCourse): MotionSpan[] {
  const v = FLIGHT_SPEEDS;
  const roll = Math.max(course.groundBoundary, 100);
  const rollAcceleration = (v.liftOff * v.liftOff) / (2 * roll);
  const rollTime = v.liftOff / rollAcceleration;
  const spans: MotionSpan[] = [
    { phase: 'line-up', t0: -v.lineUpSeconds, t1: 0, s0: 0, v0: 0, a: 0 },
    { phase: 'take-off-roll', t0: 0, t1: rollTime, s0: 0, v0: 0, a: rollAcceleration },
  ];
  let t = rollTime;
  let s = roll;
  const left = course.length - s;
  const accelerationDistance = (v.climb * v.climb - v.liftOff * v.liftOff) / (2 * v.climbAcceleration);
  if (accelerationDistance >= left) {
    const vEnd = Math.sqrt(v.liftOff * v.liftOff + 2 * v.climbAcceleration * left);
    spans.push({ phase: 'climb', t0: t, t1: t + (vEnd - v.liftOff) / v.climbAcceleration, s0: s, v0: v.liftOff, a: v.climbAcceleration });
    return spans;
  }
  const accelerationTime = (v.climb - v.liftOff) / v.climbAcceleration;
  spans.push({ phase: 'climb', t0: t, t1: t + accelerationTime, s0: s, v0: v.liftOff, a: v.climbAcceleration });
  t += accelerationTime;
  s += accelerationDistance;
  spans.push({ phase: 'climb', t0: t, t1: t + (course.length - s) / v.climb, s0: s, v0: v.climb, a: 0 });
  return spans;
}

function arrivalSpans(course: PreparedCourse): MotionSpan[] {
  const v = FLIGHT_SPEEDS;
  const touchdown = course.groundBoundary;
  const final = Math.min(v.finalApproachMetres, touchdown);
  let entrySpeed: number = v.approach;
  let slowing = (entrySpeed * entrySpeed - v.finalApproach * v.finalApproach) / (2 * v.approachDeceleration);
  if (slowing > touchdown - final) {
    slowing = touchdown - final;
    entrySpeed = Math.sqrt(v.finalApproach * v.finalApproach + 2 * v.approachDeceleration * slowing);
  }
  const level = touchdown - final - slowing;
  const slowingTime = (entrySpeed - v.finalApproach) / v.approachDeceleration;
  const finalTime = final / v.finalApproach;
  const levelTime = level / entrySpeed;
  const t0 = -(levelTime + slowingTime + finalTime);
  const spans: MotionSpan[] = [];
  if (levelTime > 0) spans.push({ phase: 'approach', t0, t1: t0 + levelTime, s0: 0, v0: entrySpeed, a: 0 });
  if (slowingTime > 0) spans.push({ phase: 'approach', t0: t0 + levelTime, t1: -finalTime, s0: level, v0: entrySpeed, a: -v.approachDeceleration });
  spans.push({ phase: 'approach', t0: -finalTime, t1: 0, s0: touchdown - final, v0: v.finalApproach, a: 0 });
  // Brake hard enough to be at taxi speed 200 m before the runway's end, never less than minBraking.
  const rollout = course.length - touchdown;
  const braking = Math.max(v.minBraking, (v.finalApproach ** 2 - v.taxi ** 2) / (2 * Math.max(rollout - 200, 100)));
  const brakingTime = (v.finalApproach - v.taxi) / braking;
  const brakingDistance = (v.finalApproach ** 2 - v.taxi ** 2) / (2 * braking);
  spans.push({ phase: 'landing-roll', t0: 0, t1: brakingTime, s0: touchdown, v0: v.finalApproach, a: -braking });
  const taxiDistance = Math.max(0, rollout - brakingDistance);
  spans.push({ phase: 'landing-roll', t0: brakingTime, t1: brakingTime + taxiDistance / v.taxi, s0: touchdown + brakingDistance, v0: v.taxi, a: 0 });
  return spans;
}

const pose: CoursePose = { lng: 0, lat: 0, altitude: 0, heading: 0, pathAngle: 0, curvature: 0 };
const GRAVITY = 9.81;
/** Nose-up attitude added to the flight path angle: after rotation, and on approach. */
const CLIMB_ATTITUDE = 8;
const APPROACH_ATTITUDE = 3;
const MAX_BANK = 25;

/**
 * The aircraft's state `tau` seconds after its runway event, or `null` when it
 * is not on the map then (`tau` outside [`start`, `end`]). Pass `out` to
 * avoid allocating in a frame loop.
 */
export function flightStateAt(motion: CourseMotion, tau: number, out?: FlightState): FlightState | null {
  if (!(tau >= motion.start && tau <= motion.end)) return null;
  const spans = motion.spans;
  let span = spans[spans.length - 1];
  for (const candidate of spans) {
    if (tau < candidate.t1) {
      span = candidate;
      break;
    }
  }
  const dt = tau - span.t0;
  const speed = span.v0 + span.a * dt;
  const distance = span.s0 + span.v0 * dt + 0.5 * span.a * dt * dt;
  poseAt(motion.course, distance, pose);
  const state = out ?? ({} as FlightState);
  state.lng = pose.lng;
  state.lat = pose.lat;
  state.altitude = pose.altitude;
  state.heading = pose.heading;
  state.pitch = pose.pathAngle + attitude(motion, tau);
  const onGround = pose.altitude === 0;
  const bank = onGround ? 0 : (Math.atan((speed * speed * pose.curvature) / GRAVITY) * 180) / Math.PI;
  state.bank = Math.max(-MAX_BANK, Math.min(MAX_BANK, bank));
  state.speed = speed;
  state.distance = distance;
  state.phase = span.phase;
  return state;
}

/** Attitude above the flight path: eases in over the rotation, out over the de-rotation, so pitch never jumps. */
function attitude(motion: CourseMotion, tau: number): number {
  if (motion.kind === 'departure') {
    const liftOff = motion.spans[1].t1;
    return CLIMB_ATTITUDE * smoothstep((tau - (liftOff - 4)) / 6);
  }
  return APPROACH_ATTITUDE * (1 - smoothstep(tau / 5));
}

/** 0 below 0, 1 above 1, a smooth S between. */
export function smoothstep(x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return x * x * (3 - 2 * x);
}
