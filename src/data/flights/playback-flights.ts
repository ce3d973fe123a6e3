/**
 * The flights of playback: the flight information feeds list the flights of
 * the day they are asked on, as times of day. Playback can show any day, so
 * each record is moved to the same scheduled time of day nearest to the
 * playback clock (a 23:50 departure seen at 00:10 is the one 20 minutes ago),
 * and flown by its scheduled time alone (`planFlights` in `playback` mode).
 * Re-planning within a few hours of that reference keeps every flight near
 * the clock on the right day.
 *
 * @module
 */
import type { FlightInfo } from './flight-records.ts';
import { TOKYO_CLOCK_ZONE } from '../clock-zone.ts';
import { nearestInstant } from './flight-time.ts';

/** How far the playback clock may move from the reference of a plan before the flights are moved again, ms. */
export const PLAYBACK_REPLAN_MS = 3 * 3_600_000;

/** The records with their scheduled (and estimated and actual) times moved by whole days to lie nearest to `reference` (epoch ms). */
export function flightsForDayOf(flights: readonly FlightInfo[], reference: number): FlightInfo[] {
  return flights.map((flight) => {
    const secondsOfDay = TOKYO_CLOCK_ZONE.msOfDay(flight.scheduledTime) / 1000;
    const shift = nearestInstant(secondsOfDay, reference) - flight.scheduledTime;
    if (shift === 0) return flight;
    const moved: FlightInfo = { ...flight, scheduledTime: flight.scheduledTime + shift };
    if (flight.estimatedTime !== undefined) moved.estimatedTime = flight.estimatedTime + shift;
    if (flight.actualTime !== undefined) moved.actualTime = flight.actualTime + shift;
    return moved;
  });
}
