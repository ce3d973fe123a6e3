/**
 * Service days of a GTFS feed: every date its calendar covers, grouped by the
 * set of services that run on it. Each set becomes one timetable file; the
 * bundle maps every date to its set's file.
 *
 * @module
 */
import type { Calendar } from '../../bundle/timetable-format.ts';
import type { GtfsService } from '../../gtfs/feed-model.ts';
import { serviceRunsOn } from '../../gtfs/service-calendar.ts';

/** Services that run together on some dates. */
export interface ServiceSet {
  /** service_id of each, sorted. */
  services: string[];
  /** Dates `YYYY-MM-DD`, ascending. */
  dates: string[];
  /** Day type of most of its dates: Sundays count as `holiday`, Saturdays as `saturday`. */
  calendar: Calendar;
}

/** What the feed runs on each date. */
export interface ServiceDays {
  sets: ServiceSet[];
  /** For each day type, the index of the set that runs on most dates of that type, or -1 when none runs on such a date. */
  typical: Record<Calendar, number>;
}

const DAY_MS = 86_400_000;
const toIso = (gtfs: string) => `${gtfs.slice(0, 4)}-${gtfs.slice(4, 6)}-${gtfs.slice(6, 8)}`;
const dayNumber = (gtfs: string) => Date.UTC(Number(gtfs.slice(0, 4)), Number(gtfs.slice(4, 6)) - 1, Number(gtfs.slice(6, 8))) / DAY_MS;
const gtfsDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');

/** Day type of a date by its day of the week alone (a feed states its holidays in its own calendar). */
function dayTypeOf(day: number): Calendar {
  const weekday = new Date(day * DAY_MS).getUTCDay();
  return weekday === 0 ? 'holiday' : weekday === 6 ? 'saturday' : 'weekday';
}

/**
 * Groups every date from the first to the last date of the calendar by the
 * set of `used` services (those trips refer to) running on it; dates on which
 * none runs are left out.
 */
export function serviceDays(services: readonly GtfsService[], used: ReadonlySet<number>): ServiceDays {
  let first = Infinity;
  let last = -Infinity;
  for (const index of used) {
    const service = services[index];
    const dates = [...service.added, ...(service.startDate ? [service.startDate, service.endDate] : [])];
    for (const date of dates) {
      first = Math.min(first, dayNumber(date));
      last = Math.max(last, dayNumber(date));
    }
  }
  const sets: (ServiceSet & { types: Record<Calendar, number> })[] = [];
  const byKey = new Map<string, number>();
  const usedIndexes = [...used].sort((a, b) => a - b);
  for (let day = first; day <= last; day++) {
    const date = gtfsDate(day);
    const running = usedIndexes.filter((i) => serviceRunsOn(services[i], date)).map((i) => services[i].id).sort();
    if (running.length === 0) continue;
    const key = running.join('\n');
    let index = byKey.get(key);
    if (index === undefined) {
      index = sets.length;
      byKey.set(key, index);
      sets.push({ services: running, dates: [], calendar: 'weekday', types: { weekday: 0, saturday: 0, holiday: 0 } });
    }
    sets[index].dates.push(toIso(date));
    sets[index].types[dayTypeOf(day)]++;
  }
  const typical: Record<Calendar, number> = { weekday: -1, saturday: -1, holiday: -1 };
  for (const calendar of ['weekday', 'saturday', 'holiday'] as const) {
    sets.forEach((set, i) => {
      if (set.types[calendar] > 0 && (typical[calendar] < 0 || set.types[calendar] > sets[typical[calendar]].types[calendar])) typical[calendar] = i;
    });
  }
  return {
    sets: sets.map(({ services: ids, dates, types }) => ({
      services: ids,
      dates,
      calendar: (['weekday', 'saturday', 'holiday'] as const).reduce((best, c) => (types[c] > types[best] ? c : best), 'weekday' as Calendar),
    })),
    typical,
  };
}
