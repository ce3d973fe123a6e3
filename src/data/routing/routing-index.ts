/**
 * The route search index of one day's timetable: routing trips (through
 * service joined), their FIFO routes forwards and mirrored, and the walking
 * links of the transfer groups. Built from the decoded bundles that the
 * train simulation already holds, in a few hundred milliseconds, so it can
 * be built lazily on the first search (in a worker).
 *
 * @module
 */
import type { Calendar } from '../bundle/timetable-format.ts';
import { TOKYO_SERVICE_CALENDAR, type ServiceCalendar } from '../calendar.ts';
import type { Network } from '../network.ts';
import type { Timetable } from '../timetable.ts';
import { buildRouteTable, mirrorRouteTable, type RouteTable } from './route-table.ts';
import { buildFootpaths, type Footpaths } from './transfer-times.ts';
import { buildTrips, type TripDiagnostics, type TripList } from './trips.ts';

/** Everything the route search needs for one day's timetable. */
export interface RoutingIndex {
  calendar: Calendar;
  /** The clock zone and day types a departure given as a `Date` is read with. */
  serviceCalendar: ServiceCalendar;
  network: Network;
  timetable: Timetable;
  trips: TripList;
  /** Routes in real time order, for earliest-arrival searches. */
  forward: RouteTable;
  /** The same routes mirrored, for latest-departure searches. */
  backward: RouteTable;
  footpaths: Footpaths;
  diagnostics: TripDiagnostics;
}

/** Builds the route search index of a day's timetable on a network, whose times are on `serviceCalendar`'s clock (Tokyo's by default). */
export function buildRoutingIndex(network: Network, timetable: Timetable, serviceCalendar: ServiceCalendar = TOKYO_SERVICE_CALENDAR): RoutingIndex {
  const stationCount = network.meta.stations.length;
  for (let s = 0; s < timetable.stopStation.length; s++) {
    if (timetable.stopStation[s] >= stationCount) {
      throw new RangeError(`Route search index: stop ${s} of the ${timetable.calendar} timetable refers to station ${timetable.stopStation[s]}, but the network has ${stationCount} stations.`);
    }
  }
  const { trips, diagnostics } = buildTrips(network.meta, timetable);
  const forward = buildRouteTable(trips, stationCount);
  const backward = mirrorRouteTable(forward, stationCount);
  return {
    calendar: timetable.calendar,
    serviceCalendar,
    network,
    timetable,
    trips,
    forward,
    backward,
    footpaths: buildFootpaths(network.meta),
    diagnostics,
  };
}
