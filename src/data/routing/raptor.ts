/**
 * RAPTOR, the round-based public transit routing algorithm of Delling,
 * Pajor and Werneck ("Round-Based Public Transit Routing", ALENEX 2012):
 * round k finds the earliest arrival at every station with k rides, by
 * scanning each route served by a station improved in round k − 1 once,
 * boarding the earliest trip that can be caught. The rounds give the
 * Pareto set of (arrival, number of rides) at the target directly, which is
 * what the "fewest transfers" journey needs. With local and target pruning
 * (a label is kept only if it beats the station's and the target's best).
 *
 * Labels per round: `arrival` (by train, where one alights) and `ready`
 * (earliest time one can board there: arrival plus the minimum transfer
 * time, at the same station or after walking to another one of the group).
 * Sources are ready at the start time in round 0 without any transfer time.
 *
 * Real-time: trips whose times differ from the timetable are left out of
 * the main table (`skip`) and scanned from a small extra table of their own.
 *
 * Works on mirrored tables too (see `route-table.ts`), which turns it into
 * a latest-departure search.
 *
 * @module
 */
import type { RouteTable } from './route-table.ts';
import { SAME_STATION_TRANSFER_SECONDS, type Footpaths } from './transfer-times.ts';

/** An unreached label. */
export const UNREACHED = 0x7fffffff;

/** What one search runs on. */
export interface RaptorInput {
  /** Route tables, all in the same direction: the timetable's, then optionally the real-time one. */
  tables: readonly RouteTable[];
  /** Trips (routing trip ids) not to board from `tables[0]`, or null. */
  skip: Uint8Array | null;
  footpaths: Footpaths;
  stationCount: number;
  /** Stations where the journey starts, ready at `start` (seconds, in the tables' time). */
  sources: readonly number[];
  start: number;
  /** 1 for each target station. */
  targets: Uint8Array;
  /** Most rides (transfers + 1). */
  maxRides: number;
  /** Arrivals must be earlier than this (exclusive bound; {@link UNREACHED} for none). */
  limit: number;
}

/** One ride in a table: route, trip slot and the stop positions where it is boarded and left. */
export interface Ride {
  table: number;
  route: number;
  slot: number;
  board: number;
  alight: number;
}

/** The labels of a finished search. */
export interface RaptorRun {
  input: RaptorInput;
  /** Best arrival at a target with exactly k rides when it improved on fewer rides, else {@link UNREACHED} (index k). */
  targetArrival: Int32Array;
  /** The target station of each `targetArrival`. */
  targetStation: Int32Array;
  /** Route scans done (for measurements). */
  routeScans: number;
  readonly labels: Labels;
}

interface Labels {
  arrival: Int32Array;
  ready: Int32Array;
  /** Station whose arrival made the ready label, or −1 (copied from the round before, or a source). */
  readyFrom: Int32Array;
  rideTable: Uint8Array;
  rideRoute: Int32Array;
  rideSlot: Int32Array;
  rideBoard: Int32Array;
  rideAlight: Int32Array;
}

/** Label arrays by main table, reused from search to search (a search allocates no large arrays, and makes little garbage). */
const labelCache = new WeakMap<RouteTable, Labels>();

/** Cleared labels for `size` entries, reusing the arrays of the last search on `table`. */
function labelsFor(table: RouteTable, size: number): Labels {
  const cached = labelCache.get(table);
  if (cached && cached.arrival.length >= size) {
    cached.arrival.fill(UNREACHED, 0, size);
    cached.ready.fill(UNREACHED, 0, size);
    cached.readyFrom.fill(-1, 0, size);
    return cached;
  }
  const labels = createLabels(size);
  labelCache.set(table, labels);
  return labels;
}

function createLabels(size: number): Labels {
  return {
    arrival: new Int32Array(size).fill(UNREACHED),
    ready: new Int32Array(size).fill(UNREACHED),
    readyFrom: new Int32Array(size).fill(-1),
    rideTable: new Uint8Array(size),
    rideRoute: new Int32Array(size),
    rideSlot: new Int32Array(size),
    rideBoard: new Int32Array(size),
    rideAlight: new Int32Array(size),
  };
}

/** Earliest slot in [0, end) whose departure at position `i` is at or after `time` and that may be boarded; `end` if none. */
function earliestSlot(table: RouteTable, route: number, i: number, time: number, end: number, skip: Uint8Array | null): number {
  const n = table.stopStart[route + 1] - table.stopStart[route];
  const base = table.timeStart[route] + i;
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (table.departure[base + mid * n] >= time) hi = mid;
    else lo = mid + 1;
  }
  if (skip) {
    const t0 = table.tripStart[route];
    while (lo < end && skip[table.trips[t0 + lo]]) lo++;
  }
  return lo;
}

/**
 * Runs the search (see the module description). The labels of the result
 * stay valid until the next search on the same main table (`tables[0]`).
 */
