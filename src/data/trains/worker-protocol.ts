import type { Calendar } from '../bundle/timetable-format.ts';
import type { TrackDimensions } from '../track-position.ts';
import type { CityRealtimeSummary } from '../gtfs/city-realtime-poller.ts';
import type { CityRealtimeFeed } from './trip-delays.ts';
import type { RealtimeReport } from './realtime-overlay.ts';
import type { TrainFrame } from './train-frame-format.ts';
import type { ViewArea, ViewDepth } from '../geometry/view-area.ts';
import type { TrainDetails } from './train-details.ts';
import type { DepartureGroup } from './departures.ts';
import type { RouteSearchResult } from '../routing/journey.ts';
import type { RouteErrorKind } from '../routing/route-error.ts';

/** A route answer's `error` when the day asked about is not the day loaded (the new day's timetable is still loading). */
export const ROUTE_DAY_MISMATCH = 'day-mismatch';

/** Which journeys a route request asks for: a new search, or the ones after or before a journey already shown. */
export type RoutePage = 'first' | 'later' | 'earlier';

/** What the train worker starts on. */
export interface TrainWorkerInit {
  /** Absolute URL of the network bundle file. */
  networkUrl: string;
  /** Absolute URLs of the timetable bundle files per day type. */
  timetableUrls: Record<Calendar, string>;
  dims: TrackDimensions;
  /** Simulated epoch milliseconds now: the day to load first. */
  time: number;
  /** A bundle built from a GTFS feed: its clock's zone and the timetable of each service date (others take their day type's). */
  city?: CityTimetables;
}

/** The clock zone, dated timetables and kinds of vehicle of a city bundle, for the worker. */
export interface CityTimetables {
  timeZone: string;
  /** By service date `YYYY-MM-DD`: the absolute URL of its timetable file and its day type. */
  days: Record<string, { url: string; calendar: Calendar }>;
  /** GTFS route_type of each line (`CityManifest.routeTypes`): how its vehicles are drawn. */
  routeTypes: number[];
}

/** The day the worker has loaded, once it is ready. */
export interface TrainWorkerReady {
  calendar: Calendar;
  serviceDate: string;
  trainCount: number;
}

/** A request for a frame, answered by a `frame` event. */
export interface FrameRequest {
  /** Simulated epoch milliseconds. */
  time: number;
  zoom: number;
  /** Cars are computed only for trains whose head is inside (null: all). */
  area: ViewArea | null;
  /** How the camera's distance grows across the view (null: a flat view, one scale): far cars go in boxes of several. */
  depth: ViewDepth | null;
  /** Selected timetable index (−1 for none). */
  selected: number;
  /** A previous frame handed back for reuse (its buffers are transferred). */
  recycle: TrainFrame | null;
}

/**
 * Journeys from `from` to `to` (station indices) leaving at or after `departure` (seconds of the service day of
 * `time`, epoch ms), or the journeys after (`later`) or before (`earlier`) the `reference` journey.
 */
export interface RouteRequest {
  from: number[];
  to: number[];
  departure: number;
  time: number;
  page: RoutePage;
  reference?: { departure: number; arrival: number };
}

/**
 * A route answer: `result` null with `error` set when the search could not run (English, for developers: it may
 * name internal ids), and `kind`, what the interface says about it ({@link ROUTE_DAY_MISMATCH} alone stands for
 * `day-mismatch`; see {@link routeFailure}).
 */
export interface RouteAnswer {
  result: RouteSearchResult | null;
  error?: string;
  kind?: RouteErrorKind;
}

/** What kind of failure a route answer without a result reports. */
export function routeFailure(answer: RouteAnswer): RouteErrorKind {
  return answer.error === ROUTE_DAY_MISMATCH ? 'day-mismatch' : (answer.kind ?? 'internal');
}

/** The train worker's methods (see `train-worker.ts`). */
export type TrainWorkerMethods = {
  /** Loads the network and the day's timetable. */
  init(request: TrainWorkerInit): TrainWorkerReady;
  /** One-way: computes a frame and sends it as a `frame` event. */
  frame(request: FrameRequest): void;
  /** One-way: real-time reports to lay over the timetables; `enabled` false in playback or without fresh data. */
  realtime(update: { reports: RealtimeReport[]; enabled: boolean; time: number }): void;
  /**
   * A city bundle's GTFS Realtime trip updates and vehicle positions, one feed (by its URL) at a time, laid over the
   * timetables at `time` (see `trip-delays.ts`): `feed` replaces that feed's data, null drops it (stale), absent keeps
   * it; `enabled` false in playback.
   */
  cityRealtime(update: { url: string; feed?: CityRealtimeFeed | null; enabled: boolean; time: number }): CityRealtimeSummary;
  details(request: { train: number; time: number; zoom: number }): TrainDetails | null;
  /** The next `count` departures per line and direction from `stations` at `time`; null while the day's timetable loads. */
  departures(request: { stations: number[]; time: number; count: number }): DepartureGroup[] | null;
  /** Which timetable runs train `id` ("{operator}.{line}.{number}") at `time`, or −1. */
  find(request: { id: string; time: number }): number;
  route(request: RouteRequest): RouteAnswer;
};

/** The train worker's events: frames (their buffers transferred), and failures to load a day. */
export type TrainWorkerEvents = {
  frame: TrainFrame;
  error: string;
};
