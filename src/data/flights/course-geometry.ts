/**
 * A flight course made ready for motion: projected to local metres around its
 * first point, corners rounded so position, heading and pitch change
 * smoothly, and measured along its length.
 *
 * Why rounded: the data's courses are polylines whose vertices turn by up to
 * tens of degrees and change the climb gradient abruptly (runway to air). An
 * aircraft following them exactly would snap its heading at each vertex. Each
 * corner is cut three times (bounded Chaikin corner cutting), at most a
 * quarter of each adjoining segment, so the curve stays within the data's
 * corridor. At the runway ends the cut doubles as the flare and rotation:
 * the ground run then starts or ends about 400 m inside the runway.
 *
 * @module
 */
import type { CourseEntry } from './flight-model.ts';

/** Mean Earth radius, m. */
const EARTH_RADIUS = 6_371_008.8;
const DEG = Math.PI / 180;

/** Corner cut distances of the three passes, m: in the air, and where the course meets the runway. */
const AIR_CUTS = [1200, 500, 200];
const GROUND_CUTS = [250, 100, 50];
/** Half the window over which heading and pitch are measured, m. */
const LOOK = 150;

/** A course in local metres, ready for {@link pointAt}. */
export interface PreparedCourse {
  readonly course: CourseEntry;
  /** Projection origin. */
  readonly lng0: number;
  readonly lat0: number;
  /** Metres per degree of longitude and latitude at the origin. */
  readonly kx: number;
  readonly ky: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  /** Distance along the course at each point, m (3D). */
  readonly s: Float64Array;
  /** Total length, m. */
  readonly length: number;
  /**
   * For departures the distance at which the aircraft leaves the ground
   * (end of the take-off roll); for arrivals the touchdown distance.
   */
  readonly groundBoundary: number;
}

/** A point on a course. */
export interface CoursePoint {
  x: number;
  y: number;
  z: number;
}

/** Projects, rounds and measures a course. */
export function prepareCourse(course: CourseEntry): PreparedCourse {
  const [lng0, lat0] = course.coords[0];
  const kx = EARTH_RADIUS * DEG * Math.cos(lat0 * DEG);
  const ky = EARTH_RADIUS * DEG;
  let points = course.coords.map(([lng, lat, z]) => [(lng - lng0) * kx, (lat - lat0) * ky, z] as Vec3);
  for (let pass = 0; pass < AIR_CUTS.length; pass++) points = cutCorners(points, AIR_CUTS[pass], GROUND_CUTS[pass]);
  const n = points.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const z = new Float64Array(n);
  const s = new Float64Array(n);
  points.forEach(([px, py, pz], i) => {
    x[i] = px;
    y[i] = py;
    z[i] = pz;
    if (i > 0) s[i] = s[i - 1] + Math.hypot(px - x[i - 1], py - y[i - 1], pz - z[i - 1]);
  });
  return { course, lng0, lat0, kx, ky, x, y, z, s, length: s[n - 1], groundBoundary: groundBoundary(course.kind === 'departure', z, s) };
}

type Vec3 = [number, number, number];

/** One pass of corner cutting; straight continuations are left alone. */
function cutCorners(points: Vec3[], airCut: number, groundCut: number): Vec3[] {
  const out: Vec3[] = [points[0]];
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]];
    const inLength = distance(a, b);
    const outLength = distance(b, c);
    const uIn = scale(sub(b, a), 1 / inLength);
    const uOut = scale(sub(c, b), 1 / outLength);
    if (dot(uIn, uOut) > 0.999_999_9) {
      out.push(b);
      continue;
    }
    const touchesGround = (a[2] === 0) !== (c[2] === 0) || (b[2] === 0 && (a[2] !== 0 || c[2] !== 0));
    const cut = Math.min(touchesGround ? groundCut : airCut, inLength / 4, outLength / 4);
    out.push(add(b, scale(uIn, -cut)), add(b, scale(uOut, cut)));
  }
  out.push(points[points.length - 1]);
  return out;
}

/** End of the leading run of ground points (departure) or start of the trailing one (arrival). */
function groundBoundary(departure: boolean, z: Float64Array, s: Float64Array): number {
  const n = z.length;
  if (departure) {
    let i = 0;
    while (i + 1 < n && z[i + 1] === 0) i++;
    return s[i];
  }
  let i = n - 1;
  while (i - 1 >= 0 && z[i - 1] === 0) i--;
  return s[i];
}

