/**
 * How late a city bundle's timetable vehicle is, from where a GTFS Realtime
 * VehiclePosition feed saw it: the report's place is matched to the nearest
 * part of its trip (a stop, or the straight line between two consecutive
 * stops), and the timetable's time there is compared with the report's time.
 *
 * A stop covers its dwell (arrival to departure), a line between two stops the
 * time between leaving one and reaching the next, in proportion to the
 * distance covered. Where a trip passes one place twice (a loop), the reading
 * that makes the vehicle least early or late is taken.
 *
 * @module
 */
import { METRES_PER_DEGREE } from '../geometry/track-units.ts';
import type { Network } from '../network.ts';
import { NO_TIME, type Timetable } from '../timetable.ts';

/** A reported vehicle: where and when (epoch seconds). */
export interface SeenAt {
  lng: number;
  lat: number;
  /** Epoch seconds. */
  time: number;
}

/**
 * Farthest a report may be from its trip's stops and the lines between them, metres, and as a share of the line it is
 * nearest (a road between two stops kilometres apart is far from their straight line); farther, it says nothing.
 */
export const MAX_OFF_TRIP_METRES = 500;
const MAX_OFF_TRIP_SHARE = 0.25;
/** Places this much farther than the nearest one are still candidates (a loop, a stop beside the line), metres. */
const CANDIDATE_SLACK_METRES = 50;

/**
 * Seconds the timetable `train` of `network` runs late when seen at `seen` (negative: early), or null when the report
 * is off the trip (see {@link MAX_OFF_TRIP_METRES}), or the trip has no placed stops with times.
 * @param epochSecondsOf the instant of a timetable time (minutes of the service day) on the day run
 */
export function positionDelay(network: Network, timetable: Timetable, train: number, seen: SeenAt, epochSecondsOf: (minutes: number) => number): number | null {
  const first = timetable.stopStart[train];
  const last = timetable.stopStart[train + 1];
  const metresPerLng = METRES_PER_DEGREE * Math.cos((seen.lat * Math.PI) / 180);
  // Each stop with a place and a time: x, y in metres from the report, and its arrival and departure (epoch seconds).
  const stops: { x: number; y: number; arrives: number; leaves: number }[] = [];
  for (let k = first; k < last; k++) {
    const coord = network.meta.stations[timetable.stopStation[k]].coord;
    const arrival = timetable.arrival[k] === NO_TIME ? timetable.departure[k] : timetable.arrival[k];
    const departure = timetable.departure[k] === NO_TIME ? timetable.arrival[k] : timetable.departure[k];
    if (!coord || arrival === NO_TIME) continue;
    stops.push({ x: (coord[0] - seen.lng) * metresPerLng, y: (coord[1] - seen.lat) * METRES_PER_DEGREE, arrives: epochSecondsOf(arrival), leaves: epochSecondsOf(departure) });
  }
  // Candidates: distance from the report, and the timetable's time there (the one nearest the report's, at a stop).
  const candidates: { distance: number; scheduled: number; allowed: number }[] = [];
  stops.forEach((stop, i) => {
    candidates.push({ distance: Math.hypot(stop.x, stop.y), scheduled: Math.min(Math.max(seen.time, stop.arrives), stop.leaves), allowed: MAX_OFF_TRIP_METRES });
    const next = stops[i + 1];
    if (!next) return;
    const dx = next.x - stop.x;
    const dy = next.y - stop.y;
    const lengthSquared = dx * dx + dy * dy;
    if (lengthSquared === 0) return;
    const f = Math.min(1, Math.max(0, -(stop.x * dx + stop.y * dy) / lengthSquared));
    const allowed = Math.max(MAX_OFF_TRIP_METRES, MAX_OFF_TRIP_SHARE * Math.sqrt(lengthSquared));
    candidates.push({ distance: Math.hypot(stop.x + f * dx, stop.y + f * dy), scheduled: stop.leaves + f * (next.arrives - stop.leaves), allowed });
  });
  const near = candidates.filter((c) => c.distance <= c.allowed);
  if (near.length === 0) return null;
  const nearest = Math.min(...near.map((c) => c.distance));
  let delay: number | null = null;
  for (const { distance, scheduled } of near) {
    if (distance > nearest + CANDIDATE_SLACK_METRES) continue;
    const late = seen.time - scheduled;
    if (delay === null || Math.abs(late) < Math.abs(delay)) delay = late;
  }
  return delay;
}
