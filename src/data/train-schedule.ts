/**
 * The train simulation index: which timetables are running at an instant,
 * and where each one is. Built once per (network, timetable); queried every
 * animation frame for every running train, so queries are O(log stops) and
 * allocate nothing.
 *
 * Times are seconds since 00:00 of the service date (the timetable's minutes
 * × 60; 03:00 is 10800, 00:30 of the next date is 88200), fractional at query time.
 *
 * ## Stops on the railway
 * Each stop is resolved to its index in the railway's `stations` list. The
 * indices of a timetable are monotonic in its travel direction. On a loop
 * railway (whose list starts and ends with the same station) positions are
 * unrolled so that they stay monotonic however the train goes round: an
 * inner-loop Yamanote train from Osaki round to Osaki runs from 30 down to 0.
 *
 * ## Effective stop times
 * A stop without an arrival time arrives at its departure time, one without
 * a departure departs at its arrival. Published times are whole minutes, so
 * consecutive stops can share a minute (a "0-minute hop"). When the later
 * stop has a dwell (it departs in a later minute), its arrival is moved
 * within its minute to the departure of the previous stop plus the shortest
 * running time within the motion limits ({@link minimalHopDuration}), at most
 * 59 s and never after its departure. Other 0-minute hops are instantaneous:
 * the train is at the arrival station from that instant.
 *
 * ## Runs (through-service) and active intervals
 * Timetables chain into *runs*: one visible train from its first appearance
 * to its last disappearance. Timetable `p` *continues as* `i` when `i` is the
 * first entry of `p.next` and `p` is the first entry of `i.previous` whose
 * first `next` is `i`. Every timetable is *active* (drawn) during a half-open
 * interval [start, end); the intervals of a run follow one another without
 * gap or overlap, so at every instant exactly one timetable of a run is active:
 * - start: a timetable that continues from `p` starts at the handover (see
 *   end). One without any `previous` link appears
 *   {@link APPEAR_BEFORE_SECONDS} before its first departure, standing at
 *   its origin. One with `previous` links that does not continue any of them
 *   (the second part of a *split*) appears at the split: when its first
 *   previous timetable hands over (or ends), at the latest at its own first
 *   departure — no early appearance.
 * - end: a timetable that continues as `i` hands over at its last arrival,
 *   or at `i`'s first departure if that is earlier (overlapping data). One
 *   that does not continue disappears at its last arrival: the end of a run,
 *   or the train of a *merge* that is not continued (the merging train that
 *   is not the first listed `previous` of the merged timetable).
 * Outputs are keyed by timetable index; {@link Schedule.runOf} maps a
 * timetable to the stable id of its visible train (the index of the first
 * timetable of its run).
 */
import type { Network, RailwayMeta } from './network.ts';
import { listAt, NO_TIME, type Timetable } from './timetable.ts';
import { createHopProfile, hopDistance, hopProfile, hopSpeed, minimalHopDuration } from './train-motion.ts';

/** A train with no predecessor appears this long before its first departure, seconds. */
export const APPEAR_BEFORE_SECONDS = 60;
/** Width of the time buckets of the active-train index, seconds. */
export const BUCKET_SECONDS = 600;
/** Zoom level whose railway variant provides the metre offsets of stations. */
export const OFFSET_ZOOM = 14;
/** Largest shift of an arrival inside its timetable minute, seconds. */
const MAX_ARRIVAL_SHIFT = 59;

/** Where a train is at an instant; filled by {@link Schedule.trainStateAt}. */
export interface TrainState {
  /** Railway index of the timetable. */
  railway: number;
  /**
   * Indices into the railway's `stations` list of the segment the train is
   * on, in travel order (`toIndex` is the next stop); equal when standing.
   * On a loop railway these are chosen so that the station offsets between
   * them are monotonic (0 and the last index both name the loop's first station).
   */
  fromIndex: number;
  toIndex: number;
  /** 0..1 of the ground distance between the offsets of `fromIndex` and `toIndex` (0 when standing). */
  fraction: number;
  /** Index within the timetable's stops of the stop the train stands at, or of the next stop when moving. */
  stopIndex: number;
  standing: boolean;
  /** Ground speed, m/s. */
  speed: number;
  /** Moving: departure from the previous stop. Standing: departure from this stop. Seconds. */
  departure: number;
  /** Moving: arrival at the next stop. Standing: arrival at this stop (for a first stop, the appearance). Seconds. */
  arrival: number;
  /** +1 when the train runs towards higher `stations` indices, −1 otherwise. */
  direction: 1 | -1;
}

