/**
 * Times of day of flight records (`"HH:MM"` Japan time, no date) turned into
 * instants, and the Japan-time clock fields the runway configuration needs.
 * The flights are of Japan's airports (ODPT's records), so these always use
 * Japan's clock ({@link TOKYO_CLOCK_ZONE}), whatever the map's clock zone.
 *
 * @module
 */

import { DAY_MS, TOKYO_CLOCK_ZONE } from '../clock-zone.ts';

const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `"HH:MM"` or `"HH:MM:SS"` (hours 00–29, as timetables use past midnight) in seconds after midnight, or `null`. */
export function parseTimeOfDay(text: string): number | null {
  const match = TIME_OF_DAY.exec(text);
  if (!match) return null;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (h > 29 || m > 59 || s > 59) return null;
  return h * 3600 + m * 60 + s;
}

/**
 * The instant of a Japan time of day that lies nearest to `reference` (epoch
 * ms): records carry times without a date, for flights within hours of when
 * the record was produced, so the nearest day is the right one (a 23:50
 * departure listed at 00:10 is yesterday's, a 00:20 estimate of a 23:50 flight
 * is tomorrow's).
 */
export function nearestInstant(secondsOfDay: number, reference: number): number {
  const midnight = TOKYO_CLOCK_ZONE.midnight(reference);
  let best = midnight + secondsOfDay * 1000;
  for (const day of [-1, 1]) {
    const candidate = midnight + day * DAY_MS + secondsOfDay * 1000;
    if (Math.abs(candidate - reference) < Math.abs(best - reference)) best = candidate;
  }
  return best;
}

/** Hours since Japan-time midnight (0 ≤ h < 24, fractional) of an instant. */
export function japanHours(time: number): number {
  return TOKYO_CLOCK_ZONE.msOfDay(time) / 3_600_000;
}

/** Month (1–12) in Japan time of an instant. */
export function japanMonth(time: number): number {
  return TOKYO_CLOCK_ZONE.fields(time).month;
}
