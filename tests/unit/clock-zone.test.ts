import { describe, expect, it } from 'vitest';
import { calendarOf, ServiceCalendar, TOKYO_SERVICE_CALENDAR } from '../../src/data/calendar.ts';
import { clockZoneOf, DAY_MS, TOKYO_CLOCK_ZONE } from '../../src/data/clock-zone.ts';

const H = 3_600_000;
const halifax = clockZoneOf('America/Halifax');

describe('ClockZone', () => {
  it('is Japan time by default: a fixed UTC+9, no daylight saving', () => {
    expect(clockZoneOf(null)).toBe(TOKYO_CLOCK_ZONE);
    expect(clockZoneOf(undefined)).toBe(TOKYO_CLOCK_ZONE);
    expect(clockZoneOf('Asia/Tokyo')).toBe(TOKYO_CLOCK_ZONE);
    expect(TOKYO_CLOCK_ZONE.timeZone).toBe('Asia/Tokyo');
    for (const at of [Date.UTC(2025, 0, 15), Date.UTC(2025, 6, 15), Date.UTC(2025, 2, 9, 6)]) expect(TOKYO_CLOCK_ZONE.offsetMs(at)).toBe(9 * H);
    // 30 Nov 2026 00:30 JST is 29 Nov 15:30 UTC: the service day of 29 Nov, 24.5 h into it.
    const late = Date.UTC(2026, 10, 29, 15, 30);
    expect(TOKYO_CLOCK_ZONE.fields(late)).toEqual({ year: 2026, month: 11, day: 30, hour: 0, minute: 30, second: 0 });
    expect(TOKYO_CLOCK_ZONE.fromFields({ year: 2026, month: 11, day: 30, hour: 0, minute: 30, second: 0 })).toBe(late);
    expect(TOKYO_CLOCK_ZONE.msOfDay(late)).toBe(0.5 * H);
    expect(TOKYO_CLOCK_ZONE.midnight(late)).toBe(Date.UTC(2026, 10, 29, 15));
    expect(TOKYO_CLOCK_ZONE.serviceDaySeconds(late)).toBe(24.5 * 3600);
    expect(TOKYO_CLOCK_ZONE.fromWallTime(Date.UTC(2026, 10, 30, 0, 30))).toBe(late);
  });

  it('makes one zone per name, and throws for a zone the engine does not know', () => {
    expect(clockZoneOf('America/Halifax')).toBe(halifax);
    expect(() => clockZoneOf('Not/AZone')).toThrow(RangeError);
  });

  it('follows Halifax across the start of daylight saving (9 Mar 2025, 02:00 AST → 03:00 ADT)', () => {
    // 01:59 AST is 05:59 UTC; 03:00 ADT is 06:00 UTC.
    expect(halifax.offsetMs(Date.UTC(2025, 2, 9, 5, 59))).toBe(-4 * H);
    expect(halifax.offsetMs(Date.UTC(2025, 2, 9, 6))).toBe(-3 * H);
    expect(halifax.fields(Date.UTC(2025, 2, 9, 5, 59))).toMatchObject({ day: 9, hour: 1, minute: 59 });
    expect(halifax.fields(Date.UTC(2025, 2, 9, 6))).toMatchObject({ day: 9, hour: 3, minute: 0 });
    expect(halifax.fromFields({ year: 2025, month: 3, day: 9, hour: 3, minute: 0, second: 0 })).toBe(Date.UTC(2025, 2, 9, 6));
    expect(halifax.fromFields({ year: 2025, month: 3, day: 9, hour: 1, minute: 0, second: 0 })).toBe(Date.UTC(2025, 2, 9, 5));
    // 02:30 does not exist that night: it is read as 03:30 ADT.
    expect(halifax.fromFields({ year: 2025, month: 3, day: 9, hour: 2, minute: 30, second: 0 })).toBe(Date.UTC(2025, 2, 9, 6, 30));
    // The day is 23 hours long: midnight before and after the change.
    expect(halifax.midnight(Date.UTC(2025, 2, 9, 12))).toBe(Date.UTC(2025, 2, 9, 4));
    expect(halifax.midnight(Date.UTC(2025, 2, 10, 12))).toBe(Date.UTC(2025, 2, 10, 3));
    // 08:15 ADT on the day of the change.
    expect(halifax.serviceDaySeconds(Date.UTC(2025, 2, 9, 11, 15))).toBe(8.25 * 3600);
  });

  it('follows Halifax across the end of daylight saving (2 Nov 2025, the hour 01:00–02:00 twice)', () => {
    const firstOne = Date.UTC(2025, 10, 2, 4, 30); // 01:30 ADT
    const secondOne = Date.UTC(2025, 10, 2, 5, 30); // 01:30 AST, an hour later
    expect(halifax.offsetMs(firstOne)).toBe(-3 * H);
    expect(halifax.offsetMs(secondOne)).toBe(-4 * H);
    expect(halifax.fields(firstOne)).toMatchObject({ day: 2, hour: 1, minute: 30 });
    expect(halifax.fields(secondOne)).toMatchObject({ day: 2, hour: 1, minute: 30 });
    expect(halifax.msOfDay(firstOne)).toBe(halifax.msOfDay(secondOne));
    // The repeated wall time is read as the earlier instant; the hour after it is standard time.
    expect(halifax.fromFields({ year: 2025, month: 11, day: 2, hour: 1, minute: 30, second: 0 })).toBe(firstOne);
    expect(halifax.fromFields({ year: 2025, month: 11, day: 2, hour: 2, minute: 0, second: 0 })).toBe(Date.UTC(2025, 10, 2, 6));
    // Both are in the service day of 1 Nov, 25.5 h into it.
    expect(halifax.serviceDaySeconds(firstOne)).toBe(25.5 * 3600);
    expect(halifax.serviceDaySeconds(secondOne)).toBe(25.5 * 3600);
    // The day is 25 hours long.
    expect(halifax.midnight(Date.UTC(2025, 10, 2, 12))).toBe(Date.UTC(2025, 10, 2, 3));
    expect(halifax.midnight(Date.UTC(2025, 10, 3, 12)) - halifax.midnight(Date.UTC(2025, 10, 2, 12))).toBe(DAY_MS + H);
    expect(halifax.fromFields({ year: 2025, month: 11, day: 2, hour: 8, minute: 15, second: 0 })).toBe(Date.UTC(2025, 10, 2, 12, 15));
  });

  it('gives independent answers for two zones used interleaved', () => {
    const instants = [Date.UTC(2025, 2, 9, 5), Date.UTC(2025, 2, 9, 7), Date.UTC(2025, 10, 2, 4, 30), Date.UTC(2025, 10, 2, 5, 30), Date.UTC(2025, 6, 1, 12)];
    const alone = (zone: typeof halifax) => instants.map((t) => [zone.fields(t), zone.serviceDaySeconds(t), zone.midnight(t)]);
    const expectedTokyo = alone(TOKYO_CLOCK_ZONE);
    const expectedHalifax = alone(clockZoneOf('America/Halifax'));
    for (const [k, t] of instants.entries()) {
      expect([halifax.fields(t), halifax.serviceDaySeconds(t), halifax.midnight(t)]).toEqual(expectedHalifax[k]);
      expect([TOKYO_CLOCK_ZONE.fields(t), TOKYO_CLOCK_ZONE.serviceDaySeconds(t), TOKYO_CLOCK_ZONE.midnight(t)]).toEqual(expectedTokyo[k]);
    }
    const t = Date.UTC(2025, 8, 10, 11, 15);
    expect(TOKYO_CLOCK_ZONE.fields(t).hour).toBe(20);
    expect(halifax.fields(t).hour).toBe(8);
    expect(TOKYO_CLOCK_ZONE.fields(t).hour).toBe(20);
  });
});

