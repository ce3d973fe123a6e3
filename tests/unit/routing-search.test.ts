import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '../../src/data/network.ts';
import {
  buildRoutingIndex,
  fewerTransfersMargin,
  LINE_CHANGE_SECONDS,
  searchEarlier,
  searchJourneys,
  searchLater,
  transferSeconds,
  type Journey,
  type RoutingIndex,
} from '../../src/data/routing/index.ts';
import { stationGroupOf } from '../../src/data/station-groups.ts';
import { listAt, type Timetable } from '../../src/data/timetable.ts';
import { resolvePaths } from '../../scripts/config.ts';
import { loadRealData } from './fixtures/real-data.ts';

let network: Network;
let timetable: Timetable;
let index: RoutingIndex;

beforeAll(() => {
  const data = loadRealData();
  network = data.network;
  timetable = data.timetables.weekday;
  index = buildRoutingIndex(network, timetable);
}, 120_000);

const station = (id: string) => network.stationIndex.get(id)!;
const HOUR = 3600;

interface RawTrain {
  id: string;
  n: string;
  tt: Array<{ s: string; a?: string; d?: string }>;
}

/** Seconds of the service day (03:00 rollover) of "HH:MM". */
const seconds = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return ((h < 3 ? h + 24 : h) * 60 + m) * 60;
};

/** The weekday trains of a raw timetable file that leave `from` at or after `after` and stop at `to` later, by arrival there. */
function rawDirectTrains(file: string, from: string, to: string, after: number): Array<{ number: string; departure: number; arrival: number }> {
  const raw = JSON.parse(readFileSync(join(resolvePaths([]).source, 'train-timetables', file), 'utf8')) as RawTrain[];
  return raw
    .filter((t) => t.id.endsWith('.Weekday'))
    .flatMap((t) => {
      const i = t.tt.findIndex((s) => s.s === from);
      const j = t.tt.findIndex((s, k) => k > i && s.s === to);
      if (i < 0 || j < 0) return [];
      const departure = seconds((t.tt[i].d ?? t.tt[i].a)!);
      return departure >= after ? [{ number: t.n, departure, arrival: seconds((t.tt[j].a ?? t.tt[j].d)!) }] : [];
    })
    .sort((a, b) => a.arrival - b.arrival || b.departure - a.departure);
}

/** Consistency every journey must have: times in order, transfers long enough, through legs on one train. */
function expectConsistent(journey: Journey): void {
  const { meta } = network;
  expect(journey.legs.length).toBeGreaterThan(0);
  expect(journey.departure).toBe(journey.legs[0].departure);
  expect(journey.arrival).toBe(journey.legs[journey.legs.length - 1].arrival);
  expect(journey.duration).toBe(journey.arrival - journey.departure);
  expect(journey.transfers.length).toBe(journey.transferCount);
  journey.legs.forEach((leg, k) => {
    expect(leg.departure).toBeLessThanOrEqual(leg.arrival);
    expect(leg.departure).toBe(leg.scheduledDeparture + leg.delay);
    // The leg's scheduled times are the timetable's at those stations.
    const stops = Array.from({ length: timetable.stopStart[leg.train + 1] - timetable.stopStart[leg.train] }, (_, i) => timetable.stopStart[leg.train] + i);
    const board = stops.find((s) => timetable.stopStation[s] === leg.from)!;
    expect(board).toBeDefined();
    const minutes = (v: number, w: number) => (v >= 0 ? v : w) * 60;
    expect(leg.scheduledDeparture).toBe(minutes(timetable.departure[board], timetable.arrival[board]));
    if (k === 0) return;
    const before = journey.legs[k - 1];
    expect(leg.departure).toBeGreaterThanOrEqual(before.arrival);
    if (leg.through) {
      expect(Array.from(listAt(timetable.next, before.train))).toContain(leg.train);
    } else {
      const transfer = journey.transfers.find((t) => t.afterLeg === k - 1)!;
      expect(transfer).toBeDefined();
      expect(transfer.from).toBe(before.to);
      expect(transfer.to).toBe(leg.from);
      expect(transfer.minimumSeconds).toBe(transferSeconds(meta, before.to, leg.from));
      expect(transfer.departure - transfer.arrival).toBeGreaterThanOrEqual(transfer.minimumSeconds);
    }
  });
}

