/**
 * The time zone a map's clock runs in: Japan time for Tokyo's bundle, the feed's zone (`manifest.city.timeZone`, e.g.
 * `America/Halifax`) for a bundle built from a GTFS feed. Each map, and each train simulation, holds its own
 * {@link ClockZone}, so maps of different cities on one page keep their own clocks. Everything works from epoch
 * milliseconds, never from the machine's time zone. Without the holiday table of `calendar.ts`, so the main thread
 * can use it without loading that.
 *
 * @module
 */

/** IANA name of Japan's time zone, the default clock zone. */
export const TOKYO_TIME_ZONE = 'Asia/Tokyo';
/** Offset of Japan Standard Time from UTC, ms (UTC+9 all year, no daylight saving). */
export const JAPAN_OFFSET_MS = 9 * 3_600_000;
/** Length of a day, seconds. */
export const DAY_SECONDS = 86_400;
/** Length of a day, ms. */
export const DAY_MS = DAY_SECONDS * 1000;
/**
 * Start of the service day, seconds after 00:00 on the clock: a train at 00:30 belongs to the previous date's
 * service day, as in published timetables.
 */
export const SERVICE_DAY_START_SECONDS = 3 * 3600;

/** Offsets change on quarter hours at the most: one lookup per quarter hour. */
const OFFSET_STEP_MS = 900_000;

/** Date and time fields of an instant on a zone's clock (month 1–12). */
export interface ClockFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The clock of one IANA time zone: offsets, wall-clock times and dates, daylight saving included. Immutable (it only
 * remembers the offsets it has looked up, by quarter hour); get one with {@link clockZoneOf}. Japan's
 * ({@link TOKYO_CLOCK_ZONE}) is a fixed UTC+9 and never calls `Intl`.
 */
export class ClockZone {
  /** The zone's formatter, null for a fixed offset. */
  private readonly format: Intl.DateTimeFormat | null;
  /** Offsets looked up, by quarter hour since the epoch. */
  private readonly offsets = new Map<number, number>();

  /**
   * @param timeZone IANA name, e.g. `America/Halifax`
   * @param fixedOffsetMs the zone's offset when it never changes (Japan's), else null
   * @throws RangeError for a zone the JavaScript engine does not know
   */
  private constructor(
    /** IANA name of the zone, e.g. `Asia/Tokyo`. */
    readonly timeZone: string,
    private readonly fixedOffsetMs: number | null,
  ) {
    this.format =
      fixedOffsetMs === null ? new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }) : null;
  }

  /** @internal Used by {@link clockZoneOf}, which keeps one per zone name. */
  static create(timeZone: string): ClockZone {
    return timeZone === TOKYO_TIME_ZONE ? new ClockZone(timeZone, JAPAN_OFFSET_MS) : new ClockZone(timeZone, null);
  }

  /** Offset of the zone from UTC at an instant, ms (east of UTC is positive). */
  offsetMs(epochMs: number): number {
    if (this.fixedOffsetMs !== null) return this.fixedOffsetMs;
    const step = Math.floor(epochMs / OFFSET_STEP_MS);
    let offset = this.offsets.get(step);
    if (offset === undefined) {
      const at = step * OFFSET_STEP_MS;
      const parts = this.format!.formatToParts(new Date(at));
      const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
      offset = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second')) - at;
      this.offsets.set(step, offset);
    }
    return offset;
  }

  /**
   * The instant whose wall-clock time in the zone, read as UTC, is `wallMs`. As `Temporal`'s `compatible`: in a
   * repeated hour (daylight saving ends) the earlier of the two instants; a wall time in a skipped hour (it begins)
   * is moved forward by the gap (02:30 is read as 03:30).
   */
  fromWallTime(wallMs: number): number {
    if (this.fixedOffsetMs !== null) return wallMs - this.fixedOffsetMs;
    // A day either side is clear of a change near the wall time (offsets are within ±14 h).
    const before = this.offsetMs(wallMs - DAY_MS);
    const early = wallMs - before;
    if (this.offsetMs(early) === before) return early;
    const after = this.offsetMs(wallMs + DAY_MS);
    const late = wallMs - after;
    return this.offsetMs(late) === after ? late : early;
  }

  /** Milliseconds since 00:00 on the zone's clock (0 ≤ ms < one day). */
  msOfDay(epochMs: number): number {
    return (((epochMs + this.offsetMs(epochMs)) % DAY_MS) + DAY_MS) % DAY_MS;
  }

  /** The instant of 00:00 on the zone's clock on the zone's date of `epochMs`. */
  midnight(epochMs: number): number {
    return this.fromWallTime(Math.floor((epochMs + this.offsetMs(epochMs)) / DAY_MS) * DAY_MS);
  }

  /**
   * Seconds since 00:00 of the service date on the zone's clock, fractional: from 10 800 (03:00) to below 97 200
   * (03:00 the next morning; 00:30 is 88 200).
   */
  serviceDaySeconds(epochMs: number): number {
    const seconds = this.msOfDay(epochMs) / 1000;
    return seconds < SERVICE_DAY_START_SECONDS ? seconds + DAY_SECONDS : seconds;
  }

  /** Date and time fields on the zone's clock of an instant (milliseconds dropped). */
  fields(epochMs: number): ClockFields {
    const d = new Date(epochMs + this.offsetMs(epochMs));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
  }

  /** The instant of date and time fields on the zone's clock (milliseconds zero); fields out of range carry over as in `Date.UTC`. */
  fromFields(f: ClockFields): number {
    return this.fromWallTime(Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second));
  }
}

/** Japan's clock: UTC+9 all year, the clock of Tokyo's bundle and of every map until its bundle says otherwise. */
export const TOKYO_CLOCK_ZONE = ClockZone.create(TOKYO_TIME_ZONE);

/** The zones made so far, by name (a zone never changes, so one each serves every map). */
const zonesByName = new Map<string, ClockZone>([[TOKYO_TIME_ZONE, TOKYO_CLOCK_ZONE]]);

/**
 * The clock of an IANA time zone (a city bundle's, e.g. `America/Halifax`); Japan's for null or undefined.
 * @throws RangeError for a zone the JavaScript engine does not know
 */
export function clockZoneOf(timeZone: string | null | undefined): ClockZone {
  if (timeZone === null || timeZone === undefined) return TOKYO_CLOCK_ZONE;
  let zone = zonesByName.get(timeZone);
  if (!zone) {
    zone = ClockZone.create(timeZone);
    zonesByName.set(timeZone, zone);
  }
  return zone;
}
