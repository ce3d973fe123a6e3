/** The exits as their own lazily loaded bundle file, and a station group's exits. */
import { describe, expect, it } from 'vitest';
import { writeBundle } from '../../src/data/bundle/container.ts';
import { EXITS_KIND, type ExitMeta } from '../../src/data/bundle/exits-format.ts';
import type { BundleManifest } from '../../src/data/bundle/manifest.ts';
import { decodeExits, loadExits } from '../../src/data/exits-loader.ts';
import { groupExits } from '../../src/data/exits.ts';
import { loadManifest } from '../../src/data/loader.ts';
import { stationGroupOf } from '../../src/data/station-groups.ts';
import { loadRealData } from './fixtures/real-data.ts';

const EXIT: ExitMeta = { id: 'Op.Station.A1', coord: [139.7, 35.6], title: { en: 'A1' }, facilities: ['stairs'], uptime: [{ open: '06:00', close: '00:20' }] };

describe('exits bundle file', () => {
  it('round-trips through the bundle container and rejects another kind', () => {
    const bytes = writeBundle(EXITS_KIND, { exits: [EXIT] }, {});
    expect(decodeExits(bytes, 'exits.bin')).toEqual([EXIT]);
    expect(() => decodeExits(writeBundle('network', {}, {}), 'exits.bin')).toThrow('exits.bin holds "network" data where "exits" was expected.');
  });

  it('loads once per manifest, relative to where the manifest came from, and tries again after a failure', async () => {
    const hits: string[] = [];
    let fail = true;
    const fetchImpl = (async (url: string) => {
      hits.push(url);
      if (url.endsWith('manifest.json')) return new Response(JSON.stringify({ format: 'tt3d-manifest', version: 1, exits: { file: 'exits.abc.bin' } }));
      if (fail) return new Response('', { status: 503 });
      return new Response(writeBundle(EXITS_KIND, { exits: [EXIT] }, {}) as unknown as BodyInit);
    }) as unknown as typeof fetch;
    const manifest = await loadManifest('https://host/maps/data/', 'https://host/page/', fetchImpl);
    await expect(loadExits(manifest, 'https://host/page/', fetchImpl)).rejects.toThrow('Could not load https://host/maps/data/exits.abc.bin: HTTP 503.');
    fail = false;
    expect(await loadExits(manifest, 'https://host/page/', fetchImpl)).toEqual([EXIT]);
    expect(await loadExits(manifest, 'https://host/page/', fetchImpl)).toEqual([EXIT]);
    expect(hits.filter((h) => h.endsWith('.bin'))).toEqual(['https://host/maps/data/exits.abc.bin', 'https://host/maps/data/exits.abc.bin']);
  });

  it('says so when a bundle has no exits file', async () => {
    await expect(loadExits({ format: 'tt3d-manifest', version: 1 } as BundleManifest, 'https://host/')).rejects.toThrow('no exits file');
  });
});

describe('exits of a station group (real data)', () => {
  it('Kasumigaseki: the exits of its Marunouchi, Hibiya and Chiyoda stations, per station, each once', () => {
    const { network } = loadRealData();
    const meta = network.meta;
    expect('exits' in meta).toBe(false); // not in the first view's file any more
    const group = stationGroupOf(meta, network.stationIndex.get('TokyoMetro.Marunouchi.Kasumigaseki')!)!;
    const byStation = groupExits(meta, group.stations);
    expect(byStation.map((s) => meta.stations[s.station].id).sort()).toEqual([
      'TokyoMetro.Chiyoda.Kasumigaseki',
      'TokyoMetro.Hibiya.Kasumigaseki',
      'TokyoMetro.Marunouchi.Kasumigaseki',
    ]);
    expect(byStation.map((s) => s.exits.length).sort((a, b) => a - b)).toEqual([4, 5, 17]);
    const all = byStation.flatMap((s) => s.exits);
    expect(new Set(all).size).toBe(all.length);
    expect(groupExits(meta, [...group.stations, ...group.stations]).flatMap((s) => s.exits)).toEqual(all);
  });
});
