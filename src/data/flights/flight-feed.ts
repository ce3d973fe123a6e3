/**
 * Main-thread side of the airplanes: the current plan in a
 * {@link FlightSimulation}, the aircraft of the current instant written for
 * the aircraft layer, and the pace at which they are redrawn.
 *
 * Pace: the layer asks for the next frame after each draw ({@link FlightFeed.request});
 * the feed calls its subscribers back on the next animation frame, after
 * `1000 / fps` ms in eco mode, and after {@link IDLE_MS} while no aircraft is
 * on the map (to notice the next one). The subscribers (the layer, the
 * tracking camera) redraw then.
 *
 * Flights are named by a key, `arrival:{id}` or `departure:{id}`: an airport
 * lists an arrival and a departure under the same flight number on some
 * routes, so the bare id alone is not unique.
 *
 * @module
 */
import { AIRCRAFT, AIRCRAFT_WORDS, type AircraftFrame, type AircraftSource } from './aircraft-frame.ts';
import type { FlightKind, FlightModel } from './flight-model.ts';
import type { FlightState } from './flight-motion.ts';
import type { FlightPlan, PlannedFlight } from './flight-plan.ts';
import { FlightSimulation } from './flight-simulation.ts';

/** Wait between frames while no aircraft is on the map, ms. */
export const IDLE_MS = 1000;

/** Key of a flight: its kind and bare id. */
export function flightKey(kind: FlightKind, id: string): string {
  return `${kind}:${id}`;
}

/** What schedules the callbacks (the browser's by default; replaced in tests). */
export interface FeedScheduler {
  frame(callback: () => void): void;
  timeout(callback: () => void, ms: number): void;
}

const browserScheduler: FeedScheduler = {
  frame: (callback) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => callback()) : setTimeout(callback, 16)),
  timeout: (callback, ms) => setTimeout(callback, ms),
};

const DEFAULT_BODY = packColor('#FFFFFF');
const DEFAULT_TAIL = packColor('#8A94A6');