describe('route search on the real weekday timetable', () => {
  it('finds the Yamanote line train the raw timetable gives between two of its stations', () => {
    const from = 'JR-East.Yamanote.Tokyo';
    const to = 'JR-East.Yamanote.Ueno';
    const expected = rawDirectTrains('jreast-yamanote.json', from, to, 8 * HOUR)[0];
    const result = searchJourneys(index, { from: [station(from)], to: [station(to)], departure: 8 * HOUR });
    const journey = result.journeys[0];
    expectConsistent(journey);
    expect(journey.kinds).toContain('earliest-arrival');
    expect(journey.transferCount).toBe(0);
    expect(journey.legs).toHaveLength(1);
    expect(journey.legs[0]).toMatchObject({ railwayId: 'JR-East.Yamanote', number: expected.number, departure: expected.departure, arrival: expected.arrival, delay: 0 });
    expect(journey.legs[0].trainId).toBe(`JR-East.Yamanote.${expected.number}`);
  });

  it('waits for the first train of the day', () => {
    const from = 'JR-East.Yamanote.Tokyo';
    const to = 'JR-East.Yamanote.Ueno';
    const first = rawDirectTrains('jreast-yamanote.json', from, to, 3 * HOUR)[0];
    const journey = searchJourneys(index, { from: [station(from)], to: [station(to)], departure: 3 * HOUR }).journeys[0];
    expect(first.departure).toBeGreaterThan(4 * HOUR);
    expect(journey.departure).toBe(first.departure);
    expect(journey.arrival).toBe(first.arrival);
  });

  it('finds nothing after the last train and says so', () => {
    const result = searchJourneys(index, { from: 'JR-East.Yamanote.Tokyo', to: 'JR-East.Yamanote.Ueno', departure: 27 * HOUR - 60 });
    expect(result.journeys).toEqual([]);
    expect(result.none).toBe('after-last-train');
  });

  it('says there is no connection when the transfer limit rules every journey out', () => {
    const result = searchJourneys(index, { from: 'Keio.Keio.Chofu', to: 'Toei.Oedo.Roppongi', departure: 8 * HOUR, maxTransfers: 0 });
    expect(result.journeys).toEqual([]);
    expect(result.none).toBe('no-connection');
  });

  it('changes trains within a transfer group, with at least the minimum transfer time', () => {
    const result = searchJourneys(index, { from: 'Keio.Keio.Chofu', to: 'Toei.Oedo.Roppongi', departure: 8 * HOUR });
    expect(result.none).toBeNull();
    const journey = result.journeys[0];
    expectConsistent(journey);
    expect(journey.transferCount).toBeGreaterThanOrEqual(1);
    for (const transfer of journey.transfers) {
      const group = stationGroupOf(network.meta, transfer.from)!;
      expect(group.stations).toContain(transfer.to);
      if (transfer.kind === 'walk') expect(transfer.minimumSeconds).toBeGreaterThanOrEqual(LINE_CHANGE_SECONDS);
    }
  });

  it('rides a through-service train as one train, without a transfer', () => {
    const result = searchJourneys(index, { from: 'Tokyu.DenEnToshi.FutakoTamagawa', to: 'TokyoMetro.Hanzomon.Oshiage', departure: 8 * HOUR });
    const journey = result.journeys[0];
    expectConsistent(journey);
    expect(journey.transferCount).toBe(0);
    expect(journey.transfers).toEqual([]);
    expect(journey.legs.length).toBeGreaterThanOrEqual(2);
    expect(journey.legs[0].railwayId).toBe('Tokyu.DenEnToshi');
    expect(journey.legs[journey.legs.length - 1].railwayId).toBe('TokyoMetro.Hanzomon');
    expect(journey.legs.slice(1).every((leg) => leg.through)).toBe(true);
  });

  it('offers a late train at its real-time time, even when its timetable time is already past', () => {
    const from = [station('JR-East.Yamanote.Tokyo')];
    const to = [station('JR-East.Yamanote.Ueno')];
    const onTime = searchJourneys(index, { from, to, departure: 8 * HOUR }).journeys[0].legs[0];
    const delays = new Map([[onTime.train, 60]]);
    const late = searchJourneys(index, { from, to, departure: onTime.departure + 1, delays }).journeys[0].legs[0];
    expect(late).toMatchObject({ train: onTime.train, delay: 60, scheduledDeparture: onTime.departure, departure: onTime.departure + 60, arrival: onTime.arrival + 60 });
    // Without the delay that train has left.
    expect(searchJourneys(index, { from, to, departure: onTime.departure + 1 }).journeys[0].legs[0].train).not.toBe(onTime.train);
  });

  it('does not offer a connection that a delay breaks', () => {
    const query = { from: 'Keio.Keio.Chofu', to: 'Toei.Oedo.Roppongi', departure: 8 * HOUR };
    const journey = searchJourneys(index, query).journeys[0];
    const transfer = journey.transfers[0];
    const arriving = journey.legs[transfer.afterLeg];
    const departing = journey.legs[transfer.afterLeg + 1];
    const slack = transfer.departure - transfer.arrival - transfer.minimumSeconds;
    // Every timetable of the arriving train's through-service chain is late (as the real-time overlay reports it).
    const delays = new Map(journey.legs.slice(0, transfer.afterLeg + 1).map((leg) => [leg.train, slack + 60]));
    const result = searchJourneys(index, { ...query, delays });
    expect(result.journeys.length).toBeGreaterThan(0);
    for (const j of result.journeys) {
      expectConsistent(j);
      const broken = j.legs.some((leg, k) => leg.train === arriving.train && j.legs[k + 1]?.train === departing.train);
      expect(broken).toBe(false);
    }
  });

  it('offers journeys with fewer transfers only within the margin, earliest arrival first', () => {
    let alternatives = 0;
    for (const [from, to] of [
      ['JR-East.Tokaido.Yugawara', 'TamaMonorail.TamaMonorail.TachikawaKita'],
      ['Tobu.Nikko.TobuDobutsuKoen', 'Odakyu.Enoshima.Sakuragaoka'],
      ['Keikyu.Main.Oppama', 'TokyoMetro.Chiyoda.Ayase'],
      ['TokyoMetro.Chiyoda.MeijiJingumae', 'JR-East.Sagami.Harataima'],
    ]) {
      const { journeys } = searchJourneys(index, { from, to, departure: 8 * HOUR });
      const [earliest, ...others] = journeys;
      expect(earliest.kinds).toContain('earliest-arrival');
      expect(journeys.filter((j) => j.kinds.includes('fewest-transfers'))).toHaveLength(1);
      const margin = fewerTransfersMargin(earliest.duration);
      let previous = earliest;
      for (const j of others) {
        expectConsistent(j);
        expect(j.arrival).toBeGreaterThan(previous.arrival);
        expect(j.arrival).toBeLessThanOrEqual(earliest.arrival + margin);
        expect(j.transferCount).toBeLessThan(previous.transferCount);
        previous = j;
      }
      alternatives += others.length;
    }
    expect(alternatives).toBeGreaterThan(0);
  });

  it('leaves as late as possible for the earliest arrival', () => {
    const query = { from: 'Keio.Keio.Chofu', to: 'Toei.Oedo.Roppongi', departure: 7 * HOUR };
    const journey = searchJourneys(index, query).journeys[0];
    // Leaving one second after it left, one cannot arrive as early.
    const later = searchJourneys(index, { ...query, departure: journey.departure + 1 }).journeys[0];
    expect(later.arrival).toBeGreaterThan(journey.arrival);
  });

  it('pages to later and earlier journeys', () => {
    const query = { from: 'JR-East.Yamanote.Shinjuku', to: 'Toei.Oedo.Roppongi', departure: 8 * HOUR };
    const first = searchJourneys(index, query).journeys[0];
    const later = searchLater(index, query, first);
    expect(later.journeys[0].departure).toBeGreaterThan(first.departure);
    expect(later.journeys[0].arrival).toBeGreaterThanOrEqual(first.arrival);
    const earlier = searchEarlier(index, query, first);
    expect(earlier.journeys[0].arrival).toBeLessThan(first.arrival);
    expect(earlier.journeys[0].departure).toBeLessThan(first.departure);
    for (const j of [...later.journeys, ...earlier.journeys]) expectConsistent(j);
    // Before the first train there is nothing earlier.
    const dawn = searchJourneys(index, { ...query, departure: 3 * HOUR }).journeys[0];
    expect(searchEarlier(index, query, dawn)).toMatchObject({ journeys: [], none: 'before-first-train' });
  });

  it('takes a departure instant of a day of its timetable', () => {
    const monday8 = new Date('2024-11-25T08:00:00+09:00');
    const query = { from: 'JR-East.Yamanote.Shinjuku', to: 'Toei.Oedo.Roppongi' };
    expect(searchJourneys(index, { ...query, departure: monday8 }).journeys).toEqual(searchJourneys(index, { ...query, departure: 8 * HOUR }).journeys);
    expect(() => searchJourneys(index, { ...query, departure: new Date('2024-11-24T08:00:00+09:00') })).toThrow(
      /2024-11-24, a holiday timetable day, but the index holds the weekday timetable/,
    );
  });

  it('returns plain data that survives structured cloning', () => {
    const result = searchJourneys(index, { from: 'Keio.Keio.Chofu', to: 'Toei.Oedo.Roppongi', departure: 8 * HOUR });
    expect(structuredClone(result)).toEqual(result);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('rejects bad input with a precise error', () => {
    const ok = { from: 'Keio.Keio.Chofu', to: 'Toei.Oedo.Roppongi', departure: 8 * HOUR };
    expect(() => searchJourneys(index, { ...ok, from: 'Nowhere.Line.Station' })).toThrow('Route search from: unknown station id "Nowhere.Line.Station".');
    expect(() => searchJourneys(index, { ...ok, to: 99999 })).toThrow(`Route search to: 99999 is not a station index (0 to ${network.meta.stations.length - 1}).`);
    expect(() => searchJourneys(index, { ...ok, to: [] })).toThrow('Route search to: the station list is empty.');
    expect(() => searchJourneys(index, { ...ok, to: 'Keio.Sagamihara.Chofu' })).toThrow(/same transfer group/);
    expect(() => searchJourneys(index, { ...ok, departure: 300 })).toThrow(/departure: 300 is not a time of the service day; expected seconds from 10800 \(03:00\)/);
    expect(() => searchJourneys(index, { ...ok, delays: new Map([[-1, 60]]) })).toThrow('Route search delays: -1 is not a timetable index');
    expect(() => searchJourneys(index, { ...ok, delays: new Map([[0, Number.NaN]]) })).toThrow('Route search delays: timetable 0 has delay NaN');
    expect(() => searchJourneys(index, { ...ok, delays: new Float32Array(3) })).toThrow(/the array has 3 entries, but the timetable has \d+ trains/);
    expect(() => searchJourneys(index, { ...ok, maxTransfers: 1.5 })).toThrow('Route search maxTransfers: 1.5 is not a whole number from 0 to 15.');
  });
});
