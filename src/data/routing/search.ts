/**
 * The route search: the best journeys from an origin to a destination
 * departing at or after a time, and the journeys before and after them.
 *
 * A search runs RAPTOR forwards from the departure time (see `raptor.ts`),
 * which gives the earliest arrival with each number of rides. The journeys
 * offered are:
 * - the *earliest arrival*: earliest arrival, then fewest transfers;
 * - journeys with *fewer transfers* that arrive within
 *   {@link fewerTransfersMargin} of it (each the earliest with its number
 *   of transfers; the one with the fewest is marked `fewest-transfers`).
 * Each journey is then tightened by a backward search from its arrival with
 * at most its number of rides: it leaves as late as possible while arriving
 * just as early, so it does not make people wait at the origin.
 *
 * {@link searchLater} finds the next journeys, leaving after a journey left;
 * {@link searchEarlier} the previous ones, arriving before a journey arrived
 * (the latest departure that arrives earlier, then a search from there).
 *
 * @module
 */
import { SERVICE_DAY_START_SECONDS } from '../clock-zone.ts';
import { buildJourney, forwardRide } from './build-journey.ts';
import type { Journey, JourneyKind, NoJourneyReason, RouteSearchResult } from './journey.ts';
import { checkQuery, type CheckedQuery, type RouteQuery } from './query.ts';
import { ridesOf, runRaptor, UNREACHED, type Ride } from './raptor.ts';
import { buildRealtimeTables, type RealtimeTables } from './realtime-tables.ts';
import type { RouteTable } from './route-table.ts';
import type { RoutingIndex } from './routing-index.ts';

/** Smallest margin for a journey with fewer transfers, seconds (10 minutes). */
export const MARGIN_MIN_SECONDS = 600;
/** Share of the earliest journey's duration allowed as margin (30 %). */
export const MARGIN_SHARE = 0.3;
/** Largest margin, seconds (30 minutes). */
export const MARGIN_MAX_SECONDS = 1800;

/**
 * How much later than the earliest arrival a journey with fewer transfers
 * may arrive to be offered, seconds: 30 % of the earliest journey's
 * duration, at least 10 and at most 30 minutes.
 */
export function fewerTransfersMargin(earliestDuration: number): number {
  return Math.min(MARGIN_MAX_SECONDS, Math.max(MARGIN_MIN_SECONDS, Math.round(earliestDuration * MARGIN_SHARE)));
}

/** One request's checked input, real-time layer and target masks. */
interface Context {
  index: RoutingIndex;
  query: CheckedQuery;
  realtime: RealtimeTables;
  forwardTables: RouteTable[];
  backwardTables: RouteTable[];
  isOrigin: Uint8Array;
  isDestination: Uint8Array;
}

function contextOf(index: RoutingIndex, request: RouteQuery): Context {
  const query = checkQuery(index, request);
  const realtime = buildRealtimeTables(index, query.late);
  const count = index.network.meta.stations.length;
  const mask = (stations: number[]) => {
    const m = new Uint8Array(count);
    for (const s of stations) m[s] = 1;
    return m;
  };
  return {
    index,
    query,
    realtime,
    forwardTables: realtime.forward ? [index.forward, realtime.forward] : [index.forward],
    backwardTables: realtime.backward ? [index.backward, realtime.backward] : [index.backward],
    isOrigin: mask(query.from),
    isDestination: mask(query.to),
  };
}

/**
 * RAPTOR from the origins forwards in time from `start`, or (`backward`) from
 * the destinations backwards, over the reversed tables where times are negated.
 */
function raptorOf(context: Context, backward: boolean, start: number, maxRides: number, limit: number) {
  const { index, query, realtime } = context;
  return runRaptor({
    tables: backward ? context.backwardTables : context.forwardTables,
    skip: realtime.skip,
    footpaths: index.footpaths,
    stationCount: index.network.meta.stations.length,
    sources: backward ? query.to : query.from,
    start,
    targets: backward ? context.isOrigin : context.isDestination,
    maxRides,
    limit,
  });
}

/** Forward rides of the latest departure arriving by `arriveBy` with at most `maxRides` rides, leaving at or after `notBefore`. */
function latestDeparture(context: Context, arriveBy: number, maxRides: number, notBefore: number | null): { rides: Ride[]; departure: number } | null {
  const { backwardTables } = context;
  const run = raptorOf(context, true, -arriveBy, maxRides, notBefore === null ? UNREACHED : -notBefore + 1);
  for (let k = maxRides; k >= 1; k--) {
    if (run.targetArrival[k] === UNREACHED) continue;
    const rides = ridesOf(run, k, run.targetStation[k])
      .reverse()
      .map((ride) => forwardRide(ride, backwardTables[ride.table]));
    return { rides, departure: -run.targetArrival[k] };
  }
  return null;
}

