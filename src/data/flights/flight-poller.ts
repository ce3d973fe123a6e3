/**
 * Polls the flight information hosts with the train poller's rules
 * (`realtime/poller.ts`): its back-off ({@link backoffDelay}: interval · 2^n
 * after n failures, capped, with jitter), one `onError` per distinct failure
 * of a host until it answers cleanly again (`onRecover`), the last good
 * answer of each host and kind kept while the host fails for at most
 * `maxStaleMs`, polling only while started, visible and enabled (real-time
 * clock mode).
 *
 * Its own class because the train poller's data slots are trains and line
 * statuses; see the report for the generalisation that would let both share one.
 *
 * @module
 */
import { backoffDelay, DEFAULT_MAX_BACKOFF_MS, DEFAULT_MAX_STALE_MS, type PollerTimers } from '../realtime/poller.ts';
import type { FlightFailure, FlightHostResult } from './flight-client.ts';
import type { FlightKind } from './flight-model.ts';
import type { FlightInfo } from './flight-records.ts';

/** Where the poller gets flights from; {@link FlightClient} is one. */
export interface FlightSource {
  readonly hostIds: readonly string[];
  fetchHost(hostId: string, signal?: AbortSignal): Promise<FlightHostResult>;
}

/** What `onUpdate` receives. */
export interface FlightUpdate {
  /** Flights of every host, stale ones dropped. */
  flights: FlightInfo[];
  /** When the newest data was received (epoch ms), or null. */
  updatedAt: number | null;
  /** Per-record problems of the answers in use. */
  problems: string[];
  /** Hosts without a token (no airplanes from them). */
  noToken: string[];
}

/** Options of {@link FlightPoller}. */
export interface FlightPollerOptions {
  source: FlightSource;
  /** Poll interval when all is well, ms (default 60 000: the feeds change by the minute). */
  intervalMs?: number;
  maxBackoffMs?: number;
  maxStaleMs?: number;
  jitter?: number;
  random?: () => number;
  timers?: PollerTimers;
  now?: () => number;
  enabled?: boolean;
  onUpdate?: (update: FlightUpdate) => void;
  onError?: (message: string, failure: FlightFailure) => void;
  onRecover?: (host: string) => void;
}

/** Default poll interval of flight information, ms. */
export const DEFAULT_FLIGHT_INTERVAL_MS = 60_000;

interface Kept {
  flights: FlightInfo[];
  problems: string[];
  at: number;
}

interface HostLoop {
  id: string;
  timer: unknown;
  controller: AbortController | null;
  failures: number;
  noToken: boolean;
  reported: Set<string>;
  kept: Partial<Record<FlightKind, Kept>>;
}

/** See the module description. */
export class FlightPoller {
  private readonly options: Required<Pick<FlightPollerOptions, 'intervalMs' | 'maxBackoffMs' | 'maxStaleMs' | 'jitter' | 'random' | 'timers' | 'now'>>;
  private readonly loops: HostLoop[];
  private started = false;
  private paused = false;
  private enabled: boolean;
  private generation = 0;

  /** @throws Error naming every invalid option. */
  constructor(private readonly config: FlightPollerOptions) {
    this.options = {
      intervalMs: config.intervalMs ?? DEFAULT_FLIGHT_INTERVAL_MS,
      maxBackoffMs: config.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS,
      maxStaleMs: config.maxStaleMs ?? DEFAULT_MAX_STALE_MS,
      jitter: config.jitter ?? 0.2,
      random: config.random ?? Math.random,
      timers: config.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
      now: config.now ?? Date.now,
    };
    const { intervalMs, maxBackoffMs, maxStaleMs, jitter } = this.options;
    const problems = [
      ...[['intervalMs', intervalMs], ['maxBackoffMs', maxBackoffMs], ['maxStaleMs', maxStaleMs]].filter(([, v]) => !((v as number) > 0 && Number.isFinite(v))).map(([n, v]) => `${n} must be a positive number of milliseconds, got ${String(v)}`),
      ...(maxBackoffMs < intervalMs ? [`maxBackoffMs (${maxBackoffMs}) must not be below intervalMs (${intervalMs})`] : []),
      ...(jitter >= 0 && jitter <= 1 ? [] : [`jitter must be from 0 to 1, got ${String(jitter)}`]),
    ];
    if (problems.length > 0) throw new Error(`FlightPoller: invalid options: ${problems.join('; ')}.`);
    this.enabled = config.enabled ?? true;
    this.loops = config.source.hostIds.map(newLoop);
  }

