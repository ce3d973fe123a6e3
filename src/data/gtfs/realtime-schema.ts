/**
 * The part of the GTFS Realtime schema (proto2, package `transit_realtime`,
 * https://gtfs.org/realtime/reference/) that vehicle positions and trip
 * updates use, as a protobufjs JSON descriptor. Alert is left out: its field
 * (5 of FeedEntity) is skipped as an unknown field when decoding.
 *
 * @module
 */
import protobuf from 'protobufjs/light.js';
import { GtfsError, messageOf } from './gtfs-error.ts';

const SCHEMA: protobuf.INamespace = {
  nested: {
    transit_realtime: {
      nested: {
        FeedMessage: {
          fields: {
            header: { rule: 'required', type: 'FeedHeader', id: 1 },
            entity: { rule: 'repeated', type: 'FeedEntity', id: 2 },
          },
        },
        FeedHeader: {
          fields: {
            gtfs_realtime_version: { rule: 'required', type: 'string', id: 1 },
            incrementality: { type: 'Incrementality', id: 2, options: { default: 'FULL_DATASET' } },
            timestamp: { type: 'uint64', id: 3 },
          },
          nested: { Incrementality: { values: { FULL_DATASET: 0, DIFFERENTIAL: 1 } } },
        },
        FeedEntity: {
          fields: {
            id: { rule: 'required', type: 'string', id: 1 },
            is_deleted: { type: 'bool', id: 2 },
            trip_update: { type: 'TripUpdate', id: 3 },
            vehicle: { type: 'VehiclePosition', id: 4 },
          },
        },
        TripUpdate: {
          fields: {
            trip: { rule: 'required', type: 'TripDescriptor', id: 1 },
            vehicle: { type: 'VehicleDescriptor', id: 3 },
            stop_time_update: { rule: 'repeated', type: 'StopTimeUpdate', id: 2 },
            timestamp: { type: 'uint64', id: 4 },
            delay: { type: 'int32', id: 5 },
          },
          nested: {
            StopTimeEvent: {
              fields: {
                delay: { type: 'int32', id: 1 },
                time: { type: 'int64', id: 2 },
                uncertainty: { type: 'int32', id: 3 },
              },
            },
            StopTimeUpdate: {
              fields: {
                stop_sequence: { type: 'uint32', id: 1 },
                stop_id: { type: 'string', id: 4 },
                arrival: { type: 'StopTimeEvent', id: 2 },
                departure: { type: 'StopTimeEvent', id: 3 },
                schedule_relationship: { type: 'uint32', id: 5 },
              },
            },
          },
        },
        VehiclePosition: {
          fields: {
            trip: { type: 'TripDescriptor', id: 1 },
            vehicle: { type: 'VehicleDescriptor', id: 8 },
            position: { type: 'Position', id: 2 },
            current_stop_sequence: { type: 'uint32', id: 3 },
            stop_id: { type: 'string', id: 7 },
            current_status: { type: 'VehicleStopStatus', id: 4 },
            timestamp: { type: 'uint64', id: 5 },
            congestion_level: { type: 'uint32', id: 6 },
            occupancy_status: { type: 'uint32', id: 9 },
            occupancy_percentage: { type: 'uint32', id: 10 },
          },
          nested: { VehicleStopStatus: { values: { INCOMING_AT: 0, STOPPED_AT: 1, IN_TRANSIT_TO: 2 } } },
        },
        Position: {
          fields: {
            latitude: { rule: 'required', type: 'float', id: 1 },
            longitude: { rule: 'required', type: 'float', id: 2 },
            bearing: { type: 'float', id: 3 },
            odometer: { type: 'double', id: 4 },
            speed: { type: 'float', id: 5 },
          },
        },
        TripDescriptor: {
          fields: {
            trip_id: { type: 'string', id: 1 },
            route_id: { type: 'string', id: 5 },
            direction_id: { type: 'uint32', id: 6 },
            start_time: { type: 'string', id: 2 },
            start_date: { type: 'string', id: 3 },
            schedule_relationship: { type: 'uint32', id: 4 },
          },
        },
        VehicleDescriptor: {
          fields: {
            id: { type: 'string', id: 1 },
            label: { type: 'string', id: 2 },
            license_plate: { type: 'string', id: 3 },
          },
        },
      },
    },
  },
};

/** The `transit_realtime.FeedMessage` type. */
export const FEED_MESSAGE: protobuf.Type = protobuf.Root.fromJSON(SCHEMA).lookupType('transit_realtime.FeedMessage');

/** A long (uint64 or int64 decoded by protobufjs as a Long or a number) as a number, or null when absent. */
export function toNumber(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  const long = value as { toNumber?: () => number };
  return typeof long.toNumber === 'function' ? long.toNumber() : Number(value);
}

/** A field of a decoded message, or undefined when it was not on the wire (proto2 defaults ignored). */
export function present<T>(message: object | null | undefined, field: string): T | undefined {
  if (!message || !Object.prototype.hasOwnProperty.call(message, field)) return undefined;
  return (message as Record<string, T>)[field];
}

/** A decoded FeedMessage: its header and entities (fields as on the wire; see {@link present}). */
export interface DecodedFeed {
  header: object;
  entity: { id: string; is_deleted?: boolean; vehicle?: object; trip_update?: object }[];
}

/**
 * Decodes a GTFS Realtime FeedMessage.
 * @throws GtfsError `not a GTFS Realtime FeedMessage (…)` when the bytes do not decode.
 */
export function decodeFeedMessage(bytes: Uint8Array): DecodedFeed {
  try {
    return FEED_MESSAGE.decode(bytes) as unknown as DecodedFeed;
  } catch (error) {
    throw new GtfsError(`not a GTFS Realtime FeedMessage (${messageOf(error)}).`, {}, { cause: error });
  }
}
