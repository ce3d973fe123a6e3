/**
 * Station groups as a person selects them: clicking a station, or choosing
 * it in the search, selects its whole transfer group (the stations of every
 * line that connect there, whatever their names).
 *
 * @module
 */
import type { NetworkMeta } from './bundle/network-format.ts';

/** A selected station group. */
export interface StationGroup {
  /** Transfer group index. */
  group: number;
  /** Its physical stations (shapes). */
  shapes: number[];
  /** Its stations on drawn lines, one per line and physical station, in network order. */
  stations: number[];
  /** Longitude and latitude of its centre (mean of the stations' coordinates). */
  center: [number, number];
}

/** The group of station `station` (index into `meta.stations`), or null when it is not on a drawn line. */
export function stationGroupOf(meta: NetworkMeta, station: number): StationGroup | null {
  const shape = meta.stations[station]?.shape ?? -1;
  if (shape < 0) return null;
  const group = meta.shapes[shape].group;
  const shapes = meta.groups[group]?.shapes ?? [shape];
  const stations = shapes.flatMap((s) => meta.shapes[s].stations).filter((s) => meta.stations[s].railway >= 0 && meta.stations[s].coord);
  if (!stations.length) return null;
  stations.sort((a, b) => a - b);
  let lng = 0;
  let lat = 0;
  for (const s of stations) {
    lng += meta.stations[s].coord![0] / stations.length;
    lat += meta.stations[s].coord![1] / stations.length;
  }
  return { group, shapes: [...shapes], stations, center: [lng, lat] };
}

/** The distinct names of a group's stations in a data language (a transfer between differently named stations shows them all). */
export function groupNames(meta: NetworkMeta, group: StationGroup, localize: (title: Partial<Record<string, string>>) => string): string[] {
  const names: string[] = [];
  for (const s of group.stations) {
    const name = localize(meta.stations[s].title);
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}
