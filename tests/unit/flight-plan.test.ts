import { describe, expect, it } from 'vitest';
import {
  FLIGHT_TIMING,
  hanedaConfigurationFromRunways,
  indexCourses,
  parseFlightInformation,
  planFlights,
  prevailingConfiguration,
  selectCourse,
  type FlightInfo,
  type PlannedFlight,
} from '../../src/data/flights/index.ts';
import { readFixture, realFlightModel } from './fixtures/flights/real-model.ts';

const { model } = realFlightModel();
const at = (iso: string) => Date.parse(iso);
const context = { source: 'fixture' };
const fixtureFlights = (): FlightInfo[] => [
  ...parseFlightInformation(readFixture('arrivals.json'), 'arrival', context).records,
  ...parseFlightInformation(readFixture('departures.json'), 'departure', context).records,
];
const find = (flights: PlannedFlight[], id: string) => flights.find((f) => f.id === id);

describe('prevailing runway configuration', () => {
  it('uses the north flow from October to May and the south flow from June to September', () => {
    expect(prevailingConfiguration('HND', at('2026-11-18T10:00:00+09:00'))!.name).toBe('north flow, day');
    expect(prevailingConfiguration('HND', at('2026-07-18T10:00:00+09:00'))!.name).toBe('south flow, day');
    expect(prevailingConfiguration('NRT', at('2026-07-18T10:00:00+09:00'))).toMatchObject({ arrival: { N: '16L', S: '16L' }, departure: { N: '16R', S: '16R' } });
    expect(prevailingConfiguration('NRT', at('2026-01-18T10:00:00+09:00'))).toMatchObject({ arrival: { N: '34R', S: '34R' }, departure: { N: '34L', S: '34L' } });
  });

  it('follows Haneda through the day: over central Tokyo 15:00–19:00 in south flow, over the sea at night', () => {
    const hnd = (iso: string) => prevailingConfiguration('HND', at(iso))!;
    expect(hnd('2026-07-18T15:00:00+09:00')).toMatchObject({ arrival: { S: 'R16L', N: 'R16R' }, departure: { S: '22', N: '16R' } });
    expect(hnd('2026-07-18T18:59:00+09:00').arrival.S).toBe('R16L');
    expect(hnd('2026-07-18T19:00:00+09:00').arrival.S).toBe('L23');
    expect(hnd('2026-07-18T23:30:00+09:00')).toMatchObject({ arrival: { S: 'LY23', N: 'LY23' }, departure: { S: 'N16L', N: 'N16L' } });
    expect(hnd('2026-11-18T05:59:00+09:00')).toMatchObject({ arrival: { S: 'IX34L', N: 'IX34L' }, departure: { S: 'N05', N: 'N05' } });
    expect(hnd('2026-11-18T06:00:00+09:00')).toMatchObject({ arrival: { S: 'IX34L', N: 'H34R' }, departure: { S: '05', N: '34R' } });
    expect(prevailingConfiguration('HND', at('2026-07-18T16:00:00+09:00'), { flow: 'north' })!.name).toBe('north flow, day');
    expect(prevailingConfiguration('KIX', at('2026-07-18T16:00:00+09:00'))).toBeNull();
  });

  it('every course a configuration names exists in the data set', () => {
    const ids = new Set(model.courses.map((c) => c.id));
    const times = ['2026-11-18T03:00', '2026-11-18T10:00', '2026-07-18T03:00', '2026-07-18T10:00', '2026-07-18T16:00'].map((t) => at(`${t}:00+09:00`));
    for (const airport of ['HND', 'NRT']) {
      for (const time of times) {
        const configuration = prevailingConfiguration(airport, time)!;
        for (const kind of ['arrival', 'departure'] as const) {
          for (const course of Object.values(configuration[kind])) expect(ids.has(`${airport}.${course}.${kind === 'arrival' ? 'Arr' : 'Dep'}`), `${airport} ${course} ${kind}`).toBe(true);
        }
      }
    }
  });

  it('reads the configuration from ATIS runway lists when a caller has them', () => {
    expect(hanedaConfigurationFromRunways(['I34L', 'I34R'], ['05', '34R'])).toMatchObject({ arrival: { S: 'IZ34L', N: 'H34R' } });
    expect(hanedaConfigurationFromRunways(['R16L', 'R16R'], ['22', '16R'])).toMatchObject({ departure: { S: '22', N: '16R' } });
    expect(hanedaConfigurationFromRunways(['I23'], ['16L'])).toMatchObject({ arrival: { S: 'IY23' }, departure: { N: 'N16L' } });
    expect(hanedaConfigurationFromRunways(['X99'], ['05'])).toBeNull();
  });

  it('falls back to a course of the same runway, then of the same airport and kind, when the configured one is missing', () => {
    const courses = indexCourses(model.courses.filter((c) => c.id !== 'HND.IX34L.Arr'));
    const configuration = prevailingConfiguration('HND', at('2026-11-18T10:00:00+09:00'))!;
    expect(selectCourse(courses, configuration, 'arrival', 'S')!.id).toBe('HND.IZ34L.Arr');
    expect(selectCourse(indexCourses(model.courses.filter((c) => c.airport === 'NRT')), configuration, 'arrival', 'S')).toBeNull();
  });
});

