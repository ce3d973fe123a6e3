/**
 * Route search figures in Node on the real data: index build time and
 * heap, and query times over random origin/destination pairs at the
 * morning peak (weekday 08:00) and late in the evening (23:30, when the
 * search runs into the last trains).
 *
 * Pairs are drawn with a fixed seed from the stations that trains serve,
 * in different transfer groups, so every run measures the same queries.
 * A few warm-up queries (not counted) let the JIT compile the search first,
 * as it would have after the first search in the app's worker.
 *
 * Run on its own: `npx tsx scripts/bench/routing-figures.ts`.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { pathToFileURL } from 'node:url';
import { buildRoutingIndex, searchJourneys } from '../../src/data/routing/index.ts';
import { loadRealData } from '../../tests/unit/fixtures/real-data.ts';
import { median } from './stats.ts';

/** Random pairs measured. */
export const ROUTING_QUERIES = 200;
/** Departures of the queries (every pair at each), seconds of the weekday's service day, with their labels. */
export const ROUTING_DEPARTURES = [
  { label: '08:00', seconds: 8 * 3600 },
  { label: '23:30', seconds: 23.5 * 3600 },
] as const;
/** Queries run before measuring. */
const WARM_UP = 10;
const SEED = 20241125;

/** Figures of {@link measureRouting}. */
export interface RoutingFigures {
  /** Index build time, ms. */
  buildMs: number;
  /** Heap (JS heap plus typed-array memory) the index holds after a full GC, MB (2^20 bytes). */
  heapMB: number;
  /** Query times at each of {@link ROUTING_DEPARTURES}, in their order. */
  queries: Array<{ label: string; medianMs: number; maxMs: number; count: number }>;
}

/** Mulberry32: a small seeded pseudo-random generator (0 ≤ x < 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Full garbage collections (exposes V8's `gc` for this process on first use); twice, so that freed typed-array memory is released too. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

function usedBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** Builds the weekday route search index of the real data and times {@link ROUTING_QUERIES} searches at each of {@link ROUTING_DEPARTURES}. */
export async function measureRouting(): Promise<RoutingFigures> {
  const { network, timetables } = loadRealData();
  const timetable = timetables.weekday;
  collectGarbage();
  const before = usedBytes();
  const start = performance.now();
  const index = buildRoutingIndex(network, timetable);
  const buildMs = performance.now() - start;
  collectGarbage();
  const heapMB = (usedBytes() - before) / 2 ** 20;

  const { meta } = network;
  const served = new Set<number>(timetable.stopStation);
  const stations = [...served].filter((s) => meta.stations[s].shape >= 0).sort((a, b) => a - b);
  const groupOf = (s: number) => meta.shapes[meta.stations[s].shape].group;
  const next = random(SEED);
  const pick = () => stations[Math.floor(next() * stations.length)];
  const pairs: Array<[number, number]> = [];
  while (pairs.length < ROUTING_QUERIES + WARM_UP) {
    const from = pick();
    const to = pick();
    if (groupOf(from) !== groupOf(to)) pairs.push([from, to]);
  }
  const queries = ROUTING_DEPARTURES.map(({ label, seconds }) => {
    const times: number[] = [];
    pairs.forEach(([from, to], k) => {
      const t0 = performance.now();
      searchJourneys(index, { from, to, departure: seconds });
      if (k >= WARM_UP) times.push(performance.now() - t0);
    });
    return { label, medianMs: median(times), maxMs: Math.max(...times), count: times.length };
  });
  return { buildMs, heapMB, queries };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  measureRouting().then((figures) => console.log(figures));
}
