/**
 * GTFS Realtime trip updates laid over a city bundle's timetables: each
 * update's trip_id is matched to the timetable that runs that trip today (the
 * GTFS city pipeline keeps the trip id as the train number; a departure of a
 * frequencies.txt trip is `{trip_id}@HH:MM`), and gives that timetable one
 * delay, the one at the stop it is heading to now, or takes it off when the
 * trip is cancelled.
 *
 * VehiclePosition feeds give delays too: each vehicle's trip is matched the
 * same way, and the report's place and time give how late it runs
 * (`position-delays.ts`). Where a trip has both, the position wins: it is
 * what was seen, a TripUpdate what is predicted.
 *
 * @module
 */
import type { ServiceCalendar } from '../calendar.ts';
import type { StopTimeEvent, TripUpdateFeed, TripUpdateReport } from '../gtfs/trip-updates.ts';
import type { VehiclePositionFeed, VehicleReport } from '../gtfs/vehicle-positions.ts';
import type { Network } from '../network.ts';
import { NO_TIME, type Timetable } from '../timetable.ts';
import { positionDelay } from './position-delays.ts';

/** A decoded GTFS Realtime feed of a city bundle: trip updates, or vehicle positions. */
export type CityRealtimeFeed = TripUpdateFeed | VehiclePositionFeed;

/** Whether a feed is a VehiclePosition feed. */
export const isVehicleFeed = (feed: CityRealtimeFeed): feed is VehiclePositionFeed => 'vehicles' in feed;

/** Reports older than this at the time they are applied say nothing about now, seconds (as ODPT's stale limit). */
const STALE_POSITION_SECONDS = 300;

/** What the trip updates of one poll give the day's timetables. */
export interface TripDelays {
  /** Seconds late (never below 0, as for Tokyo's reports) by timetable index, for the trips with a delay. */
  delays: Map<number, number>;
  /** Timetable indices of cancelled trips. */
  canceled: number[];
  /**
   * Trip updates and vehicles that matched no timetable of the day (another day's run, or a trip the bundle does not
   * have), and vehicles too far from their trip or reported too long ago to say how late it is.
   */
  unmatched: number;
}

/** The day a set of trip updates is matched against. */
export interface TripDay {
  network: Network;
  timetable: Timetable;
  /** `YYYY-MM-DD`. */
  serviceDate: string;
  /** The clock zone the timetable's times are on. */
  serviceCalendar: ServiceCalendar;
}

/** Timetable indices by train number, and the departures of each frequencies.txt trip (`{trip_id}@HH:MM`), built once per day. */
const numbersOfDay = new WeakMap<Timetable, { numbers: Map<string, number>; departures: Map<string, number[]> }>();

function numberIndex(timetable: Timetable) {
  let index = numbersOfDay.get(timetable);
  if (!index) {
    index = { numbers: new Map(), departures: new Map() };
    for (let i = 0; i < timetable.trainCount; i++) {
      const number = timetable.number[i];
      if (!index.numbers.has(number)) index.numbers.set(number, i);
      const at = number.lastIndexOf('@');
      if (at <= 0) continue;
      const trip = number.slice(0, at);
      let departures = index.departures.get(trip);
      if (!departures) index.departures.set(trip, (departures = []));
      departures.push(i);
    }
    numbersOfDay.set(timetable, index);
  }
  return index;
}

/** The timetable running a trip update's trip on `day`, or undefined. */
function trainOf(day: TripDay, trip: TripUpdateReport): number | undefined {
  if (trip.startDate !== '' && trip.startDate !== day.serviceDate.replaceAll('-', '')) return undefined;
  const { numbers } = numberIndex(day.timetable);
  return numbers.get(trip.tripId) ?? (trip.startTime ? numbers.get(`${trip.tripId}@${trip.startTime.slice(0, 5)}`) : undefined);
}

/** The instant (epoch seconds) of a timetable time of `day` (minutes of its service day). */
const epochSecondsOn = (day: TripDay) => (minutes: number) => day.serviceCalendar.epochOfServiceTime(day.serviceDate, minutes * 60) / 1000;

/**
 * The timetable a vehicle runs on `day` and how late it is there (seconds), or undefined. A vehicle on a
 * frequencies.txt trip names no departure: the one its place and time fit best is taken.
 */
