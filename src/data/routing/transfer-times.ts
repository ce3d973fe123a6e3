/**
 * Minimum transfer times of the route search: how long a person needs
 * between leaving one train and boarding another.
 *
 * - Same station (the same line's platforms, e.g. from a local to a rapid
 *   train across the platform): {@link SAME_STATION_TRANSFER_SECONDS}.
 * - Another station of the same transfer group (another line, in the same
 *   building or connected on foot): {@link LINE_CHANGE_SECONDS} for stairs,
 *   gates and platforms, plus walking the straight-line distance between the
 *   two stations' coordinates at {@link WALK_SECONDS_PER_METRE} (1.2 m/s with
 *   a 1.5 detour factor for corridors). Stations of one physical station lie
 *   at the same point, so that is 3 minutes; the group's farthest pair
 *   (about 550 m apart) takes about 14.5 minutes.
 * - Stations of different groups are not connected: no walking between groups.
 *
 * Published timetable times are whole minutes, so in practice a same-station
 * change needs the next train to leave at least one minute after the arrival.
 *
 * @module
 */
import type { NetworkMeta } from '../bundle/network-format.ts';

/** Minimum time to change trains at the same station, seconds. */
export const SAME_STATION_TRANSFER_SECONDS = 60;
/** Minimum time to change to another line's station of the same transfer group, seconds (before walking). */
export const LINE_CHANGE_SECONDS = 180;
/** Walking time per metre of straight-line distance, seconds (1.5 detour ÷ 1.2 m/s). */
export const WALK_SECONDS_PER_METRE = 1.5 / 1.2;

const EARTH_RADIUS_METRES = 6_371_000;
const RADIANS = Math.PI / 180;

/** Straight-line ground distance between two [lng, lat] points, metres (equirectangular: exact enough within a station group). */
export function groundDistance(a: readonly [number, number], b: readonly [number, number]): number {
  const x = (b[0] - a[0]) * RADIANS * Math.cos(((a[1] + b[1]) / 2) * RADIANS);
  const y = (b[1] - a[1]) * RADIANS;
  return Math.hypot(x, y) * EARTH_RADIUS_METRES;
}

/**
 * Minimum transfer time from station `from` to station `to` (indices into
 * `meta.stations`), whole seconds; null when they are not in the same
 * transfer group (no walking between them).
 */
export function transferSeconds(meta: NetworkMeta, from: number, to: number): number | null {
  if (from === to) return SAME_STATION_TRANSFER_SECONDS;
  const a = meta.stations[from];
  const b = meta.stations[to];
  if (!a || !b || a.shape < 0 || b.shape < 0) return null;
  if (meta.shapes[a.shape].group !== meta.shapes[b.shape].group) return null;
  const metres = a.coord && b.coord ? groundDistance(a.coord, b.coord) : 0;
  return LINE_CHANGE_SECONDS + Math.ceil(metres * WALK_SECONDS_PER_METRE);
}

/** Walking links between the distinct stations of each transfer group (CSR by station). */
export interface Footpaths {
  /** Links of station s: `to[start[s]] … to[start[s + 1] − 1]`. */
  start: Uint32Array;
  to: Uint32Array;
  /** Transfer time of each link, seconds. */
  seconds: Int32Array;
}

/** Builds the walking links of every transfer group (every ordered pair of its distinct stations). */
export function buildFootpaths(meta: NetworkMeta): Footpaths {
  const links: Array<[number, number, number]> = [];
  for (const group of meta.groups) {
    const stations = group.shapes.flatMap((shape) => meta.shapes[shape].stations);
    for (const from of stations) {
      for (const to of stations) {
        if (from === to) continue;
        const seconds = transferSeconds(meta, from, to);
        if (seconds !== null) links.push([from, to, seconds]);
      }
    }
  }
  links.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const start = new Uint32Array(meta.stations.length + 1);
  for (const [from] of links) start[from + 1]++;
  for (let s = 0; s < meta.stations.length; s++) start[s + 1] += start[s];
  return {
    start,
    to: Uint32Array.from(links, (l) => l[1]),
    seconds: Int32Array.from(links, (l) => l[2]),
  };
}
