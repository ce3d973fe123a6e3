import { localize, type Network } from '../data/network.ts';
import type { StationAnchor } from './station-geometry.ts';

/** One station name on the map: a name shared by the shapes of a transfer group is shown once. */
export interface StationLabel {
  text: string;
  /** Anchor in base + offset form (the centre of the shapes carrying this name). */
  lng: number;
  lat: number;
  vx: number;
  vy: number;
  vz: number;
  /** Lines stopping at the stations of the label's group: busier stations win placement. */
  priority: number;
  underground: boolean;
  /** Position at the last placement: [lng, lat, metres]. */
  position: [number, number, number];
}

/** Builds the labels of every transfer group in a data language, most important first. */
export function buildStationLabels(network: Network, anchors: StationAnchor[], lang: string): StationLabel[] {
  const { groups, shapes, stations } = network.meta;
  const labels: StationLabel[] = [];
  for (const group of groups) {
    const byName = new Map<string, StationAnchor[]>();
    for (const si of group.shapes) {
      const text = localize(stations[shapes[si].stations[0]].title, lang);
      byName.set(text, [...(byName.get(text) ?? []), anchors[si]]);
    }
    const priority = group.shapes.reduce((n, si) => n + shapes[si].stations.length, 0);
    for (const [text, members] of byName) {
      const mean = (key: 'lng' | 'lat' | 'vx' | 'vy') => members.reduce((sum, a) => sum + a[key], 0) / members.length;
      labels.push({
        text,
        lng: mean('lng'),
        lat: mean('lat'),
        vx: mean('vx'),
        vy: mean('vy'),
        vz: Math.max(...members.map((a) => a.vz)),
        priority,
        underground: members.every((a) => a.underground),
        position: [0, 0, 0],
      });
    }
  }
  return labels.sort((a, b) => b.priority - a.priority || (a.underground ? 1 : 0) - (b.underground ? 1 : 0));
}

/** All characters of the labels, for a stable font atlas. */
export function labelCharacters(labels: StationLabel[]): string[] {
  const set = new Set<string>();
  for (const l of labels) for (const ch of l.text) set.add(ch);
  return [...set];
}
