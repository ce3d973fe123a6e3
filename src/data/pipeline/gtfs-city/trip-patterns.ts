/**
 * Trip patterns: the trips of a feed that run the same stops, in the same
 * order, on the same route and shape. Each becomes one line of the bundle (a
 * "railway" of the Tokyo model), since a line there has one ordered list of
 * stations and one track that every train of it runs along.
 *
 * @module
 */
import type { GtfsFeed } from '../../gtfs/feed-model.ts';

/** Trips sharing route, shape, direction and stop sequence. */
export interface TripPattern {
  /** Index into the feed's routes. */
  route: number;
  /** Index into the feed's shapes, or -1 for trips without shape_id. */
  shape: number;
  /** direction_id, or -1. */
  direction: number;
  /** Stop indexes in riding order. */
  stops: number[];
  /** Trip indexes, in feed order. */
  trips: number[];
}

/** The patterns of the feed's trips that have at least two stop times, by route then first appearance. */
export function tripPatterns(feed: Pick<GtfsFeed, 'trips' | 'stopTimes'>): TripPattern[] {
  const byKey = new Map<string, TripPattern>();
  feed.trips.forEach((trip, index) => {
    if (trip.stopTimeCount < 2) return;
    const stops = Array.from(feed.stopTimes.stop.subarray(trip.firstStopTime, trip.firstStopTime + trip.stopTimeCount));
    const key = `${trip.route}|${trip.shape}|${trip.direction}|${stops.join(',')}`;
    let pattern = byKey.get(key);
    if (!pattern) {
      pattern = { route: trip.route, shape: trip.shape, direction: trip.direction, stops, trips: [] };
      byKey.set(key, pattern);
    }
    pattern.trips.push(index);
  });
  return [...byKey.values()].sort((a, b) => a.route - b.route);
}
