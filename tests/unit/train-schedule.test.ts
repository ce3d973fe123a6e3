import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDARS, type Calendar } from '../../src/data/bundle/timetable-format.ts';
import type { Network, RailwayMeta } from '../../src/data/network.ts';
import { listAt, NO_TIME, type Timetable } from '../../src/data/timetable.ts';
import { MAX_SPEED } from '../../src/data/train-motion.ts';
import { APPEAR_BEFORE_SECONDS, buildSchedule, createTrainState, type Schedule, type TrainState } from '../../src/data/train-schedule.ts';
import { loadRealData } from './fixtures/real-data.ts';

let network: Network;
const timetables = {} as Record<Calendar, Timetable>;
const schedules = {} as Record<Calendar, Schedule>;

beforeAll(() => {
  const data = loadRealData();
  network = data.network;
  for (const calendar of CALENDARS) {
    timetables[calendar] = data.timetables[calendar];
    schedules[calendar] = buildSchedule(network, data.timetables[calendar]);
  }
}, 120_000);

const HOUR = 3600;
/** Instants checked throughout: 05:00, 08:00, 12:00, 17:30, 23:30 and 00:30 of the next date. */
const INSTANTS = [5 * HOUR, 8 * HOUR, 12 * HOUR, 17.5 * HOUR, 23.5 * HOUR, 24.5 * HOUR];

/** Timetable index by full id (`railway.number.suffix`). */
function trainIndex(calendar: Calendar, id: string): number {
  const tt = timetables[calendar];
  for (let i = 0; i < tt.trainCount; i++) {
    if (`${network.meta.railways[tt.railway[i]].id}.${tt.number[i]}.${tt.suffix[i]}` === id) return i;
  }
  throw new Error(`No timetable ${id}`);
}

/** Raw first departure / last arrival of a timetable, seconds. */
const firstDeparture = (tt: Timetable, i: number) => {
  const s = tt.stopStart[i];
  return (tt.departure[s] !== NO_TIME ? tt.departure[s] : tt.arrival[s]) * 60;
};
const lastArrival = (tt: Timetable, i: number) => {
  const s = tt.stopStart[i + 1] - 1;
  return (tt.arrival[s] !== NO_TIME ? tt.arrival[s] : tt.departure[s]) * 60;
};

/**
 * The active interval by the documented definition, computed independently
 * from the raw timetable: continuation = first `next` ↔ first `previous`
 * pointing back; handover at min(last arrival, next first departure);
 * appearance 60 s early without `previous`, at the split otherwise.
 */
function referenceInterval(tt: Timetable, i: number): [number, number] {
  const continuesFrom = (j: number) => listAt(tt.previous, j).find((p) => listAt(tt.next, p)[0] === j) ?? -1;
  const continuesAs = (p: number) => {
    const next = listAt(tt.next, p)[0];
    return next !== undefined && continuesFrom(next) === p ? next : -1;
  };
  const handover = (p: number) => {
    const next = continuesAs(p);
    return next >= 0 ? Math.min(lastArrival(tt, p), firstDeparture(tt, next)) : lastArrival(tt, p);
  };
  const previous = listAt(tt.previous, i);
  const from = continuesFrom(i);
  const start = from >= 0 ? handover(from) : previous.length > 0 ? Math.min(handover(previous[0]), firstDeparture(tt, i)) : firstDeparture(tt, i) - 60;
  return [start, handover(i)];
}

/** Ground metres along the railway (zoom-14 variant) of a state's head. */
function headOffset(state: TrainState): number {
  const railway = network.meta.railways[state.railway];
  const offsets = railway.variants.find((v) => v.minZoom <= 14 && 14 < v.maxZoom)!.stationOffsets;
  return offsets[state.fromIndex] + (offsets[state.toIndex] - offsets[state.fromIndex]) * state.fraction;
}

