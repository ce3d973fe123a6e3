/**
 * Station exits as a person reads them: which exits a station group has, and
 * whether each is open at the clock's time.
 *
 * Opening hours follow the service day (03:00 to 03:00 on the map's clock, see
 * `calendar.ts`): "06:00"–"00:20" closes twenty minutes after midnight, and
 * those hours are the ones of the day type of the service date. The data
 * writes an exit closed all day as equal opening and closing times ("00:00"–"00:00").
 *
 * @module
 */
import type { ExitUptime } from './bundle/exits-format.ts';
import type { NetworkMeta } from './bundle/network-format.ts';
import type { Calendar } from './bundle/timetable-format.ts';
import { SERVICE_DAY_START_SECONDS, type ClockZone } from './clock-zone.ts';

/** Opening hours on one service day, minutes since 00:00 of the service date (03:00 is 180; 00:20 that night is 1460). */
export interface ExitHours {
  open: number;
  close: number;
}

/** An exit at an instant. */
export interface ExitState {
  open: boolean;
  /** The day's hours; null when the data gives none (the exit is taken as always open) or when it is closed all day. */
  hours: ExitHours | null;
  /** Closed the whole service day. */
  closedAllDay: boolean;
}

const SERVICE_DAY_START_MINUTES = SERVICE_DAY_START_SECONDS / 60;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** "HH:MM" as minutes of the service day: times before 03:00 are after midnight (00:20 is 1460). NaN for anything else. */
export function serviceMinutesOf(time: string): number {
  const match = TIME.exec(time);
  if (!match) return NaN;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < SERVICE_DAY_START_MINUTES ? minutes + 1440 : minutes;
}

/**
 * Minute of the service day at an instant on the map's clock `zone` (180 ≤ minute < 1620: 00:30 is 1470, of the day
 * before). Plain arithmetic, without the holiday table of `calendar.ts`: the day type comes from the train simulation.
 */
export function serviceMinuteAt(epochMs: number, zone: ClockZone): number {
  return Math.floor(zone.serviceDaySeconds(epochMs) / 60);
}

/** Whether an uptime entry's calendar ("Weekday", "SaturdayHoliday", …; absent for every day) covers a day type. */
function covers(entry: ExitUptime, calendar: Calendar): boolean {
  return entry.calendar === undefined || entry.calendar.toLowerCase().includes(calendar);
}

/**
 * An exit's hours on a day type: its hours; `'closed'` when closed all day (equal times, or hours that are given for
 * other day types only); null when the data gives no hours at all. An entry naming the day type wins over one for
 * every day.
 */
export function exitHoursOn(uptime: readonly ExitUptime[] | undefined, calendar: Calendar): ExitHours | 'closed' | null {
  if (!uptime?.length) return null;
  const entry = uptime.find((u) => u.calendar !== undefined && covers(u, calendar)) ?? uptime.find((u) => covers(u, calendar));
  if (!entry) return 'closed';
  const open = serviceMinutesOf(entry.open);
  const close = serviceMinutesOf(entry.close);
  if (Number.isNaN(open) || Number.isNaN(close)) return null;
  return open === close ? 'closed' : { open, close };
}

/** Whether an exit is open at `minutes` of the service day (180 ≤ minutes < 1620) of a day type, with the day's hours. */
export function exitStateAt(uptime: readonly ExitUptime[] | undefined, calendar: Calendar, minutes: number): ExitState {
  const hours = exitHoursOn(uptime, calendar);
  if (hours === null) return { open: true, hours: null, closedAllDay: false };
  if (hours === 'closed') return { open: false, hours: null, closedAllDay: true };
  return { open: minutes >= hours.open && minutes < hours.close, hours, closedAllDay: false };
}

/** A station of a group with the exits it lists (indices into the exits bundle). */
export interface StationExits {
  /** Station index. */
  station: number;
  exits: number[];
}

/** The stations of a group that list exits, in the group's order, each exit once. */
export function groupExits(meta: NetworkMeta, stations: readonly number[]): StationExits[] {
  const seen = new Set<number>();
  const out: StationExits[] = [];
  for (const station of stations) {
    const exits = (meta.stations[station]?.exits ?? []).filter((e) => !seen.has(e) && (seen.add(e), true));
    if (exits.length) out.push({ station, exits });
  }
  return out;
}

/** An exit as the map marks it while a station's exit list is open. */
export interface ExitMarker {
  id: string;
  /** Longitude and latitude. */
  coord: [number, number];
  /** Short name in the data language, e.g. "A1". */
  label: string;
  /** Closed at the clock's time (drawn orange). */
  closed: boolean;
}
