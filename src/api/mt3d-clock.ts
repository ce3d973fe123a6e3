/**
 * `map.clock`: the map's clock seen through the members of Mini Tokyo 3D's `Clock`, for plugins written for it.
 * Times are epoch milliseconds; strings and `Date` fields are in Japan time whatever the machine's time zone.
 *
 * @module
 */
import { DAY_MS, JAPAN_OFFSET_MS, japanFields, japanMidnight, japanMsOfDay } from '../data/japan-time.ts';

/** Mini Tokyo 3D's `configs.minDelay`: `getTime('hh:mm')` is that much after the minute, as there. */
export const MIN_DELAY_MS = 25_000;

/** Japan Standard Time's offset as `Date.getTimezoneOffset` counts it (minutes, negative east of UTC). */
const JAPAN_TIMEZONE_OFFSET_MIN = -JAPAN_OFFSET_MS / 60_000;

/** What the facade reads and changes: the map's clock and its actions. */
export interface ClockSource {
  /** Simulated epoch ms now. */
  now(): number;
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

/** Milliseconds a `Date` in this machine's time zone is shifted by so that its local fields show Japan time. */
function localShift(epochMs: number): number {
  return (new Date(epochMs).getTimezoneOffset() - JAPAN_TIMEZONE_OFFSET_MIN) * 60_000;
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
   * Epoch ms now, or with `'hh:mm'` that time of the current service day (03:00 to 03:00 Japan time: before
   * 03:00 counts as the day before, and hours below 3 are the next calendar day), plus 25 s as in Mini Tokyo 3D.
   */
  getTime(timeString?: string): number {
    const now = this.source.now();
    if (!timeString) return now;
    const [hours, minutes] = timeString.split(':').map(Number);
    const hourNow = Math.floor(japanMsOfDay(now) / 3_600_000);
    const dayOffset = ((hourNow < 3 ? -1 : 0) + (hours < 3 ? 1 : 0)) * DAY_MS;
    return japanMidnight(now) + (hours * 60 + minutes) * 60_000 + dayOffset + MIN_DELAY_MS;
  }

  /** A `Date` whose local fields (`getHours()`, …) show Japan time at `time` (default now); its own instant is shifted. */
  getDate(time?: number): Date {
    const t = time ?? this.source.now();
    return new Date(t + localShift(t));
  }

  /** `'YYYY-MM-DD HH:mm:ss'` in Japan time at `time` (default now). */
  getString(time?: number): string {
    const f = japanFields(time ?? this.source.now());
    return `${f.year}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
  }

  /** `'HH:mm'` in Japan time at `time` (default now). */
  getTimeString(time?: number): string {
    const f = japanFields(time ?? this.source.now());
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

  /** The time zone: always `'Asia/Tokyo'` (the map shows Tokyo). */
  getTimezone(): string {
    return 'Asia/Tokyo';
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

  /** Jumps to the time `date`'s local fields show, read as Japan time (the map switches to playback); non-dates are ignored. */
  setDate(date: Date): this {
    if (!(date instanceof Date) || Number.isNaN(date.getTime())) return this;
    this.source.setTime(date.getTime() - localShift(date.getTime()));
    return this;
  }

  /** Back to real time at 1×. */
  reset(): this {
    this.source.reset();
    return this;
  }
}