/** A blank state to reuse with {@link Schedule.trainStateAt}. */
export function createTrainState(): TrainState {
  return { railway: 0, fromIndex: 0, toIndex: 0, fraction: 0, stopIndex: 0, standing: true, speed: 0, departure: 0, arrival: 0, direction: 1 };
}

/** What building the index found in the data. */
export interface ScheduleDiagnostics {
  /** Timetables with a stop that is not a station of their railway; they are never active. */
  unresolvedTrains: number[];
  /** Timetables whose stops are not monotonic along the railway (drawn segment by segment anyway). */
  nonMonotonicTrains: number[];
  /** Hops of loop railways that pass the loop's first station without stopping (drawn as ending there). */
  closureHops: number;
  /** Handovers where the next timetable departs before the previous one arrives (the handover is at that departure). */
  overlappingHandovers: number;
  /** Arrivals moved inside their minute (0-minute hops). */
  shiftedArrivals: number;
  /** Through-service links that formed a cycle and were cut. */
  cutCycles: number;
}

/** Per-railway lookups. */
interface RailwayInfo {
  /** Station index → index in the railway's `stations` list (first occurrence). */
  lookup: Map<number, number>;
  /** Loop period (list length − 1) when the list is a closed loop, else 0. */
  period: number;
  /** Ground metres of each list entry (the zoom-14 variant). */
  offsets: Float64Array;
}

function railwayInfo(railway: RailwayMeta): RailwayInfo {
  const { stations } = railway;
  const lookup = new Map<number, number>();
  stations.forEach((station, index) => {
    if (!lookup.has(station)) lookup.set(station, index);
  });
  const closed = railway.loop && stations.length > 2 && stations[0] === stations[stations.length - 1];
  const variant = railway.variants.find((v) => v.minZoom <= OFFSET_ZOOM && OFFSET_ZOOM < v.maxZoom) ?? railway.variants[0];
  const offsets = new Float64Array(stations.length);
  if (variant) offsets.set(variant.stationOffsets.slice(0, stations.length));
  return { lookup, period: closed ? stations.length - 1 : 0, offsets };
}

const mod = (x: number, p: number) => ((x % p) + p) % p;

/** Segment list indices of a hop between unrolled positions `u` → `v` on a railway; writes [from, to] into `out`. */
function segmentIndices(info: RailwayInfo, u: number, v: number, out: Int32Array): void {
  const p = info.period;
  if (p === 0) {
    out[0] = u;
    out[1] = v;
    return;
  }
  const base = p * Math.floor(Math.min(u, v) / p);
  out[0] = Math.min(u - base, p);
  out[1] = Math.min(v - base, p);
}

/** Ground metres of a hop between unrolled positions. */
function hopLength(info: RailwayInfo, u: number, v: number, scratch: Int32Array): number {
  segmentIndices(info, u, v, scratch);
  return Math.abs(info.offsets[scratch[1]] - info.offsets[scratch[0]]);
}

/** Travel direction of a loop train: from its rail direction, else the shorter way round between its stops. */
function loopDirection(timetable: Timetable, train: number, railway: RailwayMeta, raw: number[], period: number): 1 | -1 {
  const d = timetable.direction[train];
  if (d >= 0 && d === railway.ascending) return 1;
  if (d >= 0 && d === railway.descending) return -1;
  let sum = 0;
  for (let k = 1; k < raw.length; k++) {
    const step = mod(raw[k] - raw[k - 1], period);
    sum += step <= period / 2 ? step : step - period;
  }
  return sum >= 0 ? 1 : -1;
}

/** Unrolls loop positions so they are monotonic in `direction`, then shifts them to start in [0, period). */
function unrollLoop(raw: number[], period: number, direction: 1 | -1): number[] {
  const u = [direction > 0 ? raw[0] % period : (raw[0] % period) + period];
  for (let k = 1; k < raw.length; k++) {
    const prev = u[k - 1];
    u.push(direction > 0 ? prev + mod(raw[k] - prev, period) : prev - mod(prev - raw[k], period));
  }
  const base = period * Math.floor(Math.min(...u) / period);
  return u.map((x) => x - base);
}

