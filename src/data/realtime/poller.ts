/**
 * Polls the real-time hosts, each on its own schedule, with exponential
 * back-off on failure and de-duplicated error reports.
 *
 * - Every host is polled every `intervalMs` (default 15 s) while the poller is
 *   started, not paused (page hidden) and enabled (real-time clock mode).
 * - After `n` consecutive failed polls of a host its next poll waits
 *   `intervalMs · 2^n`, capped at `maxBackoffMs` (15 s → 30 → 60 → … → 5 min),
 *   optionally shortened by up to `jitter` of itself (`random` is injectable,
 *   so tests are deterministic). The first good answer returns it to `intervalMs`.
 * - `onError(message)` fires once per distinct failure of a host (key: host +
 *   kind, e.g. `odpt` + `HTTP 503`), not once per poll. When the host answers
 *   cleanly again, `onRecover(host)` fires and its keys are forgotten, so the
 *   same failure later fires again.
 * - The last good trains and statuses of each host and endpoint are kept while
 *   the host fails, for at most `maxStaleMs` (default 5 min) after they were
 *   received; then they are dropped (an old delay no longer applies) and
 *   `onUpdate` fires without them.
 *
 * Runs in the browser, a worker or Node: timers and clock are injectable.
 *
 * @module
 */
import type { OdptFailure, OdptHostResult } from './odpt-client.ts';
import type { LineStatus, TrainPosition } from './odpt-parse.ts';

/** Where the poller gets data from; {@link OdptClient} is one. */
export interface RealtimeSource {
  /** Host ids to poll. */
  readonly hostIds: readonly string[];
  /** Both endpoints of one host; must resolve (failures in the result), may honour `signal`. */
  fetchHost(hostId: string, signal?: AbortSignal): Promise<OdptHostResult>;
}

/** Timer functions (the global ones by default; tests may inject fakes). */
export interface PollerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Health of one host as the app shows it. */
export interface HostHealth {
  /** `pending` before its first answer; `no-token` means its operators run on timetables only. */
  state: 'pending' | 'ok' | 'failing' | 'no-token';
  /** Consecutive failed polls. */
  consecutiveFailures: number;
  /** When it last answered without failure (epoch ms), or null. */
  lastSuccessAt: number | null;
  /** Operators shown from timetables only (for `no-token`). */
  timetableOnlyOperators: string[];
}

/** What {@link RealtimePollerOptions.onUpdate} receives. */
export interface RealtimeUpdate {
  /** Trains of every host, stale ones dropped. */
  trains: TrainPosition[];
  /** Line statuses of every host, stale ones dropped. */
  statuses: LineStatus[];
  /** When the newest data in this update was received (epoch ms), or null when there is none. */
  updatedAt: number | null;
  /** Per-record problems of the answers in use. */
  problems: string[];
  /** Health by host id. */
  hosts: Record<string, HostHealth>;
}

/** Options of {@link RealtimePoller}. */
export interface RealtimePollerOptions {
  source: RealtimeSource;
  /** Poll interval when all is well, ms (default 15 000). */
  intervalMs?: number;
  /** Longest back-off, ms (default 300 000). */
  maxBackoffMs?: number;
  /** How long last good data is kept while a host fails, ms (default 300 000). */
  maxStaleMs?: number;
  /** Back-off delays are shortened by up to this fraction, 0 to 1 (default 0.2; 0 = exact). */
  jitter?: number;
  /** Random numbers in [0, 1) for the jitter (default `Math.random`). */
  random?: () => number;
  /** Timers (default the global ones). */
  timers?: PollerTimers;
  /** Clock (default `Date.now`). */
  now?: () => number;
  /** Poll only while enabled (real-time clock mode); default true. */
  enabled?: boolean;
  /** New data, or data dropped as stale. */
  onUpdate?: (update: RealtimeUpdate) => void;
  /** A new distinct failure of a host; the message names host, request and cause, never a token. */
  onError?: (message: string, failure: OdptFailure) => void;
  /** A host that had failures answers cleanly again. */
  onRecover?: (host: string) => void;
}

/** Default poll interval (ms). */
export const DEFAULT_INTERVAL_MS = 15_000;
/** Default longest back-off (ms). */
export const DEFAULT_MAX_BACKOFF_MS = 300_000;
/** Default time last good data is kept while failing (ms). */
export const DEFAULT_MAX_STALE_MS = 300_000;

/** Data of one endpoint and when it arrived. */
interface Kept<T> {
  records: T[];
  problems: string[];
  at: number;
}

/** Everything the poller knows about one host. */
interface HostLoop {
  id: string;
  timer: unknown;
  controller: AbortController | null;
  health: HostHealth;
  /** Failure keys already reported since the last clean answer. */
  reported: Set<string>;
  trains: Kept<TrainPosition> | null;
  statuses: Kept<LineStatus> | null;
}

