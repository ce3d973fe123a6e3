/**
 * Japan time from epoch milliseconds: Japan Standard Time is UTC+9 all year
 * (no daylight saving), so plain arithmetic gives its clock and date whatever
 * the machine's time zone. Without the holiday table of `calendar.ts`, so the
 * main thread can use it without loading that.
 *
 * A bundle built from a GTFS feed runs its clock in the feed's time zone
 * instead ({@link setClockTimeZone}): every function here then gives that
 * zone's clock and dates, daylight saving included.
 *
 * @module
 */

/** Offset of Japan Standard Time from UTC, ms. */
export const JAPAN_OFFSET_MS = 9 * 3_600_000;

/** Offsets change on quarter hours at the most: one lookup per quarter hour. */
const OFFSET_STEP_MS = 900_000;

/** The clock's zone when it is not Japan's: its formatter and the offsets looked up, by quarter hour. */
let clockZone: { timeZone: string; format: Intl.DateTimeFormat; offsets: Map<number, number> } | null = null;

/**
 * Runs the clock in an IANA time zone (a city bundle's, e.g. `America/Halifax`), or in Japan time again with null.
 * @throws RangeError for a zone the JavaScript engine does not know
 */
export function setClockTimeZone(timeZone: string | null): void {
  if (timeZone === null || timeZone === 'Asia/Tokyo') {
    clockZone = null;
    return;
  }
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  clockZone = { timeZone, format, offsets: new Map() };
}

/** The clock's IANA time zone. */
export const clockTimeZone = (): string => clockZone?.timeZone ?? 'Asia/Tokyo';

/** Offset of the clock's zone from UTC at an instant, ms (Japan's, 9 h, unless {@link setClockTimeZone} set another). */
export function clockOffsetMs(epochMs: number): number {
  if (!clockZone) return JAPAN_OFFSET_MS;
  const step = Math.floor(epochMs / OFFSET_STEP_MS);
  let offset = clockZone.offsets.get(step);
  if (offset === undefined) {
    const at = step * OFFSET_STEP_MS;
    const parts = clockZone.format.formatToParts(new Date(at));
    const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
    offset = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second')) - at;
    clockZone.offsets.set(step, offset);
  }
  return offset;
}

/** The instant whose wall-clock time in the clock's zone, read as UTC, is `wallMs` (the later one in a repeated hour). */
export function fromClockWallTime(wallMs: number): number {
  if (!clockZone) return wallMs - JAPAN_OFFSET_MS;
  const guess = wallMs - clockOffsetMs(wallMs);
  return wallMs - clockOffsetMs(guess);
}
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
  return (((epochMs + clockOffsetMs(epochMs)) % DAY_MS) + DAY_MS) % DAY_MS;
}

/** The instant of 00:00 Japan time on the Japan date of `epochMs`. */
export function japanMidnight(epochMs: number): number {
  return fromClockWallTime(Math.floor((epochMs + clockOffsetMs(epochMs)) / DAY_MS) * DAY_MS);
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
  const d = new Date(epochMs + clockOffsetMs(epochMs));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** The instant of date and time fields in Japan (milliseconds zero); fields out of range carry over as in `Date.UTC`. */
export function fromJapanFields(f: JapanFields): number {
  return fromClockWallTime(Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second));
}
