import { afterEach, describe, expect, it } from 'vitest';
import { Mt3dClock, type ClockSource } from '../../src/api/mt3d-clock.ts';
import { clockZoneOf, TOKYO_CLOCK_ZONE, type ClockZone } from '../../src/data/clock-zone.ts';

/** Epoch ms of a Japan wall-clock time. */
const jst = (y: number, mo: number, d: number, h: number, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h, mi, s) - 9 * 3_600_000;

function fakeSource(start: number, zone: ClockZone = TOKYO_CLOCK_ZONE) {
  const calls: string[] = [];
  let time = start;
  let speed = 1;
  const source: ClockSource = {
    now: () => time,
    zone: () => zone,
    speed: () => speed,
    setTime: (t) => {
      calls.push(`setTime ${t}`);
      time = t;
    },
    setSpeed: (s) => {
      calls.push(`setSpeed ${s}`);
      speed = s;
    },
    reset: () => {
      calls.push('reset');
      speed = 1;
    },
  };
  return { source, calls };
}

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe("map.clock (Mini Tokyo 3D's Clock)", () => {
  it("getTime('hh:mm') is that time of the service day (03:00–03:00 Japan time) plus 25 s", () => {
    const morning = new Mt3dClock(fakeSource(jst(2026, 11, 29, 10, 15)).source);
    expect(morning.getTime()).toBe(jst(2026, 11, 29, 10, 15));
    expect(morning.getTime('03:00')).toBe(jst(2026, 11, 29, 3) + 25_000);
    expect(morning.getTime('23:59')).toBe(jst(2026, 11, 29, 23, 59) + 25_000);
    // Hours below 3 belong to the next calendar day.
    expect(morning.getTime('02:00')).toBe(jst(2026, 11, 30, 2) + 25_000);
    // Before 03:00 the service day is the previous date's.
    const night = new Mt3dClock(fakeSource(jst(2026, 11, 29, 1, 30)).source);
    expect(night.getTime('03:00')).toBe(jst(2026, 11, 28, 3) + 25_000);
    expect(night.getTime('01:00')).toBe(jst(2026, 11, 29, 1) + 25_000);
    expect(night.getTime('12:00')).toBe(jst(2026, 11, 28, 12) + 25_000);
    expect(night.getTimeOffset()).toBe(jst(2026, 11, 29, 1, 30) - jst(2026, 11, 28, 3) - 25_000);
  });

  it('formats Japan time whatever the machine time zone', () => {
    process.env.TZ = 'America/New_York';
    const clock = new Mt3dClock(fakeSource(jst(2026, 1, 2, 0, 5, 9)).source);
    expect(clock.getString()).toBe('2026-01-02 00:05:09');
    expect(clock.getTimeString()).toBe('00:05');
    expect(clock.getTimeString(jst(2026, 7, 1, 18, 45))).toBe('18:45');
    const date = clock.getDate();
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2026, 0, 2, 0, 5]);
  });

  it('setDate reads the Date’s local fields as Japan time; setSpeed clamps and ignores NaN; reset returns to real time', () => {
    process.env.TZ = 'Europe/Paris';
    const { source, calls } = fakeSource(jst(2026, 11, 29, 10));
    const clock = new Mt3dClock(source);
    expect(clock.setDate(new Date(2026, 3, 1, 8, 30))).toBe(clock);
    expect(clock.getTimeString()).toBe('08:30');
    expect(clock.getString()).toBe('2026-04-01 08:30:00');
    clock.setDate('2026-04-01' as never);
    clock.setSpeed(Number.NaN).setSpeed(60).setSpeed(10_000).setSpeed(0.5);
    expect(clock.speed).toBe(1);
    clock.reset();
    expect(calls).toEqual([`setTime ${jst(2026, 4, 1, 8, 30)}`, 'setSpeed 60', 'setSpeed 600', 'setSpeed 1', 'reset']);
    expect(clock.getTimezone()).toBe('Asia/Tokyo');
  });

  it("follows its own map's clock zone: two maps of different zones do not mix", () => {
    process.env.TZ = 'Europe/Paris';
    const at = Date.UTC(2025, 8, 10, 11, 15); // 08:15 ADT in Halifax, 20:15 JST
    const halifax = new Mt3dClock(fakeSource(at, clockZoneOf('America/Halifax')).source);
    const tokyo = new Mt3dClock(fakeSource(at).source);
    expect(halifax.getTimezone()).toBe('America/Halifax');
    expect(halifax.getString()).toBe('2025-09-10 08:15:00');
    expect(tokyo.getString()).toBe('2025-09-10 20:15:00');
    expect(halifax.getTime('03:00')).toBe(Date.UTC(2025, 8, 10, 6) + 25_000);
    expect(tokyo.getTime('03:00')).toBe(jst(2025, 9, 10, 3) + 25_000);
    expect(halifax.getDate().getHours()).toBe(8);
    expect(tokyo.getDate().getHours()).toBe(20);
    halifax.setDate(new Date(2025, 10, 10, 8, 15));
    expect(halifax.getString()).toBe('2025-11-10 08:15:00');
    expect(halifax.getTime()).toBe(Date.UTC(2025, 10, 10, 12, 15));
    expect(tokyo.getTimeString()).toBe('20:15');
  });
});
