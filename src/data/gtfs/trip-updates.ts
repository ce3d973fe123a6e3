/**
 * Decoding a GTFS Realtime TripUpdate feed with protobufjs: per trip, whether
 * it is cancelled, its trip-level delay, and the arrival and departure events
 * of its stop time updates (a delay, an absolute time, or both).
 *
 * @module
 */
import { decodeFeedMessage, present, toNumber } from './realtime-schema.ts';

/** One arrival or departure of a stop time update: delay in seconds and/or predicted time in epoch seconds. */
export interface StopTimeEvent {
  delay: number | null;
  time: number | null;
}

/** One StopTimeUpdate of a trip, in the feed's order (by stop_sequence). */
export interface StopTimeReport {
  /** stop_sequence, or null. */
  sequence: number | null;
  /** stop_id, or `''`. */
  stopId: string;
  arrival: StopTimeEvent | null;
  departure: StopTimeEvent | null;
  /** schedule_relationship SKIPPED (1) or NO_DATA (2): no event applies. */
  noEvent: boolean;
}

/** One TripUpdate entity. */
export interface TripUpdateReport {
  /** FeedEntity id. */
  entityId: string;
  /** TripDescriptor trip_id, or `''`. */
  tripId: string;
  /** TripDescriptor start_date `YYYYMMDD`, or `''`. */
  startDate: string;
  /** TripDescriptor start_time `HH:MM:SS`, or `''` (frequency-based trips). */
  startTime: string;
  /** TripDescriptor schedule_relationship CANCELED (3) or DELETED (7): the trip does not run. */
  canceled: boolean;
  /** TripUpdate delay (seconds), or null. */
  delay: number | null;
  stops: StopTimeReport[];
}

/** A decoded TripUpdate feed. */
export interface TripUpdateFeed {
  /** FeedHeader timestamp, epoch ms, or null. */
  timestamp: number | null;
  trips: TripUpdateReport[];
  /** Entities left out, one sentence each (no trip_id). */
  problems: string[];
}

const CANCELED = 3;
const DELETED = 7;
const SKIPPED = 1;
const NO_DATA = 2;

function eventOf(message: object | undefined): StopTimeEvent | null {
  if (!message) return null;
  const delay = present<number>(message, 'delay') ?? null;
  const time = toNumber(present(message, 'time'));
  return delay === null && time === null ? null : { delay, time };
}

/**
 * Decodes a GTFS Realtime FeedMessage and returns its trip updates; entities
 * without one (vehicle positions, alerts) and deleted entities are skipped.
 * @throws GtfsError `not a GTFS Realtime FeedMessage (…)` when the bytes do not decode.
 */
export function decodeTripUpdates(bytes: Uint8Array): TripUpdateFeed {
  const feed = decodeFeedMessage(bytes);
  const headerTime = toNumber(present(feed.header, 'timestamp'));
  const trips: TripUpdateReport[] = [];
  const problems: string[] = [];
  for (const entity of feed.entity) {
    const update = present<object>(entity, 'trip_update');
    if (!update || present(entity, 'is_deleted') === true) continue;
    const trip = present<object>(update, 'trip');
    const tripId = present<string>(trip, 'trip_id') ?? '';
    if (tripId === '') {
      problems.push(`trip update (entity ${JSON.stringify(entity.id)}) has no trip_id, so it cannot be matched to a timetable; it is ignored.`);
      continue;
    }
    const relationship = present<number>(trip, 'schedule_relationship');
    const stops = (present<object[]>(update, 'stop_time_update') ?? []).map((stop): StopTimeReport => {
      const stopRelationship = present<number>(stop, 'schedule_relationship');
      return {
        sequence: present<number>(stop, 'stop_sequence') ?? null,
        stopId: present<string>(stop, 'stop_id') ?? '',
        arrival: eventOf(present(stop, 'arrival')),
        departure: eventOf(present(stop, 'departure')),
        noEvent: stopRelationship === SKIPPED || stopRelationship === NO_DATA,
      };
    });
    trips.push({
      entityId: entity.id,
      tripId,
      startDate: present<string>(trip, 'start_date') ?? '',
      startTime: present<string>(trip, 'start_time') ?? '',
      canceled: relationship === CANCELED || relationship === DELETED,
      delay: present<number>(update, 'delay') ?? null,
      stops,
    });
  }
  return { timestamp: headerTime === null ? null : headerTime * 1000, trips, problems };
}
