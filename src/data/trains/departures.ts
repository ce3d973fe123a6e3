/**
 * Next departures at a station from the day's timetables, per line and
 * direction, for the station panel. With real-time data, a late train's
 * departure is its timetable time plus its delay, and it is ordered (and
 * counted as still to come) by that time.
 *
 * @module
 */
import type { Network } from '../network.ts';
import { listAt, NO_TIME, type Timetable } from '../timetable.ts';
import type { RealtimeOverlay } from './realtime-overlay.ts';

/** One train leaving a station. */
export interface Departure {
  /** Timetable index. */
  train: number;
  /** Train id without prefix, "{railway id}.{number}". */
  id: string;
  /** Station index it leaves from (one of the requested stations). */
  station: number;
  /** Timetable departure, minutes of the service day (03:00 to 03:00: 00:30 is 1470). */
  time: number;
  /** Real-time delay in seconds (0 without real-time data). */
  delay: number;
  /** Train type index, or −1. */
  type: number;
  /** Destination station indices. */
  destinations: number[];
}

/** The next departures of one line in one direction. */
export interface DepartureGroup {
  railway: number;
  /** Rail direction index, or −1. */
  direction: number;
  departures: Departure[];
  /**
   * No train leaves the stations in this direction today, but trains in this direction end there: a terminus,
   * arrivals only (so an empty `departures` does not mean the last train has left).
   */
  terminus: boolean;
}

/** Where each station's stops are in a timetable: built once per day's timetable. */
export interface DepartureIndex {
  timetable: Timetable;
  /** Stop positions (into the timetable's stop columns) by station index. */
  stopsByStation: Map<number, number[]>;
  /** Timetable index of each stop position. */
  trainOfStop: Uint32Array;
}

/** Where a train is going: the real-time destination, the timetable's, or (loop lines list none) its last stop. */
function destinationsOf(timetable: Timetable, train: number, realtime: RealtimeOverlay | null): number[] {
  const reported = realtime?.enabled ? realtime.destinations.get(train) : undefined;
  if (reported?.length) return reported;
  const listed = listAt(timetable.destinations, train);
  return listed.length ? Array.from(listed) : [timetable.stopStation[timetable.stopStart[train + 1] - 1]];
}

/** Indexes the stops of a timetable by station. */
export function buildDepartureIndex(timetable: Timetable): DepartureIndex {
  const stops = timetable.stopStation.length;
  const trainOfStop = new Uint32Array(stops);
  const stopsByStation = new Map<number, number[]>();
  for (let train = 0; train < timetable.trainCount; train++) {
    for (let s = timetable.stopStart[train]; s < timetable.stopStart[train + 1]; s++) {
      trainOfStop[s] = train;
      const station = timetable.stopStation[s];
      let list = stopsByStation.get(station);
      if (!list) stopsByStation.set(station, (list = []));
      list.push(s);
    }
  }
  return { timetable, stopsByStation, trainOfStop };
}

/**
 * The next `count` departures at or after service-day second `t` from any of
 * `stations`, grouped by line and direction: groups in the order of the
 * stations' lines (as given), ascending direction of each line first. A
 * train's last stop is not a departure; nor is a stop it only passes.
 */
export function nextDepartures(
  network: Network,
  index: DepartureIndex,
  stations: readonly number[],
  t: number,
  count = 2,
  realtime: RealtimeOverlay | null = null,
): DepartureGroup[] {
  const { timetable, stopsByStation, trainOfStop } = index;
  type Collected = DepartureGroup & { candidates: Array<Departure & { at: number }>; departs: boolean; ends: boolean };
  const groups = new Map<string, Collected>();
  const groupOf = (railway: number, direction: number) => {
    const key = `${railway}|${direction}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { railway, direction, departures: [], terminus: false, candidates: [], departs: false, ends: false }));
    return group;
  };
  // Groups in line order, even for a line with no more departures today (it shows as such).
  for (const station of stations) {
    const meta = network.meta.stations[station];
    const railway = meta ? network.meta.railways[meta.railway] : undefined;
    if (!railway) continue;
    for (const direction of [railway.ascending, railway.descending]) groupOf(meta.railway, direction);
  }
  for (const station of stations) {
    for (const s of stopsByStation.get(station) ?? []) {
      const train = trainOfStop[s];
      const railway = timetable.railway[train];
      const direction = timetable.direction[train];
      // The last stop of a train only has an arrival, but guard against data with a departure there too.
      if (s === timetable.stopStart[train + 1] - 1) {
        const group = groups.get(`${railway}|${direction}`);
        if (group) group.ends = true;
        continue;
      }
      const time = timetable.departure[s];
      if (time === NO_TIME || realtime?.isCanceled(train)) continue;
      const group = groupOf(railway, direction);
      group.departs = true;
      const delay = realtime?.delayOf(train) ?? 0;
      const at = time * 60 + delay;
      if (at < t) continue;
      group.candidates.push({
        train,
        id: `${network.meta.railways[railway].id}.${timetable.number[train]}`,
        station,
        time,
        delay,
        type: timetable.type[train],
        destinations: destinationsOf(timetable, train, realtime),
        at,
      });
    }
  }
  const result: DepartureGroup[] = [];
  for (const { candidates, departs, ends, ...group } of groups.values()) {
    candidates.sort((a, b) => a.at - b.at || a.train - b.train);
    group.departures = candidates.slice(0, count).map(({ at: _at, ...departure }) => departure);
    group.terminus = ends && !departs;
    result.push(group);
  }
  return result;
}
