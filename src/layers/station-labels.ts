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
  /**
   * The anchors of the shapes carrying this name when there are several (their centre is the label's anchor):
   * close in, where they lie far apart on screen, the name goes by one of them instead (see `labelPosition`).
   */
  members: readonly StationAnchor[];
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
        members: members.length > 1 ? members : [],
        priority,
        underground: members.every((a) => a.underground),
        position: [0, 0, 0],
      });
    }
  }
  return labels.sort((a, b) => b.priority - a.priority || (a.underground ? 1 : 0) - (b.underground ? 1 : 0));
}

/** A name whose shapes lie further apart than this on screen goes by one of them, not between them, px. */
export const LABEL_SPREAD_PX = 60;

/**
 * Where a name goes at the current camera: the centre of the shapes that carry it; but where those shapes
 * lie far apart on screen (a big transfer group seen close in), by the one nearest the centre of the view,
 * so that the name always stands by a station. `project` maps a position to screen pixels.
 */
export function labelPosition(
  label: StationLabel,
  place: (anchor: { lng: number; lat: number; vx: number; vy: number; vz: number }) => [number, number, number],
  project: (position: [number, number, number]) => number[],
  viewCentre: [number, number],
): [number, number, number] {
  const centre = place(label);
  if (label.members.length === 0) return centre;
  const [cx, cy] = project(centre);
  let nearest: [number, number, number] | null = null;
  let nearestDistance = Infinity;
  let spread = 0;
  for (const member of label.members) {
    const position = place(member);
    const [x, y] = project(position);
    spread = Math.max(spread, Math.hypot(x - cx, y - cy));
    const distance = Math.hypot(x - viewCentre[0], y - viewCentre[1]);
    if (distance < nearestDistance) {
      nearestDistance = distance;
      nearest = position;
    }
  }
  return spread > LABEL_SPREAD_PX && nearest ? nearest : centre;
}

