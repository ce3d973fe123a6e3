/**
 * Exit opening hours against entries of the real poi.json (read in place), checked by hand:
 * - TokyoMetro.Toranomon.1: 06:00–00:20 every day (closes after midnight);
 * - TokyoMetro.Kasumigaseki.B3b: weekdays 07:00–21:00, Saturdays and holidays 00:00–00:00 (closed all day);
 * - JR-East.Tokyo.10: weekdays 08:00–19:00, Saturdays 08:00–15:00, holidays closed;
 * - TokyoMetro.Kasumigaseki.B1b: weekdays and Saturdays 08:30–22:30, holidays closed;
 * - TokyoMetro.Shinjuku.A11: 00:00–00:00 (closed every day);
 * - JR-East.Yokohama.East: no hours (always open).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExitUptime } from '../../src/data/bundle/exits-format.ts';
import { TOKYO_SERVICE_CALENDAR } from '../../src/data/calendar.ts';
import { clockZoneOf, TOKYO_CLOCK_ZONE } from '../../src/data/clock-zone.ts';
import { exitHoursOn, exitStateAt, serviceMinuteAt, serviceMinutesOf } from '../../src/data/exits.ts';
import { resolvePaths } from '../../scripts/config.ts';

const POI = new Map(
  (JSON.parse(readFileSync(join(resolvePaths([]).source, 'poi.json'), 'utf8')) as { id: string; uptime?: ExitUptime[] }[]).map((p) => [p.id, p.uptime]),
);
const uptime = (id: string) => {
  expect(POI.has(id), id).toBe(true);
  return POI.get(id);
};
/** Open or closed at a Japan-time instant ("2026-11-25T00:10"), through the service day (03:00 rollover). */
const openAt = (id: string, jst: string) => {
  const day = TOKYO_SERVICE_CALENDAR.serviceDayOf(Date.parse(`${jst}:00+09:00`));
  return exitStateAt(uptime(id), day.calendar, Math.floor(day.seconds / 60)).open;
};

describe('service minutes', () => {
  it('puts times before 03:00 at the end of the service day', () => {
    expect(serviceMinutesOf('06:00')).toBe(360);
    expect(serviceMinutesOf('23:00')).toBe(1380);
    expect(serviceMinutesOf('00:20')).toBe(1460);
    expect(serviceMinutesOf('00:00')).toBe(1440);
    expect(serviceMinutesOf('02:59')).toBe(1619);
    expect(serviceMinutesOf('03:00')).toBe(180);
    expect(serviceMinutesOf('6 am')).toBeNaN();
  });
});

describe('exit hours by day type (real poi.json)', () => {
  it('reads hours for every day, per day type, and closed all day', () => {
    expect(exitHoursOn(uptime('TokyoMetro.Toranomon.1'), 'holiday')).toEqual({ open: 360, close: 1460 });
    expect(exitHoursOn(uptime('TokyoMetro.Kasumigaseki.B3b'), 'weekday')).toEqual({ open: 420, close: 1260 });
    expect(exitHoursOn(uptime('TokyoMetro.Kasumigaseki.B3b'), 'saturday')).toBe('closed');
    expect(exitHoursOn(uptime('TokyoMetro.Kasumigaseki.B3b'), 'holiday')).toBe('closed');
    expect(exitHoursOn(uptime('JR-East.Tokyo.10'), 'weekday')).toEqual({ open: 480, close: 1140 });
    expect(exitHoursOn(uptime('JR-East.Tokyo.10'), 'saturday')).toEqual({ open: 480, close: 900 });
    expect(exitHoursOn(uptime('JR-East.Tokyo.10'), 'holiday')).toBe('closed');
    expect(exitHoursOn(uptime('TokyoMetro.Kasumigaseki.B1b'), 'saturday')).toEqual({ open: 510, close: 1350 });
    expect(exitHoursOn(uptime('TokyoMetro.Kasumigaseki.B1b'), 'holiday')).toBe('closed');
    expect(exitHoursOn(uptime('TokyoMetro.Shinjuku.A11'), 'weekday')).toBe('closed');
    expect(exitHoursOn(uptime('JR-East.Yokohama.East'), 'weekday')).toBeNull();
  });

  it('treats day types an exit lists no hours for as closed', () => {
    expect(exitHoursOn([{ open: '07:00', close: '21:00', calendar: 'Weekday' }], 'holiday')).toBe('closed');
  });
});

