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
  private readonly easings = new Map<string, Easing>();
  private readonly pool: ActiveFlight[] = [];

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
    const easings = new Map<string, Easing>();
    if (ease) {
      for (const flight of plan.flights) {
        const old = previous.get(key(flight));
        if (!old) continue;
        const from = this.runwayTimeAt(old, now);
        const to = flight.runwayTime;
        if (from === to || !(this.isOnMap(old, from, now) || this.isOnMap(flight, to, now))) continue;
        easings.set(key(flight), { from, to, start: now, duration: Math.max(MIN_EASE_MS, EASE_FACTOR * Math.abs(to - from)) });
      }
    }
    this.easings.clear();
    easings.forEach((value, k) => this.easings.set(k, value));
    this.flights = plan.flights;
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
    const easing = this.easings.get(key(flight));
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
    const out: ActiveFlight[] = [];
    for (const flight of this.flights) {
      const slot = this.pool[out.length] ?? (this.pool[out.length] = { flight, state: {} as FlightState });
      if (this.stateOf(flight, now, slot.state)) {
        slot.flight = flight;
        out.push(slot);
      }
    }
    return out;
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

function key(flight: PlannedFlight): string {
  return `${flight.kind}:${flight.id}`;
}