describe('resolving stops on their railway', () => {
  it('resolves every stop of every timetable, monotonically in the travel direction', () => {
    for (const calendar of CALENDARS) {
      const { diagnostics } = schedules[calendar];
      expect(diagnostics.unresolvedTrains, calendar).toEqual([]);
      expect(diagnostics.nonMonotonicTrains, calendar).toEqual([]);
      expect(diagnostics.closureHops, calendar).toBe(0);
      expect(diagnostics.cutCycles, calendar).toBe(0);
      console.log(`${calendar}: ${timetables[calendar].trainCount} timetables, diagnostics`, { ...diagnostics, unresolvedTrains: diagnostics.unresolvedTrains.length, nonMonotonicTrains: diagnostics.nonMonotonicTrains.length });
    }
  });

  it('runs an inner-loop Yamanote train from Osaki round to Osaki from index 30 down to 0', () => {
    const schedule = schedules.weekday;
    const tt = timetables.weekday;
    const train = trainIndex('weekday', 'JR-East.Yamanote.400G.Weekday');
    const state = createTrainState();
    const stops = tt.stopStart[train + 1] - tt.stopStart[train];
    expect(schedule.travelDirection(train)).toBe(-1);
    expect(schedule.stopStationIndex(train, 0)).toBe(0);
    // first hop: Osaki (30, the end of the list) → Shinagawa (29)
    const s0 = tt.stopStart[train];
    schedule.trainStateAt(train, schedule.departureSeconds[s0] + 30, state);
    expect([state.fromIndex, state.toIndex, state.standing]).toEqual([30, 29, false]);
    // last hop: Gotanda (1) → Osaki (0)
    schedule.trainStateAt(train, schedule.arrivalSeconds[s0 + stops - 1] - 30, state);
    expect([state.fromIndex, state.toIndex, state.stopIndex]).toEqual([1, 0, stops - 1]);

    const outer = [...Array(tt.trainCount).keys()].find(
      (i) => tt.railway[i] === tt.railway[train] && schedule.travelDirection(i) === 1 && tt.stopStart[i + 1] - tt.stopStart[i] === 31,
    )!;
    const o0 = tt.stopStart[outer];
    schedule.trainStateAt(outer, schedule.arrivalSeconds[o0 + 30] - 30, state);
    expect([state.fromIndex, state.toIndex]).toEqual([29, 30]);
  });
});

describe('active trains', () => {
  it('match a brute-force count over all timetables with the documented definition', () => {
    for (const calendar of CALENDARS) {
      const tt = timetables[calendar];
      const schedule = schedules[calendar];
      const reference = Array.from({ length: tt.trainCount }, (_, i) => referenceInterval(tt, i));
      const mismatches = reference.flatMap(([start, end], i) => (schedule.activeStart(i) === start && schedule.activeEnd(i) === end ? [] : [i]));
      expect(mismatches, calendar).toEqual([]);
      // bucket edges and odd instants as well as the listed ones
      for (const t of [...INSTANTS, 6 * HOUR, 6 * HOUR - 0.001, 4 * HOUR + 59.5, 3 * HOUR, 26 * HOUR]) {
        const expected = reference.flatMap(([start, end], i) => (start <= t && t < end ? [i] : []));
        expect([...schedule.activeTrains(t)], `${calendar} at ${t}`).toEqual(expected);
      }
    }
  });

  it('reports the number of trains running at 08:00 per day type (more than 2,200 on weekdays)', () => {
    const counts = Object.fromEntries(CALENDARS.map((c) => [c, schedules[c].activeTrains(8 * HOUR).length]));
    console.log('active trains at 08:00', counts, 'at other instants (weekday)', INSTANTS.map((t) => `${t / HOUR}h: ${schedules.weekday.activeTrains(t).length}`).join(', '));
    expect(counts.weekday).toBeGreaterThan(2200);
    expect(counts.saturday).toBeGreaterThan(1000);
    expect(counts.holiday).toBeGreaterThan(1000);
  });

  it('shows one timetable per visible train at any instant, and runs are seamless', () => {
    for (const calendar of CALENDARS) {
      const tt = timetables[calendar];
      const schedule = schedules[calendar];
      for (let p = 0; p < tt.trainCount; p++) {
        const next = schedule.successor(p);
        if (next < 0) continue;
        expect(schedule.predecessor(next)).toBe(p);
        expect(schedule.activeStart(next)).toBe(schedule.activeEnd(p));
        expect(schedule.runOf(next)).toBe(schedule.runOf(p));
      }
      for (const t of INSTANTS) {
        const runs = [...schedule.activeTrains(t)].map((i) => schedule.runOf(i));
        expect(new Set(runs).size, `${calendar} at ${t}`).toBe(runs.length);
      }
    }
  });

  it('writes into a caller buffer without allocating a new one', () => {
    const schedule = schedules.weekday;
    const buffer = new Int32Array(schedule.maxActive);
    const count = schedule.activeTrainsInto(8 * HOUR, buffer);
    expect(count).toBe(schedule.activeTrains(8 * HOUR).length);
    expect(schedule.activeTrains(8 * HOUR, buffer).buffer).toBe(buffer.buffer);
    expect(schedule.activeTrainsInto(-100, buffer)).toBe(0);
    expect(schedule.activeTrainsInto(200 * HOUR, buffer)).toBe(0);
  });
});

