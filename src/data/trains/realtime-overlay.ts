import type { Network } from '../network.ts';
import type { Timetable } from '../timetable.ts';
import type { Schedule } from '../train-schedule.ts';
import { extraTrainCode } from './train-codes.ts';
import type { TripDelays } from './trip-delays.ts';

/** A train position report as the merge needs it (ids without the `odpt.*:` prefixes). */
export interface RealtimeReport {
  /** "TokyoMetro.Ginza.A1234" */
  id: string;
  /** "TokyoMetro.Ginza" */
  railway: string;
  number: string;
  /** Seconds late. */
  delay: number;
  /** Station the train is at or has just left. */
  from: string;
  /** Station it is heading to; null when standing at `from`. */
  to: string | null;
  /** Reported destination stations. */
  destinations: string[];
  /** When the report was made, epoch ms. */
  date: number;
}

/** A reported train that has no timetable today (special or extra train): drawn from its reports alone. */
export interface ExtraTrain {
  /** Stable while the feed keeps reporting the train (see `train-codes.ts`). */
  key: number;
  id: string;
  number: string;
  railway: number;
  /** Indices into the railway's station list. */
  fromIndex: number;
  toIndex: number;
  /** Simulated epoch ms of the report (movement starts there). */
  since: number;
  delay: number;
  destinations: number[];
}

/** Seconds an extra train takes between two reported stations when nothing else is known. */
export const EXTRA_TRAIN_HOP_SECONDS = 120;

/** How far (0–1) an extra train has gone from its reported station towards the next at simulated epoch ms `now`. */
export function extraTrainProgress(extra: ExtraTrain, now: number): number {
  return Math.min(1, Math.max(0, (now - extra.since) / 1000 / EXTRA_TRAIN_HOP_SECONDS));
}

/** Distance along its route of an extra train's head at `now`, given the route's station offsets. */
export function extraTrainHead(extra: ExtraTrain, stationOffsets: ArrayLike<number>, now: number): number {
  const from = stationOffsets[extra.fromIndex];
  return from + (stationOffsets[extra.toIndex] - from) * extraTrainProgress(extra, now);
}

/**
 * Real-time data laid over the timetables: a delay per timetable (applied to
 * its whole through-service run), reported destinations (short turns), and
 * extra trains. Rebuilt on every poll; read every frame with array lookups.
 */
export class RealtimeOverlay {
  /** Seconds of delay per timetable (0 when on time or unknown). */
  readonly delays: Float32Array;
  /** Timetables with a delay above zero. */
  delayedTrains = new Int32Array(0);
  /** 1 for each timetable whose trip is cancelled (GTFS Realtime trip updates): not drawn. */
  readonly canceled: Uint8Array;
  /** How many timetables are cancelled. */
  canceledCount = 0;
  /** Reported destination station indices per timetable, when they differ from the timetable's. */
  readonly destinations = new Map<number, number[]>();
  extras: ExtraTrain[] = [];
  /** Report ids that matched nothing this network knows (railway unknown). */
  unknown: string[] = [];
  /** True while real-time data applies (real-time clock mode and fresh data). */
  enabled = false;
  private readonly byNumber = new Map<string, number[]>();
  /** Keys of the extra trains reported so far, by report id. */
  private readonly extraKeys = new Map<string, number>();

  constructor(
    private readonly network: Network,
    private readonly timetable: Timetable,
    private readonly schedule: Schedule,
  ) {
    this.delays = new Float32Array(timetable.trainCount);
    this.canceled = new Uint8Array(timetable.trainCount);
    for (let i = 0; i < timetable.trainCount; i++) {
      const key = `${network.meta.railways[timetable.railway[i]].id}.${timetable.number[i]}`;
      const list = this.byNumber.get(key);
      if (list) list.push(i);
      else this.byNumber.set(key, [i]);
    }
  }