describe('exit open or closed at a given time (real poi.json)', () => {
  // Tuesday 24 and Wednesday 25 November 2026 are weekdays, Saturday 28 a Saturday, Monday 23 a national holiday.
  it('Toranomon exit 1 (06:00–00:20): open in the evening and just after midnight, closed at night and before 06:00', () => {
    expect(openAt('TokyoMetro.Toranomon.1', '2026-11-24T05:59')).toBe(false);
    expect(openAt('TokyoMetro.Toranomon.1', '2026-11-24T06:00')).toBe(true);
    expect(openAt('TokyoMetro.Toranomon.1', '2026-11-24T23:59')).toBe(true);
    expect(openAt('TokyoMetro.Toranomon.1', '2026-11-25T00:19')).toBe(true);
    expect(openAt('TokyoMetro.Toranomon.1', '2026-11-25T00:20')).toBe(false);
    expect(openAt('TokyoMetro.Toranomon.1', '2026-11-25T02:00')).toBe(false);
  });

  it('Kasumigaseki B3b: open on a weekday at noon, closed on a Saturday and on a holiday at noon, closed at 21:00', () => {
    expect(openAt('TokyoMetro.Kasumigaseki.B3b', '2026-11-24T12:00')).toBe(true);
    expect(openAt('TokyoMetro.Kasumigaseki.B3b', '2026-11-24T21:00')).toBe(false);
    expect(openAt('TokyoMetro.Kasumigaseki.B3b', '2026-11-28T12:00')).toBe(false);
    expect(openAt('TokyoMetro.Kasumigaseki.B3b', '2026-11-23T12:00')).toBe(false);
  });

  it('Tokyo exit 10: a Saturday closes at 15:00, a weekday at 19:00; 01:00 on a Saturday is still Friday night', () => {
    expect(openAt('JR-East.Tokyo.10', '2026-11-28T14:59')).toBe(true);
    expect(openAt('JR-East.Tokyo.10', '2026-11-28T15:00')).toBe(false);
    expect(openAt('JR-East.Tokyo.10', '2026-11-27T18:30')).toBe(true);
    expect(openAt('JR-East.Tokyo.10', '2026-11-28T01:00')).toBe(false);
  });

  it('an exit closed every day and one without hours', () => {
    expect(openAt('TokyoMetro.Shinjuku.A11', '2026-11-24T12:00')).toBe(false);
    expect(exitStateAt(uptime('TokyoMetro.Shinjuku.A11'), 'weekday', 720)).toEqual({ open: false, hours: null, closedAllDay: true });
    expect(openAt('JR-East.Yokohama.East', '2026-11-25T02:00')).toBe(true);
    expect(exitStateAt(undefined, 'weekday', 720)).toEqual({ open: true, hours: null, closedAllDay: false });
  });
});

describe('minute of the service day', () => {
  it('matches the calendar module, with the 03:00 rollover', () => {
    for (const jst of ['2026-11-24T03:00', '2026-11-24T12:34', '2026-11-25T00:20', '2026-11-25T02:59', '2026-12-31T23:59']) {
      const epoch = Date.parse(`${jst}:00+09:00`);
      expect(serviceMinuteAt(epoch, TOKYO_CLOCK_ZONE), jst).toBe(Math.floor(TOKYO_SERVICE_CALENDAR.serviceDayOf(epoch).seconds / 60));
    }
    expect(serviceMinuteAt(Date.parse('2026-11-25T02:00:00+09:00'), TOKYO_CLOCK_ZONE)).toBe(1560);
  });

  it("is counted on the map's own clock zone", () => {
    const epoch = Date.parse('2025-09-10T08:15:00-03:00'); // 08:15 ADT, 20:15 JST
    expect(serviceMinuteAt(epoch, clockZoneOf('America/Halifax'))).toBe(8 * 60 + 15);
    expect(serviceMinuteAt(epoch, TOKYO_CLOCK_ZONE)).toBe(20 * 60 + 15);
  });
});
