/**
 * Polls several hosts of one source, each in its own {@link PollLoop}, with
 * exponential back-off on failure (the ODPT train and flight pollers).
 *
 * - Every host is polled every `intervalMs` while the poller is started, not
 *   paused (page hidden) and enabled (real-time clock mode).
 * - After `n` consecutive failed polls of a host its next poll waits
 *   `intervalMs · 2^n`, capped at `maxBackoffMs`, optionally shortened by up
 *   to `jitter` of itself (`random` is injectable, so tests are
 *   deterministic). The first good answer returns it to `intervalMs`.
 * - `onError(message, failure)` fires once per distinct failure of a host
 *   until it answers cleanly again; then `onRecover(host)` fires.
 * - A host without a token is asked once (its answer says so), then no more
 *   until the poller is stopped and started again.
 *
 * Subclasses keep what the hosts answer ({@link HostPoller.received}).
 *
 * @module
 */
import { GLOBAL_TIMERS, PollLoop, type PollTimers } from './poll-loop.ts';

/** A failed request of a host, as the clients report it. */
export interface HostFailure {
  /** `aborted` means the caller cancelled it (not a failure of the host). */
  kind: string;
  /** De-duplication key within the host. */
  key: string;
  /** What failed, where and why. */
  message: string;
}

/** What a source answers for one host. */
export interface HostAnswer<Failure extends HostFailure> {
  host: string;
  state: 'ok' | 'failed' | 'no-token';
  failures: Failure[];
}

/** Where a {@link HostPoller} gets data from: one request per host, failures in the answer. */
export interface HostSource<Result> {
  readonly hostIds: readonly string[];
  fetchHost(hostId: string, signal?: AbortSignal): Promise<Result>;
}

/** Options shared by the host pollers. */
export interface HostPollerOptions<Failure> {
  /** Poll interval when all is well, ms. */
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
  timers?: PollTimers;
  /** Clock (default `Date.now`). */
  now?: () => number;
  /** Poll only while enabled (real-time clock mode); default true. */
  enabled?: boolean;
  /** A new distinct failure of a host; the message names host, request and cause, never a token. */
  onError?: (message: string, failure: Failure) => void;
  /** A host that had failures answers cleanly again. */
  onRecover?: (host: string) => void;
}

/** Default longest back-off (ms). */
export const DEFAULT_MAX_BACKOFF_MS = 300_000;
/** Default time last good data is kept while failing (ms). */
export const DEFAULT_MAX_STALE_MS = 300_000;

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

/** See the module description. */
export abstract class HostPoller<Result extends HostAnswer<Failure>, Failure extends HostFailure> {
  protected readonly maxStaleMs: number;
  protected readonly timers: PollTimers;
  protected readonly now: () => number;
  /** One loop per host, in the source's order. */
  protected readonly loops: ReadonlyMap<string, PollLoop<Result, Failure>>;
  private started = false;
  private paused = false;
  private enabled: boolean;

  /**
   * @param name the class name, in messages
   * @param defaultIntervalMs the poll interval when the options give none
   * @throws Error naming every invalid option.
   */
  constructor(name: string, source: HostSource<Result>, options: HostPollerOptions<Failure>, defaultIntervalMs: number) {
    const intervalMs = options.intervalMs ?? defaultIntervalMs;
    const maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
    const jitter = options.jitter ?? 0.2;
    const random = options.random ?? Math.random;
    this.maxStaleMs = options.maxStaleMs ?? DEFAULT_MAX_STALE_MS;
    checkOptions(name, intervalMs, maxBackoffMs, this.maxStaleMs, jitter);
    this.timers = options.timers ?? GLOBAL_TIMERS;
    this.now = options.now ?? Date.now;
    this.enabled = options.enabled ?? true;
    this.loops = new Map(
      source.hostIds.map((host) => {
        const loop: PollLoop<Result, Failure> = new PollLoop<Result, Failure>({
          poll: (signal) => source.fetchHost(host, signal),
          thrown: (error) => this.thrown(host, error),
          failures: (result) => result.failures.filter((f) => f.kind !== 'aborted'),
          keyOf: (failure) => this.keyOf(failure),
          delay: (result, failures) => (result.state === 'no-token' ? null : backoffDelay(failures, intervalMs, maxBackoffMs, jitter, random)),
          onResult: (result) => this.received(host, result, loop.consecutiveFailures),
          onError: (failure) => options.onError?.(failure.message, failure),
          onRecover: () => options.onRecover?.(host),
          enabled: this.enabled,
          timers: this.timers,
          now: this.now,
        });
        return [host, loop];
      }),
    );
  }

  /** Whether polls are being scheduled (started, not paused, enabled). */
  get active(): boolean {
    return this.started && !this.paused && this.enabled;
  }

  /** Starts polling every host now. Calling it again does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const loop of this.loops.values()) loop.start();
  }

  /** Stops polling, cancels requests under way and forgets all data and reported errors. */
  stop(): void {
    this.started = false;
    for (const loop of this.loops.values()) {
      loop.stop();
      loop.reset();
    }
    this.forget();
  }

  /** Stops scheduling polls (page hidden); a request under way still completes. */
  pause(): void {
    this.paused = true;
    for (const loop of this.loops.values()) loop.pause();
  }

  /** Polls every host now and resumes the schedule (page visible again). */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.resuming();
    for (const loop of this.loops.values()) loop.resume();
  }

  /**
   * Enables polling (real-time clock mode) or disables it (playback): when
   * disabled, requests under way are cancelled and no poll is scheduled.
   * Enabling polls every host now.
   */
  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    for (const loop of this.loops.values()) loop.setEnabled(enabled);
  }

  /** Keeps what a host answered (`failures`: its consecutive failed polls, 0 after this one if it succeeded). */
  protected abstract received(host: string, result: Result, failures: number): void;

  /** The answer standing for a source that threw instead of answering: the host counts as unreachable. */
  protected abstract thrown(host: string, error: unknown): Result;

  /** Forgets all data (on stop). */
  protected abstract forget(): void;

  /** Called when the page is visible again, before the hosts are polled. */
  protected resuming(): void {}

  /** The de-duplication key of a failure within its host. */
  protected keyOf(failure: Failure): string {
    return failure.key;
  }
}

function checkOptions(name: string, intervalMs: number, maxBackoffMs: number, maxStaleMs: number, jitter: number): void {
  const problems: string[] = [];
  const positive = (option: string, value: number) => {
    if (!(value > 0) || !Number.isFinite(value)) problems.push(`${option} must be a positive number of milliseconds, got ${String(value)}`);
  };
  positive('intervalMs', intervalMs);
  positive('maxBackoffMs', maxBackoffMs);
  positive('maxStaleMs', maxStaleMs);
  if (maxBackoffMs < intervalMs) problems.push(`maxBackoffMs (${maxBackoffMs}) must not be below intervalMs (${intervalMs})`);
  if (!(jitter >= 0 && jitter <= 1)) problems.push(`jitter must be from 0 to 1, got ${String(jitter)}`);
  if (problems.length > 0) throw new Error(`${name}: invalid options: ${problems.join('; ')}.`);
}
