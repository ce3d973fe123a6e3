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
 * - `pause()` and `resume()` rest it while the page is hidden or offline (see
 *   `pauseWhileHiddenOrOffline`): resuming reads at once, whatever the back-off.
 *
 * Runs on a {@link PollLoop}. Timers and clock are injectable, so tests run without waiting.
 *
 * @module
 */
import { PollLoop, type PollTimers } from '../polling/poll-loop.ts';
import type { CatalogueResult, RadarFailure } from './radar-client.ts';
import type { RadarCatalogue } from './radar-catalogue.ts';
import { RADAR_FRAME_STEP_MS, RADAR_REFRESH_MS } from './rainviewer-config.ts';

/** Where the poller reads the catalogue; {@link RainViewerClient} is one. Must resolve (failures in the result). */
export interface CatalogueSource {
  fetchCatalogue(signal?: AbortSignal): Promise<CatalogueResult>;
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
  timers?: PollTimers;
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
  private readonly loop: PollLoop<CatalogueResult, RadarFailure>;
  private catalogue: RadarCatalogue | null = null;
  /** The wait after the last read (the next frame's time after a good one, the retry after a failure). */
  private nextDelay: number;

  /** @throws Error naming each invalid option. */
  constructor(options: RadarPollerOptions) {
    const intervalMs = options.intervalMs ?? RADAR_REFRESH_MS;
    const retryMs = options.retryMs ?? DEFAULT_RADAR_RETRY_MS;
    const settleMs = options.settleMs ?? DEFAULT_RADAR_SETTLE_MS;
    const values = { intervalMs, retryMs, settleMs };
    const problems = (['intervalMs', 'retryMs', 'settleMs'] as const)
      .filter((name) => !(values[name] >= 0) || !Number.isFinite(values[name]) || (name !== 'settleMs' && values[name] === 0))
      .map((name) => `${name} must be a positive number of milliseconds, got ${String(options[name])}`);
    if (problems.length > 0) throw new Error(`RadarPoller: invalid options: ${problems.join('; ')}.`);
    const now = options.now ?? Date.now;
    this.nextDelay = intervalMs;
    this.loop = new PollLoop<CatalogueResult, RadarFailure>({
      poll: (signal) => options.source.fetchCatalogue(signal),
      thrown: (error) => ({ ok: false, failure: { kind: 'unreachable', key: 'unreachable', message: `RainViewer catalogue: the source failed unexpectedly: ${error instanceof Error ? error.message : String(error)}` } }),
      failures: (result) => (result.ok || result.failure.kind === 'aborted' ? [] : [result.failure]),
      onResult: (result) => {
        if (!result.ok) return;
        const isNew = this.keep(result.catalogue);
        const kept = this.catalogue!;
        this.nextDelay = nextReadDelay(kept.past[kept.past.length - 1].time, now(), intervalMs, settleMs, Math.min(60_000, intervalMs));
        if (isNew) options.onUpdate?.(kept);
      },
      delay: (result, failures) => {
        if (!result.ok && result.failure.kind !== 'aborted') this.nextDelay = retryDelay(failures, retryMs, intervalMs, result.failure.retryAfterMs);
        return this.nextDelay;
      },
      onError: (failure) => options.onError?.(failure.message, failure),
      onRecover: () => options.onRecover?.(),
      startWhenDue: true,
      timers: options.timers,
      now,
    });
  }

  /** The last good catalogue (kept through failures and stop), or null. */
  get latest(): RadarCatalogue | null {
    return this.catalogue;
  }

  /** Whether reads are scheduled. */
  get active(): boolean {
    return this.loop.active;
  }

  /** Consecutive failed reads. */
  get consecutiveFailures(): number {
    return this.loop.consecutiveFailures;
  }

  /**
   * Starts reading (the rain is shown): now, or when the next read of the last
   * run was due if that is later. Calling it again does nothing.
   */
  start(): void {
    this.loop.start();
  }

  /** Stops reading (playback, or the layer off) and cancels a read under way; the last good catalogue is kept. */
  stop(): void {
    this.loop.stop();
  }

  /** Stops scheduling reads (the page hidden, the browser offline); a read under way completes. */
  pause(): void {
    this.loop.pause();
  }

  /** Reads at once when started, then on the schedule again (the page shown and the network back). */
  resume(): void {
    this.loop.resume();
  }

  /** Keeps a catalogue with a newer latest frame (or a first one); returns whether it was new. */
  private keep(catalogue: RadarCatalogue): boolean {
    const newest = catalogue.past[catalogue.past.length - 1];
    const previous = this.catalogue?.past[this.catalogue.past.length - 1];
    const isNew = previous === undefined || newest.time > previous.time || (newest.time === previous.time && newest.path !== previous.path);
    if (isNew) this.catalogue = catalogue;
    return isNew;
  }
}
