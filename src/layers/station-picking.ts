import type { Viewport } from '@deck.gl/core';
import type { Network } from '../data/network.ts';
import { anchorPosition, buildStationGeometry, STATION_MIN_ZOOM } from './station-geometry.ts';
import type { TrackStyle } from './track-uniforms.ts';

/** How far (px) from a station's centre a click still picks it: a fingertip's reach (a 44 px target). */
export const STATION_PICK_RADIUS = 22;

/**
 * The station (index into the network's stations: the first of the nearest
 * physical station) drawn within {@link STATION_PICK_RADIUS} pixels of screen
 * point (x, y), or −1. Stations are drawn from zoom 11. Stations of the level
 * in view (ground or underground) win; the other level's, drawn faintly, are
 * picked only where none of the level in view is in reach.
 */
export function pickStation(network: Network, viewport: Viewport, track: TrackStyle, x: number, y: number, underground: boolean): number {
  if (viewport.zoom < STATION_MIN_ZOOM) return -1;
  const best = [-1, -1];
  const bestDistance = [STATION_PICK_RADIUS, STATION_PICK_RADIUS];
  for (const anchor of buildStationGeometry(network).anchors) {
    const level = anchor.underground === underground ? 0 : 1;
    const [px, py] = viewport.project(anchorPosition(anchor, track, viewport.zoom));
    const distance = Math.hypot(px - x, py - y);
    if (distance < bestDistance[level]) {
      bestDistance[level] = distance;
      best[level] = anchor.station;
    }
  }
  return best[0] >= 0 ? best[0] : best[1];
}