/**
 * The delay before the next poll after `failures` consecutive failures:
 * `intervalMs · 2^failures` capped at `maxBackoffMs`, shortened by up to
 * `jitter` of itself.
 */
export function backoffDelay(failures: number, intervalMs: number, maxBackoffMs: number, jitter = 0, random: () => number = Math.random): number {
  if (failures <= 0) return intervalMs;
  const delay = Math.min(maxBackoffMs, intervalMs * 2 ** Math.min(failures, 30));
  return Math.round(delay * (1 - jitter * random()));
}

/** Polls a {@link RealtimeSource} with back-off; see the module description. */
export class RealtimePoller {
  private readonly source: RealtimeSource;
  private readonly intervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxStaleMs: number;
  private readonly jitter: number;
  private readonly random: () => number;
  private readonly timers: PollerTimers;
  private readonly now: () => number;
  private readonly callbacks: Pick<RealtimePollerOptions, 'onUpdate' | 'onError' | 'onRecover'>;
  private readonly loops: HostLoop[];
  private started = false;
  private paused = false;
  private enabled: boolean;
  /** Bumped by stop(): answers of an earlier run are ignored. */
  private generation = 0;
  private expiryTimer: unknown = null;

  /** @throws Error naming every invalid option. */
  constructor(options: RealtimePollerOptions) {
    this.source = options.source;
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
    this.maxStaleMs = options.maxStaleMs ?? DEFAULT_MAX_STALE_MS;
    this.jitter = options.jitter ?? 0.2;
    checkOptions(this.intervalMs, this.maxBackoffMs, this.maxStaleMs, this.jitter);
    this.random = options.random ?? Math.random;
    this.timers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    this.now = options.now ?? Date.now;
    this.enabled = options.enabled ?? true;
    this.callbacks = { onUpdate: options.onUpdate, onError: options.onError, onRecover: options.onRecover };
    this.loops = options.source.hostIds.map((id) => newLoop(id));
  }

  /** Whether polls are being scheduled (started, not paused, enabled). */
  get active(): boolean {
    return this.started && !this.paused && this.enabled;
  }

  /** Starts polling every host now. Calling it again does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.pollAllNow();
  }

  /** Stops polling, cancels requests under way and forgets all data and reported errors. */
  stop(): void {
    this.started = false;
    this.generation += 1;
    this.halt(true);
    this.timers.clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    this.loops.forEach((loop, index) => (this.loops[index] = newLoop(loop.id)));
  }

  /** Stops scheduling polls (page hidden); a request under way still completes. */
  pause(): void {
    this.paused = true;
    this.halt(false);
  }