/** Resolved stop positions and travel directions of every timetable. */
interface Positions {
  /** Unrolled index in the railway's station list, per stop. */
  position: Int16Array;
  direction: Int8Array;
  resolved: Uint8Array;
}

/** Counts the hops of a loop train that pass the loop's first station without stopping there. */
function closureCrossings(u: number[], period: number): number {
  let count = 0;
  for (let k = 1; k < u.length; k++) {
    const lo = Math.min(u[k - 1], u[k]);
    const hi = Math.max(u[k - 1], u[k]);
    if (Math.floor(lo / period) < Math.floor((hi - 1) / period)) count++;
  }
  return count;
}

/** Unrolled positions and travel direction of one train from its raw list indices (all resolved). */
function trainPositions(
  raw: number[],
  railway: RailwayMeta,
  info: RailwayInfo,
  timetable: Timetable,
  train: number,
  diagnostics: ScheduleDiagnostics,
): { u: number[]; direction: 1 | -1 } {
  if (info.period > 0) {
    const direction = loopDirection(timetable, train, railway, raw, info.period);
    const u = unrollLoop(raw, info.period, direction);
    diagnostics.closureHops += closureCrossings(u, info.period);
    return { u, direction };
  }
  const span = raw[raw.length - 1] - raw[0];
  const d = timetable.direction[train];
  const direction: 1 | -1 = span > 0 ? 1 : span < 0 ? -1 : d >= 0 && d === railway.descending ? -1 : 1;
  return { u: raw, direction };
}

function resolvePositions(network: Network, timetable: Timetable, infos: RailwayInfo[], diagnostics: ScheduleDiagnostics): Positions {
  const n = timetable.trainCount;
  const position = new Int16Array(timetable.stopStation.length);
  const direction = new Int8Array(n).fill(1);
  const resolved = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const railway = network.meta.railways[timetable.railway[i]];
    const info = infos[timetable.railway[i]];
    const s0 = timetable.stopStart[i];
    const raw: number[] = [];
    for (let s = s0; s < timetable.stopStart[i + 1]; s++) raw.push(railway ? (info.lookup.get(timetable.stopStation[s]) ?? -1) : -1);
    if (raw.length === 0 || raw.includes(-1)) {
      diagnostics.unresolvedTrains.push(i);
      continue;
    }
    const { u, direction: dir } = trainPositions(raw, railway, info, timetable, i, diagnostics);
    if (u.some((x, k) => k > 0 && (x - u[k - 1]) * dir <= 0)) diagnostics.nonMonotonicTrains.push(i);
    resolved[i] = 1;
    direction[i] = dir;
    position.set(u, s0);
  }
  return { position, direction, resolved };
}

/** Effective arrival and departure seconds per stop (before the appearance and handover adjustments). */
function stopTimes(timetable: Timetable): { arrival: Int32Array; departure: Int32Array } {
  const count = timetable.stopStation.length;
  const arrival = new Int32Array(count);
  const departure = new Int32Array(count);
  let previous = 0;
  for (let s = 0; s < count; s++) {
    let a = timetable.arrival[s];
    let d = timetable.departure[s];
    if (a === NO_TIME) a = d;
    if (d === NO_TIME) d = a;
    if (a === NO_TIME) a = d = previous; // a stop without any time: keep the previous time
    arrival[s] = a * 60;
    departure[s] = d * 60;
    previous = d;
  }
  return { arrival, departure };
}

