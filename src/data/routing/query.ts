/**
 * A route search request and its checks: every bad input is a RangeError
 * that says which field, what value and what was expected.
 *
 * @module
 */
import { DAY_SECONDS, SERVICE_DAY_START_SECONDS } from '../clock-zone.ts';
import { stationGroupOf } from '../station-groups.ts';
import { checkDelays, type TrainDelays } from './realtime-tables.ts';
import { RouteSearchError } from './route-error.ts';
import type { RoutingIndex } from './routing-index.ts';

/**
 * Where a journey starts or ends: a station index or id (the search then
 * uses its whole transfer group, as a person selects it), or an explicit
 * list of station indices (e.g. a `StationGroup.stations`).
 */
export type StationInput = number | string | readonly number[];

/** Transfers allowed when the request does not say. */
export const DEFAULT_MAX_TRANSFERS = 8;
/** Largest `maxTransfers` accepted. */
export const MAX_TRANSFERS_LIMIT = 15;

/** A route search request. */
export interface RouteQuery {
  from: StationInput;
  to: StationInput;
  /**
   * Earliest departure: seconds since 00:00 of the service date
   * (10800 = 03:00 ≤ seconds < 97200 = 27:00), or an instant whose service
   * day must be of the index's day type.
   */
  departure: number | Date;
  /** Real-time delays (see {@link TrainDelays}); omitted: the timetable as published. */
  delays?: TrainDelays;
  /** Most changes of train, default {@link DEFAULT_MAX_TRANSFERS}. */
  maxTransfers?: number;
}

/** A request after its checks. */
export interface CheckedQuery {
  from: number[];
  to: number[];
  departure: number;
  late: Map<number, number>;
  maxRides: number;
}

const STATION_ID_PREFIX = /^odpt\.Station:/i;

function stationsOf(index: RoutingIndex, input: StationInput, field: 'from' | 'to'): number[] {
  const { meta, stationIndex } = index.network;
  const count = meta.stations.length;
  const checkIndex = (s: number, where: string) => {
    if (!Number.isInteger(s) || s < 0 || s >= count) throw new RangeError(`Route search ${where}: ${s} is not a station index (0 to ${count - 1}).`);
    return s;
  };
  if (Array.isArray(input)) {
    if (input.length === 0) throw new RangeError(`Route search ${field}: the station list is empty.`);
    return [...new Set(input.map((s, k) => checkIndex(s, `${field}[${k}]`)))];
  }
  let station: number;
  if (typeof input === 'string') {
    const found = stationIndex.get(input.replace(STATION_ID_PREFIX, ''));
    if (found === undefined) throw new RangeError(`Route search ${field}: unknown station id "${input}".`);
    station = found;
  } else if (typeof input === 'number') {
    station = checkIndex(input, field);
  } else {
    throw new RangeError(`Route search ${field}: expected a station index, a station id or a list of station indices, got ${typeof input}.`);
  }
  return stationGroupOf(meta, station)?.stations ?? [station];
}

function departureOf(index: RoutingIndex, departure: number | Date): number {
  if (departure instanceof Date) {
    const day = index.serviceCalendar.serviceDayOf(departure.getTime());
    if (day.calendar !== index.calendar) {
      throw new RangeError(`Route search departure: ${departure.toISOString()} falls on service day ${day.date}, a ${day.calendar} timetable day, but the index holds the ${index.calendar} timetable.`);
    }
    return Math.floor(day.seconds);
  }
  const end = SERVICE_DAY_START_SECONDS + DAY_SECONDS;
  if (typeof departure !== 'number' || !Number.isFinite(departure) || departure < SERVICE_DAY_START_SECONDS || departure >= end) {
    throw new RangeError(`Route search departure: ${String(departure)} is not a time of the service day; expected seconds from ${SERVICE_DAY_START_SECONDS} (03:00) to below ${end} (27:00).`);
  }
  return Math.floor(departure);
}

/** Checks a request against an index; throws a RangeError naming the bad field. */
export function checkQuery(index: RoutingIndex, query: RouteQuery): CheckedQuery {
  const from = stationsOf(index, query.from, 'from');
  const to = stationsOf(index, query.to, 'to');
  const shared = from.filter((s) => to.includes(s));
  if (shared.length > 0) {
    const ids = shared.map((s) => index.network.meta.stations[s].id).join(', ');
    throw new RouteSearchError('same-place', `Route search: the origin and the destination share station ${ids} (the same transfer group); nothing to search.`);
  }
  const maxTransfers = query.maxTransfers ?? DEFAULT_MAX_TRANSFERS;
  if (!Number.isInteger(maxTransfers) || maxTransfers < 0 || maxTransfers > MAX_TRANSFERS_LIMIT) {
    throw new RangeError(`Route search maxTransfers: ${maxTransfers} is not a whole number from 0 to ${MAX_TRANSFERS_LIMIT}.`);
  }
  return {
    from,
    to,
    departure: departureOf(index, query.departure),
    late: checkDelays(query.delays, index.timetable.trainCount),
    maxRides: maxTransfers + 1,
  };
}