/** `#RRGGBB` as little-endian RGBA bytes in a 32-bit word (alpha 255). */
export function packColor(hex: string): number {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  if (!/^#[0-9A-Fa-f]{6}$/.test(hex) || Number.isNaN(value)) return 0xff_ff_ff_ff;
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return (((255 << 24) | (b << 16) | (g << 8) | r) >>> 0) as number;
}

/** What a frame writes for a flight besides its state: its key and its fuselage and tail colours. */
interface DrawInfo {
  key: string;
  colors: [number, number];
}

const RAD = Math.PI / 180;
/** Writes `value` at `index`; true when that changed the stored float. */
function write(array: Float32Array, index: number, value: number): boolean {
  const stored = Math.fround(value);
  if (array[index] === stored) return false;
  array[index] = stored;
  return true;
}

/** See the module description. */
export class FlightFeed implements AircraftSource {
  readonly simulation = new FlightSimulation();
  /** Increments with every new plan. */
  version = 0;
  private byKey = new Map<string, PlannedFlight>();
  /** Key and colours of each planned flight, made once per plan (a frame builds no strings). */
  private drawInfo = new Map<PlannedFlight, DrawInfo>();
  private readonly listeners = new Set<() => void>();
  /** The listeners as an array, rebuilt when they change (notifying allocates nothing). */
  private listenerList: (() => void)[] = [];
  private readonly colors = new Map<string, [number, number]>();
  private output: AircraftFrame = { count: 0, floats: new Float32Array(64 * AIRCRAFT_WORDS), words: new Uint32Array(0), ids: [], changed: false };
  private pending = false;
  private minInterval = 0;
  private selected: string | null = null;
  private disposed = false;
  private readonly state = {} as FlightState;

  constructor(
    readonly model: FlightModel,
    private readonly clock: { now(): number },
    private readonly scheduler: FeedScheduler = browserScheduler,
  ) {
    this.output.words = new Uint32Array(this.output.floats.buffer);
  }

  /** Adopts a plan at the clock's time (see {@link FlightSimulation.setPlan} for `ease`). */
  setPlan(plan: FlightPlan, ease: boolean): void {
    this.simulation.setPlan(plan, this.clock.now(), { ease });
    this.byKey = new Map(plan.flights.map((f) => [flightKey(f.kind, f.id), f]));
    this.drawInfo = new Map(plan.flights.map((f) => [f, { key: flightKey(f.kind, f.id), colors: this.colorsOf(f.info.airline) }]));
    this.version += 1;
    this.notify();
  }

  /** The planned flight of a key, or null. */
  flight(key: string): PlannedFlight | null {
    return this.byKey.get(key) ?? null;
  }

  /** The state of a flight at `now` (default: the clock's time), or null when it is not on the map. */
  stateOf(key: string, now = this.clock.now(), out?: FlightState): FlightState | null {
    const flight = this.byKey.get(key);
    return flight ? this.simulation.stateOf(flight, now, out) : null;
  }

  /** The key of the flight a selection id names (see {@link FlightSimulation.find}), preferring one on the map now. */
  find(selection: string): string | null {
    const flight = this.simulation.find(selection, this.clock.now());
    return flight ? flightKey(flight.kind, flight.id) : null;
  }

  /** Draws a flight highlighted (null: none). */
  setSelected(key: string | null): void {
    if (key !== this.selected) this.output.changed = true;
    this.selected = key;
  }

  /** Frames per second in eco mode; 0 follows the display. */
  setFrameRateLimit(fps: number): void {
    this.minInterval = fps > 0 ? 1000 / fps : 0;
  }

  /**
   * The aircraft at the clock's time. The returned frame is reused by the next
   * call; its `changed` says whether it differs from the previous one (an
   * aircraft lined up for take-off stands still, and so may the whole frame).
   */
  frame(): AircraftFrame {
    const active = this.simulation.activeFlights(this.clock.now());
    const out = this.output;
    let changed = out.changed || out.count !== active.length;
    if (out.floats.length < active.length * AIRCRAFT_WORDS) {
      const floats = new Float32Array(Math.max(active.length, (out.floats.length / AIRCRAFT_WORDS) * 2) * AIRCRAFT_WORDS);
      floats.set(out.floats);
      out.floats = floats;
      out.words = new Uint32Array(floats.buffer);
    }
    const { floats, words, ids } = out;
    ids.length = active.length;
    for (let i = 0; i < active.length; i++) {
      const { flight, state } = active[i];
      const o = i * AIRCRAFT_WORDS;
      const info = this.drawInfo.get(flight) ?? this.addDrawInfo(flight);
      if (ids[i] !== info.key) {
        ids[i] = info.key;
        changed = true;
      }
      // Each word is written only when it changes, so that an unchanged frame is known as one.
      const hx = Math.fround(state.lng);
      const hy = Math.fround(state.lat);
      const hz = Math.fround(state.altitude);
      changed = write(floats, o + AIRCRAFT.high, hx) || changed;
      changed = write(floats, o + AIRCRAFT.high + 1, hy) || changed;
      changed = write(floats, o + AIRCRAFT.high + 2, hz) || changed;
      changed = write(floats, o + AIRCRAFT.low, state.lng - hx) || changed;
      changed = write(floats, o + AIRCRAFT.low + 1, state.lat - hy) || changed;
      changed = write(floats, o + AIRCRAFT.low + 2, state.altitude - hz) || changed;
      changed = write(floats, o + AIRCRAFT.heading, state.heading * RAD) || changed;
      changed = write(floats, o + AIRCRAFT.pitch, state.pitch * RAD) || changed;
      changed = write(floats, o + AIRCRAFT.bank, state.bank * RAD) || changed;
      words[o + AIRCRAFT.body] = info.colors[0];
      words[o + AIRCRAFT.tail] = info.colors[1];
      words[o + AIRCRAFT.flags] = info.key === this.selected ? 255 : 0;
    }
    out.count = active.length;
    out.changed = changed;
    return out;
  }

  /** Marks the frame as drawn: the next one is `changed` only if something moved. */
  drawn(): void {
    this.output.changed = false;
  }

  request(): void {
    if (this.pending || this.disposed) return;
    this.pending = true;
    const wait = this.output.count === 0 ? Math.max(IDLE_MS, this.minInterval) : this.minInterval;
    if (wait > 0) this.scheduler.timeout(this.fire, wait);
    else this.scheduler.frame(this.fire);
  }

  /** The scheduled callback (one function for every frame: nothing allocated per frame). */
  private readonly fire = () => {
    this.pending = false;
    if (!this.disposed) this.notify();
  };

  subscribe(onTick: () => void): () => void {
    this.listeners.add(onTick);
    this.listenerList = [...this.listeners];
    return () => {
      this.listeners.delete(onTick);
      this.listenerList = [...this.listeners];
    };
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
    this.listenerList = [];
  }

  private notify(): void {
    for (const listener of this.listenerList) listener();
  }

  /** Key and colours of a flight not in the plan's table (a caller's own object). */
  private addDrawInfo(flight: PlannedFlight): DrawInfo {
    const info = { key: flightKey(flight.kind, flight.id), colors: this.colorsOf(flight.info.airline) };
    this.drawInfo.set(flight, info);
    return info;
  }

  private colorsOf(airline: string | undefined): [number, number] {
    if (airline === undefined) return [DEFAULT_BODY, DEFAULT_TAIL];
    let pair = this.colors.get(airline);
    if (!pair) {
      const entry = this.model.airlines[airline];
      pair = entry ? [packColor(entry.color), packColor(entry.tailColor)] : [DEFAULT_BODY, DEFAULT_TAIL];
      this.colors.set(airline, pair);
    }
    return pair;
  }

  /** Reads a state into a reusable object (for callers in a frame loop). */
  scratchState(key: string, now?: number): FlightState | null {
    return this.stateOf(key, now, this.state);
  }
}
