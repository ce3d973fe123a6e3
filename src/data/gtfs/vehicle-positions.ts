/**
 * Decoding a GTFS Realtime VehiclePosition feed with protobufjs, and matching
 * its vehicles to the trips of a GTFS feed.
 *
 * @module
 */
import type { FeedIndex } from './feed-index.ts';
import type { GtfsFeed } from './feed-model.ts';
import { decodeFeedMessage, present, toNumber } from './realtime-schema.ts';

/** A vehicle's relation to its current stop (GTFS Realtime VehicleStopStatus). */
export type VehicleStopStatus = 'INCOMING_AT' | 'STOPPED_AT' | 'IN_TRANSIT_TO';

/** One vehicle of a VehiclePosition feed, as reported. */
export interface VehicleReport {
  /** FeedEntity id. */
  entityId: string;
  /** VehicleDescriptor id, else the entity id: the key that follows a vehicle across updates. */
  vehicleId: string;
  /** VehicleDescriptor label (what passengers see), else its id, else `''`. */
  label: string;
  /** TripDescriptor trip_id, or `''`. */
  tripId: string;
  /** TripDescriptor route_id, or `''`. */
  routeId: string;
  /** TripDescriptor start_date `YYYYMMDD`, or `''`. */
  startDate: string;
  lng: number;
  lat: number;
  /** Degrees clockwise from north, or null. */
  bearing: number | null;
  /** Metres per second, or null. */
  speed: number | null;
  /** When the position was measured, epoch ms, or null. */
  timestamp: number | null;
  /** current_stop_sequence, or null. */
  currentStopSequence: number | null;
  /** stop_id, or `''`. */
  stopId: string;
  /** current_status (IN_TRANSIT_TO when absent, as the reference says), null when there is no current stop. */
  currentStatus: VehicleStopStatus | null;
}

/** A decoded VehiclePosition feed. */
export interface VehiclePositionFeed {
  /** FeedHeader timestamp, epoch ms, or null. */
  timestamp: number | null;
  vehicles: VehicleReport[];
  /** Entities left out, one sentence each (no position, position out of range). */
  problems: string[];
}

/** A vehicle whose trip is in the GTFS feed. */
export interface MatchedVehicle extends VehicleReport {
  /** Index into {@link GtfsFeed.trips}. */
  trip: number;
  /** Index into {@link GtfsFeed.routes}. */
  route: number;
}

const STATUSES: readonly VehicleStopStatus[] = ['INCOMING_AT', 'STOPPED_AT', 'IN_TRANSIT_TO'];

/**
 * Decodes a GTFS Realtime FeedMessage and returns its vehicle positions;
 * entities without a vehicle (trip updates, alerts) are skipped silently.
 * @throws GtfsError `not a GTFS Realtime FeedMessage (…)` when the bytes do not decode.
 */
export function decodeVehiclePositions(bytes: Uint8Array): VehiclePositionFeed {
  const feed = decodeFeedMessage(bytes);
  const headerTime = toNumber(present(feed.header, 'timestamp'));
  const vehicles: VehicleReport[] = [];
  const problems: string[] = [];
  for (const entity of feed.entity) {
    const vehicle = present<object>(entity, 'vehicle');
    if (!vehicle || present(entity, 'is_deleted') === true) continue;
    const descriptor = present<object>(vehicle, 'vehicle');
    const trip = present<object>(vehicle, 'trip');
    const position = present<object>(vehicle, 'position');
    const vehicleId = present<string>(descriptor, 'id') || entity.id;
    const label = present<string>(descriptor, 'label') || present<string>(descriptor, 'id') || '';
    const name = `vehicle ${JSON.stringify(vehicleId)} (entity ${JSON.stringify(entity.id)})`;
    if (!position) {
      problems.push(`${name} has no position; it is not shown.`);
      continue;
    }
    const lat = present<number>(position, 'latitude') ?? NaN;
    const lng = present<number>(position, 'longitude') ?? NaN;
    if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180) || (lat === 0 && lng === 0)) {
      problems.push(`${name} has an invalid position (latitude ${lat}, longitude ${lng}); it is not shown.`);
      continue;
    }
    const sequence = present<number>(vehicle, 'current_stop_sequence');
    const stopId = present<string>(vehicle, 'stop_id') ?? '';
    const status = present<number>(vehicle, 'current_status');
    const time = toNumber(present(vehicle, 'timestamp'));
    vehicles.push({
      entityId: entity.id,
      vehicleId,
      label,
      tripId: present<string>(trip, 'trip_id') ?? '',
      routeId: present<string>(trip, 'route_id') ?? '',
      startDate: present<string>(trip, 'start_date') ?? '',
      lng,
      lat,
      bearing: present<number>(position, 'bearing') ?? null,
      speed: present<number>(position, 'speed') ?? null,
      timestamp: time === null ? null : time * 1000,
      currentStopSequence: sequence ?? null,
      stopId,
      currentStatus: sequence === undefined && stopId === '' ? null : (STATUSES[status ?? 2] ?? 'IN_TRANSIT_TO'),
    });
  }
  return { timestamp: headerTime === null ? null : headerTime * 1000, vehicles, problems };
}

/** `3789145_1` → `3789145`: how some producers (Halifax Transit) name extra runs of a scheduled trip. */
const RUN_SUFFIX = /^(.+)_\d+$/;

/**
 * The trip of a report: its trip_id, else, for an id `<trip_id>_<n>` not in
 * the feed, the scheduled trip `<trip_id>` when its route is the report's
 * route_id (an extra run of that trip). Undefined when neither is found.
 */
function tripOf(feed: Pick<GtfsFeed, 'trips' | 'routes'>, index: Pick<FeedIndex, 'trips'>, report: VehicleReport): number | undefined {
  const exact = index.trips.get(report.tripId);
  if (exact !== undefined) return exact;
  const base = RUN_SUFFIX.exec(report.tripId);
  const trip = base ? index.trips.get(base[1]) : undefined;
  return trip !== undefined && report.routeId !== '' && feed.routes[feed.trips[trip].route]?.id === report.routeId ? trip : undefined;
}

/**
 * The vehicles whose trip_id is a trip of `feed` (or an extra run of one, see
 * above), and one message for each vehicle left out (no trip_id, or a trip
 * the GTFS feed does not have).
 */
export function matchVehicles(feed: Pick<GtfsFeed, 'trips' | 'routes'>, index: Pick<FeedIndex, 'trips'>, reports: readonly VehicleReport[]): { vehicles: MatchedVehicle[]; problems: string[] } {
  const vehicles: MatchedVehicle[] = [];
  const problems: string[] = [];
  for (const report of reports) {
    const name = `vehicle ${JSON.stringify(report.vehicleId)} (entity ${JSON.stringify(report.entityId)})`;
    if (report.tripId === '') {
      problems.push(`${name} has no trip_id, so it cannot be placed on a route; it is not shown.`);
      continue;
    }
    const trip = tripOf(feed, index, report);
    if (trip === undefined) {
      problems.push(`${name} runs trip_id ${JSON.stringify(report.tripId)}, which is not in the GTFS feed's trips.txt (is the realtime feed for another GTFS feed or version?); it is not shown.`);
      continue;
    }
    vehicles.push({ ...report, trip, route: feed.trips[trip].route });
  }
  return { vehicles, problems };
}
