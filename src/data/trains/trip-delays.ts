/**
 * GTFS Realtime trip updates laid over a city bundle's timetables: each
 * update's trip_id is matched to the timetable that runs that trip today (the
 * GTFS city pipeline keeps the trip id as the train number; a departure of a
 * frequencies.txt trip is `{trip_id}@HH:MM`), and gives that timetable one
 * delay, the one at the stop it is heading to now, or takes it off when the
 * trip is cancelled.
 *
 * @module
 */
import type { ServiceCalendar } from '../calendar.ts';
import type { StopTimeEvent, TripUpdateFeed, TripUpdateReport } from '../gtfs/trip-updates.ts';
import type { Network } from '../network.ts';
import { NO_TIME, type Timetable } from '../timetable.ts';

/** What the trip updates of one poll give the day's timetables. */
export interface TripDelays {
  /** Seconds late (never below 0, as for Tokyo's reports) by timetable index, for the trips with a delay. */
  delays: Map<number, number>;
  /** Timetable indices of cancelled trips. */
  canceled: number[];
  /** Trip updates that matched no timetable of the day (another day's run, or a trip the bundle does not have). */
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

/** Timetable indices by train number, built once per day. */
const numbersOfDay = new WeakMap<Timetable, Map<string, number>>();

function numberIndex(timetable: Timetable): Map<string, number> {
  let index = numbersOfDay.get(timetable);
  if (!index) {
    index = new Map();
    for (let i = 0; i < timetable.trainCount; i++) if (!index.has(timetable.number[i])) index.set(timetable.number[i], i);
    numbersOfDay.set(timetable, index);
  }
  return index;
}

/** The timetable running a trip update's trip on `day`, or undefined. */
function trainOf(day: TripDay, trip: TripUpdateReport): number | undefined {
  if (trip.startDate !== '' && trip.startDate !== day.serviceDate.replaceAll('-', '')) return undefined;
  const index = numberIndex(day.timetable);
  return index.get(trip.tripId) ?? (trip.startTime ? index.get(`${trip.tripId}@${trip.startTime.slice(0, 5)}`) : undefined);
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
    const scheduled = (minutes: number) => (s < 0 || minutes === NO_TIME ? null : day.serviceCalendar.epochOfServiceTime(day.serviceDate, minutes * 60) / 1000);
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

/** Matches the trip updates of `feeds` to the timetables of `day` at epoch milliseconds `now`. */
export function tripDelays(day: TripDay, feeds: Iterable<TripUpdateFeed>, now: number): TripDelays {
  const result: TripDelays = { delays: new Map(), canceled: [], unmatched: 0 };
  for (const feed of feeds) {
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
  return result;
}
