/**
 * The Halifax GTFS feed of the shared data read straight from its text files, independently of the app's code: what
 * the unit and browser tests of a city bundle check the app against (trips in service, their stop times, their route
 * types).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import JSZip from 'jszip';
import { sharedDataDir } from './gtfs-server.ts';

/** The Halifax feed's zip. */
export const HALIFAX = resolve(sharedDataDir(), 'gtfs/halifax/google_transit.zip');

/** The rows of a file of the Halifax zip, fields split at commas (the feed quotes none); the first row is the header. */
export async function feedRows(name: string): Promise<string[][]> {
  const zip = await JSZip.loadAsync(readFileSync(HALIFAX));
  return (await zip.file(name)!.async('string')).split(/\r?\n/).filter(Boolean).map((line) => line.split(',').map((f) => f.trim()));
}

/** A trip's stop times (seconds after midnight), in stop_sequence order. */
export type StopTimes = { stop: string; arrival: number; departure: number }[];
/** The stop times of each trip of a date, by trip id. */
export type TripTimes = Map<string, StopTimes>;

const tripTimesByDate = new Map<string, Promise<TripTimes>>();

/** Stop times of every trip whose service runs on `date` (`YYYY-MM-DD`: calendar.txt and calendar_dates.txt), by trip id. */
export function tripTimes(date: string): Promise<TripTimes> {
  let times = tripTimesByDate.get(date);
  if (!times) tripTimesByDate.set(date, (times = readTripTimes(date)));
  return times;
}

async function readTripTimes(date: string): Promise<TripTimes> {
  const day = date.replaceAll('-', '');
  const weekday = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][new Date(date + 'T12:00:00Z').getUTCDay()];
  const running = new Set<string>();
  const [calendarHeader, ...calendar] = await feedRows('calendar.txt');
  for (const row of calendar) {
    const field = (name: string) => row[calendarHeader.indexOf(name)];
    if (field(weekday) === '1' && field('start_date') <= day && day <= field('end_date')) running.add(field('service_id'));
  }
  const [datesHeader, ...dates] = await feedRows('calendar_dates.txt');
  for (const row of dates) {
    if (row[datesHeader.indexOf('date')] !== day) continue;
    const service = row[datesHeader.indexOf('service_id')];
    if (row[datesHeader.indexOf('exception_type')] === '1') running.add(service);
    else running.delete(service);
  }
  const [tripsHeader, ...trips] = await feedRows('trips.txt');
  const tripsToday = new Set(trips.filter((row) => running.has(row[tripsHeader.indexOf('service_id')])).map((row) => row[tripsHeader.indexOf('trip_id')]));
  const [timesHeader, ...times] = await feedRows('stop_times.txt');
  const column = (name: string) => timesHeader.indexOf(name);
  const toSeconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  const byTrip = new Map<string, { sequence: number; stop: string; arrival: number; departure: number }[]>();
  for (const row of times) {
    const trip = row[column('trip_id')];
    if (!tripsToday.has(trip)) continue;
    const list = byTrip.get(trip) ?? [];
    list.push({ sequence: Number(row[column('stop_sequence')]), stop: row[column('stop_id')], arrival: toSeconds(row[column('arrival_time')]), departure: toSeconds(row[column('departure_time')]) });
    byTrip.set(trip, list);
  }
  for (const list of byTrip.values()) list.sort((a, b) => a.sequence - b.sequence);
  return byTrip;
}

/** Whether a trip is in service at `seconds` after midnight: from a minute before its first departure (the app shows it standing at its origin then) until its last arrival. */
export function inService(times: StopTimes, seconds: number): boolean {
  return times[0].departure - 60 <= seconds && seconds < times[times.length - 1].arrival;
}

/** Route id and GTFS route_type of each trip, by trip id. */
export async function tripRoutes(): Promise<Map<string, { route: string; type: number }>> {
  const [routesHeader, ...routes] = await feedRows('routes.txt');
  const typeOf = new Map(routes.map((row) => [row[routesHeader.indexOf('route_id')], Number(row[routesHeader.indexOf('route_type')])]));
  const [tripsHeader, ...trips] = await feedRows('trips.txt');
  return new Map(trips.map((row) => {
    const route = row[tripsHeader.indexOf('route_id')];
    return [row[tripsHeader.indexOf('trip_id')], { route, type: typeOf.get(route)! }];
  }));
}