  /** Replaces the real-time state with a new set of reports, taken at service-day second `t`. */
  update(reports: RealtimeReport[], t: number, now: number): void {
    this.delays.fill(0);
    this.canceled.fill(0);
    this.canceledCount = 0;
    this.destinations.clear();
    const previousExtras = new Map(this.extras.map((e) => [e.id, e]));
    this.extras = [];
    this.unknown = [];
    const { network, timetable, schedule } = this;
    for (const report of reports) {
      const railway = network.railwayIndex.get(report.railway);
      if (railway === undefined) {
        this.unknown.push(report.id);
        continue;
      }
      const candidates = this.byNumber.get(`${report.railway}.${report.number}`) ?? [];
      // The timetable of that number running now (allowing for the delay), else the nearest in time.
      const train =
        candidates.find((i) => schedule.isActive(i, t - report.delay)) ??
        candidates.reduce((best, i) => (best < 0 || Math.abs(schedule.activeStart(i) - t) < Math.abs(schedule.activeStart(best) - t) ? i : best), -1);
      const destinations = report.destinations.map((id) => network.stationIndex.get(id)).filter((s): s is number => s !== undefined);
      if (train < 0) {
        const extra = this.makeExtraTrain(report, railway, destinations, now, previousExtras.get(report.id));
        if (extra) this.extras.push(extra);
        else this.unknown.push(report.id);
        continue;
      }
      for (const member of schedule.runTimetables(schedule.runOf(train))) this.delays[member] = Math.max(0, report.delay);
      const scheduled = timetable.destinations.values.subarray(timetable.destinations.start[train], timetable.destinations.start[train + 1]);
      if (destinations.length && (destinations.length !== scheduled.length || destinations.some((d, k) => d !== scheduled[k]))) {
        this.destinations.set(train, destinations);
      }
    }
    this.indexDelays();
  }

  /** Lays the delays and cancellations of GTFS Realtime trip updates over those of {@link update} (call it after). */
  addTripDelays({ delays, canceled }: TripDelays): void {
    for (const [train, delay] of delays) this.delays[train] = delay;
    for (const train of canceled) {
      this.delays[train] = 0;
      this.canceled[train] = 1;
    }
    this.canceledCount = canceled.length;
    this.indexDelays();
  }

  /** Rebuilds the list of delayed timetables after the delays changed. */
  private indexDelays(): void {
    const list: number[] = [];
    for (let i = 0; i < this.delays.length; i++) if (this.delays[i] > 0) list.push(i);
    this.delayedTrains = Int32Array.from(list);
  }

  private makeExtraTrain(report: RealtimeReport, railway: number, destinations: number[], now: number, previous: ExtraTrain | undefined): ExtraTrain | null {
    const stations = this.network.meta.railways[railway].stations;
    // A loop lists its first station twice: take the pair of indices that are closest together.
    const indices = (id: string | null) => {
      const station = id === null ? undefined : this.network.stationIndex.get(id);
      return stations.flatMap((s, i) => (s === station ? [i] : []));
    };
    const froms = indices(report.from);
    if (!froms.length) return null;
    const tos = indices(report.to);
    let fromIndex = froms[0];
    let to = tos.length ? tos[0] : -1;
    for (const f of froms) for (const x of tos) if (Math.abs(x - f) < Math.abs(to - fromIndex)) [fromIndex, to] = [f, x];
    let key = this.extraKeys.get(report.id);
    if (key === undefined) this.extraKeys.set(report.id, (key = this.extraKeys.size));
    const toIndex = to < 0 ? fromIndex : to;
    // Reported between the same stations again: it keeps moving from where it was, not from the station.
    const since = previous && previous.fromIndex === fromIndex && previous.toIndex === toIndex ? previous.since : now;
    return { key, id: report.id, number: report.number, railway, fromIndex, toIndex, since, delay: report.delay, destinations };
  }

  /** The extra train coded `train` (see `train-codes.ts`) while it is reported and real-time data applies. */
  extraTrain(train: number): ExtraTrain | undefined {
    return this.enabled ? this.extras.find((e) => extraTrainCode(e.key) === train) : undefined;
  }

  /** The code of the extra train reported as `id` ("TokyoMetro.Ginza.A1234"), or undefined. */
  extraTrainById(id: string): number | undefined {
    const extra = this.enabled ? this.extras.find((e) => e.id === id) : undefined;
    return extra && extraTrainCode(extra.key);
  }

  /** Whether a timetable's trip is cancelled (false when real-time data does not apply). */
  isCanceled(train: number): boolean {
    return this.enabled && this.canceled[train] === 1;
  }

  /** Delay of a timetable in seconds (0 when real-time data does not apply). */
  delayOf(train: number): number {
    return this.enabled ? this.delays[train] : 0;
  }
}
