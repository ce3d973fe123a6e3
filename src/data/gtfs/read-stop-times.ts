/**
 * stop_times.txt, the largest file of a feed (hundreds of thousands of rows):
 * read into typed arrays, grouped by trip in stop_sequence order, with missing
 * times interpolated.
 *
 * @module
 */
import { readCsvTable } from './csv.ts';
import { integerField, parseGtfsTime } from './field-values.ts';
import type { GtfsStop, GtfsStopTimes, GtfsTrip } from './feed-model.ts';
import { GtfsError, where } from './gtfs-error.ts';
import { metresBetween } from './shape-geometry.ts';

const FILE = 'stop_times.txt';
const NO_TIME = -1;

/** Stop times in file order while reading. */
interface RawStopTimes {
  count: number;
  trip: Int32Array;
  line: Int32Array;
  stop: Uint32Array;
  sequence: Uint32Array;
  arrival: Int32Array;
  departure: Int32Array;
}

/**
 * Reads stop_times.txt, sets every trip's `firstStopTime` and
 * `stopTimeCount`, and gives trips without trip_headsign the name of their
 * last stop.
 * @throws GtfsError for a missing or bad field, an unknown trip or stop, a
 *   stop_sequence twice in a trip, a trip without times at its first or last
 *   stop, or times going backwards.
 */
export function readStopTimes(text: string, trips: GtfsTrip[], tripIndex: ReadonlyMap<string, number>, stops: readonly GtfsStop[], stopIndex: ReadonlyMap<string, number>): GtfsStopTimes {
  const raw = readRaw(text, tripIndex, stopIndex);
  const order = orderByTripAndSequence(raw, trips);
  const result: GtfsStopTimes = {
    stop: new Uint32Array(raw.count),
    sequence: new Uint32Array(raw.count),
    arrival: new Int32Array(raw.count),
    departure: new Int32Array(raw.count),
  };
  order.forEach((row, k) => {
    result.stop[k] = raw.stop[row];
    result.sequence[k] = raw.sequence[row];
    result.arrival[k] = raw.arrival[row];
    result.departure[k] = raw.departure[row];
  });
  trips.forEach((trip) => {
    if (trip.stopTimeCount === 0) return;
    const lineOf = (k: number) => raw.line[order[k]];
    fillTimes(trip, result, stops, lineOf);
    if (trip.headsign === '') trip.headsign = stops[result.stop[trip.firstStopTime + trip.stopTimeCount - 1]].name;
  });
  return result;
}

function readRaw(text: string, tripIndex: ReadonlyMap<string, number>, stopIndex: ReadonlyMap<string, number>): RawStopTimes {
  let capacity = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) capacity++;
  const raw: RawStopTimes = {
    count: 0,
    trip: new Int32Array(capacity),
    line: new Int32Array(capacity),
    stop: new Uint32Array(capacity),
    sequence: new Uint32Array(capacity),
    arrival: new Int32Array(capacity),
    departure: new Int32Array(capacity),
  };
  readCsvTable(text, FILE, ['trip_id', 'stop_id', 'stop_sequence'], (row) => {
    const tripId = row.require('trip_id');
    const trip = tripIndex.get(tripId);
    if (trip === undefined) throw row.error('trip_id', `trip_id ${JSON.stringify(tripId)} is not a trip of trips.txt`);
    const stopId = row.require('stop_id');
    const stop = stopIndex.get(stopId);
    if (stop === undefined) throw row.error('stop_id', `stop_id ${JSON.stringify(stopId)} is not a stop, station or entrance of stops.txt`);
    const times = [row.get('arrival_time'), row.get('departure_time')].map((value, i) => {
      if (value === '') return NO_TIME;
      const seconds = parseGtfsTime(value);
      const column = i === 0 ? 'arrival_time' : 'departure_time';
      if (Number.isNaN(seconds)) throw row.error(column, `${column} ${JSON.stringify(value)} is not a time (expected H:MM:SS, hours may exceed 23)`);
      return seconds;
    });
    const k = raw.count++;
    raw.trip[k] = trip;
    raw.line[k] = row.line;
    raw.stop[k] = stop;
    raw.sequence[k] = integerField(row, 'stop_sequence');
    raw.arrival[k] = times[0] === NO_TIME ? times[1] : times[0];
    raw.departure[k] = times[1] === NO_TIME ? times[0] : times[1];
  });
  return raw;
}

