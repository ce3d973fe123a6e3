/**
 * Playback controls as pure functions: the speed steps of the −/+ buttons and
 * the date-time fields edited one step at a time, on the map's clock zone
 * (Japan time for Tokyo), whatever the machine's time zone.
 */
import { PLAYBACK_SPEEDS } from './clock.ts';
import type { ClockZone } from './clock-zone.ts';

/** The fields of the date-time editor, in display order. */
export const DATE_TIME_FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type DateTimeField = (typeof DATE_TIME_FIELDS)[number];

/** Earliest and latest years the editor offers (the timetables are of the present; far dates make no sense). */
export const EDIT_YEAR_RANGE = { min: 2000, max: 2099 } as const;

/**
 * The next playback speed up (`direction` 1) or down (−1) from `speed`:
 * steps of 1 from 1 to 10, of 10 to 100, of 100 to 600; stays at the ends.
 * A speed between steps moves to the neighbouring step.
 */
export function stepSpeed(speed: number, direction: 1 | -1): number {
  if (direction > 0) return PLAYBACK_SPEEDS.find((s) => s > speed) ?? PLAYBACK_SPEEDS[PLAYBACK_SPEEDS.length - 1];
  for (let i = PLAYBACK_SPEEDS.length - 1; i >= 0; i--) if (PLAYBACK_SPEEDS[i] < speed) return PLAYBACK_SPEEDS[i];
  return PLAYBACK_SPEEDS[0];
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Moves one field of a date-time on the map's clock `zone` by `delta` (like a spin button): month,
 * hour, minute and second wrap around without carrying into the next field;
 * the day wraps within its month; the year stays within {@link EDIT_YEAR_RANGE}.
 * A day past the end of the new month is clamped (31 Jan → Feb → 28/29 Feb).
 */
export function stepField(epochMs: number, field: DateTimeField, delta: number, zone: ClockZone): number {
  const f = zone.fields(epochMs);
  const wrap = (value: number, min: number, count: number) => ((((value - min) % count) + count) % count) + min;
  switch (field) {
    case 'year':
      f.year = Math.min(EDIT_YEAR_RANGE.max, Math.max(EDIT_YEAR_RANGE.min, f.year + delta));
      break;
    case 'month':
      f.month = wrap(f.month + delta, 1, 12);
      break;
    case 'day':
      f.day = wrap(f.day + delta, 1, daysInMonth(f.year, f.month));
      break;
    case 'hour':
      f.hour = wrap(f.hour + delta, 0, 24);
      break;
    case 'minute':
      f.minute = wrap(f.minute + delta, 0, 60);
      break;
    case 'second':
      f.second = wrap(f.second + delta, 0, 60);
      break;
  }
  f.day = Math.min(f.day, daysInMonth(f.year, f.month));
  return zone.fromFields(f);
}
