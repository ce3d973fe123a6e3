/**
 * Polls a GTFS Realtime VehiclePosition feed over HTTP and matches its
 * vehicles to a GTFS feed's trips.
 *
 * - One request every `intervalMs` (default {@link DEFAULT_VEHICLE_INTERVAL_MS},
 *   20 s; allowed 15–30 s), timed from the end of the previous request, so
 *   requests never overlap. Each request gives up after `timeoutMs`.
 * - A failed request (network, HTTP status, timeout, undecodable body) calls
 *   `onError` with a {@link GtfsError} saying what failed, and polling goes on
 *   at the same interval; the last good vehicles are kept. The same failure
 *   is reported once until a request succeeds again.
 * - Each vehicle that cannot be shown (unknown trip, no position) is reported
 *   once to `onProblem`; every successful poll calls `onUpdate`.
 *
 * Runs in a browser, a worker or Node; timers and clock are injectable.
 *
 * @module
 */
import type { FeedIndex } from './feed-index.ts';
import { indexFeed } from './feed-index.ts';
import type { GtfsFeed } from './feed-model.ts';
import { GtfsError, messageOf } from './gtfs-error.ts';
import { decodeVehiclePositions, matchVehicles, type MatchedVehicle } from './vehicle-positions.ts';

/** Default time between two requests, ms. */
export const DEFAULT_VEHICLE_INTERVAL_MS = 20_000;
/** Allowed poll intervals, ms. */
export const VEHICLE_INTERVAL_RANGE_MS = [15_000, 30_000] as const;
/** Default request timeout, ms. */
export const DEFAULT_VEHICLE_TIMEOUT_MS = 10_000;
/** Most distinct problems remembered for de-duplication. */
const MAX_REMEMBERED_PROBLEMS = 5_000;

/** What `onUpdate` receives after each successful request. */
export interface VehicleUpdate {
  /** Vehicles on trips of the GTFS feed. */
  vehicles: MatchedVehicle[];
  /** Every vehicle of this answer that is not shown, one sentence each. */
  problems: string[];
  /** FeedHeader timestamp, epoch ms, or null. */
  feedTimestamp: number | null;
  /** When the answer arrived, epoch ms. */
  receivedAt: number;
}

/** Timer functions (the global ones by default). */
export interface PollTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Options of {@link VehiclePoller}. */
export interface VehiclePollerOptions {
  /** URL of the VehiclePosition feed. */
  url: string;
  /** The GTFS feed whose trips the vehicles run. */
  feed: Pick<GtfsFeed, 'trips' | 'routes' | 'stops'>;
  /** Its id maps, when already built. */
  index?: FeedIndex;
  /** Time between requests, ms, 15 000–30 000 (default 20 000). */
  intervalMs?: number;
  /** Request timeout, ms (default 10 000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  timers?: PollTimers;
  now?: () => number;
  onUpdate?: (update: VehicleUpdate) => void;
  /** A failed request; polling goes on. */
  onError?: (error: GtfsError) => void;
  /** A vehicle that cannot be shown (reported once per distinct message). */
  onProblem?: (message: string) => void;
}

/** Polls one VehiclePosition feed; see the module description. */
export class VehiclePoller {
  readonly url: string;
  readonly intervalMs: number;
  private readonly options: VehiclePollerOptions;
  private readonly index: FeedIndex;
  private readonly timers: PollTimers;
  private readonly now: () => number;
  private readonly doFetch: typeof fetch;
  private timer: unknown = null;
  private controller: AbortController | null = null;
  private running = false;
  /** Bumped by stop(): a loop of an earlier start() ends. */
  private generation = 0;
  private lastFailure: string | null = null;
  private readonly reportedProblems = new Set<string>();
  private latest: VehicleUpdate | null = null;

