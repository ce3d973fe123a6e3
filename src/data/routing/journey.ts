/**
 * Journeys as the route search returns them: plain, serialisable data
 * (numbers, strings, arrays) that a worker can post as is. Times are
 * seconds since 00:00 of the service date (03:00 is 10800, 00:30 of the
 * next date is 88200), real-time where a delay was given.
 *
 * @module
 */
import type { LocalizedText } from '../bundle/network-format.ts';

/** A station a leg's train stops at between boarding and alighting. */
export interface LegStop {
  /** Station index (into `NetworkMeta.stations`). */
  station: number;
  arrival: number;
  departure: number;
}

/** A ride on one timetable (one line). */
export interface JourneyLeg {
  /** Timetable index in the day's timetable (what the train simulation selects and tracks). */
  train: number;
  /** "{railway id}.{number}", e.g. "JR-East.Yamanote.1234G". */
  trainId: string;
  number: string;
  railway: number;
  railwayId: string;
  /** Train type index (into `NetworkMeta.trainTypes`), or −1. */
  type: number;
  /** Train type id, e.g. "JR-East.Rapid", or null. */
  typeId: string | null;
  /** Train names (limited expresses), empty for most trains. */
  names: LocalizedText[];
  /** Destination station indices (the timetable's, or its last stop). */
  destinations: number[];
  /** Boarding and alighting station indices. */
  from: number;
  to: number;
  /** Departure from `from` and arrival at `to`, seconds (real-time). */
  departure: number;
  arrival: number;
  /** Timetable departure and arrival, seconds. */
  scheduledDeparture: number;
  scheduledArrival: number;
  /** Real-time delay of this train, seconds (0 when none was given). */
  delay: number;
  /** Stations in between, in riding order. */
  stops: LegStop[];
  /** This leg continues the previous leg's train (through service): no transfer, the passenger stays on board. */
  through: boolean;
}

/** A change of trains between two legs. */
export interface JourneyTransfer {
  /** Index of the leg arriving (the next leg departs). */
  afterLeg: number;
  /** Station left (where the arriving leg ends) and station of the next departure; equal for a same-station change. */
  from: number;
  to: number;
  /** `same-station` or a `walk` to another station of the transfer group. */
  kind: 'same-station' | 'walk';
  /** Arrival of the arriving leg and departure of the next leg, seconds. */
  arrival: number;
  departure: number;
  /** Minimum transfer time used for this change, seconds (see `transfer-times.ts`). */
  minimumSeconds: number;
}

/** Why a journey is in the results. */
export type JourneyKind = 'earliest-arrival' | 'fewest-transfers';

/** One way from the origin to the destination. */
export interface Journey {
  /** Identity of the journey (its trains and stations), to tell apart the journeys of several searches. */
  key: string;
  kinds: JourneyKind[];
  /** Departure of the first leg and arrival of the last, seconds. */
  departure: number;
  arrival: number;
  /** arrival − departure, seconds. */
  duration: number;
  /** Number of changes of train (through service is not a change). */
  transferCount: number;
  legs: JourneyLeg[];
  transfers: JourneyTransfer[];
}

/** Why a search found no journey. */
export type NoJourneyReason =
  /** There are journeys today, but none departing at or after the requested time. */
  | 'after-last-train'
  /** There are journeys today, but none arriving before the reference journey. */
  | 'before-first-train'
  /** No journey at all between these stations in today's timetable (within the transfer limit). */
  | 'no-connection';

/** The answer to a route search. */
export interface RouteSearchResult {
  /** Day type of the timetable searched. */
  calendar: string;
  /** Origin and destination stations searched (station indices). */
  from: number[];
  to: number[];
  /** The requested departure time, seconds. */
  departure: number;
  /** Earliest arrival first, then journeys with fewer transfers that arrive later (within the margin). */
  journeys: Journey[];
  /** Set when `journeys` is empty. */
  none: NoJourneyReason | null;
}
