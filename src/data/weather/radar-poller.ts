/**
 * Reads the radar catalogue while the rain is shown: every 10 minutes, timed
 * to catch each new frame soon after RainViewer publishes it, with retries
 * that back off on failure. The last good catalogue is kept through failures
 * and across stop/start.
 *
 * - `onUpdate` fires when a catalogue with a newer latest frame (or a first one) arrives.
 * - `onError` fires once per distinct failure (its key, e.g. `HTTP 503`,
 *   `timeout`) until the service answers well again; then `onRecover` fires.
 * - After `n` failures in a row the next try waits `retryMs · 2^(n−1)`, at most
 *   `intervalMs`, or longer if the service asked so (HTTP 429 `Retry-After`).
 *
 * Timers and clock are injectable, so tests run without waiting.
 *
 * @module
 */
import type { CatalogueResult, RadarFailure } from './radar-client.ts';
import type { RadarCatalogue } from './radar-catalogue.ts';
import { RADAR_FRAME_STEP_MS, RADAR_REFRESH_MS } from './rainviewer-config.ts';

/** Where the poller reads the catalogue; {@link RainViewerClient} is one. Must resolve (failures in the result). */
export interface CatalogueSource {
  fetchCatalogue(signal?: AbortSignal): Promise<CatalogueResult>;
}

/** Timer functions (the global ones by default). */
export interface RadarTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Options of {@link RadarPoller}. */
export interface RadarPollerOptions {
  source: CatalogueSource;
  /** Longest time between reads, ms (default 600 000). */
  intervalMs?: number;
  /** First retry after a failure, ms (default 30 000). */
  retryMs?: number;
  /** How long after a frame is due it is read (RainViewer needs a little while to publish it), ms (default 60 000). */
  settleMs?: number;
  timers?: RadarTimers;
  now?: () => number;
  onUpdate?: (catalogue: RadarCatalogue) => void;
  onError?: (message: string, failure: RadarFailure) => void;
  onRecover?: () => void;
}

/** Default first retry (ms). */
export const DEFAULT_RADAR_RETRY_MS = 30_000;
/** Default wait after a frame is due (ms). */
export const DEFAULT_RADAR_SETTLE_MS = 60_000;

/**
 * Wait before the next read after a good one, given the latest frame's time:
 * until the next frame is due plus `settleMs` (at most `intervalMs + settleMs`, at least `minMs`).
 * When the next frame is late, look again after `minMs`; when frames stopped
 * coming long ago, go back to `intervalMs`.
 */
export function nextReadDelay(latestFrameMs: number, nowMs: number, intervalMs: number, settleMs: number, minMs = 60_000): number {
  const wait = latestFrameMs + RADAR_FRAME_STEP_MS + settleMs - nowMs;
  if (wait > intervalMs + settleMs) return intervalMs; // the device clock is behind
  if (wait >= minMs) return wait;
  if (wait > -intervalMs) return Math.min(minMs, intervalMs);
  return intervalMs;
}

/** Wait before retry number `failures` (1 = first failure). */
export function retryDelay(failures: number, retryMs: number, intervalMs: number, retryAfterMs = 0): number {
  return Math.max(retryAfterMs, Math.min(intervalMs, retryMs * 2 ** Math.min(Math.max(0, failures - 1), 20)));
}

/** Polls a {@link CatalogueSource}; see the module description. */
export class RadarPoller {
  private readonly source: CatalogueSource;
  private readonly intervalMs: number;
  private readonly retryMs: number;
  private readonly settleMs: number;
  private readonly timers: RadarTimers;
  private readonly now: () => number;
  private readonly callbacks: Pick<RadarPollerOptions, 'onUpdate' | 'onError' | 'onRecover'>;
  private timer: unknown = null;
  private controller: AbortController | null = null;
  private running = false;
  private failures = 0;
  private readonly reported = new Set<string>();
  private catalogue: RadarCatalogue | null = null;
  private lastReadAt: number | null = null;
  private nextDelay: number | null = null;