function vehicleDelay(day: TripDay, vehicle: VehicleReport, seconds: number): { train: number; delay: number } | undefined {
  if (vehicle.tripId === '' || (vehicle.startDate !== '' && vehicle.startDate !== day.serviceDate.replaceAll('-', ''))) return undefined;
  const { numbers, departures } = numberIndex(day.timetable);
  const exact = numbers.get(vehicle.tripId);
  const trains = exact === undefined ? (departures.get(vehicle.tripId) ?? []) : [exact];
  const seen = { lng: vehicle.lng, lat: vehicle.lat, time: seconds };
  let best: { train: number; delay: number } | undefined;
  for (const train of trains) {
    const delay = positionDelay(day.network, day.timetable, train, seen, epochSecondsOn(day));
    if (delay !== null && (!best || Math.abs(delay) < Math.abs(best.delay))) best = { train, delay };
  }
  return best;
}

/**
 * The delay of a trip at epoch second `now`: that of the first stop time
 * update the vehicle has not left yet (its arrival event, else its
 * departure), else of the last one given, else the trip's own delay; null
 * when the update says nothing about time. An event with a time and no delay
 * is compared with the timetable's time at its stop (found by stop_id).
 */
function delayOf(day: TripDay, train: number, trip: TripUpdateReport, now: number): number | null {
  const { timetable, network } = day;
  const first = timetable.stopStart[train];
  const last = timetable.stopStart[train + 1];
  let from = first;
  let latest: number | null = null;
  for (const stop of trip.stops) {
    if (stop.noEvent || (!stop.arrival && !stop.departure)) continue;
    // The stop in the timetable: its station id ends in `.{stop_id}` (and `~n` for a later visit of the same stop).
    let s = -1;
    for (let k = from; k < last && stop.stopId !== ''; k++) {
      const id = network.meta.stations[timetable.stopStation[k]].id;
      const at = id.lastIndexOf(`.${stop.stopId}`);
      if (at >= 0 && (at + stop.stopId.length + 1 === id.length || id[at + stop.stopId.length + 1] === '~')) {
        s = k;
        break;
      }
    }
    if (s >= 0) from = s + 1;
    const scheduled = (minutes: number) => (s < 0 || minutes === NO_TIME ? null : epochSecondsOn(day)(minutes));
    const delayAt = (event: StopTimeEvent | null, minutes: number): number | null => {
      if (!event) return null;
      if (event.delay !== null) return event.delay;
      const planned = scheduled(minutes);
      return planned === null || event.time === null ? null : event.time - planned;
    };
    const arrivalMinutes = s < 0 ? NO_TIME : timetable.arrival[s] === NO_TIME ? timetable.departure[s] : timetable.arrival[s];
    const departureMinutes = s < 0 ? NO_TIME : timetable.departure[s] === NO_TIME ? timetable.arrival[s] : timetable.departure[s];
    const delay = delayAt(stop.arrival, arrivalMinutes) ?? delayAt(stop.departure, departureMinutes);
    if (delay === null) continue;
    latest = delay;
    // When the vehicle leaves this stop: the departure's time, else the arrival's, else the timetable's plus the delay.
    const leaves = stop.departure?.time ?? stop.arrival?.time ?? ((scheduled(departureMinutes) ?? NaN) + delay);
    if (Number.isNaN(leaves) || leaves >= now) return delay;
  }
  return latest ?? trip.delay;
}

/** Matches the trip updates and vehicle positions of `feeds` to the timetables of `day` at epoch milliseconds `now`. */
export function tripDelays(day: TripDay, feeds: Iterable<CityRealtimeFeed>, now: number): TripDelays {
  const result: TripDelays = { delays: new Map(), canceled: [], unmatched: 0 };
  const vehicleFeeds: VehiclePositionFeed[] = [];
  for (const feed of feeds) {
    if (isVehicleFeed(feed)) {
      vehicleFeeds.push(feed);
      continue;
    }
    for (const trip of feed.trips) {
      const train = trainOf(day, trip);
      if (train === undefined) {
        result.unmatched++;
        continue;
      }
      if (trip.canceled) {
        result.canceled.push(train);
        continue;
      }
      const delay = delayOf(day, train, trip, now / 1000);
      if (delay !== null) result.delays.set(train, Math.max(0, Math.round(delay)));
    }
  }
  const canceled = new Set(result.canceled);
  for (const feed of vehicleFeeds) {
    for (const vehicle of feed.vehicles) {
      const seconds = (vehicle.timestamp ?? feed.timestamp ?? now) / 1000;
      const seen = seconds >= now / 1000 - STALE_POSITION_SECONDS ? vehicleDelay(day, vehicle, seconds) : undefined;
      if (!seen) result.unmatched++;
      else if (!canceled.has(seen.train)) result.delays.set(seen.train, Math.max(0, Math.round(seen.delay)));
    }
  }
  return result;
}
