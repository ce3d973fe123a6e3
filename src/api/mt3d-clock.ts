/**
 * `map.clock`: the map's clock seen through the members of Mini Tokyo 3D's `Clock`, for plugins written for it.
 * Times are epoch milliseconds; strings and `Date` fields are in the map's clock zone (Japan time for Tokyo, the
 * feed's zone for a bundle built from a GTFS feed) whatever the machine's time zone.
 *
 * @module
 */
import { DAY_MS, type ClockZone } from '../data/clock-zone.ts';

/** Mini Tokyo 3D's `configs.minDelay`: `getTime('hh:mm')` is that much after the minute, as there. */
export const MIN_DELAY_MS = 25_000;

/** What the facade reads and changes: the map's clock and its actions. */
export interface ClockSource {
  /** Simulated epoch ms now. */
  now(): number;
  /** The map's clock zone now. */
  zone(): ClockZone;
  /** The playback speed (1 in real time). */
  speed(): number;
  /** Jumps to an instant (playback). */
  setTime(epochMs: number): void;
  /** Sets the speed (playback, 1–600). */
  setSpeed(speed: number): void;
  /** Back to real time at 1×. */
  reset(): void;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Milliseconds a `Date` in this machine's time zone is shifted by so that its local fields show `zone`'s clock. */
function localShift(epochMs: number, zone: ClockZone): number {
  return new Date(epochMs).getTimezoneOffset() * 60_000 + zone.offsetMs(epochMs);
}

/** Playback speeds the map takes. */
const MIN_SPEED = 1;
const MAX_SPEED = 600;

/** The clock of a map in Mini Tokyo 3D's terms (its `map.clock`). */
export class Mt3dClock {
  constructor(private readonly source: ClockSource) {}

  /** The speed: simulated seconds per real second (1 in real time). */
  get speed(): number {
    return this.source.speed();
  }

  /**
   * Epoch ms now, or with `'hh:mm'` that time of the current service day (03:00 to 03:00 on the map's clock: before
   * 03:00 counts as the day before, and hours below 3 are the next calendar day), plus 25 s as in Mini Tokyo 3D.
   */
  getTime(timeString?: string): number {
    const now = this.source.now();
    if (!timeString) return now;
    const zone = this.source.zone();
    const [hours, minutes] = timeString.split(':').map(Number);
    const hourNow = Math.floor(zone.msOfDay(now) / 3_600_000);
    const dayOffset = ((hourNow < 3 ? -1 : 0) + (hours < 3 ? 1 : 0)) * DAY_MS;
    return zone.midnight(now) + (hours * 60 + minutes) * 60_000 + dayOffset + MIN_DELAY_MS;
  }

  /** A `Date` whose local fields (`getHours()`, …) show the map's clock at `time` (default now); its own instant is shifted. */
  getDate(time?: number): Date {
    const t = time ?? this.source.now();
    return new Date(t + localShift(t, this.source.zone()));
  }

  /** `'YYYY-MM-DD HH:mm:ss'` on the map's clock at `time` (default now). */
  getString(time?: number): string {
    const f = this.source.zone().fields(time ?? this.source.now());
    return `${f.year}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
  }

  /** `'HH:mm'` on the map's clock at `time` (default now). */
  getTimeString(time?: number): string {
    const f = this.source.zone().fields(time ?? this.source.now());
    return `${pad(f.hour)}:${pad(f.minute)}`;
  }

  /** Milliseconds since the service day began (03:00 plus 25 s, as {@link getTime} counts it). */
  getTimeOffset(): number {
    return this.getTime() - this.getTime('03:00');
  }

  /** Simulated milliseconds on the page's high-resolution time line (`performance.now()` in real time). */
  getHighResTime(): number {
    return this.source.now() - performance.timeOrigin;
  }

  /** The map's clock zone: `'Asia/Tokyo'` for Tokyo, the feed's zone (e.g. `'America/Halifax'`) for a city bundle. */
  getTimezone(): string {
    return this.source.zone().timeZone;
  }

  /**
   * Sets the speed, keeping the time; the map switches to playback unless it is 1 in real time. Speeds are
   * clamped to the map's 1–600; `NaN` is ignored.
   */
  setSpeed(speed: number): this {
    if (Number.isNaN(speed)) return this;
    this.source.setSpeed(Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed)));
    return this;
  }

  /** Jumps to the time `date`'s local fields show, read on the map's clock (the map switches to playback); non-dates are ignored. */
  setDate(date: Date): this {
    if (!(date instanceof Date) || Number.isNaN(date.getTime())) return this;
    this.source.setTime(date.getTime() - localShift(date.getTime(), this.source.zone()));
    return this;
  }

  /** Back to real time at 1×. */
  reset(): this {
    this.source.reset();
    return this;
  }
}
