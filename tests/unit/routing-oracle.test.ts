/**
 * The route search's earliest arrival against a plain, obviously correct
 * search written here: Dijkstra over stations on the raw JSON timetables of
 * the shared data set (not the bundle), riding every catchable train to its
 * end and on through its through-service successors.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '../../src/data/network.ts';
import { buildRoutingIndex, searchJourneys, transferSeconds, type RoutingIndex } from '../../src/data/routing/index.ts';
import { stationGroupOf } from '../../src/data/station-groups.ts';
import type { Timetable } from '../../src/data/timetable.ts';
import { resolvePaths } from '../../scripts/config.ts';
import { loadRealData } from './fixtures/real-data.ts';
import { oracleEarliestArrival, type Run } from './fixtures/routing-oracle.ts';

interface RawRecord {
  id: string;
  t: string;
  r: string;
  nt?: string[];
  tt: Array<{ s: string; a?: string; d?: string }>;
}


const seconds = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return ((h < 3 ? h + 24 : h) * 60 + m) * 60;
};

/** Weekday timetables of the raw JSON whose railway and stations the network has. */
function loadRawRuns(network: Network): Run[] {
  const folder = join(resolvePaths([]).source, 'train-timetables');
  const runs: Run[] = [];
  const nextIds: string[][] = [];
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    for (const record of JSON.parse(readFileSync(join(folder, file), 'utf8')) as RawRecord[]) {
      if (record.id.slice(record.t.length + 1).split('.')[0] !== 'Weekday' || !network.railwayIndex.has(record.r)) continue;
      const stations = record.tt.map((stop) => network.stationIndex.get(stop.s) ?? -1);
      if (stations.includes(-1)) continue;
      const arrival: number[] = [];
      const departure: number[] = [];
      let previous = 0;
      for (const stop of record.tt) {
        const a = stop.a ? Math.max(previous, seconds(stop.a)) : null;
        if (a !== null) previous = a;
        const d = stop.d ? Math.max(previous, seconds(stop.d)) : null;
        if (d !== null) previous = d;
        arrival.push(a ?? d!);
        departure.push(d ?? a!);
      }
      runs.push({ id: record.id, stations, arrival, departure, next: [] });
      nextIds.push(record.nt ?? []);
    }
  }
  const byId = new Map(runs.map((run, i) => [run.id, i]));
  runs.forEach((run, i) => {
    for (const id of nextIds[i]) {
      const k = byId.get(id);
      if (k === undefined) continue;
      const next = runs[k];
      const a = run.stations[run.stations.length - 1];
      const b = next.stations[0];
      const together = a === b || transferSeconds(network.meta, a, b) !== null;
      if (together && next.departure[0] >= run.arrival[run.arrival.length - 1]) run.next.push(k);
    }
  });
  return runs;
}

let network: Network;
let timetable: Timetable;
let index: RoutingIndex;
let runs: Run[];
let byStation: Array<Array<[number, number]>>;

beforeAll(() => {
  const data = loadRealData();
  network = data.network;
  timetable = data.timetables.weekday;
  index = buildRoutingIndex(network, timetable);
  runs = loadRawRuns(network);
  byStation = network.meta.stations.map(() => []);
  runs.forEach((run, k) => run.stations.forEach((s, position) => byStation[s].push([k, position])));
}, 120_000);

/** Mulberry32 (fixed seed: the same queries every run). */
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

describe('route search against a brute-force search over the raw timetables', () => {
  it('reads the same weekday timetables from the raw JSON as the bundle holds', () => {
    expect(runs.length).toBe(timetable.trainCount);
  });

  it('finds the same earliest arrival for 200 random queries, with and without delays', () => {
    const next = random(14);
    const stations = [...new Set(timetable.stopStation)].sort((a, b) => a - b);
    const rawIndex = new Map(runs.map((run, k) => [run.id, k]));
    const rawOfTrain = Array.from({ length: timetable.trainCount }, (_, train) => rawIndex.get(`${network.meta.railways[timetable.railway[train]].id}.${timetable.number[train]}.${timetable.suffix[train]}`)!);
    const rawOf = (train: number) => rawOfTrain[train];
    // Through-service chains of the raw timetables (union-find over the `next` links).
    const parent = runs.map((_, k) => k);
    const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k])));
    runs.forEach((run, k) => run.next.forEach((n) => (parent[find(n)] = find(k))));
    const chainOf = (k: number) => find(k);
    let compared = 0;
    let found = 0;
    const mismatches: string[] = [];
    while (compared < 200) {
      const from = stations[Math.floor(next() * stations.length)];
      const to = stations[Math.floor(next() * stations.length)];
      const sources = stationGroupOf(network.meta, from)?.stations ?? [from];
      const targets = stationGroupOf(network.meta, to)?.stations ?? [to];
      if (sources.some((s) => targets.includes(s))) continue;
      const departure = Math.floor((5 + next() * 20) * 3600);
      // Every second query: a random 3 % of the trains late by up to 15 minutes, the same delay along a
      // through-service chain (as the real-time overlay gives it: a train is late on every line it runs on).
      const delays = new Map<number, number>();
      if (compared % 2 === 1) {
        const chainDelay = new Map<number, number>();
        for (let train = 0; train < timetable.trainCount; train++) {
          const chain = chainOf(rawOf(train));
          if (!chainDelay.has(chain)) chainDelay.set(chain, next() < 0.03 ? Math.floor(next() * 900) : 0);
          if (chainDelay.get(chain)! > 0) delays.set(train, chainDelay.get(chain)!);
        }
      }
      const rawDelays = new Map([...delays].map(([train, s]) => [rawOf(train), s]));
      const result = searchJourneys(index, { from, to, departure, delays, maxTransfers: 15 });
      const expected = oracleEarliestArrival(network, runs, byStation, sources, targets, departure, rawDelays);
      const actual = result.journeys.length ? Math.min(...result.journeys.map((j) => j.arrival)) : Infinity;
      if (actual !== expected) mismatches.push(`${network.meta.stations[from].id} → ${network.meta.stations[to].id} at ${departure} s (${delays.size} late): ${actual} ≠ ${expected}`);
      if (expected < Infinity) found++;
      compared++;
    }
    expect(mismatches).toEqual([]);
    expect(found).toBeGreaterThan(150);
  }, 240_000);
});
