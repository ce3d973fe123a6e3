import type { Network } from '../network.ts';
import type { Timetable } from '../timetable.ts';
import type { Schedule } from '../train-schedule.ts';

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
  /** Reported destination station indices per timetable, when they differ from the timetable's. */
  readonly destinations = new Map<number, number[]>();
  extras: ExtraTrain[] = [];
  /** Report ids that matched nothing this network knows (railway unknown). */
  unknown: string[] = [];
  /** True while real-time data applies (real-time clock mode and fresh data). */
  enabled = false;
  private readonly byNumber = new Map<string, number[]>();

  constructor(
    private readonly network: Network,
    private readonly timetable: Timetable,
    private readonly schedule: Schedule,
  ) {
    this.delays = new Float32Array(timetable.trainCount);
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
    this.destinations.clear();
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
        const extra = this.extraTrain(report, railway, destinations, now);
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

  /** Rebuilds the list of delayed timetables after the delays changed. */
  private indexDelays(): void {
    const list: number[] = [];
    for (let i = 0; i < this.delays.length; i++) if (this.delays[i] > 0) list.push(i);
    this.delayedTrains = Int32Array.from(list);
  }

  private extraTrain(report: RealtimeReport, railway: number, destinations: number[], now: number): ExtraTrain | null {
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
    return { id: report.id, number: report.number, railway, fromIndex, toIndex: to < 0 ? fromIndex : to, since: now, delay: report.delay, destinations };
  }

  /** Delay of a timetable in seconds (0 when real-time data does not apply). */
  delayOf(train: number): number {
    return this.enabled ? this.delays[train] : 0;
  }
}
