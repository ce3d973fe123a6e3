import { describe, expect, it } from 'vitest';
import { ACCELERATION, createHopProfile, hopDistance, hopProfile, hopSpeed, MAX_SPEED, minimalHopDuration, type HopProfile } from '../../src/data/train-motion.ts';

/** Samples a profile every `step` seconds (and at the end). */
function samples(p: HopProfile, step = 0.05): { t: number; d: number; v: number }[] {
  const out = [];
  for (let t = 0; t < p.duration; t += step) out.push({ t, d: hopDistance(p, t), v: hopSpeed(p, t) });
  out.push({ t: p.duration, d: hopDistance(p, p.duration), v: hopSpeed(p, p.duration) });
  return out;
}

/** Hops that fit within the limits: [metres, seconds]. */
const FEASIBLE: [number, number][] = [
  [400, 60],
  [1200, 120],
  [700, 60], // a short hop: never reaches top speed
  [3000, 180],
  [6500, 360],
  [2000, 600], // long and slow
  [50, 3600],
];

describe('hopProfile', () => {
  it('arrives on time: distance(T) is exactly the hop length, and 0 at departure', () => {
    for (const [length, duration] of [...FEASIBLE, [5000, 120], [3000, 30]] as [number, number][]) {
      const p = hopProfile(length, duration);
      expect(hopDistance(p, duration)).toBe(length);
      expect(hopDistance(p, duration - 1e-9)).toBeCloseTo(length, 6);
      expect(hopDistance(p, 0)).toBe(0);
      expect(hopDistance(p, duration + 10)).toBe(length);
      expect(hopDistance(p, -5)).toBe(0);
      expect(hopSpeed(p, 0)).toBe(0);
      expect(hopSpeed(p, duration)).toBe(0);
    }
  });

  it('never exceeds 80 km/h or 3 km/h/s when the hop fits within the limits, and is monotonic and continuous', () => {
    for (const [length, duration] of FEASIBLE) {
      const p = hopProfile(length, duration);
      expect(p.acceleration).toBeCloseTo(ACCELERATION, 12);
      const points = samples(p);
      let [topSpeed, topAcceleration, backwards, integralError] = [0, 0, 0, 0];
      for (let k = 1; k < points.length; k++) {
        const [a, b] = [points[k - 1], points[k]];
        topSpeed = Math.max(topSpeed, b.v);
        topAcceleration = Math.max(topAcceleration, Math.abs(b.v - a.v) / (b.t - a.t));
        if (b.d < a.d) backwards++;
        // the distance is the integral of the speed (trapezoidal rule, exact but at the kinks of a piecewise-linear speed)
        integralError = Math.max(integralError, Math.abs(b.d - a.d - ((a.v + b.v) / 2) * (b.t - a.t)));
      }
      expect(topSpeed, `${length} m in ${duration} s`).toBeLessThanOrEqual(MAX_SPEED + 1e-9);
      expect(topAcceleration).toBeLessThanOrEqual(ACCELERATION + 1e-6);
      expect(backwards).toBe(0);
      expect(integralError).toBeLessThan(1e-3);
    }
  });

  it('starts and ends at rest, with a symmetric profile', () => {
    const p = hopProfile(1500, 120);
    expect(p.speed).toBeLessThanOrEqual(MAX_SPEED);
    expect(hopSpeed(p, 1e-6)).toBeCloseTo(0, 4);
    expect(hopSpeed(p, 120 - 1e-6)).toBeCloseTo(0, 4);
    for (const t of [5, 20, 40, 59]) {
      expect(hopSpeed(p, t)).toBeCloseTo(hopSpeed(p, 120 - t), 9);
      expect(hopDistance(p, t)).toBeCloseTo(1500 - hopDistance(p, 120 - t), 6);
    }
    expect(hopDistance(p, 60)).toBeCloseTo(750, 6);
  });

  it('cruises above 80 km/h at the normal acceleration when the timetable leaves too little time, and still arrives on time', () => {
    const p = hopProfile(5000, 200); // average 90 km/h: cruises at about 110 km/h
    expect(p.speed).toBeGreaterThan(MAX_SPEED);
    expect(p.acceleration).toBeCloseTo(ACCELERATION, 12);
    expect(hopDistance(p, 200)).toBe(5000);
    // v is the smallest cruise speed that covers the hop: L = v·T − v²/a
    expect(p.speed * 200 - (p.speed * p.speed) / ACCELERATION).toBeCloseTo(5000, 6);
    const points = samples(p);
    for (let k = 1; k < points.length; k++) expect(points[k].d).toBeGreaterThanOrEqual(points[k - 1].d);
  });

  it('raises the acceleration into a triangle when even a triangle at 3 km/h/s is too slow', () => {
    const p = hopProfile(3000, 30);
    expect(p.acceleration).toBeCloseTo((4 * 3000) / 900, 9);
    expect(p.rampTime).toBe(15);
    expect(p.speed).toBeCloseTo(200, 9);
    expect(hopDistance(p, 15)).toBeCloseTo(1500, 6);
    expect(hopDistance(p, 30)).toBe(3000);
    // exactly at the boundary the triangle uses the normal acceleration
    const T = 2 * Math.sqrt(800 / ACCELERATION);
    expect(hopProfile(800, T).acceleration).toBeCloseTo(ACCELERATION, 9);
  });

  it('handles degenerate hops without NaN', () => {
    const cases: [number, number][] = [
      [0, 60],
      [500, 0],
      [0, 0],
      [-3, 60],
      [500, -1],
      [Number.NaN, 60],
      [500, Number.POSITIVE_INFINITY],
    ];
    for (const [length, duration] of cases) {
      const p = hopProfile(length, duration);
      for (const t of [-1, 0, 0.5, 30, 60, 120]) {
        expect(Number.isFinite(hopDistance(p, t)), `${length}/${duration} at ${t}`).toBe(true);
        expect(Number.isFinite(hopSpeed(p, t))).toBe(true);
      }
    }
    const instant = hopProfile(500, 0);
    expect(hopDistance(instant, 0)).toBe(0);
    expect(hopDistance(instant, 0.001)).toBe(500);
    expect(hopDistance(hopProfile(0, 60), 30)).toBe(0);
  });

  it('reuses the output object', () => {
    const out = createHopProfile();
    expect(hopProfile(1000, 90, out)).toBe(out);
    expect(out.length).toBe(1000);
  });

  it('handles minute-resolution hops of real lengths (1 minute for 400–1500 m)', () => {
    for (const length of [400, 800, 1200, 1500]) {
      const p = hopProfile(length, 60);
      expect(hopDistance(p, 60)).toBe(length);
      expect(p.speed).toBeLessThanOrEqual(Math.max(MAX_SPEED, (2 * length) / 60) + 1e-9);
    }
  });
});

describe('minimalHopDuration', () => {
  it('is the fastest time within the limits', () => {
    expect(minimalHopDuration(0)).toBe(0);
    const short = minimalHopDuration(400); // a triangle
    expect(hopProfile(400, short).acceleration).toBeCloseTo(ACCELERATION, 6);
    expect(hopProfile(400, short).speed).toBeLessThanOrEqual(MAX_SPEED);
    const long = minimalHopDuration(3000); // a trapezoid at top speed
    expect(hopProfile(3000, long).speed).toBeCloseTo(MAX_SPEED, 6);
  });
});
