/**
 * Flight course ids of the data set and runway names derived from them.
 *
 * A course id is `{airport}.{pattern}{runway}.{Arr|Dep}`: `HND.IX34L.Arr` is
 * the arrival course `IX` to runway 34L of Haneda, `HND.05.Dep` the departure
 * course from runway 05. The runway is the id's middle part without its
 * leading letters, the way the data set's own viewer reads it.
 *
 * @module
 */
import type { FlightKind } from './flight-model.ts';

/** The parts of a course id. */
export interface CourseIdParts {
  airport: string;
  pattern: string;
  runway: string;
  kind: FlightKind;
}

const COURSE_ID = /^([A-Z]{3})\.([A-Z]*)(\d{2}[LRC]?)\.(Arr|Dep)$/;

/** Splits a course id, or returns `null` when it does not have the form `HND.IX34L.Arr`. */
export function parseCourseId(id: string): CourseIdParts | null {
  const match = COURSE_ID.exec(id);
  if (!match) return null;
  const [, airport, pattern, runway, kind] = match;
  const number = Number(runway.slice(0, 2));
  if (number < 1 || number > 36) return null;
  return { airport, pattern, runway, kind: kind === 'Arr' ? 'arrival' : 'departure' };
}

/** The course id for its parts (the inverse of {@link parseCourseId}). */
export function courseId(airport: string, pattern: string, runway: string, kind: FlightKind): string {
  return `${airport}.${pattern}${runway}.${kind === 'arrival' ? 'Arr' : 'Dep'}`;
}

/**
 * The designator of the same runway used in the opposite direction:
 * 34L ↔ 16R, 05 ↔ 23, 22 ↔ 04 (heading ± 180°, left ↔ right).
 */
export function oppositeRunway(runway: string): string {
  const number = Number(runway.slice(0, 2));
  const side = runway.slice(2);
  const opposite = ((number + 17) % 36) + 1;
  const otherSide = side === 'L' ? 'R' : side === 'R' ? 'L' : side;
  return `${String(opposite).padStart(2, '0')}${otherSide}`;
}

/**
 * A key naming one physical runway at one airport, the same for both
 * directions (`HND.16R/34L` for 34L and 16R), so spacing applies to the strip
 * whichever way it is used.
 */
export function runwayKey(airport: string, runway: string): string {
  const pair = [runway, oppositeRunway(runway)].sort();
  return `${airport}.${pair[0]}/${pair[1]}`;
}