describe('through-service', () => {
  it('hands JR-East.Yamanote 400G over to 500G with exactly one active and no jump', () => {
    const schedule = schedules.weekday;
    const a = trainIndex('weekday', 'JR-East.Yamanote.400G.Weekday');
    const b = trainIndex('weekday', 'JR-East.Yamanote.500G.Weekday');
    expect(schedule.successor(a)).toBe(b);
    expect(schedule.runOf(b)).toBe(schedule.runOf(a));
    const handover = schedule.activeEnd(a);
    expect(handover).toBe(334 * 60); // 400G arrives at Osaki at 05:34, 500G leaves at 05:35
    const state = createTrainState();
    let previous: number | null = null;
    for (let t = handover - 300; t < 335 * 60; t += 0.5) {
      const active = [a, b].filter((i) => schedule.isActive(i, t));
      expect(active, `at ${t}`).toHaveLength(1);
      expect([...schedule.activeTrains(t)].filter((i) => i === a || i === b)).toEqual(active);
      schedule.trainStateAt(active[0], t, state);
      const offset = headOffset(state);
      // a jump would be hundreds of metres; a 1-minute hop of 810 m (Gotanda → Osaki) peaks at 97 km/h
      if (previous !== null) expect(Math.abs(offset - previous), `at ${t}`).toBeLessThan(2 * MAX_SPEED * 0.5);
      previous = offset;
    }
    schedule.trainStateAt(b, handover, state);
    expect([state.standing, state.fromIndex, state.stopIndex]).toEqual([true, 0, 0]);
  });

  it('hands over at the same physical station for every through-service link', () => {
    for (const calendar of CALENDARS) {
      const tt = timetables[calendar];
      const schedule = schedules[calendar];
      const before = createTrainState();
      const after = createTrainState();
      const { stations, shapes } = network.meta;
      const problems: string[] = [];
      let links = 0;
      for (let p = 0; p < tt.trainCount; p++) {
        const next = schedule.successor(p);
        if (next < 0) continue;
        links++;
        const handover = schedule.activeEnd(p);
        schedule.trainStateAt(p, handover - 1e-6, before);
        schedule.trainStateAt(next, handover, after);
        // before: standing, or just arriving; after: standing at its origin, or leaving it this instant
        const arrived = before.standing || before.fraction > 0.999;
        const atOrigin = after.stopIndex === 0 || (after.stopIndex === 1 && after.fraction === 0);
        const from = stations[network.meta.railways[before.railway].stations[before.toIndex]];
        const to = stations[network.meta.railways[after.railway].stations[after.fromIndex]];
        if (!arrived || !atOrigin || shapes[from.shape].group !== shapes[to.shape].group) problems.push(`${from.id} → ${to.id}`);
      }
      expect(links).toBeGreaterThan(10_000);
      expect(problems, calendar).toEqual([]);
    }
  });

  it('hands over at the next departure when the data overlap (Joban 54M → Joban Rapid 54M)', () => {
    const schedule = schedules.weekday;
    const a = trainIndex('weekday', 'JR-East.Joban.54M.Weekday');
    const b = trainIndex('weekday', 'JR-East.JobanRapid.54M.Weekday');
    expect(schedule.successor(a)).toBe(b);
    expect(schedule.activeEnd(a)).toBe(417 * 60); // Joban Rapid 54M leaves Kashiwa at 06:57; Joban 54M lists Nippori at 07:23
    const state = createTrainState();
    schedule.trainStateAt(a, 417 * 60 - 1, state);
    expect(state.standing).toBe(true);
    expect(network.meta.stations[network.meta.railways[state.railway].stations[state.fromIndex]].id).toBe('JR-East.Joban.Kashiwa');
  });

  it('splits JR-East.Chuo 5003M at Otsuki into 5003M.2 (same train) and Fujikyu 2103M (a new train)', () => {
    const schedule = schedules.weekday;
    const main = trainIndex('weekday', 'JR-East.Chuo.5003M.Weekday.1');
    const rest = trainIndex('weekday', 'JR-East.Chuo.5003M.Weekday.2');
    const branch = trainIndex('weekday', 'Fujikyu.Fujikyu.2103M.Weekday');
    expect(schedule.successor(main)).toBe(rest);
    expect(schedule.runOf(rest)).toBe(schedule.runOf(main));
    expect(schedule.predecessor(branch)).toBe(-1);
    expect(schedule.runOf(branch)).toBe(branch);
    // 5003M.1 reaches Otsuki at 08:30; the branch appears there and then, standing until its 08:40 departure
    expect(schedule.activeEnd(main)).toBe(510 * 60);
    expect(schedule.activeStart(branch)).toBe(510 * 60);
    const state = createTrainState();
    schedule.trainStateAt(branch, 515 * 60, state);
    expect([state.standing, state.stopIndex, state.arrival, state.departure]).toEqual([true, 0, 510 * 60, 520 * 60]);
    expect(schedule.isActive(branch, 510 * 60 - 1)).toBe(false);
    expect(schedule.isActive(rest, 510 * 60)).toBe(true);
  });

  it('merges Fujikyu 2132M and JR-East.Chuo 3132M.2 into 3132M.1: the first listed continues, the other disappears on arrival', () => {
    const schedule = schedules.weekday;
    const tt = timetables.weekday;
    const merged = trainIndex('weekday', 'JR-East.Chuo.3132M.Weekday.1');
    const [first, second] = listAt(tt.previous, merged);
    expect(`${tt.number[first]}.${tt.suffix[first]}`).toBe('3132M.Weekday.2');
    expect(schedule.predecessor(merged)).toBe(first);
    expect(schedule.runOf(merged)).toBe(schedule.runOf(first));
    expect(schedule.successor(second)).toBe(-1);
    expect(schedule.activeEnd(second)).toBe(lastArrival(tt, second));
  });
});

