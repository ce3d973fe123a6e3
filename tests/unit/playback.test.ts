import { describe, expect, it } from 'vitest';
import { PLAYBACK_SPEEDS, SimulationClock } from '../../src/data/clock.ts';
import { TOKYO_CLOCK_ZONE } from '../../src/data/clock-zone.ts';
import { stepField, stepSpeed } from '../../src/data/playback.ts';

const jst = (iso: string) => Date.parse(iso);

describe('playback speed steps', () => {
  it('goes up 1–10 by 1, 10–100 by 10, 100–600 by 100, and stops at the ends', () => {
    const up: number[] = [1];
    while (up.length < 40 && stepSpeed(up[up.length - 1], 1) !== up[up.length - 1]) up.push(stepSpeed(up[up.length - 1], 1));
    expect(up).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200, 300, 400, 500, 600]);
    expect(stepSpeed(600, 1)).toBe(600);
    expect(stepSpeed(1, -1)).toBe(1);
    expect(stepSpeed(100, -1)).toBe(90);
    expect(stepSpeed(10, -1)).toBe(9);
    expect(stepSpeed(200, -1)).toBe(100);
  });

  it('moves a speed between steps to the neighbouring step', () => {
    expect(stepSpeed(15, 1)).toBe(20);
    expect(stepSpeed(15, -1)).toBe(10);
    expect(stepSpeed(250, -1)).toBe(200);
  });

  it('offers only speeds the clock accepts', () => {
    const clock = new SimulationClock({ time: 0 }, () => 0);
    for (const speed of PLAYBACK_SPEEDS) expect(() => clock.setSpeed(speed)).not.toThrow();
    expect(() => clock.setSpeed(601)).toThrow(/1 to 600/);
  });
});

describe('date-time editing in Japan time', () => {
  it('reads and writes the fields in JST whatever the machine zone', () => {
    const t = jst('2026-11-25T23:30:15+09:00');
    expect(TOKYO_CLOCK_ZONE.fields(t)).toEqual({ year: 2026, month: 11, day: 25, hour: 23, minute: 30, second: 15 });
    expect(TOKYO_CLOCK_ZONE.fromFields(TOKYO_CLOCK_ZONE.fields(t))).toBe(t);
  });

  it('steps each field up and down without carrying into the next one', () => {
    const t = jst('2026-12-31T23:59:59+09:00');
    expect(stepField(t, 'second', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2026-12-31T23:59:00+09:00'));
    expect(stepField(t, 'minute', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2026-12-31T23:00:59+09:00'));
    expect(stepField(t, 'hour', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2026-12-31T00:59:59+09:00'));
    expect(stepField(t, 'day', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2026-12-01T23:59:59+09:00'));
    expect(stepField(t, 'month', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2026-01-31T23:59:59+09:00'));
    expect(stepField(t, 'year', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2027-12-31T23:59:59+09:00'));
    expect(stepField(jst('2026-01-01T00:00:00+09:00'), 'hour', -1, TOKYO_CLOCK_ZONE)).toBe(jst('2026-01-01T23:00:00+09:00'));
    expect(stepField(jst('2026-03-01T08:00:00+09:00'), 'day', -1, TOKYO_CLOCK_ZONE)).toBe(jst('2026-03-31T08:00:00+09:00'));
  });

  it('clamps the day to the length of the new month (leap years too)', () => {
    expect(stepField(jst('2026-01-31T08:00:00+09:00'), 'month', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2026-02-28T08:00:00+09:00'));
    expect(stepField(jst('2028-01-31T08:00:00+09:00'), 'month', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2028-02-29T08:00:00+09:00'));
    expect(stepField(jst('2028-02-29T08:00:00+09:00'), 'year', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2029-02-28T08:00:00+09:00'));
    expect(stepField(jst('2026-02-28T08:00:00+09:00'), 'day', 1, TOKYO_CLOCK_ZONE)).toBe(jst('2026-02-01T08:00:00+09:00'));
  });

  it('keeps the year within the editor range', () => {
    expect(TOKYO_CLOCK_ZONE.fields(stepField(jst('2099-06-01T00:00:00+09:00'), 'year', 1, TOKYO_CLOCK_ZONE)).year).toBe(2099);
    expect(TOKYO_CLOCK_ZONE.fields(stepField(jst('2000-06-01T00:00:00+09:00'), 'year', -1, TOKYO_CLOCK_ZONE)).year).toBe(2000);
  });
});