  /** @throws Error naming each invalid option. */
  constructor(options: RadarPollerOptions) {
    this.source = options.source;
    this.intervalMs = options.intervalMs ?? RADAR_REFRESH_MS;
    this.retryMs = options.retryMs ?? DEFAULT_RADAR_RETRY_MS;
    this.settleMs = options.settleMs ?? DEFAULT_RADAR_SETTLE_MS;
    const problems = (['intervalMs', 'retryMs', 'settleMs'] as const)
      .filter((name) => !(this[name] >= 0) || !Number.isFinite(this[name]) || (name !== 'settleMs' && this[name] === 0))
      .map((name) => `${name} must be a positive number of milliseconds, got ${String(options[name])}`);
    if (problems.length > 0) throw new Error(`RadarPoller: invalid options: ${problems.join('; ')}.`);
    this.timers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    this.now = options.now ?? Date.now;
    this.callbacks = { onUpdate: options.onUpdate, onError: options.onError, onRecover: options.onRecover };
  }

  /** The last good catalogue (kept through failures and stop), or null. */
  get latest(): RadarCatalogue | null {
    return this.catalogue;
  }

  /** Whether reads are scheduled. */
  get active(): boolean {
    return this.running;
  }

  /** Consecutive failed reads. */
  get consecutiveFailures(): number {
    return this.failures;
  }

  /**
   * Starts reading (the rain is shown): now, or when the next read of the last
   * run was due if that is later. Calling it again does nothing.
   */
  start(): void {
    if (this.running) return;
    this.running = true;
    const dueIn = this.lastReadAt !== null && this.nextDelay !== null ? this.lastReadAt + this.nextDelay - this.now() : 0;
    if (dueIn > 0) this.schedule(dueIn);
    else void this.read();
  }

  /** Stops reading (hidden, playback, or the layer off) and cancels a read under way; the last good catalogue is kept. */
  stop(): void {
    this.running = false;
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }

  private schedule(delay: number): void {
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (this.running && this.controller === null) void this.read();
    }, delay);
  }

  private async read(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    let result: CatalogueResult;
    try {
      result = await this.source.fetchCatalogue(controller.signal);
    } catch (error) {
      const message = `RainViewer catalogue: the source failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
      result = { ok: false, failure: { kind: 'unreachable', key: 'unreachable', message } };
    }
    if (this.controller !== controller || controller.signal.aborted) return; // stopped meanwhile
    this.controller = null;
    this.lastReadAt = this.now();
    if (result.ok) this.succeeded(result.catalogue);
    else this.failed(result.failure);
    if (this.running && this.nextDelay !== null) this.schedule(this.nextDelay);
  }

  private succeeded(catalogue: RadarCatalogue): void {
    const hadErrors = this.reported.size > 0;
    this.failures = 0;
    this.reported.clear();
    const newest = catalogue.past[catalogue.past.length - 1];
    const previous = this.catalogue?.past[this.catalogue.past.length - 1];
    const isNew = previous === undefined || newest.time > previous.time || (newest.time === previous.time && newest.path !== previous.path);
    const kept = isNew ? catalogue : (this.catalogue ?? catalogue);
    this.catalogue = kept;
    this.nextDelay = nextReadDelay(kept.past[kept.past.length - 1].time, this.now(), this.intervalMs, this.settleMs, Math.min(60_000, this.intervalMs));
    if (hadErrors) this.callbacks.onRecover?.();
    if (isNew) this.callbacks.onUpdate?.(kept);
  }

  private failed(failure: RadarFailure): void {
    if (failure.kind === 'aborted') return;
    this.failures += 1;
    this.nextDelay = retryDelay(this.failures, this.retryMs, this.intervalMs, failure.retryAfterMs);
    if (this.reported.has(failure.key)) return;
    this.reported.add(failure.key);
    this.callbacks.onError?.(failure.message, failure);
  }
}
