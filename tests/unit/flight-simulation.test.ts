import { describe, expect, it } from 'vitest';
import { FlightSimulation, planFlights, type FlightInfo, type FlightState } from '../../src/data/flights/index.ts';
import { busyHourFlights } from '../support/flight-server.ts';
import { parseFlightSet, readFixture, realFlightModel } from './fixtures/flights/real-model.ts';

const { model } = realFlightModel();
const at = (iso: string) => Date.parse(iso);
const parseSet = parseFlightSet;
const fixtureFlights = () => parseSet({ arrivals: readFixture('arrivals.json') as unknown[], departures: readFixture('departures.json') as unknown[] });

function gap(a: FlightState, b: FlightState): number {
  const k = 6_371_008.8 * (Math.PI / 180);
  return Math.hypot((a.lng - b.lng) * k * Math.cos((a.lat * Math.PI) / 180), (a.lat - b.lat) * k, a.altitude - b.altitude);
}

describe('the airplanes of a busy hour', () => {
  const flights = parseSet(busyHourFlights('2026-11-18T08:00:00+09:00'));
  const simulation = new FlightSimulation();
  simulation.setPlan(planFlights(flights, model, { mode: 'realtime' }), at('2026-11-18T08:00:00+09:00'));

  it('has many aircraft on the map at once, near Haneda and Narita, in the air and on runways', () => {
    expect(flights).toHaveLength(120);
    const active = simulation.activeFlights(at('2026-11-18T08:30:00+09:00'));
    expect(active.length).toBeGreaterThanOrEqual(8);
    for (const { flight, state } of active) {
      expect(Math.abs(state.lng - 140), flight.id).toBeLessThan(0.6);
      expect(Math.abs(state.lat - 35.6), flight.id).toBeLessThan(0.5);
      expect(state.altitude, flight.id).toBeGreaterThanOrEqual(0);
      expect(state.altitude, flight.id).toBeLessThanOrEqual(1000);
    }
  });

  it('takes well under 0.5 ms of script for every aircraft of a frame', () => {
    const start = at('2026-11-18T08:20:00+09:00');
    for (let i = 0; i < 200; i++) simulation.activeFlights(start + i * 16);
    const frames = 2000;
    const t0 = performance.now();
    let count = 0;
    for (let i = 0; i < frames; i++) count += simulation.activeFlights(start + i * 16).length;
    const perFrame = (performance.now() - t0) / frames;
    console.log(`flights: ${(count / frames).toFixed(1)} aircraft per frame, ${(perFrame * 1000).toFixed(1)} µs per frame`);
    expect(perFrame).toBeLessThan(0.5);
  });

  it('a departure tracked from line-up climbs over time', () => {
    const departure = simulation.planned.find((f) => f.kind === 'departure' && f.course.airport === 'HND')!;
    const altitudes = [0, 60, 90, 120, 180].map((s) => simulation.stateOf(departure, departure.runwayTime + s * 1000)!.altitude);
    expect(altitudes[0]).toBe(0);
    for (let i = 2; i < altitudes.length; i++) expect(altitudes[i]).toBeGreaterThan(altitudes[i - 1]);
  });
});

describe('re-timing without jumps', () => {
  const flights = fixtureFlights();
  const now = at('2026-11-18T08:26:00+09:00');

  function withEstimate(id: string, estimate: string): FlightInfo[] {
    return flights.map((f) => (f.id === id ? { ...f, estimatedTime: at(estimate) } : f));
  }

  it('eases a flight on the map to its new time: continuous, at 0.5–1.5 times its pace, then on the new timing', () => {
    const simulation = new FlightSimulation();
    simulation.setPlan(planFlights(flights, model, { mode: 'realtime' }), now - 1000);
    const jl502 = () => simulation.planned.find((f) => f.id === 'HND-JAT.HND.JL502')!;
    const before = { ...simulation.stateOf(jl502(), now)! };
    expect(before.phase).toBe('approach');
    simulation.setPlan(planFlights(withEstimate('HND-JAT.HND.JL502', '2026-11-18T08:39:00+09:00'), model, { mode: 'realtime' }), now);
    expect(jl502().runwayTime).toBe(at('2026-11-18T08:33:00+09:00'));
    expect(simulation.stateOf(jl502(), now)).toEqual(before);
    let previous = before;
    const dt = 0.5;
    let slowest = Infinity;
    let fastest = 0;
    for (let t = now + dt * 1000; t <= now + 13 * 60_000; t += dt * 1000) {
      const state = simulation.stateOf(jl502(), t);
      if (!state) break;
      const pace = gap(previous, state) / (Math.max(previous.speed, 1) * dt);
      if (state.phase === 'approach') {
        slowest = Math.min(slowest, pace);
        fastest = Math.max(fastest, pace);
      }
      expect(gap(previous, state)).toBeLessThanOrEqual(1.5 * Math.max(previous.speed, state.speed) * dt + 0.5);
      previous = state;
    }
    expect(slowest).toBeGreaterThanOrEqual(0.49);
    expect(fastest).toBeLessThanOrEqual(1.02);
    const late = now + 13 * 60_000;
    expect(simulation.runwayTimeAt(jl502(), late)).toBe(jl502().runwayTime);
  });

  it('moves a flight that is not on the map to its new time at once, and everything when told not to ease', () => {
    const simulation = new FlightSimulation();
    simulation.setPlan(planFlights(flights, model, { mode: 'realtime' }), now);
    simulation.setPlan(planFlights(withEstimate('HND-JAT.HND.BC11', '2026-11-18T09:25:00+09:00'), model, { mode: 'realtime' }), now);
    const bc11 = simulation.planned.find((f) => f.id === 'HND-JAT.HND.BC11')!;
    expect(simulation.runwayTimeAt(bc11, now)).toBe(at('2026-11-18T09:37:00+09:00'));
    simulation.setPlan(planFlights(withEstimate('HND-JAT.HND.JL502', '2026-11-18T08:50:00+09:00'), model, { mode: 'realtime' }), now, { ease: false });
    const jl502 = simulation.planned.find((f) => f.id === 'HND-JAT.HND.JL502')!;
    expect(simulation.runwayTimeAt(jl502, now)).toBe(jl502.runwayTime);
  });
});

describe('finding a flight by selection id', () => {
  const simulation = new FlightSimulation();
  simulation.setPlan(planFlights(fixtureFlights(), model, { mode: 'realtime' }), at('2026-11-18T08:20:00+09:00'));

  it('takes the id with or without its prefix, and checks the direction a prefix gives', () => {
    expect(simulation.find('odpt.FlightInformationDeparture:HND-JAT.HND.JL163')!.kind).toBe('departure');
    expect(simulation.find('HND-JAT.HND.JL163')!.id).toBe('HND-JAT.HND.JL163');
    expect(simulation.find(' odpt.FlightInformationArrival:HND-JAT.HND.JL163')).toBeNull();
    expect(simulation.find('HND-JAT.HND.JL999')).toBeNull();
    expect(simulation.find('odpt.Station:JR-East.Yamanote.Tokyo')).toBeNull();
    expect(simulation.find('HND-TIAT.HND.HA863')).toBeNull();
  });
});
