import { readBundle } from './bundle/container.ts';
import {
  NO_INDEX_U16,
  NO_INDEX_U8,
  STOP_HAS_ARRIVAL,
  STOP_HAS_DEPARTURE,
  TIMETABLE_KIND,
  TIMETABLE_SECTIONS as S,
  type Calendar,
  type TimetableMeta,
} from './bundle/timetable-format.ts';
import type { LocalizedText } from './bundle/network-format.ts';

export type { Calendar } from './bundle/timetable-format.ts';

/** Value of an absent time. */
export const NO_TIME = -1;

/** A list of integer lists: values of item i are `values[start[i]] … values[start[i + 1] - 1]`. */
export interface IndexLists {
  start: Uint32Array;
  values: Int32Array;
}

/**
 * Every train of one day type, column-wise. Stops are flattened: the stops
 * of train i are `stopStart[i] … stopStart[i + 1] - 1`. Times are minutes of
 * the service day (03:00 to 03:00, so 00:30 is 1470), {@link NO_TIME} when absent.
 */
export interface Timetable {
  calendar: Calendar;
  trainCount: number;
  railway: Uint16Array;
  /** Train type index, or -1. */
  type: Int32Array;
  /** Rail direction index, or -1. */
  direction: Int32Array;
  /** Vehicle index, or -1. */
  vehicle: Int32Array;
  number: string[];
  /** Suffix of the timetable id after the train id, e.g. "Weekday" or "Weekday.2". */
  suffix: string[];
  names: Map<number, LocalizedText[]>;
  stopStart: Uint32Array;
  stopStation: Uint32Array;
  arrival: Int16Array;
  departure: Int16Array;
  origins: IndexLists;
  destinations: IndexLists;
  /** Timetables (indices in this table) this train continues from / on to. */
  previous: IndexLists;
  next: IndexLists;
}

function lists(counts: Uint8Array, values: Int32Array): IndexLists {
  const start = new Uint32Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++) start[i + 1] = start[i] + counts[i];
  return { start, values };
}

const orNone = (values: ArrayLike<number>, none: number): Int32Array => Int32Array.from(values, (v) => (v === none ? -1 : v));

/** Decodes a timetable bundle file; `source` names it in error messages. */
export function decodeTimetable(bytes: ArrayBuffer | Uint8Array, source: string): Timetable {
  const reader = readBundle<TimetableMeta>(bytes, TIMETABLE_KIND, source);
  const { meta } = reader;
  const n = meta.trainCount;
  const pattern = reader.section(S.pattern, 'u32');
  const firstTime = reader.section(S.firstTime, 'dvarint');
  const steps = reader.section(S.timeSteps, 'varint');
  const patternLength = reader.section(S.patternLength, 'u16');
  const patternStations = reader.section(S.patternStations, 'dvarint');
  const patternFlags = reader.section(S.patternFlags, 'u8');
  const suffixIndex = reader.section(S.suffix, 'u8');

  const patternStart = new Uint32Array(patternLength.length + 1);
  for (let p = 0; p < patternLength.length; p++) patternStart[p + 1] = patternStart[p] + patternLength[p];

  const stopStart = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) stopStart[i + 1] = stopStart[i] + patternLength[pattern[i]];
  const stopCount = stopStart[n];
  const stopStation = new Uint32Array(stopCount);
  const arrival = new Int16Array(stopCount).fill(NO_TIME);
  const departure = new Int16Array(stopCount).fill(NO_TIME);

  let step = 0;
  for (let i = 0; i < n; i++) {
    const p = pattern[i];
    let time = firstTime[i];
    let first = true;
    for (let k = 0; k < patternLength[p]; k++) {
      const stop = stopStart[i] + k;
      const flags = patternFlags[patternStart[p] + k];
      stopStation[stop] = patternStations[patternStart[p] + k];
      for (const [bit, target] of [[STOP_HAS_ARRIVAL, arrival], [STOP_HAS_DEPARTURE, departure]] as const) {
        if (!(flags & bit)) continue;
        if (!first) time += steps[step++];
        first = false;
        target[stop] = time;
      }
    }
  }

  return {
    calendar: meta.calendar,
    trainCount: n,
    railway: reader.section(S.railway, 'u16'),
    type: orNone(reader.section(S.type, 'u16'), NO_INDEX_U16),
    direction: orNone(reader.section(S.direction, 'u8'), NO_INDEX_U8),
    vehicle: orNone(reader.section(S.vehicle, 'u8'), NO_INDEX_U8),
    number: meta.numbers,
    suffix: Array.from(suffixIndex, (s) => meta.suffixes[s]),
    names: new Map(meta.names),
    stopStart,
    stopStation,
    arrival,
    departure,
    origins: lists(reader.section(S.originCount, 'u8'), reader.section(S.origins, 'varint')),
    destinations: lists(reader.section(S.destinationCount, 'u8'), reader.section(S.destinations, 'varint')),
    previous: lists(reader.section(S.previousCount, 'u8'), reader.section(S.previous, 'varint')),
    next: lists(reader.section(S.nextCount, 'u8'), reader.section(S.next, 'varint')),
  };
}

/** The values of list `i`. */
export function listAt(l: IndexLists, i: number): Int32Array {
  return l.values.subarray(l.start[i], l.start[i + 1]);
}
