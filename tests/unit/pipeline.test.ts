import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_SOURCES } from '../../src/data/bundle/timetable-format.ts';
import { decodeNetwork, type Network } from '../../src/data/network.ts';
import { decodeExits } from '../../src/data/exits-loader.ts';
import { runPipeline, type PipelineOutput } from '../../src/data/pipeline/index.ts';
import { decodeTimetable, listAt, NO_TIME, type Timetable } from '../../src/data/timetable.ts';
import { resolvePaths } from '../../scripts/config.ts';
import { diskSource } from '../../scripts/data-bundle.ts';

/** The real source data set, read directly to compare counts with. */
const SOURCE = resolvePaths([]).source;
const readSource = <T>(file: string): T => JSON.parse(readFileSync(join(SOURCE, file), 'utf8'));

let output: PipelineOutput;
let network: Network;
const timetables: Partial<Record<string, Timetable>> = {};
const sourceTimetables: { id: string; t: string; tt: { s: string; a?: string; d?: string }[] }[] = [];

beforeAll(() => {
  output = runPipeline(diskSource(SOURCE));
  network = decodeNetwork(output.network, 'network');
  for (const calendar of ['weekday', 'saturday', 'holiday'] as const) {
    timetables[calendar] = decodeTimetable(output.timetables[calendar].bytes, calendar);
  }
  for (const file of readdirSync(join(SOURCE, 'train-timetables'))) sourceTimetables.push(...readSource<typeof sourceTimetables>(`train-timetables/${file}`));
}, 120_000);

describe('pipeline on the real Tokyo data set', () => {
  it('keeps every railway and station of the source', () => {
    const railways = readSource<{ id: string }[]>('railways.json');
    const stations = readSource<{ id: string }[]>('stations.json');
    expect(network.meta.railways.map((r) => r.id)).toEqual(railways.map((r) => r.id));
    expect(network.meta.stations.length).toBe(stations.length);
    expect(decodeExits(output.exits, 'exits').length).toBe(readSource<unknown[]>('poi.json').length);
    expect(network.meta.railways.length).toBe(179);
  });

  it('resolves every station of every railway to a station of that railway with coordinates and a shape', () => {
    const source = new Map(readSource<{ id: string; stations: string[] }[]>('railways.json').map((r) => [r.id, r.stations]));
    network.meta.railways.forEach((railway, ri) => {
      expect(railway.stations.map((s) => network.meta.stations[s].id)).toEqual(source.get(railway.id));
      for (const s of railway.stations) {
        const station = network.meta.stations[s];
        expect(station.railway, station.id).toBe(ri);
        expect(station.coord, station.id).toHaveLength(2);
        expect(station.shape, station.id).toBeGreaterThanOrEqual(0);
      }
    });
  });

  it('has as many timetables per day type as the source', () => {
    const key = (r: { id: string; t: string }) => r.id.slice(r.t.length + 1).split('.')[0];
    for (const [calendar, keys] of Object.entries(CALENDAR_SOURCES)) {
      const expected = sourceTimetables.filter((r) => keys.includes(key(r))).length;
      expect(timetables[calendar]!.trainCount, calendar).toBe(expected);
    }
    expect(timetables.weekday!.trainCount).toBe(49093);
  });

  it('keeps every stop and time of a timetable (round trip of the encoding)', () => {
    const weekday = timetables.weekday!;
    const byId = new Map(sourceTimetables.map((r) => [r.id, r]));
    const toMinutes = (t?: string) => {
      if (!t) return NO_TIME;
      const [h, m] = t.split(':').map(Number);
      const minutes = h * 60 + m;
      return minutes < 180 ? minutes + 1440 : minutes;
    };
    for (const i of [0, 1, 777, 12345, weekday.trainCount - 1]) {
      const railway = network.meta.railways[weekday.railway[i]].id;
      const source = byId.get(`${railway}.${weekday.number[i]}.${weekday.suffix[i]}`)!;
      expect(source, `train ${i}`).toBeDefined();
      const stops = [...Array(weekday.stopStart[i + 1] - weekday.stopStart[i]).keys()].map((k) => weekday.stopStart[i] + k);
      expect(stops.map((s) => network.meta.stations[weekday.stopStation[s]].id)).toEqual(source.tt.map((s) => s.s));
      expect(stops.map((s) => weekday.arrival[s])).toEqual(source.tt.map((s) => toMinutes(s.a)));
      expect(stops.map((s) => weekday.departure[s])).toEqual(source.tt.map((s) => toMinutes(s.d)));
    }
  });

  it('links through-service trains to their next timetable', () => {
    const weekday = timetables.weekday!;
    const i = weekday.number.findIndex((n, k) => n === '400G' && network.meta.railways[weekday.railway[k]].id === 'JR-East.Yamanote');
    const next = listAt(weekday.next, i);
    expect(next.length).toBe(1);
    expect(weekday.number[next[0]]).toBe('500G');
    expect(listAt(weekday.previous, next[0])).toContain(i);
  });

  it('fits the download budget: network plus one day of timetables under 3 MB gzip', async () => {
    const { gzipSync } = await import('node:zlib');
    const bytes = gzipSync(output.network).length + gzipSync(output.timetables.weekday.bytes).length;
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });

  it('reports the two malformed source records it repaired: a timetable time and a flight course altitude', () => {
    expect(output.diagnostics.warnings.map((w) => `${w.record} ${w.field}`)).toEqual(['Toei.Arakawa.ODPT3691.Holiday tt[5].a', 'airways/HND.IY34R.Arr coords[3]']);
  });
});