  /** Polls every host now and resumes the schedule (page visible again). */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.emit();
    this.pollAllNow();
  }

  /**
   * Enables polling (real-time clock mode) or disables it (playback): when
   * disabled, requests under way are cancelled and no poll is scheduled; kept
   * data still expires. Enabling polls every host now.
   */
  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    if (enabled) this.pollAllNow();
    else this.halt(true);
  }

  /** The current merged data (stale data dropped), as `onUpdate` would receive it. */
  snapshot(): RealtimeUpdate {
    this.dropStale();
    const kept = this.loops.flatMap((loop) => [loop.trains, loop.statuses]).filter((k): k is Kept<TrainPosition> | Kept<LineStatus> => k !== null);
    return {
      trains: this.loops.flatMap((loop) => loop.trains?.records ?? []),
      statuses: this.loops.flatMap((loop) => loop.statuses?.records ?? []),
      updatedAt: kept.length > 0 ? Math.max(...kept.map((k) => k.at)) : null,
      problems: kept.flatMap((k) => k.problems),
      hosts: Object.fromEntries(this.loops.map((loop) => [loop.id, { ...loop.health, timetableOnlyOperators: [...loop.health.timetableOnlyOperators] }])),
    };
  }

  private pollAllNow(): void {
    if (!this.active) return;
    for (const loop of this.loops) {
      if (loop.controller === null && loop.health.state !== 'no-token') {
        this.timers.clearTimeout(loop.timer);
        loop.timer = null;
        void this.poll(loop);
      }
    }
  }

  /** Clears the poll timers; with `abort`, cancels requests under way too. */
  private halt(abort: boolean): void {
    for (const loop of this.loops) {
      this.timers.clearTimeout(loop.timer);
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
    let result: OdptHostResult;
    try {
      result = await this.source.fetchHost(loop.id, controller.signal);
    } catch (error) {
      result = sourceFailure(loop.id, error, this.now());
    }
    if (generation !== this.generation || loop.controller !== controller) return; // stopped, or cancelled and superseded
    loop.controller = null;
    if (controller.signal.aborted) return;
    this.apply(loop, result);
    this.schedule(loop);
    this.emit();
  }

  private apply(loop: HostLoop, result: OdptHostResult): void {
    const at = this.now();
    if (result.trains) loop.trains = { records: result.trains, problems: problemsOf(result, 'trains'), at };
    if (result.statuses) loop.statuses = { records: result.statuses, problems: problemsOf(result, 'statuses'), at };
    const health = loop.health;
    if (result.state === 'no-token') {
      health.state = 'no-token';
      health.timetableOnlyOperators = [...result.timetableOnlyOperators];
      return;
    }
    const failures = result.failures.filter((f) => f.kind !== 'aborted');
    if (failures.length === 0) {
      this.recovered(loop, at);
      return;
    }
    health.state = 'failing';
    health.consecutiveFailures += 1;
    for (const failure of failures) this.report(loop, failure);
  }

  private recovered(loop: HostLoop, at: number): void {
    const hadErrors = loop.reported.size > 0;
    loop.reported.clear();
    loop.health.state = 'ok';
    loop.health.consecutiveFailures = 0;
    loop.health.lastSuccessAt = at;
    if (hadErrors) this.callbacks.onRecover?.(loop.id);
  }

  private report(loop: HostLoop, failure: OdptFailure): void {
    if (loop.reported.has(failure.key)) return;
    loop.reported.add(failure.key);
    this.callbacks.onError?.(failure.message, failure);
  }

  private schedule(loop: HostLoop): void {
    if (!this.active || loop.health.state === 'no-token') return;
    const delay = backoffDelay(loop.health.consecutiveFailures, this.intervalMs, this.maxBackoffMs, this.jitter, this.random);
    this.timers.clearTimeout(loop.timer);
    loop.timer = this.timers.setTimeout(() => {
      loop.timer = null;
      if (this.active && loop.controller === null) void this.poll(loop);
    }, delay);
  }

  /** Sends the current data to `onUpdate` and arms the timer that drops the next data to go stale. */
  private emit(): void {
    const update = this.snapshot();
    this.armExpiry();
    this.callbacks.onUpdate?.(update);
  }

  private dropStale(): void {
    const limit = this.now() - this.maxStaleMs;
    for (const loop of this.loops) {
      if (loop.trains && loop.trains.at < limit) loop.trains = null;
      if (loop.statuses && loop.statuses.at < limit) loop.statuses = null;
    }
  }

  private armExpiry(): void {
    this.timers.clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    const times = this.loops.flatMap((loop) => [loop.trains?.at, loop.statuses?.at]).filter((t): t is number => t !== undefined);
    if (times.length === 0) return;
    const delay = Math.max(0, Math.min(...times) + this.maxStaleMs - this.now()) + 1;
    this.expiryTimer = this.timers.setTimeout(() => {
      this.expiryTimer = null;
      this.emit();
    }, delay);
  }
}

function newLoop(id: string): HostLoop {
  return {
    id,
    timer: null,
    controller: null,
    health: { state: 'pending', consecutiveFailures: 0, lastSuccessAt: null, timetableOnlyOperators: [] },
    reported: new Set(),
    trains: null,
    statuses: null,
  };
}

/** Problems of the answer that produced one kind of data (messages name the endpoint). */
function problemsOf(result: OdptHostResult, what: 'trains' | 'statuses'): string[] {
  const endpoint = what === 'trains' ? 'odpt:Train ' : 'odpt:TrainInformation ';
  return result.problems.filter((p) => p.startsWith(endpoint));
}

/** A source that threw instead of reporting: counted as the host being unreachable. */
function sourceFailure(host: string, error: unknown, now: number): OdptHostResult {
  const message = `host "${host}": the real-time source failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
  return {
    host,
    state: 'failed',
    problems: [],
    failures: [{ host, endpoint: 'odpt:Train', kind: 'unreachable', key: 'unreachable', message }],
    timetableOnlyOperators: [],
    fetchedAt: now,
  };
}

function checkOptions(intervalMs: number, maxBackoffMs: number, maxStaleMs: number, jitter: number): void {
  const problems: string[] = [];
  const positive = (name: string, value: number) => {
    if (!(value > 0) || !Number.isFinite(value)) problems.push(`${name} must be a positive number of milliseconds, got ${String(value)}`);
  };
  positive('intervalMs', intervalMs);
  positive('maxBackoffMs', maxBackoffMs);
  positive('maxStaleMs', maxStaleMs);
  if (maxBackoffMs < intervalMs) problems.push(`maxBackoffMs (${maxBackoffMs}) must not be below intervalMs (${intervalMs})`);
  if (!(jitter >= 0 && jitter <= 1)) problems.push(`jitter must be from 0 to 1, got ${String(jitter)}`);
  if (problems.length > 0) throw new Error(`RealtimePoller: invalid options: ${problems.join('; ')}.`);
}
