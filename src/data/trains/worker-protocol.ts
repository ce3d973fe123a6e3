import type { Calendar } from '../bundle/timetable-format.ts';
import type { TrackDimensions } from '../track-position.ts';
import type { RealtimeReport } from './realtime-overlay.ts';
import type { TrainFrame } from './train-frame-format.ts';
import type { ViewArea, ViewDepth } from '../geometry/view-area.ts';
import type { TrainDetails } from './train-details.ts';
import type { DepartureGroup } from './departures.ts';
import type { RouteSearchResult } from '../routing/journey.ts';

/** A route answer's `error` when the day asked about is not the day loaded (the new day's timetable is still loading). */
export const ROUTE_DAY_MISMATCH = 'day-mismatch';

/** Which journeys a route request asks for: a new search, or the ones after or before a journey already shown. */
export type RoutePage = 'first' | 'later' | 'earlier';

/** Messages from the main thread to the train worker. */
export type WorkerRequest =
  | {
      type: 'init';
      /** Absolute URL of the network bundle file. */
      networkUrl: string;
      /** Absolute URLs of the timetable bundle files per day type. */
      timetableUrls: Record<Calendar, string>;
      dims: TrackDimensions;
      /** Simulated epoch milliseconds now: the day to load first. */
      time: number;
    }
  | {
      type: 'frame';
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
  | { type: 'details'; requestId: number; train: number; time: number; zoom: number }
  /** Real-time reports to lay over the timetables; `enabled` false in playback or without fresh data. */
  | { type: 'realtime'; reports: RealtimeReport[]; enabled: boolean; time: number }
  /** The next `count` departures per line and direction from `stations` at `time`. */
  | { type: 'departures'; requestId: number; stations: number[]; time: number; count: number }
  /** Which timetable runs train `id` ("{operator}.{line}.{number}") at `time`. */
  | { type: 'find'; requestId: number; id: string; time: number }
  /**
   * Journeys from `from` to `to` (station indices) leaving at or after `departure` (seconds of the service day of
   * `time`, epoch ms), or the journeys after (`later`) or before (`earlier`) the `reference` journey.
   */
  | { type: 'route'; requestId: number; from: number[]; to: number[]; departure: number; time: number; page: RoutePage; reference?: { departure: number; arrival: number } };

/** Messages from the train worker. */
export type WorkerResponse =
  | { type: 'ready'; calendar: Calendar; serviceDate: string; trainCount: number }
  | { type: 'frame'; frame: TrainFrame; calendar: Calendar; serviceDate: string }
  | { type: 'details'; requestId: number; details: TrainDetails | null }
  | { type: 'found'; requestId: number; train: number }
  | { type: 'departures'; requestId: number; groups: DepartureGroup[] | null }
  /** `result` null with `error` set when the search could not run (a message for people, in English). */
  | { type: 'route'; requestId: number; result: RouteSearchResult | null; error?: string }
  | { type: 'error'; message: string };
