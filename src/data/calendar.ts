/**
 * The railway calendar: service days and their day types.
 *
 * Everything here works from epoch milliseconds and a map's clock zone
 * (`clock-zone.ts`: Japan Standard Time for Tokyo, a city bundle's zone
 * otherwise), never from the machine's time zone.
 *
 * A *service day* runs from 03:00 to 03:00 on the clock: a train at 00:30
 * belongs to the previous calendar date, as in published timetables. Its *day
 * type* ({@link Calendar}) selects the timetable. In Tokyo, Sundays, national
 * holidays and 30 December – 3 January run the holiday timetable, other
 * Saturdays the Saturday timetable, every other day the weekday one; a city
 * bundle gives the day types of its own dates. A {@link ServiceCalendar}
 * holds one map's zone and day types, so each train simulation has its own.
 */
import holidayJp from '@holiday-jp/holiday_jp';
import type { Calendar } from './bundle/timetable-format.ts';
import { DAY_MS, SERVICE_DAY_START_SECONDS, TOKYO_CLOCK_ZONE, type ClockZone } from './clock-zone.ts';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The service day an instant belongs to. */
export interface ServiceDay {
  /** Service date, `YYYY-MM-DD`: the date on the clock, or the day before when the clock is before 03:00. */
  date: string;
  /** Day type of the service date. */
  calendar: Calendar;
  /**
   * Seconds since 00:00 (on the clock) of the service date, fractional
   * (10800 ≤ seconds < 97200: 03:00 is 10800, 00:30 of the next date is 88200).
   */
  seconds: number;
}

/** Japanese national holidays (including substitute and citizens' holidays) by `YYYY-MM-DD`, from @holiday-jp/holiday_jp. */
const HOLIDAYS: Readonly<Record<string, unknown>> = holidayJp.holidays;

/** Whether a `YYYY-MM-DD` date is a Japanese national holiday (false outside the library's years, 1970–2050). */
export function isNationalHoliday(date: string): boolean {
  return Object.prototype.hasOwnProperty.call(HOLIDAYS, date);
}

/** Parses `YYYY-MM-DD` into its day number (days since 1970-01-01); throws on anything else. */
function dayNumberOf(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Invalid date "${date}": expected YYYY-MM-DD.`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Invalid date "${date}": no such day.`);
  }
  return ms / DAY_MS;
}

/** `YYYY-MM-DD` of a day number (days since 1970-01-01). */
function dateOfDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a date falls in the year-end and new-year break (30 December – 3 January). */
function isYearEnd(date: string): boolean {
  const monthDay = date.slice(5);
  return monthDay >= '12-30' || monthDay <= '01-03';
}

/**
 * Tokyo's day type of a service date (`YYYY-MM-DD`): `holiday` for Sundays,
 * national holidays and 30 December – 3 January, `saturday` for other
 * Saturdays, `weekday` otherwise. Throws a RangeError for an invalid date.
 */
export function calendarOf(serviceDate: string): Calendar {
  const weekday = new Date(dayNumberOf(serviceDate) * DAY_MS).getUTCDay(); // 0 = Sunday
  if (weekday === 0 || isNationalHoliday(serviceDate) || isYearEnd(serviceDate)) return 'holiday';
  return weekday === 6 ? 'saturday' : 'weekday';
}

/**
 * The service days of one map or train simulation: its clock zone and the day types of its dates (Tokyo's calendar,
 * or a city bundle's). Each holds its own last lookup, so simulations of different cities never mix.
 */
export class ServiceCalendar {
  /** The last service day looked up: one lookup per day instead of one per frame. */
  private cached: { dayNumber: number; date: string; calendar: Calendar } | null = null;

  /**
   * @param zone the clock the service days are counted on
   * @param cityDays day types of a city bundle's service dates (`YYYY-MM-DD`; other dates by their day of the week
   *   alone), or null for Tokyo's calendar ({@link calendarOf})
   */
  constructor(
    readonly zone: ClockZone,
    private readonly cityDays: Readonly<Record<string, Calendar>> | null = null,
  ) {}

  /** Day type of a service date (`YYYY-MM-DD`); throws a RangeError for an invalid date. */
  calendarOf(serviceDate: string): Calendar {
    if (!this.cityDays) return calendarOf(serviceDate);
    const weekday = new Date(dayNumberOf(serviceDate) * DAY_MS).getUTCDay(); // 0 = Sunday
    return this.cityDays[serviceDate] ?? (weekday === 0 ? 'holiday' : weekday === 6 ? 'saturday' : 'weekday');
  }

  /** The service day (date, day type, seconds into it) of an instant given in epoch milliseconds. */
  serviceDayOf(epochMs: number): ServiceDay {
    if (!Number.isFinite(epochMs)) throw new RangeError(`Invalid time ${epochMs}.`);
    const shifted = epochMs + this.zone.offsetMs(epochMs) - SERVICE_DAY_START_SECONDS * 1000;
    const dayNumber = Math.floor(shifted / DAY_MS);
    const seconds = (shifted - dayNumber * DAY_MS) / 1000 + SERVICE_DAY_START_SECONDS;
    if (this.cached?.dayNumber !== dayNumber) {
      const date = dateOfDayNumber(dayNumber);
      this.cached = { dayNumber, date, calendar: this.calendarOf(date) };
    }
    return { date: this.cached.date, calendar: this.cached.calendar, seconds };
  }

  /**
   * Epoch milliseconds of a time of a service day: `seconds` after 00:00 (on the clock) of `serviceDate` (values of
   * 86400 and more fall on the next calendar date). The inverse of {@link serviceDayOf}.
   */
  epochOfServiceTime(serviceDate: string, seconds: number): number {
    return this.zone.fromWallTime(dayNumberOf(serviceDate) * DAY_MS + seconds * 1000);
  }
}

/** Tokyo's service days: Japan time and Tokyo's calendar. */
export const TOKYO_SERVICE_CALENDAR = new ServiceCalendar(TOKYO_CLOCK_ZONE);
