/**
 * Polls a GTFS Realtime TripUpdate or VehiclePosition feed of a city bundle
 * over HTTP and hands each decoded answer to `apply` (the train simulation,
 * which lays the delays they give over the bundle's timetables).
 *
 * - One request every `intervalMs` (default 20 s), timed from the end of the
 *   previous one, each within `timeoutMs`; only while enabled (real-time
 *   clock mode) and not paused (page hidden or offline).
 * - A failed request (network, HTTP status, timeout, undecodable body) or a
 *   failed `apply` calls `onError` with a {@link GtfsError} saying what
 *   failed, once per distinct failure until a request succeeds again (the
 *   rules of {@link PollLoop}); polling goes on and the last good delays are
 *   kept, for at most `maxStaleMs` after they arrived: then `apply(null)`
 *   drops them (an old delay no longer applies).
 *
 * Runs in a browser, a worker or Node; timers and clock are injectable.
 *
 * @module
 */
import { PollLoop, type PollTimers } from '../polling/poll-loop.ts';
import { GtfsError, messageOf } from './gtfs-error.ts';
import { fetchRealtimeFeed, realtimeFailure } from './realtime-fetch.ts';
import { decodeTripUpdates, type TripUpdateFeed } from './trip-updates.ts';
import { decodeVehiclePositions, type VehiclePositionFeed } from './vehicle-positions.ts';
import { DEFAULT_VEHICLE_INTERVAL_MS, DEFAULT_VEHICLE_TIMEOUT_MS } from './vehicle-poller.ts';

/** The kinds of GTFS Realtime feed a city bundle's vehicles follow. */
export type CityRealtimeKind = 'trip-updates' | 'vehicle-positions';

/** What `apply` reports back about a feed laid over the timetables. */
export interface CityRealtimeSummary {
  /** Trip updates, or vehicles, in the feed. */
  trips: number;
  /** Timetables of the day given a delay above zero, by every feed together. */
  delayed: number;
  /** Timetables of the day cancelled, by every feed together. */
  canceled: number;
  /** Trip updates and vehicles that give no timetable of the day a delay, by every feed together. */
  unmatched: number;
}

/** What `onUpdate` receives after each successful poll. */
export interface CityRealtimeResult extends CityRealtimeSummary {
  /** FeedHeader timestamp, epoch ms, or null. */
  feedTimestamp: number | null;
  /** When the answer arrived, epoch ms. */
  receivedAt: number;
}

/** Options of {@link cityRealtimePoller}. */
export interface CityRealtimePollerOptions {
  /** URL of the feed. */
  url: string;
  /** What the feed is (default `trip-updates`). */
  kind?: CityRealtimeKind;
  /** Lays a decoded feed over the timetables (null: drop this feed's data). */
  apply(feed: TripUpdateFeed | VehiclePositionFeed | null): Promise<CityRealtimeSummary>;
  /** Time between requests, ms (default 20 000). */
  intervalMs?: number;
  /** Request timeout, ms (default 10 000). */
  timeoutMs?: number;
  /** How long the last good delays are kept while requests fail, ms (default 300 000). */
  maxStaleMs?: number;
  /** Poll only while enabled; default true. */
  enabled?: boolean;
  fetch?: typeof fetch;
  timers?: PollTimers;
  now?: () => number;
  onUpdate?: (result: CityRealtimeResult) => void;
  /** A failed request; polling goes on. */
  onError?: (error: GtfsError) => void;
  /** A request succeeded after failures had been reported. */
  onRecover?: () => void;
}

/** Default time the last good delays are kept while requests fail, ms: as long as ODPT's (`host-poller.ts`). */
const MAX_STALE_MS = 300_000;

/** What names each kind of feed in messages, and how its answers are decoded. */
const KINDS = {
  'trip-updates': { label: 'GTFS Realtime TripUpdate feed', decode: decodeTripUpdates },
  'vehicle-positions': { label: 'GTFS Realtime VehiclePosition feed', decode: decodeVehiclePositions },
} as const;

/**
 * The loop that polls one feed (see the module description): `start`, `stop`, `pause`, `resume` and `setEnabled` as
 * every {@link PollLoop}.
 * @throws GtfsError when an interval or timeout is not a positive number.
 */
export function cityRealtimePoller(options: CityRealtimePollerOptions): PollLoop<CityRealtimeResult | GtfsError, GtfsError> {
  const { label, decode } = KINDS[options.kind ?? 'trip-updates'];
  const feed = { url: options.url, label };
  const intervalMs = options.intervalMs ?? DEFAULT_VEHICLE_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_VEHICLE_TIMEOUT_MS;
  const maxStaleMs = options.maxStaleMs ?? MAX_STALE_MS;
  for (const [name, value] of [['poll interval', intervalMs], ['timeout', timeoutMs], ['stale limit', maxStaleMs]] as const) {
    if (!(value > 0 && Number.isFinite(value))) throw realtimeFailure(feed, `the ${name} ${value} ms is not a positive number.`);
  }
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  let lastSuccessAt: number | null = null;
  return new PollLoop<CityRealtimeResult | GtfsError, GtfsError>({
    poll: async (signal) => {
      const decoded = await fetchRealtimeFeed<TripUpdateFeed | VehiclePositionFeed>({ ...feed, intervalMs, timeoutMs, fetch: doFetch, signal, timers: options.timers }, decode);
      if (decoded instanceof GtfsError) return decoded;
      const summary = await options.apply(decoded);
      return { ...summary, feedTimestamp: decoded.timestamp, receivedAt: now() };
    },
    thrown: (error) => (error instanceof GtfsError ? error : realtimeFailure(feed, `its delays could not be applied (${messageOf(error)}).`, error)),
    failures: (result) => (result instanceof GtfsError ? [result] : []),
    keyOf: (failure) => failure.message,
    delay: () => intervalMs,
    onResult: (result) => {
      if (!(result instanceof GtfsError)) {
        lastSuccessAt = result.receivedAt;
        options.onUpdate?.(result);
      } else if (lastSuccessAt !== null && now() - lastSuccessAt > maxStaleMs) {
        lastSuccessAt = null;
        void options.apply(null).catch(() => undefined);
      }
    },
    onError: (failure) => options.onError?.(failure),
    onRecover: () => options.onRecover?.(),
    enabled: options.enabled,
    timers: options.timers,
    now,
  });
}
