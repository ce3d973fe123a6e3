import type { LocalizedText } from '../bundle/network-format.ts';

/** One stop of a train's timetable. */
export interface TrainStop {
  station: number;
  /** Minutes of the service day, or null. */
  arrival: number | null;
  departure: number | null;
}

/** What the popup and the tracking timetable show about a train (names are resolved by the UI). */
export interface TrainDetails {
  /** Timetable index in the current day's table. */
  train: number;
  /** Train id without the `odpt.Train:` prefix, e.g. "JR-East.Yamanote.400G". */
  id: string;
  railway: number;
  number: string;
  /** Train type index, or -1. */
  type: number;
  /** Rail direction index, or -1. */
  direction: number;
  destinations: number[];
  names: LocalizedText[] | null;
  stops: TrainStop[];
  /** Index in `stops` of the stop the train stands at or last left (−1 before the first departure). */
  previousStop: number;
  /** Index in `stops` of the next stop (−1 after the last). */
  nextStop: number;
  standing: boolean;
  /** Delay in seconds (0 without real-time data). */
  delay: number;
  /** Head position [lng, lat, altitude] and bearing (degrees). */
  position: [number, number, number];
  bearing: number;
  /** True when the head is underground. */
  underground: boolean;
}