describe('ServiceCalendar', () => {
  const cityDays = { '2025-10-13': 'holiday' } as const;

  it('counts a city bundle\'s service days in its zone, daylight saving included', () => {
    const city = new ServiceCalendar(halifax, cityDays);
    // 10 Sep 2025 08:15 ADT (UTC-3) is 11:15 UTC.
    const summer = Date.UTC(2025, 8, 10, 11, 15);
    expect(city.serviceDayOf(summer)).toEqual({ date: '2025-09-10', calendar: 'weekday', seconds: 8 * 3600 + 15 * 60 });
    expect(city.epochOfServiceTime('2025-09-10', 8 * 3600 + 15 * 60)).toBe(summer);
    // 10 Nov 2025 08:15 AST (UTC-4) is 12:15 UTC; 01:30 belongs to the day before.
    const winter = Date.UTC(2025, 10, 10, 12, 15);
    expect(city.serviceDayOf(winter).seconds).toBe(8 * 3600 + 15 * 60);
    expect(city.serviceDayOf(Date.UTC(2025, 10, 10, 5, 30))).toMatchObject({ date: '2025-11-09', seconds: 25.5 * 3600 });
  });

  it('takes the day types of the bundle\'s dates, other dates by the day of the week alone', () => {
    const city = new ServiceCalendar(halifax, cityDays);
    expect(city.calendarOf('2025-10-13')).toBe('holiday');
    expect(city.calendarOf('2025-10-14')).toBe('weekday');
    expect(city.calendarOf('2025-10-18')).toBe('saturday');
    // A Japanese holiday is an ordinary Monday elsewhere, and still a holiday in Tokyo.
    expect(city.calendarOf('2025-09-15')).toBe('weekday');
    expect(TOKYO_SERVICE_CALENDAR.calendarOf('2025-09-15')).toBe('holiday');
    expect(calendarOf('2025-09-15')).toBe('holiday');
  });

  it('keeps a city\'s calendar and Tokyo\'s apart when used in turn', () => {
    const city = new ServiceCalendar(halifax, cityDays);
    const tokyo = new ServiceCalendar(TOKYO_CLOCK_ZONE);
    const t = Date.UTC(2025, 8, 15, 11, 15); // Mon 15 Sep 2025: 08:15 in Halifax, 20:15 in Tokyo (Respect for the Aged Day)
    for (let i = 0; i < 2; i++) {
      expect(city.serviceDayOf(t)).toEqual({ date: '2025-09-15', calendar: 'weekday', seconds: 8.25 * 3600 });
      expect(tokyo.serviceDayOf(t)).toEqual({ date: '2025-09-15', calendar: 'holiday', seconds: 20.25 * 3600 });
    }
  });
});