describe('train state', () => {
  it('stands at its origin from 60 s before the first departure, then runs and arrives on time', () => {
    const schedule = schedules.weekday;
    const tt = timetables.weekday;
    const train = trainIndex('weekday', 'JR-East.Yamanote.400G.Weekday');
    const s0 = tt.stopStart[train];
    const departure = tt.departure[s0] * 60;
    expect(schedule.activeStart(train)).toBe(departure - APPEAR_BEFORE_SECONDS);
    expect(schedule.isActive(train, departure - APPEAR_BEFORE_SECONDS - 0.001)).toBe(false);
    const state = createTrainState();
    for (const t of [departure - 60, departure - 30, departure - 0.001]) {
      schedule.trainStateAt(train, t, state);
      expect(state).toMatchObject({ standing: true, speed: 0, fraction: 0, stopIndex: 0, fromIndex: 0, toIndex: 0, arrival: departure - 60, departure });
    }
    // Osaki 04:30 → Shinagawa 04:33: moves monotonically, arrives exactly at 04:33
    const arrival = tt.departure[s0 + 1] * 60;
    let fraction = 0;
    for (let t = departure; t < arrival; t += 0.25) {
      schedule.trainStateAt(train, t, state);
      expect(state.standing).toBe(false);
      expect(state.stopIndex).toBe(1);
      expect([state.departure, state.arrival]).toEqual([departure, arrival]);
      expect(state.fraction).toBeGreaterThanOrEqual(fraction);
      fraction = state.fraction;
    }
    expect(fraction).toBeGreaterThan(0.999);
    schedule.trainStateAt(train, arrival - 1e-9, state);
    expect(state.fraction).toBeCloseTo(1, 6);
    expect(headOffset(state)).toBeCloseTo(network.meta.railways[state.railway].variants[0].stationOffsets[29], 3);
    // Shinagawa lists only a departure: the train stops there for an instant and leaves at once
    schedule.trainStateAt(train, arrival, state);
    expect(state).toMatchObject({ standing: false, stopIndex: 2, fromIndex: 29, toIndex: 28, fraction: 0, speed: 0 });
    // Osaki, the last stop, has an arrival only: standing there until the handover to 500G
    const last = tt.stopStart[train + 1] - 1;
    schedule.trainStateAt(train, schedule.activeEnd(train) - 0.5, state);
    expect(schedule.activeEnd(train)).toBe(tt.arrival[last] * 60);
    expect(state.fraction).toBeGreaterThan(0.99);
  });

  it('gives sane states for every active train, and moves every 0-minute hop within its minute', () => {
    for (const calendar of CALENDARS) {
      const tt = timetables[calendar];
      const schedule = schedules[calendar];
      const state = createTrainState();
      const bad: string[] = [];
      for (const t of INSTANTS) {
        for (const train of schedule.activeTrains(t)) {
          schedule.trainStateAt(train, t, state);
          const length = network.meta.railways[state.railway].stations.length;
          const ok =
            state.railway === tt.railway[train] &&
            state.fromIndex >= 0 &&
            state.toIndex >= 0 &&
            state.fromIndex < length &&
            state.toIndex < length &&
            state.fraction >= 0 &&
            state.fraction <= 1 &&
            state.speed >= 0 &&
            Number.isFinite(state.speed) &&
            (state.standing
              ? state.fromIndex === state.toIndex && state.speed === 0 && state.arrival <= t && t < state.departure
              : Math.sign(state.toIndex - state.fromIndex) === state.direction && state.departure <= t && t < state.arrival);
          if (!ok) bad.push(`${train} at ${t}: ${JSON.stringify(state)}`);
        }
      }
      expect(bad.slice(0, 5), calendar).toEqual([]);
      // effective times are the published minute, or later within it, and never run backwards
      let shifted = 0;
      for (let i = 0; i < tt.trainCount; i++) {
        for (let s = tt.stopStart[i] + 1; s < tt.stopStart[i + 1]; s++) {
          const published = (tt.arrival[s] !== NO_TIME ? tt.arrival[s] : tt.departure[s]) * 60;
          const shift = schedule.arrivalSeconds[s] - published;
          if (shift > 0) shifted++;
          const ok = shift >= 0 && shift < 60 && schedule.arrivalSeconds[s] > schedule.departureSeconds[s - 1] && schedule.departureSeconds[s] >= schedule.arrivalSeconds[s];
          if (!ok) bad.push(`${i} stop ${s}`);
        }
      }
      expect(bad.slice(0, 5), calendar).toEqual([]);
      expect(shifted).toBe(schedule.diagnostics.shiftedArrivals);
    }
  });

  it('computes the state of every train running at 08:00 on a weekday quickly', () => {
    const schedule = schedules.weekday;
    const state = createTrainState();
    const buffer = new Int32Array(schedule.maxActive);
    const frame = (t: number) => {
      const count = schedule.activeTrainsInto(t, buffer);
      for (let k = 0; k < count; k++) schedule.trainStateAt(buffer[k], t, state);
      return count;
    };
    for (let k = 0; k < 200; k++) frame(8 * HOUR + k); // warm up
    const frames = 500;
    const started = performance.now();
    let trains = 0;
    for (let k = 0; k < frames; k++) trains = frame(8 * HOUR + k / 60);
    const ms = (performance.now() - started) / frames;
    console.log(`08:00 weekday: ${trains} active trains; active list + all states: ${ms.toFixed(3)} ms per frame (mean of ${frames})`);
    expect(ms).toBeLessThan(50);
  });
});

