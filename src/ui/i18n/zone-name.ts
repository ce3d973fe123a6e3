/**
 * The clock's time zones by name: Japan's unless the data set is a city's own (built from its GTFS feed), and their
 * short names (`JST`, `AST`, or `GMT-4` where English has none).
 *
 * @module
 */

import { TOKYO_TIME_ZONE } from '../../data/clock-zone.ts';

/** The clock's zone for Tokyo's data set. */
export const JAPAN_TIME_ZONE = TOKYO_TIME_ZONE;

/** Formatters of time zone names by zone (null: a zone the browser does not know); making one costs far more than using it. */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat | null>();

function zoneNameFormat(zone: string): Intl.DateTimeFormat | null {
  let format = zoneNameFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    } catch {
      format = null;
    }
    zoneNameFormats.set(zone, format);
  }
  return format;
}

/** Whether the browser knows the time zone `zone`. */
export function knownZone(zone: string | null | undefined): zone is string {
  return !!zone && zoneNameFormat(zone) !== null;
}

/** The short name of a time zone at an instant (`JST`, `AST`, or `GMT-4` where English has none). */
export function zoneName(zone: string, date: Date): string {
  if (zone === JAPAN_TIME_ZONE) return 'JST';
  return zoneNameFormat(zone)?.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}
