/**
 * Routing trips: what a passenger can ride without changing trains.
 *
 * A timetable that continues as another one (through service: a Hanzōmon
 * line train running on as a Den-en-toshi line train, or a Yamanote train
 * starting its next lap under a new number) is the same train, so the
 * route search rides the whole chain as one trip and counts no transfer.
 * A trip is a path through the timetables' `next` links: a train that splits
 * gives one trip per part (the common part is in each), one that merges one
 * trip per merging train.
 *
 * A `next` link counts as through service when the two timetables meet at
 * the same station or at stations of one transfer group, and the next one
 * does not leave before the previous one arrives. Other links (a handful of
 * inconsistent records) are ignored: there a passenger changes trains.
 *
 * Stop times are seconds of the service day (the timetable's minutes × 60).
 * A stop without an arrival time arrives at its departure, one without a
 * departure leaves at its arrival.
 *
 * @module
 */
import type { NetworkMeta } from '../bundle/network-format.ts';
import { listAt, NO_TIME, type Timetable } from '../timetable.ts';

/** Every routing trip of one day's timetable, stops flattened (CSR). */
export interface TripList {
  count: number;
  /** Stop positions of trip t: `stopStart[t] … stopStart[t + 1] − 1` into `station`, `arrival`, `departure`. */
  stopStart: Uint32Array;
  station: Uint32Array;
  arrival: Int32Array;
  departure: Int32Array;
  /** Timetables of trip t in riding order: `timetables[segmentStart[t]] … [segmentStart[t + 1] − 1]`. */
  segmentStart: Uint32Array;
  timetables: Int32Array;
  /** Position within its trip of each segment's first stop (parallel to `timetables`). */
  segmentFirstStop: Uint32Array;
  /** Trips that contain each timetable (CSR by timetable). */
  tripsOfTimetableStart: Uint32Array;
  tripsOfTimetable: Int32Array;
}

/** What building the trips found in the data. */
export interface TripDiagnostics {
  /** `next` links that do not count as through service (see the module description), as [from, to] timetable indices. */
  ignoredLinks: Array<[number, number]>;
  /** Through-service chains cut because they came back to a timetable already on the chain. */
  cutCycles: number;
}

/** Upper bound of trips made from one chain head (splits and merges multiply paths; real data has a few). */
const MAX_PATHS_PER_HEAD = 64;

function groupOf(meta: NetworkMeta, station: number): number {
  const shape = meta.stations[station]?.shape ?? -1;
  return shape < 0 ? -1 : meta.shapes[shape].group;
}

/** Effective arrival and departure minutes of stop `s` (flattened index). */
function stopMinutes(timetable: Timetable, s: number): [number, number] {
  const a = timetable.arrival[s];
  const d = timetable.departure[s];
  return [a === NO_TIME ? d : a, d === NO_TIME ? a : d];
}

/** Valid through-service successors of every timetable. */
function throughLinks(meta: NetworkMeta, timetable: Timetable, diagnostics: TripDiagnostics): number[][] {
  const n = timetable.trainCount;
  const successors: number[][] = Array.from({ length: n }, () => []);
  for (let p = 0; p < n; p++) {
    const last = timetable.stopStart[p + 1] - 1;
    for (const i of listAt(timetable.next, p)) {
      if (i < 0 || i >= n || i === p) continue;
      const first = timetable.stopStart[i];
      const a = timetable.stopStation[last];
      const b = timetable.stopStation[first];
      const sameplace = a === b || (groupOf(meta, a) >= 0 && groupOf(meta, a) === groupOf(meta, b));
      if (sameplace && stopMinutes(timetable, first)[1] >= stopMinutes(timetable, last)[0]) successors[p].push(i);
      else diagnostics.ignoredLinks.push([p, i]);
    }
  }
  return successors;
}

/** All maximal chains of timetables following through-service links. */
function chains(successors: number[][], diagnostics: TripDiagnostics): number[][] {
  const n = successors.length;
  const hasPredecessor = new Uint8Array(n);
  for (const list of successors) for (const i of list) hasPredecessor[i] = 1;
  const result: number[][] = [];
  const covered = new Uint8Array(n);
  const walk = (head: number) => {
    const stack: number[][] = [[head]];
    let made = 0;
    while (stack.length) {
      const path = stack.pop()!;
      const tail = path[path.length - 1];
      covered[tail] = 1;
      const next = successors[tail].filter((i) => {
        if (!path.includes(i)) return true;
        diagnostics.cutCycles++;
        return false;
      });
      if (next.length === 0 || made + stack.length >= MAX_PATHS_PER_HEAD) {
        result.push(path);
        made++;
        continue;
      }
      for (let k = next.length - 1; k >= 0; k--) stack.push([...path, next[k]]);
    }
  };
  for (let i = 0; i < n; i++) if (!hasPredecessor[i]) walk(i);
  // Timetables left over lie on a cycle of links: start a chain at each first one found.
  for (let i = 0; i < n; i++) if (!covered[i]) walk(i);
  return result;
}

/** Builds the routing trips of a day's timetable (see the module description). */
export function buildTrips(meta: NetworkMeta, timetable: Timetable): { trips: TripList; diagnostics: TripDiagnostics } {
  const diagnostics: TripDiagnostics = { ignoredLinks: [], cutCycles: 0 };
  const paths = chains(throughLinks(meta, timetable, diagnostics), diagnostics);
  const count = paths.length;
  const stopStart = new Uint32Array(count + 1);
  const segmentStart = new Uint32Array(count + 1);
  for (let t = 0; t < count; t++) {
    let stops = 0;
    for (const i of paths[t]) stops += timetable.stopStart[i + 1] - timetable.stopStart[i];
    stopStart[t + 1] = stopStart[t] + stops;
    segmentStart[t + 1] = segmentStart[t] + paths[t].length;
  }
  const station = new Uint32Array(stopStart[count]);
  const arrival = new Int32Array(stopStart[count]);
  const departure = new Int32Array(stopStart[count]);
  const timetables = new Int32Array(segmentStart[count]);
  const segmentFirstStop = new Uint32Array(segmentStart[count]);
  const tripCounts = new Uint32Array(timetable.trainCount + 1);
  for (let t = 0; t < count; t++) {
    let position = stopStart[t];
    let previous = -Infinity;
    paths[t].forEach((train, k) => {
      timetables[segmentStart[t] + k] = train;
      segmentFirstStop[segmentStart[t] + k] = position - stopStart[t];
      tripCounts[train + 1]++;
      for (let s = timetable.stopStart[train]; s < timetable.stopStart[train + 1]; s++, position++) {
        const [a, d] = stopMinutes(timetable, s);
        // Times never go back along a trip (the data pipeline guarantees it within a timetable, the link check across).
        arrival[position] = previous = Math.max(previous, a * 60);
        departure[position] = previous = Math.max(previous, d * 60);
        station[position] = timetable.stopStation[s];
      }
    });
  }
  for (let i = 0; i < timetable.trainCount; i++) tripCounts[i + 1] += tripCounts[i];
  const tripsOfTimetableStart = tripCounts.slice();
  const tripsOfTimetable = new Int32Array(tripCounts[timetable.trainCount]);
  const fill = tripCounts.slice(0, timetable.trainCount);
  for (let t = 0; t < count; t++) for (const train of paths[t]) tripsOfTimetable[fill[train]++] = t;
  return {
    trips: { count, stopStart, station, arrival, departure, segmentStart, timetables, segmentFirstStop, tripsOfTimetableStart, tripsOfTimetable },
    diagnostics,
  };
}
