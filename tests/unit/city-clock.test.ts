import { afterEach, describe, expect, it } from 'vitest';
import { calendarOf, epochOfServiceTime, serviceDayOf, setCityCalendars } from '../../src/data/calendar.ts';
import { clockTimeZone, fromJapanFields, japanFields, japanMidnight, setClockTimeZone } from '../../src/data/japan-time.ts';

afterEach(() => {
  setClockTimeZone(null);
  setCityCalendars(null);
});

describe('the clock in a city bundle\'s time zone', () => {
  it('counts service days in the zone, daylight saving included', () => {
    setClockTimeZone('America/Halifax');
    expect(clockTimeZone()).toBe('America/Halifax');
    // 10 Sep 2025 08:15 ADT (UTC-3) is 11:15 UTC.
    const summer = Date.UTC(2025, 8, 10, 11, 15);
    expect(serviceDayOf(summer)).toEqual({ date: '2025-09-10', calendar: 'weekday', seconds: 8 * 3600 + 15 * 60 });
    expect(epochOfServiceTime('2025-09-10', 8 * 3600 + 15 * 60)).toBe(summer);
    // 10 Nov 2025 08:15 AST (UTC-4) is 12:15 UTC; 01:30 belongs to the day before.
    const winter = Date.UTC(2025, 10, 10, 12, 15);
    expect(serviceDayOf(winter).seconds).toBe(8 * 3600 + 15 * 60);
    expect(serviceDayOf(Date.UTC(2025, 10, 10, 5, 30))).toMatchObject({ date: '2025-11-09', seconds: 25.5 * 3600 });
    expect(japanFields(winter)).toEqual({ year: 2025, month: 11, day: 10, hour: 8, minute: 15, second: 0 });
    expect(fromJapanFields({ year: 2025, month: 11, day: 10, hour: 8, minute: 15, second: 0 })).toBe(winter);
    expect(japanMidnight(winter)).toBe(Date.UTC(2025, 10, 10, 4));
  });

  it('takes the day types of the bundle\'s dates, other dates by the day of the week alone', () => {
    setClockTimeZone('America/Halifax');
    setCityCalendars({ '2025-10-13': 'holiday' });
    expect(calendarOf('2025-10-13')).toBe('holiday');
    expect(calendarOf('2025-10-14')).toBe('weekday');
    expect(calendarOf('2025-10-18')).toBe('saturday');
    // A Japanese holiday is an ordinary Monday elsewhere.
    expect(calendarOf('2025-09-15')).toBe('weekday');
  });

  it('is Japan time again without a zone', () => {
    setClockTimeZone('America/Halifax');
    setClockTimeZone(null);
    expect(clockTimeZone()).toBe('Asia/Tokyo');
    expect(serviceDayOf(Date.UTC(2025, 8, 10, 11, 15))).toEqual({ date: '2025-09-10', calendar: 'weekday', seconds: 20 * 3600 + 15 * 60 });
    expect(calendarOf('2025-09-15')).toBe('holiday');
  });
});