  /** @throws GtfsError when `intervalMs` is outside 15–30 s or `timeoutMs` is not positive. */
  constructor(options: VehiclePollerOptions) {
    this.options = options;
    this.url = options.url;
    this.intervalMs = options.intervalMs ?? DEFAULT_VEHICLE_INTERVAL_MS;
    const [min, max] = VEHICLE_INTERVAL_RANGE_MS;
    if (!(this.intervalMs >= min && this.intervalMs <= max)) {
      throw new GtfsError(`GTFS Realtime poll interval ${this.intervalMs} ms is outside ${min}–${max} ms.`);
    }
    if (!((options.timeoutMs ?? DEFAULT_VEHICLE_TIMEOUT_MS) > 0)) throw new GtfsError(`GTFS Realtime timeout ${options.timeoutMs} ms is not a positive number.`);
    this.index = options.index ?? indexFeed(options.feed);
    this.timers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    this.now = options.now ?? Date.now;
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** Whether polling is on. */
  get active(): boolean {
    return this.running;
  }

  /** The last successful update, or null. */
  get lastUpdate(): VehicleUpdate | null {
    return this.latest;
  }

  /** Polls now and then every interval. Calling it again does nothing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.tick();
  }

  /** Stops polling and cancels a request under way. */
  stop(): void {
    this.running = false;
    this.generation += 1;
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }

  /**
   * One request: resolves with the update, or null when it failed or was
   * cancelled (`onError` has been told). Never rejects.
   */
  async poll(): Promise<VehicleUpdate | null> {
    const controller = new AbortController();
    this.controller = controller;
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_VEHICLE_TIMEOUT_MS;
    let timedOut = false;
    const timeout = this.timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const bytes = await this.download(controller.signal, () => timedOut, timeoutMs);
      if (bytes === null) return null;
      const decoded = this.decode(bytes);
      const matched = matchVehicles(this.options.feed, this.index, decoded.vehicles);
      const update: VehicleUpdate = { vehicles: matched.vehicles, problems: [...decoded.problems, ...matched.problems], feedTimestamp: decoded.timestamp, receivedAt: this.now() };
      this.lastFailure = null;
      this.latest = update;
      this.reportProblems(update.problems);
      this.options.onUpdate?.(update);
      return update;
    } catch (error) {
      const failure = error instanceof GtfsError ? error : new GtfsError(`GTFS Realtime feed ${this.url}: ${messageOf(error)}`, { file: this.url }, { cause: error });
      if (failure.message !== this.lastFailure) {
        this.lastFailure = failure.message;
        this.options.onError?.(failure);
      }
      return null;
    } finally {
      this.timers.clearTimeout(timeout);
      if (this.controller === controller) this.controller = null;
    }
  }

  private async tick(): Promise<void> {
    const generation = this.generation;
    await this.poll();
    if (!this.running || generation !== this.generation) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (this.running && generation === this.generation) void this.tick();
    }, this.intervalMs);
  }

  /** The response body, or null when cancelled by {@link stop}. @throws GtfsError */
  private async download(signal: AbortSignal, timedOut: () => boolean, timeoutMs: number): Promise<Uint8Array | null> {
    const fail = (what: string, cause?: unknown) => new GtfsError(`GTFS Realtime feed ${this.url}: ${what}`, { file: this.url }, { cause });
    try {
      const response = await this.doFetch(this.url, { signal, cache: 'no-store' });
      if (!response.ok) throw fail(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}; polling goes on every ${this.intervalMs / 1000} s.`);
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof GtfsError) throw error;
      if (timedOut()) throw fail(`no answer within ${timeoutMs / 1000} s; polling goes on every ${this.intervalMs / 1000} s.`, error);
      if (signal.aborted) return null;
      throw fail(`the request failed (${messageOf(error)}; a network error, or the server does not allow cross-origin requests); polling goes on every ${this.intervalMs / 1000} s.`, error);
    }
  }

  private decode(bytes: Uint8Array) {
    try {
      return decodeVehiclePositions(bytes);
    } catch (error) {
      throw new GtfsError(`GTFS Realtime feed ${this.url}: the answer (${bytes.length} bytes) is ${messageOf(error)} Polling goes on every ${this.intervalMs / 1000} s.`, { file: this.url }, { cause: error });
    }
  }

  private reportProblems(problems: readonly string[]): void {
    for (const problem of problems) {
      if (this.reportedProblems.has(problem)) continue;
      if (this.reportedProblems.size >= MAX_REMEMBERED_PROBLEMS) this.reportedProblems.clear();
      this.reportedProblems.add(problem);
      this.options.onProblem?.(problem);
    }
  }
}