/** A tiny hand-made timetable on one line A–B–C (offsets 0, 1000, 2500 m); stations 0–2 are on it, 3 is not. */
function synthetic(trains: { stops: [number, number, number][]; previous?: number[]; next?: number[] }[]): { network: Network; timetable: Timetable } {
  const railway: RailwayMeta = {
    id: 'Test.Line',
    title: {},
    color: '#000000',
    stations: [0, 1, 2],
    ascending: 0,
    descending: 1,
    carComposition: 4,
    dynamic: false,
    underground: false,
    loop: false,
    variants: [{ minZoom: 0, maxZoom: 24, pieces: [], stationOffsets: [0, 1000, 2500], length: 2500 }],
  };
  const network = { meta: { railways: [railway] } } as unknown as Network;
  const lists = (get: (k: number) => number[]) => {
    const start = new Uint32Array(trains.length + 1);
    trains.forEach((_, k) => (start[k + 1] = start[k] + get(k).length));
    return { start, values: Int32Array.from(trains.flatMap((_, k) => get(k))) };
  };
  const stops = trains.flatMap((t) => t.stops);
  const stopStart = new Uint32Array(trains.length + 1);
  trains.forEach((t, k) => (stopStart[k + 1] = stopStart[k] + t.stops.length));
  const timetable: Timetable = {
    calendar: 'weekday',
    trainCount: trains.length,
    railway: new Uint16Array(trains.length),
    type: new Int32Array(trains.length).fill(-1),
    direction: new Int32Array(trains.length).fill(-1),
    vehicle: new Int32Array(trains.length).fill(-1),
    number: trains.map((_, k) => `${k}`),
    suffix: trains.map(() => 'Weekday'),
    names: new Map(),
    stopStart,
    stopStation: Uint32Array.from(stops.map((x) => x[0])),
    arrival: Int16Array.from(stops.map((x) => x[1])),
    departure: Int16Array.from(stops.map((x) => x[2])),
    origins: lists(() => []),
    destinations: lists(() => []),
    previous: lists((k) => trains[k].previous ?? []),
    next: lists((k) => trains[k].next ?? []),
  };
  return { network, timetable };
}

