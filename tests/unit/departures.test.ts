import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '../../src/data/network.ts';
import type { Timetable } from '../../src/data/timetable.ts';
import { buildDepartureIndex, nextDepartures, type DepartureIndex } from '../../src/data/trains/departures.ts';
import { resolvePaths } from '../../scripts/config.ts';
import { loadRealData } from './fixtures/real-data.ts';
import { stationGroupOf } from '../../src/data/station-groups.ts';

let network: Network;
let timetable: Timetable;
let index: DepartureIndex;

/** A raw train timetable of the shared data set (the independent oracle). */
interface RawTrain {
  id: string;
  n: string;
  d: string;
  tt: Array<{ s: string; d?: string; a?: string }>;
}

/** Minutes of the service day (03:00 rollover) of "HH:MM". */
const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h < 3 ? h + 24 : h) * 60 + m;
};

/** The next `count` weekday departures from a station in a direction, straight from the raw JSON. */
function rawNext(file: string, station: string, direction: string, fromMinute: number, count: number): Array<{ number: string; time: number }> {
  const raw = JSON.parse(readFileSync(join(resolvePaths([]).source, 'train-timetables', file), 'utf8')) as RawTrain[];
  return raw
    .filter((t) => t.id.endsWith('.Weekday') && t.d === direction)
    .flatMap((t) => t.tt.filter((stop, i) => stop.s === station && stop.d && i < t.tt.length - 1).map((stop) => ({ number: t.n, time: minutes(stop.d!) })))
    .filter((d) => d.time >= fromMinute)
    .sort((a, b) => a.time - b.time)
    .slice(0, count);
}

beforeAll(() => {
  const data = loadRealData();
  network = data.network;
  timetable = data.timetables.weekday;
  index = buildDepartureIndex(timetable);
}, 120_000);

const stationIndex = (id: string) => network.stationIndex.get(id)!;
const directionId = (i: number) => network.meta.railDirections[i].id.replace(/^odpt\.RailDirection:/, '');

describe('next departures', () => {
  it('lists the next two Yamanote trains each way at Ebisu at 08:00 on a weekday, as the raw timetables have them', () => {
    const groups = nextDepartures(network, index, [stationIndex('JR-East.Yamanote.Ebisu')], 8 * 3600);
    expect(groups.map((g) => directionId(g.direction)).sort()).toEqual(['InnerLoop', 'OuterLoop']);
    for (const group of groups) {
      const expected = rawNext('jreast-yamanote.json', 'JR-East.Yamanote.Ebisu', directionId(group.direction), 8 * 60, 2);
      expect(expected).toHaveLength(2);
      expect(group.departures.map((d) => ({ number: timetable.number[d.train], time: d.time }))).toEqual(expected);
      for (const d of group.departures) expect(d.id).toBe(`JR-East.Yamanote.${timetable.number[d.train]}`);
    }
  });

  it('counts a departure at exactly the instant as still to come, and one a second earlier as gone', () => {
    const [first] = nextDepartures(network, index, [stationIndex('JR-East.Yamanote.Ebisu')], 8 * 3600)[0].departures;
    const at = first.time * 60;
    expect(nextDepartures(network, index, [stationIndex('JR-East.Yamanote.Ebisu')], at)[0].departures[0].train).toBe(first.train);
    expect(nextDepartures(network, index, [stationIndex('JR-East.Yamanote.Ebisu')], at + 1)[0].departures[0].train).not.toBe(first.train);
  });

  it('groups the lines of a transfer station in the order given, and shows a terminus only in the direction trains leave', () => {
    const shibuya = ['JR-East.Yamanote.Shibuya', 'TokyoMetro.Ginza.Shibuya'].map(stationIndex);
    const groups = nextDepartures(network, index, shibuya, 10 * 3600, 3);
    expect(groups.map((g) => network.meta.railways[g.railway].id)).toEqual(['JR-East.Yamanote', 'JR-East.Yamanote', 'TokyoMetro.Ginza', 'TokyoMetro.Ginza']);
    const ginza = groups.filter((g) => network.meta.railways[g.railway].id === 'TokyoMetro.Ginza');
    // Shibuya is the Ginza line's terminus: departures one way only; the other way is listed empty.
    expect(ginza.map((g) => g.departures.length).sort()).toEqual([0, 3]);
    for (const g of groups) for (let i = 1; i < g.departures.length; i++) expect(g.departures[i].time).toBeGreaterThanOrEqual(g.departures[i - 1].time);
  });

  it('has nothing after the last train of the day', () => {
    const groups = nextDepartures(network, index, [stationIndex('JR-East.Yamanote.Ebisu')], 27 * 3600 - 1);
    expect(groups.every((g) => g.departures.length === 0)).toBe(true);
  });

  it('marks a direction that ends at the station (no train leaves that way all day) as a terminus, at any hour', () => {
    const shinjuku = stationGroupOf(network.meta, stationIndex('JR-East.Yamanote.Shinjuku'))!.stations;
    const label = (g: { railway: number; direction: number }) => `${network.meta.railways[g.railway].id} ${network.meta.railDirections[g.direction]?.id}`;
    for (const t of [8 * 3600, 26 * 3600]) {
      const groups = nextDepartures(network, index, shinjuku, t);
      expect(groups.filter((g) => g.terminus).map(label).sort(), `at ${t / 3600}:00`).toEqual([
        'Keio.Keio Inbound',
        'Keio.KeioNew Inbound',
        'Odakyu.Odawara Inbound',
        'Toei.Shinjuku Westbound',
      ]);
      for (const g of groups) if (g.terminus) expect(g.departures).toEqual([]);
    }
    // Through the station both ways: never a terminus.
    expect(nextDepartures(network, index, [stationIndex('JR-East.Yamanote.Ebisu')], 27 * 3600 - 1).some((g) => g.terminus)).toBe(false);
  });
});
