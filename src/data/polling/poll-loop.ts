/**
 * One polling loop: asks a source again and again, waiting between two polls
 * as long as its owner says (a fixed interval, a back-off after failures, or
 * whatever the answer suggests), with
 *
 * - polls only while it is started, not paused (the page is hidden) and
 *   enabled (e.g. real-time clock mode); pausing keeps a poll under way,
 *   stopping or disabling cancels it (its answer is then ignored), and
 *   resuming or enabling polls at once;
 * - the consecutive failures counted, and `onError` once per distinct failure
 *   (by its key) until a poll succeeds again: then `onRecover`, and the same
 *   failure later is reported again.
 *
 * Used by the ODPT and flight pollers (one loop per host), the GTFS Realtime
 * poller and the radar poller. Runs in the browser, a worker or Node: timers
 * and clock are injectable.
 *
 * @module
 */

/** Timer functions (the global ones by default; tests may inject fakes). */
export interface PollTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The global timers. */
export const GLOBAL_TIMERS: PollTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a {@link PollLoop} polls, and what it is told. */
export interface PollLoopOptions<Result, Failure> {
  /** One poll; `signal` fires when it is cancelled. Should resolve with failures in the result; a rejection goes through {@link thrown}. */
  poll(signal: AbortSignal): Promise<Result>;
  /** The result of a poll that rejected. */
  thrown(error: unknown): Result;
  /** The failures of a result (none: the poll succeeded); leave cancellations out. */
  failures(result: Result): readonly Failure[];
  /** The de-duplication key of a failure (default: its `key`). */
  keyOf?(failure: Failure): string;
  /**
   * The wait before the next poll after `result`, ms, given the consecutive
   * failures so far (0 after a success); null to poll no more until stopped and started again.
   */
  delay(result: Result, failures: number): number | null;
  /** Each result of a poll that was not cancelled, after its failures were counted and reported. */
  onResult?(result: Result): void;
  /** A failure not reported since the last success. */
  onError?(failure: Failure): void;
  /** A poll succeeded after failures had been reported. */
  onRecover?(): void;
  /** Start polling when the last run's next poll was due (true), or at once (false, the default). */
  startWhenDue?: boolean;
  /** Poll only while enabled; default true. */
  enabled?: boolean;
  timers?: PollTimers;
  /** Clock (default `Date.now`), for {@link startWhenDue}. */
  now?: () => number;
}

/** See the module description. */
export class PollLoop<Result, Failure = { key: string }> {
  private readonly timers: PollTimers;
  private readonly now: () => number;
  private started = false;
  private paused = false;
  private enabled: boolean;
  /** No more polls until the next start (the owner said so). */
  private finished = false;
  private timer: unknown = null;
  private controller: AbortController | null = null;
  private failureCount = 0;
  private readonly reported = new Set<string>();
  /** When the last poll ended and the wait it asked for, for {@link PollLoopOptions.startWhenDue}. */
  private last: { at: number; delay: number } | null = null;

  constructor(private readonly options: PollLoopOptions<Result, Failure>) {
    this.timers = options.timers ?? GLOBAL_TIMERS;
    this.now = options.now ?? Date.now;
    this.enabled = options.enabled ?? true;
  }

  /** Whether polls are being scheduled (started, not paused, enabled). */
  get active(): boolean {
    return this.started && !this.paused && this.enabled;
  }

  /** Whether a poll is under way. */
  get busy(): boolean {
    return this.controller !== null;
  }

  /** Consecutive failed polls. */
  get consecutiveFailures(): number {
    return this.failureCount;
  }

  /** Starts polling: now, or when the last run's next poll is due ({@link PollLoopOptions.startWhenDue}). Calling it again does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const dueIn = this.options.startWhenDue && this.last ? this.last.at + this.last.delay - this.now() : 0;
    if (dueIn > 0 && this.active) this.schedule(dueIn);
    else this.pollIfIdle();
  }

  /** Stops polling and cancels a poll under way (failures and reported errors are kept; see {@link reset}). */
  stop(): void {
    this.started = false;
    this.finished = false;
    this.halt(true);
  }

  /** Stops scheduling polls (page hidden); a poll under way still completes. */
  pause(): void {
    this.paused = true;
    this.halt(false);
  }

  /** Polls now and resumes the schedule (page visible again). */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.pollIfIdle();
  }

  /** Enables polling (polls now) or disables it (cancels a poll under way, schedules none). */
  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    if (enabled) this.pollIfIdle();
    else this.halt(true);
  }

  /** Forgets the failures counted and the errors reported. */
  reset(): void {
    this.failureCount = 0;
    this.reported.clear();
    this.last = null;
  }

  /**
   * Polls now (whether or not the loop is active; the next poll is scheduled
   * only when it is). Resolves with the result, or null when the poll was cancelled.
   */
  async poll(): Promise<Result | null> {
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    const controller = new AbortController();
    this.controller = controller;
    let result: Result;
    try {
      result = await this.options.poll(controller.signal);
    } catch (error) {
      result = this.options.thrown(error);
    }
    if (this.controller === controller) this.controller = null;
    else return null; // cancelled (stop, disable), or superseded by another poll
    if (controller.signal.aborted) return null;
    this.account(result);
    this.options.onResult?.(result);
    const delay = this.options.delay(result, this.failureCount);
    if (delay === null) this.finished = true;
    else {
      this.last = { at: this.now(), delay };
      if (this.active) this.schedule(delay);
    }
    return result;
  }

  private pollIfIdle(): void {
    if (this.active && !this.busy && !this.finished) void this.poll();
  }

  private schedule(delay: number): void {
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.pollIfIdle();
    }, delay);
  }

  /** Clears the scheduled poll; with `abort`, cancels the poll under way too. */
  private halt(abort: boolean): void {
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    if (abort && this.controller) {
      this.controller.abort();
      this.controller = null;
    }
  }

  /** Counts a result's failures, reporting new ones, or its success. */
  private account(result: Result): void {
    const failures = this.options.failures(result);
    if (failures.length === 0) {
      const hadErrors = this.reported.size > 0;
      this.failureCount = 0;
      this.reported.clear();
      if (hadErrors) this.options.onRecover?.();
      return;
    }
    this.failureCount += 1;
    const keyOf = this.options.keyOf ?? ((failure: Failure) => (failure as { key: string }).key);
    for (const failure of failures) {
      const key = keyOf(failure);
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.options.onError?.(failure);
    }
  }
}