/** Row numbers grouped by trip (counting sort) and by stop_sequence within a trip; sets each trip's range. */
function orderByTripAndSequence(raw: RawStopTimes, trips: GtfsTrip[]): Int32Array {
  const start = new Int32Array(trips.length + 1);
  for (let r = 0; r < raw.count; r++) start[raw.trip[r] + 1]++;
  for (let t = 0; t < trips.length; t++) start[t + 1] += start[t];
  const next = start.slice(0, trips.length);
  const order = new Int32Array(raw.count);
  for (let r = 0; r < raw.count; r++) order[next[raw.trip[r]]++] = r;
  trips.forEach((trip, t) => {
    trip.firstStopTime = start[t];
    trip.stopTimeCount = start[t + 1] - start[t];
    const rows = order.subarray(start[t], start[t + 1]);
    let sorted = true;
    for (let k = 1; k < rows.length && sorted; k++) sorted = raw.sequence[rows[k - 1]] < raw.sequence[rows[k]];
    if (sorted) return;
    rows.sort((a, b) => raw.sequence[a] - raw.sequence[b] || a - b);
    for (let k = 1; k < rows.length; k++) {
      if (raw.sequence[rows[k - 1]] === raw.sequence[rows[k]]) {
        const line = raw.line[rows[k]];
        throw new GtfsError(`${where(FILE, line)}: trip ${JSON.stringify(trip.id)} has stop_sequence ${raw.sequence[rows[k]]} twice (also line ${raw.line[rows[k - 1]]}).`, { file: FILE, line, field: 'stop_sequence' });
      }
    }
  });
  return order;
}

/**
 * Checks a trip's times and fills the missing ones in proportion to the
 * straight-line distance between its stops (GTFS allows times only at
 * timepoints; the first and last stop must have them).
 */
function fillTimes(trip: GtfsTrip, times: GtfsStopTimes, stops: readonly GtfsStop[], lineOf: (k: number) => number): void {
  const first = trip.firstStopTime;
  const last = first + trip.stopTimeCount - 1;
  for (const k of [first, last]) {
    if (times.arrival[k] === NO_TIME) {
      const line = lineOf(k);
      throw new GtfsError(`${where(FILE, line)}: trip ${JSON.stringify(trip.id)} has no arrival_time or departure_time at its ${k === first ? 'first' : 'last'} stop (required there).`, { file: FILE, line, field: 'arrival_time' });
    }
  }
  let previous = first;
  let travelled = 0;
  const along = new Float64Array(trip.stopTimeCount);
  for (let k = first + 1; k <= last; k++) {
    const a = stops[times.stop[k - 1]];
    const b = stops[times.stop[k]];
    travelled += metresBetween(a.lng, a.lat, b.lng, b.lat);
    along[k - first] = travelled;
    if (times.arrival[k] === NO_TIME) continue;
    if (times.arrival[k] < times.departure[previous] || times.departure[k] < times.arrival[k]) {
      const line = lineOf(k);
      throw new GtfsError(`${where(FILE, line)}: trip ${JSON.stringify(trip.id)} goes back in time at stop_sequence ${times.sequence[k]} (times must not decrease along a trip).`, { file: FILE, line, field: 'arrival_time' });
    }
    const span = along[k - first] - along[previous - first];
    for (let m = previous + 1; m < k; m++) {
      const share = span > 0 ? (along[m - first] - along[previous - first]) / span : (m - previous) / (k - previous);
      const time = Math.round(times.departure[previous] + share * (times.arrival[k] - times.departure[previous]));
      times.arrival[m] = time;
      times.departure[m] = time;
    }
    previous = k;
  }
}