/** Moves the arrival of 0-minute hops inside its minute (see the module description). */
function spreadZeroMinuteHops(
  timetable: Timetable,
  infos: RailwayInfo[],
  positions: Positions,
  arrival: Int32Array,
  departure: Int32Array,
  diagnostics: ScheduleDiagnostics,
): void {
  const scratch = new Int32Array(2);
  for (let i = 0; i < timetable.trainCount; i++) {
    if (!positions.resolved[i]) continue;
    const info = infos[timetable.railway[i]];
    const s0 = timetable.stopStart[i];
    const s1 = timetable.stopStart[i + 1] - 1;
    for (let s = s0 + 1; s < s1; s++) {
      if (arrival[s] !== departure[s - 1] || departure[s] <= arrival[s]) continue;
      const length = hopLength(info, positions.position[s - 1], positions.position[s], scratch);
      const shift = Math.min(Math.max(1, Math.ceil(minimalHopDuration(length))), MAX_ARRIVAL_SHIFT, departure[s] - arrival[s]);
      arrival[s] += shift;
      diagnostics.shiftedArrivals++;
    }
  }
}

/** Continuation links: `predecessor[i]` is the timetable `i` continues from, `successor[p]` the one `p` continues as (−1: none). */
function continuations(timetable: Timetable): { predecessor: Int32Array; successor: Int32Array } {
  const n = timetable.trainCount;
  const predecessor = new Int32Array(n).fill(-1);
  const successor = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    for (const p of listAt(timetable.previous, i)) {
      if (p === i || p < 0 || p >= n) continue;
      const next = listAt(timetable.next, p);
      if (next.length > 0 && next[0] === i && successor[p] < 0) {
        predecessor[i] = p;
        successor[p] = i;
        break;
      }
    }
  }
  return { predecessor, successor };
}

/** Active intervals and run ids (see the module description). */
interface Intervals {
  start: Int32Array;
  end: Int32Array;
  run: Int32Array;
}

function activeIntervals(
  timetable: Timetable,
  links: { predecessor: Int32Array; successor: Int32Array },
  resolved: Uint8Array,
  arrival: Int32Array,
  departure: Int32Array,
  diagnostics: ScheduleDiagnostics,
): Intervals {
  const n = timetable.trainCount;
  const { predecessor, successor } = links;
  const firstDeparture = (i: number) => departure[timetable.stopStart[i]];
  const lastArrival = (i: number) => arrival[timetable.stopStart[i + 1] - 1];
  const handover = (i: number) => (successor[i] >= 0 ? Math.min(lastArrival(i), firstDeparture(successor[i])) : lastArrival(i));
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const run = new Int32Array(n).fill(-1);

  const headStart = (i: number) => {
    const previous = listAt(timetable.previous, i);
    const splitFrom = previous.length > 0 && previous[0] >= 0 && previous[0] < n ? previous[0] : -1;
    if (splitFrom < 0) return firstDeparture(i) - APPEAR_BEFORE_SECONDS;
    return Math.min(handover(splitFrom), firstDeparture(i));
  };
  const walk = (head: number) => {
    let time = headStart(head);
    for (let i = head; i >= 0; i = successor[i]) {
      run[i] = head;
      start[i] = time;
      const next = successor[i];
      if (next >= 0 && lastArrival(i) > firstDeparture(next)) diagnostics.overlappingHandovers++;
      time = end[i] = Math.max(time, handover(i));
    }
  };
  for (let i = 0; i < n; i++) if (predecessor[i] < 0) walk(i);
  // Whatever is left lies on a cycle of links: cut it before the first timetable found.
  for (let i = 0; i < n; i++) {
    if (run[i] >= 0) continue;
    successor[predecessor[i]] = -1;
    predecessor[i] = -1;
    diagnostics.cutCycles++;
    walk(i);
  }
  for (let i = 0; i < n; i++) if (!resolved[i]) start[i] = end[i] = 0;
  return { start, end, run };
}

/** Timetables by time bucket (CSR), each listing those whose active interval overlaps the bucket. */
interface Buckets {
  start: Uint32Array;
  items: Int32Array;
  maxCount: number;
}

