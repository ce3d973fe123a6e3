/**
 * The train worker's answer to a route request: checks that the day's
 * timetable is the one asked about, builds the routing index of that day on
 * the first search (kept with the day), lays the real-time delays over it and
 * runs the search. Plain data in and out, so it runs in the worker and in tests.
 *
 * @module
 */
import type { Calendar } from '../bundle/timetable-format.ts';
import type { ServiceCalendar } from '../calendar.ts';
import type { Network } from '../network.ts';
import type { Timetable } from '../timetable.ts';
import { ROUTE_DAY_MISMATCH, type RouteAnswer, type RouteRequest } from '../trains/worker-protocol.ts';
import type { RouteSearchResult } from './journey.ts';
import type { RouteQuery } from './query.ts';
import { routeErrorKind } from './route-error.ts';
import type { TrainDelays } from './realtime-tables.ts';
import { buildRoutingIndex, type RoutingIndex } from './routing-index.ts';
import { searchEarlier, searchJourneys, searchLater } from './search.ts';

/** What a route answer needs of the day loaded in the worker; `routingIndex` is filled in on the first search. */
export interface RoutingDay {
  network: Network;
  timetable: Timetable;
  calendar: Calendar;
  serviceDate: string;
  /** The clock zone and day types the request's times are read with. */
  serviceCalendar: ServiceCalendar;
  routingIndex?: RoutingIndex;
}

/** Error text when the day asked about is not the day loaded (the timetable of the new day is still loading). */
export const DAY_MISMATCH = ROUTE_DAY_MISMATCH;

/**
 * Answers a route request over `day` (null while the first day loads), with the real-time `delays` by timetable
 * index while real-time data is live. Never throws: failures are in `error`.
 */
export function answerRoute(day: RoutingDay | null, request: RouteRequest, delays?: TrainDelays): RouteAnswer {
  if (!day || day.serviceDate !== day.serviceCalendar.serviceDayOf(request.time).date) return { result: null, error: DAY_MISMATCH };
  try {
    const index = (day.routingIndex ??= buildRoutingIndex(day.network, day.timetable, day.serviceCalendar));
    const query: RouteQuery = { from: request.from, to: request.to, departure: request.departure, delays };
    let result: RouteSearchResult;
    if (request.page === 'later' && request.reference) result = searchLater(index, query, request.reference);
    else if (request.page === 'earlier' && request.reference) result = searchEarlier(index, query, request.reference);
    else result = searchJourneys(index, query);
    return { result };
  } catch (e) {
    return { result: null, error: (e as Error).message, kind: routeErrorKind(e) };
  }
}
