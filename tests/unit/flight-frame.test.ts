/**
 * The airplanes' per-frame path: the frame's scan finds exactly the flights on
 * the map (also while re-timing), the course lookup that walks from a known
 * segment agrees with bisection, and the feed says when a frame changed.
 */
import { describe, expect, it } from 'vitest';
import { pointAt, prepareCourse, segmentAt } from '../../src/data/flights/course-geometry.ts';
import { FlightFeed } from '../../src/data/flights/flight-feed.ts';
import { FlightSimulation, planFlights } from '../../src/data/flights/index.ts';
import { busyHourFlights } from '../support/flight-server.ts';
import { parseFlightSet, realFlightModel } from './fixtures/flights/real-model.ts';

const { model } = realFlightModel();
const at = (iso: string) => Date.parse(iso);
const parseSet = parseFlightSet;
const HOUR = '2026-11-18T08:00:00+09:00';
const flights = parseSet(busyHourFlights(HOUR));

/** Every planned flight whose state is defined at `now`: the slow, obvious answer. */
function onMapByBruteForce(simulation: FlightSimulation, now: number): string[] {
  return simulation.planned.filter((f) => simulation.stateOf(f, now) !== null).map((f) => `${f.kind}:${f.id}`).sort();
}
const activeIds = (simulation: FlightSimulation, now: number) => simulation.activeFlights(now).map(({ flight }) => `${flight.kind}:${flight.id}`).sort();

describe('the frame scan', () => {
  it('finds exactly the flights on the map, every 7 s over two hours', () => {
    const simulation = new FlightSimulation();
    simulation.setPlan(planFlights(flights, model, { mode: 'realtime' }), at(HOUR));
    let seen = 0;
    for (let t = at(HOUR) - 30 * 60_000; t < at(HOUR) + 90 * 60_000; t += 7000) {
      const expected = onMapByBruteForce(simulation, t);
      expect(activeIds(simulation, t), new Date(t).toISOString()).toEqual(expected);
      seen += expected.length;
    }
    expect(seen).toBeGreaterThan(1000);
  });

  it('finds flights being re-timed away from their new runway time', () => {
    const simulation = new FlightSimulation();
    const now = at('2026-11-18T08:30:00+09:00');
    simulation.setPlan(planFlights(flights, model, { mode: 'realtime' }), now - 1000);
    const onMap = simulation.activeFlights(now).map(({ flight }) => flight.id);
    expect(onMap.length).toBeGreaterThan(3);
    // Every flight on the map now is 40 minutes late: each eases to its new time instead of vanishing.
    const late = flights.map((f) => (onMap.includes(f.id) ? { ...f, estimatedTime: f.scheduledTime + 40 * 60_000 } : f));
    simulation.setPlan(planFlights(late, model, { mode: 'realtime' }), now);
    for (let t = now; t < now + 5 * 60_000; t += 5000) expect(activeIds(simulation, t)).toEqual(onMapByBruteForce(simulation, t));
    expect(activeIds(simulation, now + 1000).filter((k) => onMap.some((id) => k.endsWith(`:${id}`))).length).toBe(onMap.length);
  });

  it('reuses its array and slots from frame to frame', () => {
    const simulation = new FlightSimulation();
    simulation.setPlan(planFlights(flights, model, { mode: 'realtime' }), at(HOUR));
    const a = simulation.activeFlights(at('2026-11-18T08:30:00+09:00'));
    const first = a[0];
    const b = simulation.activeFlights(at('2026-11-18T08:30:00.016+09:00'));
    expect(b).toBe(a);
    expect(b[0]).toBe(first);
  });
});

describe('course lookup from a known segment', () => {
  it('gives the segment bisection gives, from any earlier segment, on every course', () => {
    for (const entry of model.courses) {
      const course = prepareCourse(entry);
      const last = course.s.length - 2;
      for (let d = -50; d <= course.length + 50; d += course.length / 97) {
        const bisected = segmentAt(course, d);
        expect(course.s[bisected] <= Math.max(d, 0) || bisected === 0, `${entry.id} at ${d}`).toBe(true);
        expect(bisected === last || course.s[bisected + 1] > d, `${entry.id} at ${d}`).toBe(true);
        for (const from of [0, Math.max(0, bisected - 3), bisected]) expect(segmentAt(course, d, from), `${entry.id} at ${d} from ${from}`).toBe(bisected);
        // A hint past the distance is not trusted.
        if (bisected < last) expect(segmentAt(course, d, last)).toBe(bisected);
      }
      expect(pointAt(course, course.length / 2).z).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the feed\'s frames', () => {
  it('say when they changed: moving aircraft, a new selection, none when nothing moved', () => {
    let now = at('2026-11-18T08:30:00+09:00');
    const feed = new FlightFeed(model, { now: () => now }, { frame: () => undefined, timeout: () => undefined });
    feed.setPlan(planFlights(flights, model, { mode: 'realtime' }), false);
    const first = feed.frame();
    expect(first.count).toBeGreaterThan(3);
    expect(first.changed).toBe(true);
    feed.drawn();
    expect(feed.frame().changed, 'same instant').toBe(false);
    feed.drawn();
    now += 16;
    expect(feed.frame().changed, '16 ms later').toBe(true);
    feed.drawn();
    feed.setSelected(first.ids[0]);
    const selected = feed.frame();
    expect(selected.changed, 'selection').toBe(true);
    expect(selected.words[11]).toBe(255);
  });

  it('writes each aircraft as the simulation places it', () => {
    const now = at('2026-11-18T08:30:00+09:00');
    const feed = new FlightFeed(model, { now: () => now }, { frame: () => undefined, timeout: () => undefined });
    feed.setPlan(planFlights(flights, model, { mode: 'realtime' }), false);
    const frame = feed.frame();
    for (let i = 0; i < frame.count; i++) {
      const state = feed.stateOf(frame.ids[i], now)!;
      expect(frame.floats[i * 12] + frame.floats[i * 12 + 3]).toBeCloseTo(state.lng, 9);
      expect(frame.floats[i * 12 + 1] + frame.floats[i * 12 + 4]).toBeCloseTo(state.lat, 9);
      expect(frame.floats[i * 12 + 2] + frame.floats[i * 12 + 5]).toBeCloseTo(state.altitude, 3);
      expect(frame.floats[i * 12 + 6]).toBeCloseTo((state.heading * Math.PI) / 180, 5);
    }
  });
});