function timeBuckets(start: Int32Array, end: Int32Array): Buckets {
  let last = 0;
  for (let i = 0; i < end.length; i++) if (end[i] > start[i]) last = Math.max(last, end[i]);
  const count = Math.floor(last / BUCKET_SECONDS) + 1;
  const range = (i: number): [number, number] => [Math.max(0, Math.floor(start[i] / BUCKET_SECONDS)), Math.floor((end[i] - 1) / BUCKET_SECONDS)];
  const sizes = new Uint32Array(count);
  for (let i = 0; i < start.length; i++) {
    if (end[i] <= start[i]) continue;
    const [b0, b1] = range(i);
    for (let b = b0; b <= b1; b++) sizes[b]++;
  }
  const offsets = new Uint32Array(count + 1);
  for (let b = 0; b < count; b++) offsets[b + 1] = offsets[b] + sizes[b];
  const items = new Int32Array(offsets[count]);
  const fill = offsets.slice(0, count);
  for (let i = 0; i < start.length; i++) {
    if (end[i] <= start[i]) continue;
    const [b0, b1] = range(i);
    for (let b = b0; b <= b1; b++) items[fill[b]++] = i;
  }
  return { start: offsets, items, maxCount: Math.max(0, ...sizes) };
}

/** The simulation index of one timetable on one network; build it with {@link buildSchedule}. */
export class Schedule {
  /** What building the index found in the data. */
  readonly diagnostics: ScheduleDiagnostics;
  /** Upper bound of the number of trains active at any instant (size for {@link activeTrainsInto} buffers). */
  readonly maxActive: number;
  /** Effective arrival seconds per stop (flattened like the timetable's stops; a first stop's is its appearance). */
  readonly arrivalSeconds: Int32Array;
  /** Effective departure seconds per stop (a last stop's equals its arrival). */
  readonly departureSeconds: Int32Array;

  private readonly infos: RailwayInfo[];
  private readonly positions: Positions;
  private readonly intervals: Intervals;
  private readonly links: { predecessor: Int32Array; successor: Int32Array };
  private readonly buckets: Buckets;
  private readonly profile = createHopProfile();
  private readonly segment = new Int32Array(2);
  private readonly activeScratch: Int32Array;

  constructor(
    readonly network: Network,
    readonly timetable: Timetable,
  ) {
    this.diagnostics = { unresolvedTrains: [], nonMonotonicTrains: [], closureHops: 0, overlappingHandovers: 0, shiftedArrivals: 0, cutCycles: 0 };
    this.infos = network.meta.railways.map(railwayInfo);
    this.positions = resolvePositions(network, timetable, this.infos, this.diagnostics);
    const { arrival, departure } = stopTimes(timetable);
    spreadZeroMinuteHops(timetable, this.infos, this.positions, arrival, departure, this.diagnostics);
    this.links = continuations(timetable);
    this.intervals = activeIntervals(timetable, this.links, this.positions.resolved, arrival, departure, this.diagnostics);
    for (let i = 0; i < timetable.trainCount; i++) {
      const s0 = timetable.stopStart[i];
      const s1 = timetable.stopStart[i + 1] - 1;
      arrival[s0] = Math.min(this.intervals.start[i], departure[s0]);
      departure[s1] = arrival[s1];
    }
    this.arrivalSeconds = arrival;
    this.departureSeconds = departure;
    this.buckets = timeBuckets(this.intervals.start, this.intervals.end);
    this.maxActive = this.buckets.maxCount;
    this.activeScratch = new Int32Array(this.maxActive);
  }

  /** Number of timetables. */
  get trainCount(): number {
    return this.timetable.trainCount;
  }

  /**
   * Writes the indices of the timetables active at second `t` into `out`
   * and returns how many there are, in ascending order. Allocates nothing.
   * Throws a RangeError when `out` has fewer than {@link maxActive} entries.
   */
  activeTrainsInto(t: number, out: Int32Array): number {
    if (out.length < this.maxActive) throw new RangeError(`The active-train buffer needs ${this.maxActive} entries, not ${out.length}.`);
    const b = Math.floor(t / BUCKET_SECONDS);
    const { start: bucketStart, items } = this.buckets;
    if (!(b >= 0 && b < bucketStart.length - 1)) return 0;
    const { start, end } = this.intervals;
    let count = 0;
    for (let k = bucketStart[b]; k < bucketStart[b + 1]; k++) {
      const i = items[k];
      if (start[i] <= t && t < end[i]) out[count++] = i;
    }
    return count;
  }

  /**
   * The timetables active at second `t`, ascending: a view of `out` (see
   * {@link activeTrainsInto}), or without it of an internal buffer that the
   * next call overwrites.
   */
  activeTrains(t: number, out: Int32Array = this.activeScratch): Int32Array {
    return out.subarray(0, this.activeTrainsInto(t, out));
  }

