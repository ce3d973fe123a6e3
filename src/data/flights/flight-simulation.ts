/**
 * The airplanes at an instant: planned flights, their course motions, and
 * smooth re-timing when the data changes.
 *
 * When a new plan moves the runway time of a flight that is on the map, the
 * flight does not jump: its effective runway time eases from the old to the
 * new value over three times the change (at least 10 s), with a smooth start
 * and end. The aircraft then moves at between half and one and a half times
 * its normal pace until it is on the new timing, and never backwards. Flights
 * not on the map take their new time at once.
 *
 * @module
 */
import { parseSelectionId } from '../ids.ts';
import { courseMotion, flightStateAt, smoothstep, type CourseMotion, type FlightState } from './flight-motion.ts';
import type { FlightPlan, PlannedFlight } from './flight-plan.ts';

/** Shortest re-timing, ms. */
const MIN_EASE_MS = 10_000;
/** The re-timing lasts this many times the change. */
const EASE_FACTOR = 3;

/** A flight on the map and its state. */
export interface ActiveFlight {
  flight: PlannedFlight;
  state: FlightState;
}

/** A re-timing under way. */
interface Easing {
  from: number;
  to: number;
  start: number;
  duration: number;
}

/** See the module description. */
export class FlightSimulation {
  private flights: PlannedFlight[] = [];
  private readonly motions = new Map<string, CourseMotion>();
  /** Re-timings under way, by the planned flight (object identity: no key built per frame). */
  private readonly easings = new Map<PlannedFlight, Easing>();
  private readonly pool: ActiveFlight[] = [];
  /** Earliest appearance and latest exit over the plan's courses, s from the runway event (bounds the frame's scan). */
  private earliestStart = 0;
  private latestEnd = 0;

  /** The planned flights in use, by runway time. */
  get planned(): readonly PlannedFlight[] {
    return this.flights;
  }

  /**
   * Adopts a new plan at `now` (epoch ms). With `ease` (default true, for
   * real-time updates) flights on the map are re-timed smoothly; without it
   * (a playback time jump, a mode change) every flight takes its new time.
   */
  setPlan(plan: FlightPlan, now: number, options: { ease?: boolean } = {}): void {
    const ease = options.ease ?? true;
    const previous = new Map(this.flights.map((f) => [key(f), f]));
    const easings = new Map<PlannedFlight, Easing>();
    if (ease) {
      for (const flight of plan.flights) {
        const old = previous.get(key(flight));
        if (!old) continue;
        const from = this.runwayTimeAt(old, now);
        const to = flight.runwayTime;
        if (from === to || !(this.isOnMap(old, from, now) || this.isOnMap(flight, to, now))) continue;
        easings.set(flight, { from, to, start: now, duration: Math.max(MIN_EASE_MS, EASE_FACTOR * Math.abs(to - from)) });
      }
    }
    this.easings.clear();
    easings.forEach((value, flight) => this.easings.set(flight, value));
    // The scan of a frame needs the plan in runway-time order (planFlights gives it so; keep it whatever the source).
    this.flights = isSortedByRunwayTime(plan.flights) ? plan.flights : [...plan.flights].sort((a, b) => a.runwayTime - b.runwayTime);
    this.earliestStart = 0;
    this.latestEnd = 0;
    for (const flight of this.flights) {
      const motion = this.motionOf(flight);
      this.earliestStart = Math.min(this.earliestStart, motion.start);
      this.latestEnd = Math.max(this.latestEnd, motion.end);
    }
  }

  /** The speed profile of a flight's course (computed once per course). */
  motionOf(flight: PlannedFlight): CourseMotion {
    let motion = this.motions.get(flight.course.id);
    if (!motion) {
      motion = courseMotion(flight.course);
      this.motions.set(flight.course.id, motion);
    }
    return motion;
  }

  /** The runway time in effect at `now`, easing included (epoch ms). */
  runwayTimeAt(flight: PlannedFlight, now: number): number {
    const easing = this.easings.size > 0 ? this.easings.get(flight) : undefined;
    if (!easing || now < easing.start || now >= easing.start + easing.duration) return flight.runwayTime;
    const k = smoothstep((now - easing.start) / easing.duration);
    return easing.from + (easing.to - easing.from) * k;
  }

  /** The state of one flight at `now`, or `null` when it is not on the map. */
  stateOf(flight: PlannedFlight, now: number, out?: FlightState): FlightState | null {
    return flightStateAt(this.motionOf(flight), (now - this.runwayTimeAt(flight, now)) / 1000, out);
  }

  /**
   * Every flight on the map at `now` with its state. The returned array and
   * its objects are reused by the next call (no allocation per frame): copy
   * what must be kept.
   */
  activeFlights(now: number): ActiveFlight[] {
    const out = this.active;
    out.length = 0;
    // Only flights whose runway time puts them on the map now can be: a binary search finds the first, the
    // scan stops after the last. Flights being re-timed may be on the map away from their runway time: they follow.
    const flights = this.flights;
    const from = now - this.latestEnd * 1000;
    const to = now - this.earliestStart * 1000;
    for (let i = lowerBound(flights, from); i < flights.length && flights[i].runwayTime <= to; i++) this.collect(flights[i], now, out);
    if (this.easings.size > 0) {
      for (const flight of this.easings.keys()) {
        if (flight.runwayTime < from || flight.runwayTime > to) this.collect(flight, now, out);
      }
    }
    return out;
  }

  private readonly active: ActiveFlight[] = [];

  /** Adds a flight to `out` (in a pooled slot) when it is on the map at `now`. */
  private collect(flight: PlannedFlight, now: number, out: ActiveFlight[]): void {
    const slot = this.pool[out.length] ?? (this.pool[out.length] = { flight, state: {} as FlightState });
    if (this.stateOf(flight, now, slot.state)) {
      slot.flight = flight;
      out.push(slot);
    }
  }

  /**
   * The planned flight a selection id names (`odpt.FlightInformationDeparture:HND-JAT.HND.JL163`,
   * or the bare id; with a bare id an arrival and a departure of the same id
   * are told apart by which is on the map at `now`, else the first), or `null`.
   */
  find(selection: string, now?: number): PlannedFlight | null {
    const parsed = parseSelectionId(selection);
    if (!parsed || parsed.kind !== 'flight') return null;
    const matches = this.flights.filter((f) => f.id === parsed.id && (parsed.direction === undefined || parsed.direction === f.kind));
    if (now !== undefined) return matches.find((f) => this.stateOf(f, now) !== null) ?? matches[0] ?? null;
    return matches[0] ?? null;
  }

  private isOnMap(flight: PlannedFlight, runwayTime: number, now: number): boolean {
    const motion = this.motionOf(flight);
    const tau = (now - runwayTime) / 1000;
    return tau >= motion.start && tau <= motion.end;
  }
}

/** Index of the first flight whose runway time is at least `time` (flights in runway-time order). */
function lowerBound(flights: readonly PlannedFlight[], time: number): number {
  let lo = 0;
  let hi = flights.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (flights[mid].runwayTime < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function isSortedByRunwayTime(flights: readonly PlannedFlight[]): boolean {
  for (let i = 1; i < flights.length; i++) if (flights[i].runwayTime < flights[i - 1].runwayTime) return false;
  return true;
}

function key(flight: PlannedFlight): string {
  return `${flight.kind}:${flight.id}`;
}