describe('edge cases (hand-made timetable)', () => {
  const N = NO_TIME;
  const { network: net, timetable } = synthetic([
    /* 0 */ { stops: [[0, N, 600], [1, 602, 603], [2, 606, N]], next: [1] },
    /* 1 */ { stops: [[2, N, 610], [1, N, 613], [0, 616, N]], previous: [0] },
    /* 2 */ { stops: [[0, 700, N], [2, 705, N]] }, // a first stop with an arrival only
    /* 3 */ { stops: [[0, N, 720], [3, 725, N]] }, // a stop that is not on the railway
    /* 4 */ { stops: [[0, N, 730], [2, 735, N]], previous: [5], next: [5] }, // a cycle of links
    /* 5 */ { stops: [[2, N, 740], [0, 745, N]], previous: [4], next: [4] },
    /* 6 */ { stops: [[0, N, 800], [1, N, 800], [2, 803, N]] }, // a 0-minute hop into a stop without dwell
  ]);
  const schedule = buildSchedule(net, timetable);
  const state = createTrainState();

  it('chains through-service, turning round at the terminus', () => {
    expect(schedule.successor(0)).toBe(1);
    expect([schedule.activeStart(0), schedule.activeEnd(0), schedule.activeEnd(1)]).toEqual([599 * 60, 606 * 60, 616 * 60]);
    expect([schedule.travelDirection(0), schedule.travelDirection(1)]).toEqual([1, -1]);
    schedule.trainStateAt(1, 608 * 60, state);
    expect(state).toMatchObject({ standing: true, fromIndex: 2, toIndex: 2, arrival: 606 * 60, departure: 610 * 60 });
    schedule.trainStateAt(1, 611.5 * 60, state);
    expect(state).toMatchObject({ standing: false, fromIndex: 2, toIndex: 1, stopIndex: 1, direction: -1 });
    expect(state.fraction).toBeCloseTo(0.5, 9); // symmetric profile: half the distance at half time
  });

  it('uses the arrival of a first stop without departure', () => {
    expect(schedule.activeStart(2)).toBe(700 * 60 - APPEAR_BEFORE_SECONDS);
    schedule.trainStateAt(2, 702.5 * 60, state);
    expect(state.fraction).toBeCloseTo(0.5, 9);
  });

  it('never shows a timetable with an unknown station, and cuts cycles of links', () => {
    expect(schedule.diagnostics.unresolvedTrains).toEqual([3]);
    expect(schedule.isActive(3, 721 * 60)).toBe(false);
    expect(schedule.diagnostics.cutCycles).toBe(1);
    expect(schedule.runOf(5)).toBe(schedule.runOf(4));
    expect(schedule.activeStart(5)).toBe(schedule.activeEnd(4));
  });

  it('places a train at the arrival station from the instant of an instantaneous hop', () => {
    schedule.trainStateAt(6, 800 * 60 - 1, state);
    expect(state).toMatchObject({ standing: true, fromIndex: 0 });
    schedule.trainStateAt(6, 800 * 60, state);
    expect(state).toMatchObject({ standing: false, fromIndex: 1, toIndex: 2, fraction: 0 });
  });

  it('refuses a buffer too small for the busiest instant', () => {
    expect(() => schedule.activeTrainsInto(700 * 60, new Int32Array(0))).toThrow(RangeError);
  });
});
