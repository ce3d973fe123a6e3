/**
 * Which services run on a date, and dates in a feed's time zone.
 *
 * @module
 */
import type { GtfsFeed, GtfsService } from './feed-model.ts';

/** Day of week of `YYYYMMDD`, Monday = 0 … Sunday = 6. */
function weekdayOf(date: string): number {
  const day = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)))).getUTCDay();
  return (day + 6) % 7;
}

/**
 * Whether a service runs on `date` (`YYYYMMDD`): calendar_dates.txt removals
 * and additions first, else calendar.txt's weekday within its date range.
 */
export function serviceRunsOn(service: GtfsService, date: string): boolean {
  if (service.removed.includes(date)) return false;
  if (service.added.includes(date)) return true;
  if (service.startDate === '' || date < service.startDate || date > service.endDate) return false;
  return (service.weekdays & (1 << weekdayOf(date))) !== 0;
}

/** Indexes into `feed.services` of the services running on `date` (`YYYYMMDD`). */
export function activeServices(feed: Pick<GtfsFeed, 'services'>, date: string): Set<number> {
  const active = new Set<number>();
  feed.services.forEach((service, index) => {
    if (serviceRunsOn(service, date)) active.add(index);
  });
  return active;
}

/** The calendar date `YYYYMMDD` and the seconds since local midnight of an instant in an IANA time zone. */
export function localDateTime(epochMs: number, timeZone: string): { date: string; seconds: number } {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const hour = get('hour') % 24;
  const date = `${String(get('year')).padStart(4, '0')}${String(get('month')).padStart(2, '0')}${String(get('day')).padStart(2, '0')}`;
  return { date, seconds: hour * 3600 + get('minute') * 60 + get('second') + (epochMs % 1000 + 1000) % 1000 / 1000 };
}

/**
 * The instant of "noon minus 12 h" of a service date in a time zone: the
 * zero of GTFS stop times (midnight, except on days when clocks change).
 */
export function serviceDayStart(date: string, timeZone: string): number {
  const noonUtc = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)), 12);
  const local = localDateTime(noonUtc, timeZone);
  const offsetMs = (local.seconds - 12 * 3600) * 1000 + (local.date === date ? 0 : local.date > date ? 86_400_000 : -86_400_000);
  return noonUtc - offsetMs - 12 * 3_600_000;
}

/** `YYYYMMDD` of the day before. */
export function previousDate(date: string): string {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)) - 1));
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}