export function runRaptor(input: RaptorInput): RaptorRun {
  const { tables, footpaths, stationCount: n, targets, maxRides } = input;
  const rounds = maxRides + 1;
  const labels = labelsFor(tables[0], rounds * n);
  const { arrival, ready, readyFrom, rideTable, rideRoute, rideSlot, rideBoard, rideAlight } = labels;
  const bestArrival = new Int32Array(n).fill(UNREACHED);
  const targetArrival = new Int32Array(rounds).fill(UNREACHED);
  const targetStation = new Int32Array(rounds).fill(-1);
  let limit = input.limit;

  let marked: number[] = [];
  const isMarked = new Uint8Array(n);
  for (const s of input.sources) {
    if (input.start < ready[s]) ready[s] = input.start;
    if (!isMarked[s]) marked.push(s);
    isMarked[s] = 1;
  }
  const firstPosition = tables.map((t) => new Int32Array(t.routeCount).fill(-1));
  const touched = tables.map(() => [] as number[]);
  const improved: number[] = [];
  const isImproved = new Uint8Array(n);
  let routeScans = 0;

  for (let k = 1; k < rounds && marked.length > 0; k++) {
    const row = k * n;
    const previousRow = row - n;
    ready.copyWithin(row, previousRow, row);

    // Routes to scan, each from the earliest position of a station marked in the previous round.
    for (const s of marked) {
      isMarked[s] = 0;
      for (let t = 0; t < tables.length; t++) {
        const table = tables[t];
        const first = firstPosition[t];
        for (let e = table.servingStart[s]; e < table.servingStart[s + 1]; e++) {
          const route = table.servingRoute[e];
          const position = table.servingPosition[e];
          if (first[route] < 0) touched[t].push(route);
          if (first[route] < 0 || position < first[route]) first[route] = position;
        }
      }
    }
    marked = [];

    for (let t = 0; t < tables.length; t++) {
      const table = tables[t];
      const skip = t === 0 ? input.skip : null;
      for (const route of touched[t]) {
        const from = firstPosition[t][route];
        firstPosition[t][route] = -1;
        routeScans++;
        const stopCount = table.stopStart[route + 1] - table.stopStart[route];
        const tripCount = table.tripStart[route + 1] - table.tripStart[route];
        const stop0 = table.stopStart[route];
        const time0 = table.timeStart[route];
        let slot = -1;
        let board = -1;
        for (let i = from; i < stopCount; i++) {
          const s = table.stops[stop0 + i];
          if (slot >= 0) {
            const a = table.arrival[time0 + slot * stopCount + i];
            if (a < limit) {
              if (a < bestArrival[s]) {
                bestArrival[s] = a;
                const at = row + s;
                arrival[at] = a;
                rideTable[at] = t;
                rideRoute[at] = route;
                rideSlot[at] = slot;
                rideBoard[at] = board;
                rideAlight[at] = i;
                if (!isImproved[s]) improved.push(s);
                isImproved[s] = 1;
                if (targets[s]) {
                  limit = a;
                  targetArrival[k] = a;
                  targetStation[k] = s;
                }
              }
            } else if (slot === 0) {
              break; // no earlier trip to change to, and times only grow along the route
            }
          }
          const r = ready[previousRow + s];
          if (r >= limit || (slot >= 0 && r > table.departure[time0 + slot * stopCount + i])) continue;
          const earlier = earliestSlot(table, route, i, r, slot >= 0 ? slot : tripCount, skip);
          if (earlier < (slot >= 0 ? slot : tripCount)) {
            slot = earlier;
            board = i;
          }
        }
      }
      touched[t].length = 0;
    }

    // Transfers: the same station after the minimum change time, and walks to the group's other stations.
    for (const s of improved) {
      isImproved[s] = 0;
      const a = arrival[row + s];
      for (let e = footpaths.start[s] - 1; e < footpaths.start[s + 1]; e++) {
        // e = start − 1 stands for staying at the station itself.
        const to = e < footpaths.start[s] ? s : footpaths.to[e];
        const time = a + (e < footpaths.start[s] ? SAME_STATION_TRANSFER_SECONDS : footpaths.seconds[e]);
        if (time >= limit || time >= ready[row + to]) continue;
        ready[row + to] = time;
        readyFrom[row + to] = s;
        if (!isMarked[to]) marked.push(to);
        isMarked[to] = 1;
      }
    }
    improved.length = 0;
  }
  for (const s of marked) isMarked[s] = 0;
  return { input, targetArrival, targetStation, routeScans, labels };
}

/**
 * The rides of the journey that reaches `station` with `rides` rides (a
 * round whose `targetArrival` is set), in the order the search made them.
 */
export function ridesOf(run: RaptorRun, rides: number, station: number): Ride[] {
  const { input, labels } = run;
  const n = input.stationCount;
  const result: Ride[] = [];
  let k = rides;
  let s = station;
  for (;;) {
    const at = k * n + s;
    if (labels.arrival[at] === UNREACHED) throw new Error(`Route search: no label for station ${s} after ${k} rides (internal error).`);
    const ride: Ride = { table: labels.rideTable[at], route: labels.rideRoute[at], slot: labels.rideSlot[at], board: labels.rideBoard[at], alight: labels.rideAlight[at] };
    result.push(ride);
    const table = input.tables[ride.table];
    const boardStation = table.stops[table.stopStart[ride.route] + ride.board];
    let j = k - 1;
    while (j > 0 && labels.readyFrom[j * n + boardStation] < 0) j--;
    if (j === 0) break;
    s = labels.readyFrom[j * n + boardStation];
    k = j;
  }
  return result.reverse();
}
