/**
 * frequencies.txt: trips that run at a headway over a time window instead of
 * once at the times of their stop_times.txt rows.
 *
 * @module
 */
import { readCsvTable } from './csv.ts';
import { enumField, integerField, parseGtfsTime } from './field-values.ts';
import type { CsvRow } from './csv.ts';

const FILE = 'frequencies.txt';

/** One row of frequencies.txt. */
export interface GtfsFrequency {
  /** Index of the template trip in the feed's trips. */
  trip: number;
  /** First departure of the window and its end (exclusive), GTFS seconds. */
  start: number;
  end: number;
  /** Seconds between departures (> 0). */
  headway: number;
}

function timeField(row: CsvRow, column: string): number {
  const text = row.require(column);
  const seconds = parseGtfsTime(text);
  if (Number.isNaN(seconds)) throw row.error(column, `${column} ${JSON.stringify(text)} is not a time (expected H:MM:SS)`);
  return seconds;
}

/**
 * The rows of frequencies.txt (null when the feed has none).
 * @throws GtfsError naming line and field for an unknown trip, a bad time, a window ending before it starts, or a headway of 0.
 */
export function readFrequencies(text: string | null, tripIndex: ReadonlyMap<string, number>): GtfsFrequency[] {
  const frequencies: GtfsFrequency[] = [];
  if (text === null) return frequencies;
  readCsvTable(text, FILE, ['trip_id', 'start_time', 'end_time', 'headway_secs'], (row) => {
    const tripId = row.require('trip_id');
    const trip = tripIndex.get(tripId);
    if (trip === undefined) throw row.error('trip_id', `trip_id ${JSON.stringify(tripId)} is not a trip of trips.txt`);
    const start = timeField(row, 'start_time');
    const end = timeField(row, 'end_time');
    if (end <= start) throw row.error('end_time', `end_time ${row.get('end_time')} is not after start_time ${row.get('start_time')}`);
    const headway = integerField(row, 'headway_secs');
    if (headway === 0) throw row.error('headway_secs', 'headway_secs is 0 (a headway must be at least one second)');
    enumField(row, 'exact_times', [0, 1], 0);
    frequencies.push({ trip, start, end, headway });
  });
  return frequencies;
}
