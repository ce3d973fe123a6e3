/**
 * The part of the GTFS Realtime schema (proto2, package `transit_realtime`,
 * https://gtfs.org/realtime/reference/) that vehicle positions use, as a
 * protobufjs JSON descriptor. TripUpdate and Alert are left out: their fields
 * (3 and 5 of FeedEntity) are skipped as unknown fields when decoding.
 *
 * @module
 */
import protobuf from 'protobufjs/light.js';

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
            vehicle: { type: 'VehiclePosition', id: 4 },
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
