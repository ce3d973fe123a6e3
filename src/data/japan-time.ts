/**
 * Japan time from epoch milliseconds: Japan Standard Time is UTC+9 all year
 * (no daylight saving), so plain arithmetic gives its clock and date whatever
 * the machine's time zone. Without the holiday table of `calendar.ts`, so the
 * main thread can use it without loading that.
 *
 * @module
 */

/** Offset of Japan Standard Time from UTC, ms. */
export const JAPAN_OFFSET_MS = 9 * 3_600_000;
/** Length of a day, seconds. */
export const DAY_SECONDS = 86_400;
/** Length of a day, ms. */
export const DAY_MS = DAY_SECONDS * 1000;
/**
 * Start of the service day, seconds after 00:00 Japan time: a train at 00:30
 * belongs to the previous date's service day, as in published timetables.
 */
export const SERVICE_DAY_START_SECONDS = 3 * 3600;

/** Date and time fields of an instant in Japan (month 1–12). */
export interface JapanFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Milliseconds since 00:00 Japan time (0 ≤ ms < one day). */
export function japanMsOfDay(epochMs: number): number {
  return (((epochMs + JAPAN_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
}

/** The instant of 00:00 Japan time on the Japan date of `epochMs`. */
export function japanMidnight(epochMs: number): number {
  return Math.floor((epochMs + JAPAN_OFFSET_MS) / DAY_MS) * DAY_MS - JAPAN_OFFSET_MS;
}

/**
 * Seconds since 00:00 Japan time of the service date, fractional: from 10 800
 * (03:00) to below 97 200 (03:00 the next morning; 00:30 is 88 200).
 */
export function serviceDaySeconds(epochMs: number): number {
  const seconds = japanMsOfDay(epochMs) / 1000;
  return seconds < SERVICE_DAY_START_SECONDS ? seconds + DAY_SECONDS : seconds;
}

/** Date and time fields in Japan of an instant (milliseconds dropped). */
export function japanFields(epochMs: number): JapanFields {
  const d = new Date(epochMs + JAPAN_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** The instant of date and time fields in Japan (milliseconds zero); fields out of range carry over as in `Date.UTC`. */
export function fromJapanFields(f: JapanFields): number {
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - JAPAN_OFFSET_MS;
}