/** When a forward ride boards its train, seconds. */
function boardingTime(tables: readonly RouteTable[], ride: Ride): number {
  const table = tables[ride.table];
  const n = table.stopStart[ride.route + 1] - table.stopStart[ride.route];
  return table.departure[table.timeStart[ride.route] + ride.slot * n + ride.board];
}

/** The journeys of a search from `departure` (see the module description), earliest arrival first. */
function journeysFrom(context: Context, departure: number): Journey[] {
  const { index, query, realtime, forwardTables } = context;
  const run = raptorOf(context, false, departure, query.maxRides, UNREACHED);
  const points: Array<{ rides: number; arrival: number }> = [];
  for (let k = 1; k <= query.maxRides; k++) if (run.targetArrival[k] !== UNREACHED) points.push({ rides: k, arrival: run.targetArrival[k] });
  if (points.length === 0) return [];

  const journeyOf = (point: { rides: number; arrival: number }, kinds: JourneyKind[]) => {
    const found = ridesOf(run, point.rides, run.targetStation[point.rides]);
    // The tightened journey leaves no earlier than the one found, which bounds the backward search.
    const tightened = latestDeparture(context, point.arrival, point.rides, boardingTime(forwardTables, found[0]));
    return buildJourney(index, forwardTables, tightened?.rides ?? found, realtime.delayOf, kinds);
  };
  const fastest = points[points.length - 1];
  const earliest = journeyOf(fastest, ['earliest-arrival']);
  const margin = fewerTransfersMargin(earliest.duration);
  const journeys = [earliest];
  for (const point of points.slice(0, -1).reverse()) {
    if (point.arrival > fastest.arrival + margin) break;
    const journey = journeyOf(point, []);
    if (!journeys.some((j) => j.key === journey.key)) journeys.push(journey);
  }
  journeys.reduce((fewest, j) => (j.transferCount < fewest.transferCount ? j : fewest)).kinds.push('fewest-transfers');
  return journeys;
}

function resultOf(context: Context, departure: number, journeys: Journey[], none: NoJourneyReason | null): RouteSearchResult {
  return { calendar: context.index.calendar, from: context.query.from, to: context.query.to, departure, journeys, none: journeys.length ? null : none };
}

/** Why a search from `departure` found nothing: whether any journey runs earlier in the day. */
function reasonForNone(context: Context): NoJourneyReason {
  return journeysFrom(context, SERVICE_DAY_START_SECONDS).length > 0 ? 'after-last-train' : 'no-connection';
}

/**
 * The best journeys from `query.from` to `query.to` leaving at or after
 * `query.departure` (see the module description). Throws a RangeError
 * naming the field for bad input.
 */
export function searchJourneys(index: RoutingIndex, query: RouteQuery): RouteSearchResult {
  const context = contextOf(index, query);
  const journeys = journeysFrom(context, context.query.departure);
  return resultOf(context, context.query.departure, journeys, journeys.length ? null : reasonForNone(context));
}

function checkReference(reference: Pick<Journey, 'departure' | 'arrival'>, name: string): void {
  for (const field of ['departure', 'arrival'] as const) {
    if (!Number.isFinite(reference?.[field])) throw new RangeError(`Route search ${name}.${field}: ${String(reference?.[field])} is not a time in seconds.`);
  }
}

/** The next journeys: the best ones leaving after `after` leaves (same origin, destination, delays and limits as `query`). */
export function searchLater(index: RoutingIndex, query: RouteQuery, after: Pick<Journey, 'departure' | 'arrival'>): RouteSearchResult {
  checkReference(after, 'after');
  const context = contextOf(index, query);
  const departure = Math.floor(after.departure) + 1;
  const journeys = journeysFrom(context, departure);
  return resultOf(context, departure, journeys, journeys.length ? null : reasonForNone(context));
}

/** The previous journeys: the best ones from the latest departure that arrives before `before` arrives. */
export function searchEarlier(index: RoutingIndex, query: RouteQuery, before: Pick<Journey, 'departure' | 'arrival'>): RouteSearchResult {
  checkReference(before, 'before');
  const context = contextOf(index, query);
  const latest = latestDeparture(context, Math.ceil(before.arrival) - 1, context.query.maxRides, null);
  if (!latest) return resultOf(context, before.departure, [], 'before-first-train');
  return resultOf(context, latest.departure, journeysFrom(context, latest.departure), 'before-first-train');
}