  /** Whether timetable `train` is active (drawn) at second `t`. */
  isActive(train: number, t: number): boolean {
    return this.intervals.start[train] <= t && t < this.intervals.end[train];
  }

  /** Start of the active interval of a timetable (its appearance or handover), seconds. */
  activeStart(train: number): number {
    return this.intervals.start[train];
  }

  /** End (exclusive) of the active interval of a timetable (its disappearance or handover), seconds. */
  activeEnd(train: number): number {
    return this.intervals.end[train];
  }

  /** Stable id of the visible train a timetable belongs to: the index of the first timetable of its run. */
  runOf(train: number): number {
    return this.intervals.run[train];
  }

  /** The timetable this one continues from as the same visible train, or −1. */
  predecessor(train: number): number {
    return this.links.predecessor[train];
  }

  /** The timetable this one continues as, or −1. */
  successor(train: number): number {
    return this.links.successor[train];
  }

  /** The timetables of a run in order, from its id (see {@link runOf}). */
  runTimetables(run: number): number[] {
    const list: number[] = [];
    for (let i = run; i >= 0; i = this.links.successor[i]) list.push(i);
    return list;
  }

  /** +1 when the timetable runs towards higher station-list indices, −1 otherwise. */
  travelDirection(train: number): 1 | -1 {
    return this.positions.direction[train] < 0 ? -1 : 1;
  }

  /** Index in the railway's `stations` list of stop `stop` (0-based within the timetable). */
  stopStationIndex(train: number, stop: number): number {
    const period = this.infos[this.timetable.railway[train]].period;
    const u = this.positions.position[this.timetable.stopStart[train] + stop];
    return period > 0 ? u % period : u;
  }

  /**
   * Fills `out` with the state of timetable `train` at second `t` and
   * returns it. Meaningful during the active interval; outside it the train
   * stands at its first or last stop. O(log stops), no allocation.
   */
  trainStateAt(train: number, t: number, out: TrainState): TrainState {
    const { timetable, arrivalSeconds: arrival, departureSeconds: departure } = this;
    const railway = timetable.railway[train];
    const s0 = timetable.stopStart[train];
    const s1 = timetable.stopStart[train + 1] - 1;
    // The last stop arrived at by t (the first stop if none).
    let lo = s0;
    let hi = s1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (arrival[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    out.railway = railway;
    out.direction = this.travelDirection(train);
    if (lo === s1 || t < departure[lo]) return this.standingAt(train, lo, out);
    return this.movingFrom(train, lo, t, out);
  }

  private standingAt(train: number, stop: number, out: TrainState): TrainState {
    const index = this.stopStationIndex(train, stop - this.timetable.stopStart[train]);
    out.fromIndex = out.toIndex = index;
    out.fraction = 0;
    out.stopIndex = stop - this.timetable.stopStart[train];
    out.standing = true;
    out.speed = 0;
    out.arrival = this.arrivalSeconds[stop];
    out.departure = this.departureSeconds[stop];
    return out;
  }

  private movingFrom(train: number, stop: number, t: number, out: TrainState): TrainState {
    const info = this.infos[out.railway];
    const { position } = this.positions;
    const departure = this.departureSeconds[stop];
    const arrival = this.arrivalSeconds[stop + 1];
    segmentIndices(info, position[stop], position[stop + 1], this.segment);
    const length = Math.abs(info.offsets[this.segment[1]] - info.offsets[this.segment[0]]);
    const profile = hopProfile(length, arrival - departure, this.profile);
    const elapsed = t - departure;
    out.fromIndex = this.segment[0];
    out.toIndex = this.segment[1];
    out.fraction = length > 0 ? hopDistance(profile, elapsed) / length : Math.min(1, elapsed / (arrival - departure));
    out.stopIndex = stop + 1 - this.timetable.stopStart[train];
    out.standing = false;
    out.speed = hopSpeed(profile, elapsed);
    out.departure = departure;
    out.arrival = arrival;
    return out;
  }
}

/** Builds the simulation index of a timetable on a network (about a second for a full day type). */
export function buildSchedule(network: Network, timetable: Timetable): Schedule {
  return new Schedule(network, timetable);
}