describe('planning the fixture flights (real time, 18 Nov 2026, north flow)', () => {
  const plan = planFlights(fixtureFlights(), model, { mode: 'realtime' });

  it('flies the course of the configuration for the direction of the other airport', () => {
    expect(find(plan.flights, 'NAA.NRT.NH832')!.course.id).toBe('NRT.34R.Arr');
    expect(find(plan.flights, 'HND-JAT.HND.JL502')!.course.id).toBe('HND.H34R.Arr');
    expect(find(plan.flights, 'HND-JAT.HND.NH242')!.course.id).toBe('HND.IX34L.Arr');
    expect(find(plan.flights, 'NAA.NRT.CX527')!.course.id).toBe('NRT.34L.Dep');
    expect(find(plan.flights, 'HND-JAT.HND.JL163')!.course.id).toBe('HND.34R.Dep');
    expect(find(plan.flights, 'HND-JAT.HND.BC11')!.course.id).toBe('HND.05.Dep');
  });

  it('times runway movements from actual, else estimated, else scheduled gate times', () => {
    expect(find(plan.flights, 'NAA.NRT.NH832')!.requestedTime).toBe(at('2026-11-18T07:42:00+09:00'));
    expect(find(plan.flights, 'HND-JAT.HND.JL502')!.requestedTime).toBe(at('2026-11-18T08:29:00+09:00'));
    expect(find(plan.flights, 'HND-JAT.HND.HD12')!.requestedTime).toBe(at('2026-11-18T08:34:00+09:00'));
    expect(find(plan.flights, 'HND-JAT.HND.NH61')!.requestedTime).toBe(at('2026-11-18T08:14:00+09:00'));
    expect(find(plan.flights, 'HND-JAT.HND.BC11')!.requestedTime).toBe(at('2026-11-18T08:37:00+09:00'));
  });

  it('keeps 90 s between movements on the same runway, the later one waiting', () => {
    const nh61 = find(plan.flights, 'HND-JAT.HND.NH61')!;
    const jl163 = find(plan.flights, 'HND-JAT.HND.JL163')!;
    expect(nh61.runway).toBe(jl163.runway);
    expect(nh61.runwayTime).toBe(nh61.requestedTime);
    expect(jl163.requestedTime).toBe(at('2026-11-18T08:15:00+09:00'));
    expect(jl163.runwayTime).toBe(nh61.runwayTime + FLIGHT_TIMING.runwaySpacingSeconds * 1000);
  });

  it('leaves out cancelled flights and diverted arrivals, keeps a departure whose destination changed', () => {
    expect(find(plan.flights, 'HND-TIAT.HND.HA863')).toBeUndefined();
    expect(find(plan.flights, 'HND-TIAT.HND.MU576')).toBeUndefined();
    expect(find(plan.flights, 'HND-JAT.HND.BC502')).toBeUndefined();
    expect(find(plan.flights, 'HND-JAT.HND.BC11')!.status).toBe('DestinationChanged');
  });

  it('folds the ANA code-share record into the AIR DO flight it is sold on', () => {
    expect(find(plan.flights, 'HND-JAT.HND.NH4712')).toBeUndefined();
    expect(find(plan.flights, 'HND-JAT.HND.HD12')!.flightNumbers).toEqual(['HD12', 'NH4712']);
    expect(plan.problems).toEqual([]);
  });

  it('is sorted by runway time', () => {
    const times = plan.flights.map((f) => f.runwayTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('planning in playback and with faults', () => {
  it('playback: scheduled times only, statuses off, so cancelled flights fly too', () => {
    const plan = planFlights(fixtureFlights(), model, { mode: 'playback' });
    expect(find(plan.flights, 'HND-TIAT.HND.HA863')!.requestedTime).toBe(at('2026-11-18T08:24:00+09:00'));
    expect(find(plan.flights, 'HND-JAT.HND.JL502')!.requestedTime).toBe(at('2026-11-18T08:14:00+09:00'));
    expect(plan.flights.every((f) => f.status === undefined)).toBe(true);
  });

  it('keeps 90 s spacing on every runway under a busy schedule', () => {
    const base = fixtureFlights().find((f) => f.id === 'HND-JAT.HND.JL163')!;
    const burst = Array.from({ length: 12 }, (_, i) => ({ ...base, id: `HND-JAT.HND.JL${200 + i}`, flightNumbers: [`JL${200 + i}`], scheduledTime: at('2026-11-18T08:00:00+09:00') + (i % 3) * 30_000 }));
    const plan = planFlights(burst, model, { mode: 'playback' });
    const times = plan.flights.map((f) => f.runwayTime);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(90_000);
    expect(plan.flights.every((f) => f.runwayTime >= f.requestedTime)).toBe(true);
  });

  it('reports unknown statuses, repeated records and airports without courses, and plans the rest', () => {
    const flights = fixtureFlights();
    const jl502 = flights.find((f) => f.id === 'HND-JAT.HND.JL502')!;
    const rest = flights.filter((f) => f.id === 'NAA.NRT.NH832');
    const plan = planFlights(
      [{ ...jl502, status: 'Boarding!' }, jl502, ...rest, { ...rest[0], id: 'KIX-X.KIX.NH1', airport: 'KIX' }],
      model,
      { mode: 'realtime' },
    );
    expect(plan.problems).toEqual([
      'flight HND-JAT.HND.JL502: status "Boarding!" is not a known flight status; shown without status.',
      'flight HND-JAT.HND.JL502 (arrival) is listed twice; the later record is ignored.',
      'flight KIX-X.KIX.NH1: airport "KIX" has no arrival course in the data set; not shown.',
    ]);
    expect(plan.flights.map((f) => f.id).sort()).toEqual(['HND-JAT.HND.JL502', 'NAA.NRT.NH832']);
  });
});
