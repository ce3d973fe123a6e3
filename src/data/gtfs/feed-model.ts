/**
 * The plain-data model of a GTFS feed, as drawn by the map: only what routes,
 * stops and vehicles need, with numbers in typed arrays so the whole model is
 * small and moves from a worker by structured clone (transfer the typed
 * arrays' buffers to avoid a copy).
 *
 * Objects refer to each other by index into the feed's arrays (`trip.route`
 * is an index into `routes`), never by id, so lookups while drawing are array
 * reads; {@link FeedIndex} maps ids to indexes when an id comes from outside.
 *
 * @module
 */

/** An RGB colour, 0–255 each (as deck.gl takes it). */
export type Rgb = [number, number, number];

/** West, south, east, north in degrees. */
export type BBox = [number, number, number, number];

/** An operator of the feed (agency.txt). */
export interface GtfsAgency {
  /** agency_id, or `''` when the feed has one agency without an id. */
  id: string;
  name: string;
  /** IANA time zone, e.g. `America/Halifax`. */
  timezone: string;
}

/** A route (routes.txt) with the shapes its trips run on. */
export interface GtfsRoute {
  id: string;
  /** route_short_name, or `''`. */
  shortName: string;
  /** route_long_name, or `''`. */
  longName: string;
  /** route_type: 0–12 basic or 100–1700 extended types; see {@link vehicleKindOf}. */
  type: number;
  /** route_color, else the data source's colour, else {@link DEFAULT_ROUTE_COLOR}. */
  color: Rgb;
  /** route_text_color, else black or white, whichever reads better on `color`. */
  textColor: Rgb;
  /** Indexes into {@link GtfsFeed.shapes} of the shapes its trips use, ascending. */
  shapes: number[];
}

/** A stop or station (stops.txt), location types 0–2 only (entrances and nodes are not drawn). */
export interface GtfsStop {
  id: string;
  name: string;
  lng: number;
  lat: number;
  /** location_type: 0 stop or platform, 1 station, 2 entrance/exit. */
  locationType: number;
  /** Index of the parent station in {@link GtfsFeed.stops}, or -1. */
  parent: number;
}

/** A shape (shapes.txt) as a polyline with the distance along it at every point. */
export interface GtfsShape {
  id: string;
  /** Longitude, latitude of each point, interleaved (`[lng0, lat0, lng1, lat1, …]`). */
  coordinates: Float64Array;
  /** Metres from the first point to each point (non-decreasing). */
  distances: Float64Array;
}

/** A trip (trips.txt) and where its stop times are. */
export interface GtfsTrip {
  id: string;
  /** Index into {@link GtfsFeed.routes}. */
  route: number;
  /** Index into {@link GtfsFeed.shapes}, or -1 when the trip has no shape_id. */
  shape: number;
  /** trip_headsign, else the name of its last stop. */
  headsign: string;
  /** Index into {@link GtfsFeed.services}. */
  service: number;
  /** direction_id 0 or 1, or -1 when absent. */
  direction: number;
  /** Index of its first stop time in {@link GtfsFeed.stopTimes}. */
  firstStopTime: number;
  /** Number of its stop times, in stop_sequence order (0 when stop_times.txt has none for it). */
  stopTimeCount: number;
}

/**
 * All stop times of the feed, grouped by trip and in stop_sequence order
 * within a trip. Times are seconds after "noon minus 12 h" of the service date
 * (GTFS time, may exceed 24 h); missing times are interpolated.
 */
export interface GtfsStopTimes {
  /** Index into {@link GtfsFeed.stops}. */
  stop: Uint32Array;
  /** stop_sequence as in the feed (GTFS Realtime refers to it). */
  sequence: Uint32Array;
  arrival: Int32Array;
  departure: Int32Array;
}

/** A service (calendar.txt and calendar_dates.txt together). */
export interface GtfsService {
  id: string;
  /** Runs on these weekdays, Monday = bit 0 … Sunday = bit 6 (0 when only calendar_dates defines it). */
  weekdays: number;
  /** First and last date of the calendar.txt range, `YYYYMMDD`, or `''` when absent. */
  startDate: string;
  endDate: string;
  /** Dates added by calendar_dates.txt (exception_type 1), `YYYYMMDD`. */
  added: string[];
  /** Dates removed by calendar_dates.txt (exception_type 2), `YYYYMMDD`. */
  removed: string[];
}

/** A parsed GTFS feed, ready for drawing and for matching real-time vehicles. */
export interface GtfsFeed {
  agencies: GtfsAgency[];
  /** agency_timezone (all agencies of a feed share it). */
  timezone: string;
  routes: GtfsRoute[];
  stops: GtfsStop[];
  shapes: GtfsShape[];
  trips: GtfsTrip[];
  stopTimes: GtfsStopTimes;
  services: GtfsService[];
  /** Extent of the stops and shapes. */
  bbox: BBox;
}

/** Route colour when neither the route nor the data source gives one (a blue that shows on light and dark maps). */
export const DEFAULT_ROUTE_COLOR: Rgb = [0x1e, 0x88, 0xe5];

/** What a route's vehicles look like, from its route_type. */
export type VehicleKind = 'bus' | 'rail' | 'subway' | 'tram' | 'ferry' | 'cable' | 'other';

/**
 * The kind of vehicle of a route_type, basic (0–12) or extended (100–1700,
 * Google's extended route types, each to the basic kind it belongs to): the
 * one mapping of route types for the GTFS vehicle layer and a city bundle's
 * trains. A street cable car (5), a gondola (6, 1300s), a funicular (7, 1400s)
 * are a cable car; metro and underground (1, 401, 402, 500s, 600s) a subway.
 */
export function vehicleKindOf(routeType: number): VehicleKind {
  switch (routeType) {
    case 0:
      return 'tram';
    case 1:
      return 'subway';
    case 2:
    case 12:
      return 'rail';
    case 3:
    case 11:
      return 'bus';
    case 4:
      return 'ferry';
    case 5:
    case 6:
    case 7:
    case 1701:
      return 'cable';
  }
  if (routeType === 401 || routeType === 402 || (routeType >= 500 && routeType < 700)) return 'subway';
  // Coach (200s), bus and trolleybus (700s, 800s).
  if ((routeType >= 200 && routeType < 300) || (routeType >= 700 && routeType < 900)) return 'bus';
  // Railway (100s), suburban railway (300s), urban railway (400s).
  if (routeType >= 100 && routeType < 500) return 'rail';
  if (routeType >= 900 && routeType < 1000) return 'tram';
  if ((routeType >= 1000 && routeType < 1100) || (routeType >= 1200 && routeType < 1300)) return 'ferry';
  if (routeType >= 1300 && routeType < 1500) return 'cable';
  return 'other';
}