/** The point at distance `distance` along the course (clamped to its ends), written into `out`. */
export function pointAt(course: PreparedCourse, distance: number, out: CoursePoint = { x: 0, y: 0, z: 0 }): CoursePoint {
  return pointIn(course, distance, segmentAt(course, distance), out);
}

/**
 * Index `i` of the segment [s[i], s[i + 1]] holding `distance` (0 before the
 * start, the last segment after the end). With `from`, the index of a segment
 * at or before it, the search walks on from there (a few steps for nearby
 * distances) instead of bisecting the whole course.
 */
export function segmentAt(course: PreparedCourse, distance: number, from = -1): number {
  const s = course.s;
  const last = s.length - 2;
  if (from >= 0 && from <= last && s[from] <= distance) {
    let i = from;
    while (i < last && s[i + 1] <= distance) i++;
    return i;
  }
  let lo = 0;
  let hi = last + 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (s[mid] <= distance) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The point at `distance` on segment `i` (clamped to the course's ends). */
function pointIn(course: PreparedCourse, distance: number, i: number, out: CoursePoint): CoursePoint {
  const { s, x, y, z } = course;
  const n = s.length;
  if (distance <= 0) return set(out, x[0], y[0], z[0]);
  if (distance >= course.length) return set(out, x[n - 1], y[n - 1], z[n - 1]);
  const t = (distance - s[i]) / (s[i + 1] - s[i]);
  return set(out, x[i] + (x[i + 1] - x[i]) * t, y[i] + (y[i + 1] - y[i]) * t, z[i] + (z[i + 1] - z[i]) * t);
}

/** Where and how an aircraft at a distance along a course is placed and oriented. */
export interface CoursePose {
  lng: number;
  lat: number;
  /** Metres above the runway. */
  altitude: number;
  /** Compass bearing of the nose, degrees clockwise from north, 0 ≤ h < 360. */
  heading: number;
  /** Angle of the flight path above the horizon, degrees. */
  pathAngle: number;
  /** Turn rate per metre flown, radians/m (positive: turning right). */
  curvature: number;
}

const before: CoursePoint = { x: 0, y: 0, z: 0 };
const here: CoursePoint = { x: 0, y: 0, z: 0 };
const after: CoursePoint = { x: 0, y: 0, z: 0 };

/**
 * Position, heading, flight-path angle and curvature at a distance along the
 * course. Heading and angle are measured over ±150 m, so they change
 * continuously with the distance (no snap at vertices).
 */
export function poseAt(course: PreparedCourse, distance: number, out: CoursePose): CoursePose {
  const d = Math.min(Math.max(distance, 0), course.length);
  const back = Math.max(0, Math.min(d - LOOK, course.length - 2 * LOOK));
  const ahead = Math.min(course.length, back + 2 * LOOK);
  // One bisection for the point behind; the point here and the one ahead are found by walking on from it.
  const iBack = segmentAt(course, back);
  const iHere = segmentAt(course, d, iBack);
  pointIn(course, back, iBack, before);
  pointIn(course, d, iHere, here);
  pointIn(course, ahead, segmentAt(course, ahead, iHere), after);
  const dx = after.x - before.x;
  const dy = after.y - before.y;
  const horizontal = Math.hypot(dx, dy);
  out.lng = course.lng0 + here.x / course.kx;
  out.lat = course.lat0 + here.y / course.ky;
  out.altitude = here.z;
  out.heading = (Math.atan2(dx, dy) / DEG + 360) % 360;
  out.pathAngle = Math.atan2(after.z - before.z, horizontal) / DEG;
  const h1 = Math.atan2(here.x - before.x, here.y - before.y);
  const h2 = Math.atan2(after.x - here.x, after.y - here.y);
  const turn = Math.atan2(Math.sin(h2 - h1), Math.cos(h2 - h1));
  out.curvature = d - back > 1 && ahead - d > 1 ? turn / ((ahead - back) / 2) : 0;
  return out;
}

function set(out: CoursePoint, x: number, y: number, z: number): CoursePoint {
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
