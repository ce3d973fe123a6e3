/**
 * The next stop of a vehicle on its trip, with its scheduled time, and the
 * details a vehicle popup shows.
 *
 * @module
 */
import { formatGtfsTime } from './field-values.ts';
import { vehicleKindOf, type GtfsFeed, type Rgb, type VehicleKind } from './feed-model.ts';
import { localDateTime, previousDate, serviceDayStart } from './service-calendar.ts';
import { projectOntoShape } from './shape-geometry.ts';
import type { MatchedVehicle } from './vehicle-positions.ts';

/** A stop ahead of a vehicle. */
export interface NextStop {
  /** Index into {@link GtfsFeed.stops}. */
  stop: number;
  name: string;
  /** Index into {@link GtfsFeed.stopTimes}. */
  stopTime: number;
  /** Scheduled arrival, GTFS time seconds. */
  arrival: number;
  /** Scheduled arrival `HH:MM` in the feed's time zone. */
  time: string;
}

/** What a GTFS vehicle popup shows. */
export interface VehicleDetails {
  /** route_short_name, else route_long_name. */
  routeName: string;
  /** route_long_name when the short name is shown, else `''`. */
  routeLongName: string;
  headsign: string;
  /** VehicleDescriptor label (or id). */
  vehicleLabel: string;
  nextStop: NextStop | null;
  kind: VehicleKind;
  color: Rgb;
  textColor: Rgb;
}

/** Where a vehicle is, for {@link nextStop}. */
export interface VehicleProgress {
  /** Metres along its trip's shape (from the drawn pose), when known. */
  distance?: number | null;
  /** Now, epoch ms: the fallback when neither the report nor the position tells the stop. */
  now?: number;
}

/** A stop closer than this along the shape counts as reached (metres). */
const AT_STOP_METRES = 20;

const stopDistanceCache = new WeakMap<GtfsFeed, Map<number, Float64Array>>();

/**
 * The next stop of a vehicle, from (in this order) the report's
 * current_stop_sequence or stop_id with current_status, the vehicle's
 * distance along the shape, or the schedule at `now`. Null after the last stop.
 */
export function nextStop(feed: GtfsFeed, vehicle: MatchedVehicle, progress: VehicleProgress = {}): NextStop | null {
  const trip = feed.trips[vehicle.trip];
  const first = trip.firstStopTime;
  const end = first + trip.stopTimeCount;
  const { sequence, stop, departure } = feed.stopTimes;
  let k = -1;
  if (vehicle.currentStatus !== null) {
    for (let m = first; m < end && k < 0; m++) {
      if (vehicle.currentStopSequence !== null ? sequence[m] === vehicle.currentStopSequence : feed.stops[stop[m]].id === vehicle.stopId) k = m;
    }
    if (k >= 0 && vehicle.currentStatus === 'STOPPED_AT') k += 1;
  }
  if (k < 0 && progress.distance != null && trip.shape >= 0) {
    const distances = stopDistances(feed, vehicle.trip);
    k = first;
    while (k < end && distances[k - first] <= progress.distance + AT_STOP_METRES) k++;
  }
  if (k < 0 && progress.now !== undefined) {
    const seconds = secondsIntoService(feed, vehicle, progress.now);
    k = first;
    while (k < end && departure[k] < seconds) k++;
  }
  if (k < first || k >= end) return null;
  return { stop: stop[k], name: feed.stops[stop[k]].name, stopTime: k, arrival: feed.stopTimes.arrival[k], time: formatGtfsTime(feed.stopTimes.arrival[k]) };
}

/** The popup details of a vehicle. */
export function describeVehicle(feed: GtfsFeed, vehicle: MatchedVehicle, progress: VehicleProgress = {}): VehicleDetails {
  const route = feed.routes[vehicle.route];
  const trip = feed.trips[vehicle.trip];
  return {
    routeName: route.shortName || route.longName,
    routeLongName: route.shortName ? route.longName : '',
    headsign: trip.headsign,
    vehicleLabel: vehicle.label,
    nextStop: nextStop(feed, vehicle, progress),
    kind: vehicleKindOf(route.type),
    color: route.color,
    textColor: route.textColor,
  };
}

/** Metres along the trip's shape of each of its stops, projected in order (cached per feed and trip). */
export function stopDistances(feed: GtfsFeed, tripIndex: number): Float64Array {
  let cache = stopDistanceCache.get(feed);
  if (!cache) stopDistanceCache.set(feed, (cache = new Map()));
  const cached = cache.get(tripIndex);
  if (cached) return cached;
  const trip = feed.trips[tripIndex];
  const shape = feed.shapes[trip.shape];
  const distances = new Float64Array(trip.stopTimeCount);
  let from = 0;
  for (let i = 0; i < trip.stopTimeCount; i++) {
    const s = feed.stops[feed.stopTimes.stop[trip.firstStopTime + i]];
    from = projectOntoShape(shape, s.lng, s.lat, from).distance;
    distances[i] = from;
  }
  cache.set(tripIndex, distances);
  return distances;
}

/**
 * GTFS time seconds of `now` on the vehicle's service date: the report's
 * start_date, else today or (for trips past midnight) yesterday in the feed's
 * time zone, whichever puts `now` within the trip.
 */
function secondsIntoService(feed: GtfsFeed, vehicle: MatchedVehicle, now: number): number {
  const since = (date: string) => (now - serviceDayStart(date, feed.timezone)) / 1000;
  if (/^\d{8}$/.test(vehicle.startDate)) return since(vehicle.startDate);
  const today = localDateTime(now, feed.timezone).date;
  const trip = feed.trips[vehicle.trip];
  const lastArrival = feed.stopTimes.arrival[trip.firstStopTime + trip.stopTimeCount - 1];
  const yesterday = since(previousDate(today));
  return yesterday <= lastArrival ? yesterday : since(today);
}
