import { describe, expect, it } from 'vitest';
import { courseMotion, FLIGHT_SPEEDS, flightStateAt, type CourseMotion, type FlightState } from '../../src/data/flights/index.ts';
import { realFlightModel } from './fixtures/flights/real-model.ts';

const { model } = realFlightModel();
const motions = new Map(model.courses.map((c) => [c.id, courseMotion(c)]));
const motion = (id: string) => motions.get(id)!;
const state = (m: CourseMotion, tau: number) => flightStateAt(m, tau)!;

/** Ground distance between two states, m (equirectangular, fine over metres). */
function gap(a: FlightState, b: FlightState): number {
  const k = 6_371_008.8 * (Math.PI / 180);
  return Math.hypot((a.lng - b.lng) * k * Math.cos((a.lat * Math.PI) / 180), (a.lat - b.lat) * k, a.altitude - b.altitude);
}
const angle = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('take-off', () => {
  const m = motion('HND.05.Dep');
  it('stands lined up, then rolls from 0 to lift-off speed on the ground, then climbs', () => {
    expect(m.start).toBe(-FLIGHT_SPEEDS.lineUpSeconds);
    expect(state(m, -30)).toMatchObject({ phase: 'line-up', speed: 0, altitude: 0, distance: 0 });
    const rollEnd = m.spans[1].t1;
    expect(rollEnd).toBeGreaterThan(30);
    expect(rollEnd).toBeLessThan(70);
    for (let t = 0; t < rollEnd; t += 5) expect(state(m, t)).toMatchObject({ phase: 'take-off-roll', altitude: 0 });
    expect(state(m, rollEnd - 0.01).speed).toBeCloseTo(FLIGHT_SPEEDS.liftOff, 0);
    expect(state(m, rollEnd + 10).altitude).toBeGreaterThan(0);
    expect(state(m, rollEnd + 10).phase).toBe('climb');
  });

  it('heads along the runway (05 → about 50°) and pitches up at rotation', () => {
    expect(angle(state(m, 10).heading, 43)).toBeLessThan(10);
    expect(state(m, 5).pitch).toBeCloseTo(0, 5);
    expect(state(m, m.spans[1].t1 + 5).pitch).toBeGreaterThan(8);
  });
});

describe('climb and cruise-out', () => {
  it('climbs all the way out, never faster than 250 kt, and leaves the map at the course end', () => {
    for (const [id, m] of motions) {
      if (m.kind !== 'departure') continue;
      let previous = state(m, m.spans[1].t1);
      let descents = 0;
      let speedRange = [Infinity, -Infinity];
      for (let t = m.spans[1].t1 + 2; t <= m.end; t += 2) {
        const s = state(m, t);
        if (s.altitude < previous.altitude) descents++;
        speedRange = [Math.min(speedRange[0], s.speed), Math.max(speedRange[1], s.speed)];
        previous = s;
      }
      expect(descents, id).toBe(0);
      expect(speedRange[0], id).toBeGreaterThanOrEqual(FLIGHT_SPEEDS.liftOff);
      expect(speedRange[1], id).toBeLessThanOrEqual(FLIGHT_SPEEDS.climb + 1e-9);
      const last = state(m, m.end);
      expect(last.distance, id).toBeCloseTo(m.course.length, 0);
      expect(last.altitude, id).toBeCloseTo(1000, 0);
      expect(flightStateAt(m, m.end + 0.5), id).toBeNull();
    }
  });

  it('is on the map for a believable 3 to 6 minutes from line-up', () => {
    for (const [id, m] of motions) if (m.kind === 'departure') {
      expect((m.end - m.start) / 60, id).toBeGreaterThan(3);
      expect((m.end - m.start) / 60, id).toBeLessThan(6.5);
    }
  });
});

describe('approach and landing', () => {
  it('enters at approach speed and altitude, descends, touches down at altitude 0 and final approach speed', () => {
    for (const [id, m] of motions) {
      if (m.kind !== 'arrival') continue;
      const entry = state(m, m.start);
      expect(entry.altitude, id).toBe(1000);
      expect(entry.speed, id).toBeGreaterThan(FLIGHT_SPEEDS.finalApproach);
      expect(entry.speed, id).toBeLessThanOrEqual(FLIGHT_SPEEDS.approach);
      let previous = entry;
      for (let t = m.start + 2; t < 0; t += 2) {
        const s = state(m, t);
        expect(s.altitude, `${id} at ${t}`).toBeLessThanOrEqual(previous.altitude);
        expect(s.phase).toBe('approach');
        previous = s;
      }
      const touchdown = state(m, 0);
      expect(touchdown.altitude, id).toBe(0);
      expect(touchdown.speed, id).toBeCloseTo(FLIGHT_SPEEDS.finalApproach, 6);
      expect(state(m, -1).altitude, id).toBeGreaterThan(0);
      expect(state(m, -1).altitude, id).toBeLessThan(10);
    }
  });

  it('brakes on the runway to taxi speed and leaves the map at its end', () => {
    const m = motion('HND.IX34L.Arr');
    let previous = state(m, 0);
    for (let t = 1; t <= m.end; t += 1) {
      const s = state(m, t);
      expect(s).toMatchObject({ phase: 'landing-roll', altitude: 0 });
      expect(s.speed).toBeLessThanOrEqual(previous.speed);
      expect(s.speed).toBeGreaterThanOrEqual(FLIGHT_SPEEDS.taxi - 1e-9);
      previous = s;
    }
    expect(state(m, 20).speed).toBeLessThan(50);
    expect(state(m, m.end).distance).toBeCloseTo(m.course.length, 0);
    expect(angle(state(m, 10).heading, 337)).toBeLessThan(10);
  });

  it('shows an approach attitude before touchdown and lowers the nose after it', () => {
    const m = motion('NRT.34R.Arr');
    expect(state(m, -30).pitch).toBeGreaterThan(0);
    expect(state(m, -30).pitch).toBeLessThan(3);
    expect(state(m, 10).pitch).toBeCloseTo(0, 5);
  });
});

describe('smoothness', () => {
  it('moves continuously: no step bigger than the speed allows, no heading, pitch or speed snap, on every course', () => {
    const dt = 0.1;
    for (const [id, m] of motions) {
      const worst = { step: 0, heading: 0, pitch: 0, speed: 0 };
      let previous = state(m, m.start);
      for (let t = m.start + dt; t <= m.end; t += dt) {
        const s = state(m, t);
        worst.step = Math.max(worst.step, gap(previous, s) / (Math.max(s.speed, previous.speed) * dt + 0.01));
        worst.heading = Math.max(worst.heading, angle(previous.heading, s.heading));
        worst.pitch = Math.max(worst.pitch, Math.abs(previous.pitch - s.pitch));
        worst.speed = Math.max(worst.speed, Math.abs(previous.speed - s.speed));
        previous = s;
      }
      // Per 0.1 s: at most the distance the speed covers, 1° of heading (10°/s), 0.5° of pitch, 0.5 m/s.
      expect(worst.step, id).toBeLessThanOrEqual(1.02);
      expect(worst.heading, id).toBeLessThan(1);
      expect(worst.pitch, id).toBeLessThan(0.5);
      expect(worst.speed, id).toBeLessThan(0.5);
    }
  });

  it('banks into turns within 25°', () => {
    const m = motion('HND.34R.Dep');
    let most = 0;
    for (let t = m.start; t <= m.end; t += 1) most = Math.max(most, Math.abs(state(m, t).bank));
    expect(most).toBeGreaterThan(10);
    expect(most).toBeLessThanOrEqual(25);
  });
});
