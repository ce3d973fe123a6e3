/**
 * Real-time delays in the route search. A late train's times are its
 * timetable times plus its delay, at every stop (as the station panel's
 * departures show them); a train running through onto another line keeps
 * each timetable's own delay, and never leaves a stop before it arrived.
 *
 * The routing trips that contain a late timetable are taken out of the
 * timetable's routes (their order there no longer holds) and put into a
 * small table of their own, one route per trip, built for each search.
 *
 * @module
 */
import { buildRouteTable, mirrorRouteTable, type RouteTable } from './route-table.ts';
import type { RoutingIndex } from './routing-index.ts';

/**
 * Delays in seconds by timetable index: a map, or an array indexed by
 * timetable (such as the real-time overlay's `delays`). Missing and zero
 * entries are on time.
 */
export type TrainDelays = ReadonlyMap<number, number> | ArrayLike<number>;

/** The real-time layer of one search. */
export interface RealtimeTables {
  /** Routing trips not to board from the timetable's routes (1 = late), or null when nothing is late. */
  skip: Uint8Array | null;
  /** The late trips, forwards and mirrored; null when nothing is late. */
  forward: RouteTable | null;
  backward: RouteTable | null;
  /** Delay of each late timetable, seconds. */
  delayOf: (train: number) => number;
}

/** Checks the delays and returns the late ones, whole seconds by timetable; throws a RangeError naming the bad entry. */
export function checkDelays(delays: TrainDelays | undefined, trainCount: number): Map<number, number> {
  const late = new Map<number, number>();
  if (!delays) return late;
  const check = (train: number, seconds: number) => {
    if (!Number.isInteger(train) || train < 0 || train >= trainCount) {
      throw new RangeError(`Route search delays: ${train} is not a timetable index (0 to ${trainCount - 1}).`);
    }
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError(`Route search delays: timetable ${train} has delay ${seconds}; expected a finite number of seconds, 0 or more.`);
    }
    // Times are whole seconds; a delay under half a second is on time.
    if (Math.round(seconds) > 0) late.set(train, Math.round(seconds));
  };
  if (isMap(delays)) {
    for (const [train, seconds] of delays) check(train, seconds);
    return late;
  }
  if (delays.length !== trainCount) {
    throw new RangeError(`Route search delays: the array has ${delays.length} entries, but the timetable has ${trainCount} trains (one delay per timetable index).`);
  }
  for (let train = 0; train < delays.length; train++) check(train, delays[train]);
  return late;
}

function isMap(delays: TrainDelays): delays is ReadonlyMap<number, number> {
  return typeof (delays as ReadonlyMap<number, number>).get === 'function' && typeof (delays as ReadonlyMap<number, number>).entries === 'function';
}

/** Builds the real-time layer for checked delays (see {@link checkDelays}). */
export function buildRealtimeTables(index: RoutingIndex, late: ReadonlyMap<number, number>): RealtimeTables {
  const delayOf = (train: number) => late.get(train) ?? 0;
  if (late.size === 0) return { skip: null, forward: null, backward: null, delayOf };
  const { trips } = index;
  const skip = new Uint8Array(trips.count);
  const ids: number[] = [];
  for (const train of late.keys()) {
    for (let k = trips.tripsOfTimetableStart[train]; k < trips.tripsOfTimetableStart[train + 1]; k++) {
      const trip = trips.tripsOfTimetable[k];
      if (!skip[trip]) ids.push(trip);
      skip[trip] = 1;
    }
  }
  ids.sort((a, b) => a - b);
  const stopStart = new Uint32Array(ids.length + 1);
  ids.forEach((trip, k) => (stopStart[k + 1] = stopStart[k] + trips.stopStart[trip + 1] - trips.stopStart[trip]));
  const station = new Uint32Array(stopStart[ids.length]);
  const arrival = new Int32Array(stopStart[ids.length]);
  const departure = new Int32Array(stopStart[ids.length]);
  ids.forEach((trip, k) => {
    const from = trips.stopStart[trip];
    station.set(trips.station.subarray(from, trips.stopStart[trip + 1]), stopStart[k]);
    let previous = -Infinity;
    for (let g = trips.segmentStart[trip]; g < trips.segmentStart[trip + 1]; g++) {
      const delay = delayOf(trips.timetables[g]);
      const first = trips.segmentFirstStop[g];
      const end = g + 1 < trips.segmentStart[trip + 1] ? trips.segmentFirstStop[g + 1] : trips.stopStart[trip + 1] - from;
      for (let i = first; i < end; i++) {
        arrival[stopStart[k] + i] = previous = Math.max(previous, trips.arrival[from + i] + delay);
        departure[stopStart[k] + i] = previous = Math.max(previous, trips.departure[from + i] + delay);
      }
    }
  });
  const stationCount = index.network.meta.stations.length;
  const forward = buildRouteTable({ count: ids.length, stopStart, station, arrival, departure }, stationCount, { singles: true, ids: Int32Array.from(ids) });
  return { skip, forward, backward: mirrorRouteTable(forward, stationCount), delayOf };
}
