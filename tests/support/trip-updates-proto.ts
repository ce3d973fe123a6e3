/**
 * The Halifax TripUpdate snapshot read with its own reader, independently of the app's code: the GTFS Realtime
 * messages a trip update uses, written as `.proto` text from the reference (https://gtfs.org/realtime/reference/) and
 * parsed by protobufjs. What the unit and browser tests check the app's delays against.
 *
 * @module
 */
import protobuf from 'protobufjs';
import { readSharedGtfs } from './gtfs-server.ts';
import { inService, type TripTimes } from './halifax-feed.ts';

const PROTO = `
syntax = "proto2";
package check;
message FeedMessage { required FeedHeader header = 1; repeated FeedEntity entity = 2; }
message FeedHeader { required string gtfs_realtime_version = 1; optional uint64 timestamp = 3; }
message FeedEntity { required string id = 1; optional bool is_deleted = 2; optional TripUpdate trip_update = 3; }
message TripDescriptor {
  optional string trip_id = 1; optional string start_time = 2; optional string start_date = 3;
  optional uint32 schedule_relationship = 4; optional string route_id = 5;
}
message TripUpdate {
  required TripDescriptor trip = 1;
  repeated StopTimeUpdate stop_time_update = 2;
  optional int32 delay = 5;
  message StopTimeEvent { optional int32 delay = 1; optional int64 time = 2; }
  message StopTimeUpdate {
    optional uint32 stop_sequence = 1; optional string stop_id = 4;
    optional StopTimeEvent arrival = 2; optional StopTimeEvent departure = 3; optional uint32 schedule_relationship = 5;
  }
}`;

/** One trip update, as plain data. */
export interface CheckedTripUpdate {
  tripId: string;
  routeId: string;
  startDate: string;
  /** TripDescriptor schedule_relationship: 3 is CANCELED. */
  relationship: number;
  /** The delays (seconds) of every arrival and departure event of its stop time updates. */
  eventDelays: number[];
}

/** The TripUpdate snapshot of the shared data: its header time (epoch ms) and its trip updates. */
export const HALIFAX_TRIP_UPDATES = readSharedGtfs('halifax/TripUpdates.pb');

/** Decodes a TripUpdate feed with the reader above. */
export function checkTripUpdates(bytes: Uint8Array): { timestamp: number; trips: CheckedTripUpdate[] } {
  const type = protobuf.parse(PROTO).root.lookupType('check.FeedMessage');
  const message = type.toObject(type.decode(bytes), { longs: Number }) as {
    header: { timestamp: number };
    entity: { tripUpdate?: { trip: { tripId: string; routeId?: string; startDate?: string; scheduleRelationship?: number }; stopTimeUpdate?: { arrival?: { delay?: number }; departure?: { delay?: number } }[] } }[];
  };
  const trips = message.entity.flatMap(({ tripUpdate }) =>
    tripUpdate
      ? [
          {
            tripId: tripUpdate.trip.tripId,
            routeId: tripUpdate.trip.routeId ?? '',
            startDate: tripUpdate.trip.startDate ?? '',
            relationship: tripUpdate.trip.scheduleRelationship ?? 0,
            eventDelays: (tripUpdate.stopTimeUpdate ?? []).flatMap((s) => [s.arrival?.delay, s.departure?.delay].filter((d): d is number => d !== undefined)),
          },
        ]
      : [],
  );
  return { timestamp: message.header.timestamp * 1000, trips };
}

/**
 * Trips a feed reports late by one delay of at least `minDelay` seconds at every stop it lists, running at `seconds`
 * after midnight both by their timetable (`times`) and late by that delay: whatever stop a reader takes the delay
 * from, it is that one.
 */
export function steadilyLate(trips: readonly CheckedTripUpdate[], times: TripTimes, seconds: number, minDelay: number): (CheckedTripUpdate & { delay: number })[] {
  return trips.flatMap((trip) => {
    const stops = times.get(trip.tripId);
    const delay = trip.eventDelays[0];
    const steady = trip.relationship === 0 && stops && trip.eventDelays.length > 0 && delay >= minDelay && trip.eventDelays.every((d) => d === delay);
    return steady && inService(stops, seconds) && inService(stops, seconds - delay) ? [{ ...trip, delay }] : [];
  });
}
