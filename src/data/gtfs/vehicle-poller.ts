/**
 * Polls a GTFS Realtime VehiclePosition feed over HTTP and matches its
 * vehicles to a GTFS feed's trips.
 *
 * - One request every `intervalMs` (default {@link DEFAULT_VEHICLE_INTERVAL_MS},
 *   20 s; allowed 15–30 s), timed from the end of the previous request, so
 *   requests never overlap. Each request gives up after `timeoutMs`.
 * - A failed request (network, HTTP status, timeout, undecodable body) calls
 *   `onError` with a {@link GtfsError} saying what failed, and polling goes on
 *   at the same interval; the last good vehicles are kept. Each distinct
 *   failure is reported once until a request succeeds again (the rules of
 *   {@link PollLoop}).
 * - Each vehicle that cannot be shown (unknown trip, no position) is reported
 *   once to `onProblem`; every successful poll calls `onUpdate`.
 *
 * Runs in a browser, a worker or Node; timers and clock are injectable.
 *
 * @module
 */
import { PollLoop, type PollTimers } from '../polling/poll-loop.ts';
import type { FeedIndex } from './feed-index.ts';
import { indexFeed } from './feed-index.ts';
import type { GtfsFeed } from './feed-model.ts';
import { GtfsError, messageOf } from './gtfs-error.ts';
import { fetchRealtimeFeed, realtimeFailure } from './realtime-fetch.ts';
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

export type { PollTimers } from '../polling/poll-loop.ts';

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
  private readonly timeoutMs: number;
  private readonly doFetch: typeof fetch;
  private readonly loop: PollLoop<VehicleUpdate | GtfsError, GtfsError>;
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
    this.timeoutMs = options.timeoutMs ?? DEFAULT_VEHICLE_TIMEOUT_MS;
    if (!(this.timeoutMs > 0)) throw new GtfsError(`GTFS Realtime timeout ${options.timeoutMs} ms is not a positive number.`);
    this.index = options.index ?? indexFeed(options.feed);
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
    const now = options.now ?? Date.now;
    this.loop = new PollLoop<VehicleUpdate | GtfsError, GtfsError>({
      poll: (signal) => this.request(signal, now),
      thrown: (error) => (error instanceof GtfsError ? error : realtimeFailure(this, messageOf(error), error)),
      failures: (result) => (result instanceof GtfsError ? [result] : []),
      keyOf: (failure) => failure.message,
      // Timed from the end of the previous request, so requests never overlap.
      delay: () => this.intervalMs,
      onResult: (result) => {
        if (result instanceof GtfsError) return;
        this.latest = result;
        this.reportProblems(result.problems);
        options.onUpdate?.(result);
      },
      onError: (failure) => options.onError?.(failure),
      timers: options.timers,
      now,
    });
  }

  /** Whether polling is on. */
  get active(): boolean {
    return this.loop.active;
  }

  /** The last successful update, or null. */
  get lastUpdate(): VehicleUpdate | null {
    return this.latest;
  }

  /** Polls now and then every interval. Calling it again does nothing. */
  start(): void {
    this.loop.start();
  }

  /** Stops polling and cancels a request under way. */
  stop(): void {
    this.loop.stop();
  }

  /**
   * One request: resolves with the update, or null when it failed or was
   * cancelled (`onError` has been told). Never rejects.
   */
  async poll(): Promise<VehicleUpdate | null> {
    const result = await this.loop.poll();
    return result instanceof GtfsError ? null : result;
  }

  /** One request and its decoding: the update, or what failed. */
  private async request(signal: AbortSignal, now: () => number): Promise<VehicleUpdate | GtfsError> {
    const { timers } = this.options;
    const decoded = await fetchRealtimeFeed({ url: this.url, intervalMs: this.intervalMs, timeoutMs: this.timeoutMs, fetch: this.doFetch, signal, timers }, decodeVehiclePositions);
    if (decoded instanceof GtfsError) return decoded;
    const matched = matchVehicles(this.options.feed, this.index, decoded.vehicles);
    return { vehicles: matched.vehicles, problems: [...decoded.problems, ...matched.problems], feedTimestamp: decoded.timestamp, receivedAt: now() };
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