  /** Whether polls are being scheduled. */
  get active(): boolean {
    return this.started && !this.paused && this.enabled;
  }

  /** Starts polling every host now. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.pollAll();
  }

  /** Stops, cancels requests and forgets data and reported errors. */
  stop(): void {
    this.started = false;
    this.generation += 1;
    this.halt(true);
    this.loops.forEach((loop, i) => (this.loops[i] = newLoop(loop.id)));
  }

  /** Page hidden: no more polls are scheduled. */
  pause(): void {
    this.paused = true;
    this.halt(false);
  }

  /** Page visible again: polls now. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.pollAll();
  }

  /** Real-time clock mode (true) or playback (false: requests cancelled, none scheduled). */
  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    if (enabled) this.pollAll();
    else this.halt(true);
  }

  /** The current data, stale answers dropped. */
  snapshot(): FlightUpdate {
    const limit = this.options.now() - this.options.maxStaleMs;
    const kept: Kept[] = [];
    for (const loop of this.loops) {
      for (const kind of ['arrival', 'departure'] as const) {
        const entry = loop.kept[kind];
        if (entry && entry.at < limit) delete loop.kept[kind];
        else if (entry) kept.push(entry);
      }
    }
    return {
      flights: kept.flatMap((k) => k.flights),
      updatedAt: kept.length > 0 ? Math.max(...kept.map((k) => k.at)) : null,
      problems: kept.flatMap((k) => k.problems),
      noToken: this.loops.filter((l) => l.noToken).map((l) => l.id),
    };
  }

  private pollAll(): void {
    if (!this.active) return;
    for (const loop of this.loops) {
      if (loop.controller !== null || loop.noToken) continue;
      this.options.timers.clearTimeout(loop.timer);
      loop.timer = null;
      void this.poll(loop);
    }
  }

  private halt(abort: boolean): void {
    for (const loop of this.loops) {
      this.options.timers.clearTimeout(loop.timer);
      loop.timer = null;
      if (abort) {
        loop.controller?.abort();
        loop.controller = null;
      }
    }
  }

  private async poll(loop: HostLoop): Promise<void> {
    const generation = this.generation;
    const controller = new AbortController();
    loop.controller = controller;
    let result: FlightHostResult;
    try {
      result = await this.config.source.fetchHost(loop.id, controller.signal);
    } catch (error) {
      const message = `host "${loop.id}": the flight source failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
      result = { host: loop.id, state: 'failed', flights: [], answered: [], problems: [], failures: [{ host: loop.id, endpoint: 'odpt:FlightInformationArrival', kind: 'unreachable', key: 'unreachable', message }], fetchedAt: this.options.now() };
    }
    if (generation !== this.generation || loop.controller !== controller) return;
    loop.controller = null;
    if (controller.signal.aborted) return;
    this.apply(loop, result);
    if (this.active && !loop.noToken) {
      const { intervalMs, maxBackoffMs, jitter, random } = this.options;
      loop.timer = this.options.timers.setTimeout(() => {
        loop.timer = null;
        if (this.active && loop.controller === null) void this.poll(loop);
      }, backoffDelay(loop.failures, intervalMs, maxBackoffMs, jitter, random));
    }
    this.config.onUpdate?.(this.snapshot());
  }

  private apply(loop: HostLoop, result: FlightHostResult): void {
    const at = this.options.now();
    if (result.state === 'no-token') {
      loop.noToken = true;
      return;
    }
    for (const kind of result.answered) {
      loop.kept[kind] = { flights: result.flights.filter((f) => f.kind === kind), problems: result.problems.filter((p) => p.startsWith(kind === 'arrival' ? 'odpt:FlightInformationArrival ' : 'odpt:FlightInformationDeparture ')), at };
    }
    const failures = result.failures.filter((f) => f.kind !== 'aborted');
    if (failures.length === 0) {
      const hadErrors = loop.reported.size > 0;
      loop.reported.clear();
      loop.failures = 0;
      if (hadErrors) this.config.onRecover?.(loop.id);
      return;
    }
    loop.failures += 1;
    for (const failure of failures) {
      const key = `${failure.endpoint} ${failure.key}`;
      if (loop.reported.has(key)) continue;
      loop.reported.add(key);
      this.config.onError?.(failure.message, failure);
    }
  }
}

function newLoop(id: string): HostLoop {
  return { id, timer: null, controller: null, failures: 0, noToken: false, reported: new Set(), kept: {} };
}
