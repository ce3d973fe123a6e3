import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { calendarOf, isNationalHoliday, TOKYO_SERVICE_CALENDAR } from '../../src/data/calendar.ts';
import { ROOT } from '../../scripts/config.ts';

/** Epoch ms of a Japan time given as `YYYY-MM-DDTHH:MM:SS`. */
const jst = (local: string) => Date.parse(`${local}+09:00`);

describe('calendarOf', () => {
  it('runs the holiday timetable on Sundays', () => {
    expect(calendarOf('2026-11-22')).toBe('holiday');
    expect(calendarOf('2026-11-29')).toBe('holiday');
  });

  it('runs the holiday timetable on national holidays, substitute holidays and citizens’ holidays', () => {
    expect(calendarOf('2026-11-23')).toBe('holiday'); // Labour Thanksgiving Day, a Monday
    expect(calendarOf('2026-05-06')).toBe('holiday'); // substitute holiday (振替休日): Constitution Day fell on Sunday 3 May
    expect(calendarOf('2025-11-24')).toBe('holiday'); // substitute for Labour Thanksgiving Day on a Sunday
    expect(calendarOf('2026-09-22')).toBe('holiday'); // citizens' holiday between two holidays
    expect(calendarOf('2025-05-03')).toBe('holiday'); // a national holiday on a Saturday
    expect(isNationalHoliday('2026-11-23')).toBe(true);
    expect(isNationalHoliday('2026-11-24')).toBe(false);
  });

  it('runs the holiday timetable from 30 December to 3 January', () => {
    expect(calendarOf('2026-12-29')).toBe('weekday'); // Tuesday
    expect(calendarOf('2026-12-30')).toBe('holiday');
    expect(calendarOf('2026-12-31')).toBe('holiday');
    expect(calendarOf('2027-01-01')).toBe('holiday');
    expect(calendarOf('2027-01-02')).toBe('holiday'); // Saturday, but the year-end break wins
    expect(calendarOf('2027-01-04')).toBe('weekday'); // Monday
    expect(calendarOf('2026-01-03')).toBe('holiday'); // Saturday
  });

  it('runs the Saturday timetable on other Saturdays and the weekday one otherwise', () => {
    expect(calendarOf('2026-11-28')).toBe('saturday');
    expect(calendarOf('2026-11-24')).toBe('weekday');
    expect(calendarOf('2026-11-27')).toBe('weekday');
  });

  it('rejects invalid dates', () => {
    expect(() => calendarOf('2026-02-30')).toThrow(RangeError);
    expect(() => calendarOf('26-11-23')).toThrow(/YYYY-MM-DD/);
  });
});

describe('ServiceCalendar.serviceDayOf (Tokyo)', () => {
  it('puts 02:59 JST in the previous service day and 03:00 in the new one', () => {
    // Monday 30 November 2026, 02:59 belongs to Sunday's (holiday) service day.
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(jst('2026-11-30T02:59:00'))).toEqual({ date: '2026-11-29', calendar: 'holiday', seconds: 26 * 3600 + 59 * 60 });
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(jst('2026-11-30T03:00:00'))).toEqual({ date: '2026-11-30', calendar: 'weekday', seconds: 10800 });
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(jst('2026-11-30T02:59:59.5')).seconds).toBeCloseTo(97199.5, 6);
  });

  it('uses the Japan date across JST midnight, whatever UTC says', () => {
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(jst('2026-11-28T23:59:59'))).toEqual({ date: '2026-11-28', calendar: 'saturday', seconds: 86399 });
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(jst('2026-11-29T00:00:00'))).toEqual({ date: '2026-11-28', calendar: 'saturday', seconds: 86400 });
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(jst('2026-11-29T00:30:00')).seconds).toBe(88200);
    // 14:59 UTC on Friday 27 is still Friday 23:59 in Japan; 18:00 UTC on Friday is Saturday 03:00 in Japan.
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(Date.UTC(2026, 10, 27, 14, 59)).date).toBe('2026-11-27');
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(Date.UTC(2026, 10, 27, 18, 0))).toEqual({ date: '2026-11-28', calendar: 'saturday', seconds: 10800 });
    // New Year's Eve late at night, and the first morning of the year.
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(jst('2027-01-01T01:00:00'))).toEqual({ date: '2026-12-31', calendar: 'holiday', seconds: 25 * 3600 });
  });

  it('is the inverse of epochOfServiceTime', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 2000; k++) {
      const epoch = Math.floor(jst('2020-01-01T00:00:00') + random() * 12 * 365 * 86400_000);
      const day = TOKYO_SERVICE_CALENDAR.serviceDayOf(epoch);
      expect(day.seconds).toBeGreaterThanOrEqual(10800);
      expect(day.seconds).toBeLessThan(97200);
      expect(TOKYO_SERVICE_CALENDAR.epochOfServiceTime(day.date, day.seconds)).toBe(epoch);
    }
    expect(TOKYO_SERVICE_CALENDAR.epochOfServiceTime('2026-11-22', 88200)).toBe(jst('2026-11-23T00:30:00'));
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(TOKYO_SERVICE_CALENDAR.epochOfServiceTime('2026-11-22', 10800)).date).toBe('2026-11-22');
  });

  it('gives the same answers in any machine time zone', async () => {
    const script = `
      import { TOKYO_SERVICE_CALENDAR, calendarOf } from './src/data/calendar.ts';
      const times = [${jst('2026-11-30T02:59:00')}, ${jst('2026-11-29T00:00:00')}, ${Date.UTC(2026, 10, 27, 15, 0)}, ${jst('2027-01-04T08:00:00')}];
      console.log(JSON.stringify([times.map((t) => TOKYO_SERVICE_CALENDAR.serviceDayOf(t)), calendarOf('2026-11-23')]));
    `;
    const run = (tz: string) =>
      new Promise<string>((resolve, reject) => {
        execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, TZ: tz } }, (error, stdout, stderr) =>
          error ? reject(new Error(`${tz}: ${stderr || error.message}`)) : resolve(stdout.trim()),
        );
      });
    const outputs = await Promise.all(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Tokyo'].map(run));
    expect(new Set(outputs).size).toBe(1);
    expect(JSON.parse(outputs[0])[0][1]).toEqual({ date: '2026-11-28', calendar: 'saturday', seconds: 86400 });
  });
});
