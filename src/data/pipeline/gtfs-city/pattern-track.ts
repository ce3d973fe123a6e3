/**
 * The track of a trip pattern: the stretch of its shape from its first stop
 * to its last, cut at every stop (stop-to-stop sections).
 *
 * @module
 */
import type { GtfsShape, GtfsStop } from '../../gtfs/feed-model.ts';
import { pointAtDistance, projectOntoShape } from '../../gtfs/shape-geometry.ts';

/** A pattern's track. */
export interface PatternTrack {
  /** [lng, lat] points from the first stop to the last. */
  coords: [number, number][];
  /** Index into `coords` of each stop, non-decreasing. */
  stops: number[];
  /** The shape was not used (no shape, or all stops project onto one point of it): straight sections between stops. */
  straight: boolean;
}

/**
 * Projects the stops onto the shape one after the other, each at or after the
 * one before (so a shape that passes a place twice keeps its order), and
 * takes the shape's points between them.
 */
export function patternTrack(shape: GtfsShape | null, stops: readonly GtfsStop[]): PatternTrack {
  const coords: [number, number][] = [];
  const stopVertex: number[] = [];
  let straight = true;
  if (shape && shape.distances.length >= 2) {
    const along: number[] = [];
    for (const stop of stops) along.push(projectOntoShape(shape, stop.lng, stop.lat, along.length ? along[along.length - 1] : 0).distance);
    if (along[along.length - 1] > along[0]) {
      straight = false;
      let next = 0;
      while (next < shape.distances.length && shape.distances[next] <= along[0]) next++;
      along.forEach((distance, k) => {
        if (k > 0) {
          for (; next < shape.distances.length && shape.distances[next] < distance; next++) coords.push([shape.coordinates[2 * next], shape.coordinates[2 * next + 1]]);
        }
        const point = pointAtDistance(shape, distance);
        stopVertex.push(coords.length);
        coords.push([point.lng, point.lat]);
      });
    }
  }
  if (straight) {
    for (const stop of stops) {
      stopVertex.push(coords.length);
      coords.push([stop.lng, stop.lat]);
    }
  }
  return { coords, stops: stopVertex, straight };
}
