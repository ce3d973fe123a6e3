import { beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '../../src/data/network.ts';
import { buildStationIndex, normalizeName, searchStations, type StationIndex } from '../../src/data/station-search.ts';
import { loadRealData } from './fixtures/real-data.ts';

let network: Network;
let index: StationIndex;
const en = (station: number) => network.meta.stations[station].title.en;

beforeAll(() => {
  network = loadRealData().network;
  index = buildStationIndex(network.meta);
}, 120_000);

describe('station search', () => {
  it('normalises case, width, accents, spaces and punctuation', () => {
    expect(normalizeName('Ōtemachi')).toBe('otemachi');
    expect(normalizeName('ＳＨＩＮＪＵＫＵ')).toBe('shinjuku');
    expect(normalizeName('Shinjuku-sanchome')).toBe('shinjukusanchome');
    expect(normalizeName("Tokyo Int'l Air Terminal")).toBe('tokyointlairterminal');
    expect(normalizeName('ｼﾝｼﾞｭｸ')).toBe('シンジュク');
  });

  it('finds Shinjuku first for "shinj" and for "新宿", as one candidate with all its lines', () => {
    for (const query of ['shinj', 'Shinj', '新宿', 'SHINJUKU']) {
      const [first] = searchStations(index, query, 'en');
      expect(en(first.station), query).toBe('Shinjuku');
      expect(first.railways.length, query).toBeGreaterThanOrEqual(5);
    }
    const names = searchStations(index, 'shinjuku', 'en', 20).map((m) => en(m.station));
    expect(names.filter((n) => n === 'Shinjuku').length).toBe(1);
    // Prefix matches follow the exact one: Shinjuku-sanchome, Shinjuku-gyoemmae…
    expect(names.slice(1).every((n) => normalizeName(n!).includes('shinjuku'))).toBe(true);
  });

  it('ranks exact, then prefix, then word prefix, then substring, busier stations first within a rank', () => {
    const matches = searchStations(index, 'ueno', 'en', 30);
    expect(en(matches[0].station)).toBe('Ueno');
    const ranks = matches.map((m) => m.rank);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    for (let i = 1; i < matches.length; i++) if (matches[i].rank === matches[i - 1].rank) expect(matches[i].railways.length).toBeLessThanOrEqual(matches[i - 1].railways.length);
    expect(matches.some((m) => m.rank === 3 && en(m.station) === 'Keisei-Ueno')).toBe(false); // "Keisei-Ueno": a word prefix, rank 2
    expect(matches.find((m) => en(m.station) === 'Keisei-Ueno')?.rank).toBe(2);
  });

  it('finds by the interface data language and by English from Korean and Chinese interfaces', () => {
    expect(en(searchStations(index, '신주쿠', 'ko')[0].station)).toBe('Shinjuku');
    expect(en(searchStations(index, 'shibuya', 'ko')[0].station)).toBe('Shibuya');
    expect(searchStations(index, 'shibuya', 'ko')[0].matchedLanguage).toBe('en');
    expect(en(searchStations(index, '东京', 'zh-Hans')[0].station)).toBe('Tokyo');
    expect(en(searchStations(index, 'tokyo', 'zh-Hant')[0].station)).toBe('Tokyo');
    // A Korean name is not searched from an English interface.
    expect(searchStations(index, '신주쿠', 'en')).toEqual([]);
  });

  it('has no candidates for an empty or unknown query and respects the limit', () => {
    expect(searchStations(index, '  ', 'en')).toEqual([]);
    expect(searchStations(index, 'zzqx', 'en')).toEqual([]);
    expect(searchStations(index, 'a', 'en', 5)).toHaveLength(5);
  });
});
