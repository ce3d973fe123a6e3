import { WebMercatorViewport } from '@deck.gl/core';
import { stationGroupOf } from './data/station-groups.ts';
import type { AppStore } from './store.ts';

/** Zoom the camera flies to (at least) when a station is selected. */
export const STATION_ZOOM = 15;
/** Share of the map's height the station panel may cover at the bottom: the station is centred in the rest. */
const PANEL_SHARE = 0.46;

/**
 * Selects the group of station `station` (index into the network's stations): the station panel opens,
 * the group is highlighted, and the camera flies to its centre. Returns false when the station is not on a
 * drawn line (nothing changes). With the map's size, the station is centred in the part above the station panel.
 */
export function selectStation(store: AppStore, station: number, mapSize?: { width: number; height: number }): boolean {
  const { network, viewState, select, requestCamera } = store.getState();
  const group = network && stationGroupOf(network.meta, station);
  if (!network || !group) return false;
  select({ kind: 'station', id: network.meta.stations[station].id, ...group });
  const zoom = Math.max(viewState.zoom, STATION_ZOOM);
  const [longitude, latitude] = centreAbovePanel(group.center, zoom, viewState, mapSize);
  requestCamera({ longitude, latitude, zoom }, 'fly', 1500);
  return true;
}

/**
 * The camera centre that shows `point` in the middle of the part of the map above the station panel, at `zoom` with
 * the current pitch and bearing (`point` itself without the map's size).
 */
export function centreAbovePanel(point: [number, number], zoom: number, view: { pitch: number; bearing: number }, mapSize?: { width: number; height: number }): [number, number] {
  if (!mapSize || !(mapSize.width > 0 && mapSize.height > 0)) return point;
  // The point that is half the panel's height below the station on screen, as the centre, puts the station that
  // much above the middle (same zoom, pitch and bearing: the view only moves).
  const { width, height } = mapSize;
  const viewport = new WebMercatorViewport({ width, height, longitude: point[0], latitude: point[1], zoom, pitch: view.pitch, bearing: view.bearing });
  const [longitude, latitude] = viewport.unproject([width / 2, height / 2 + (height * PANEL_SHARE) / 2]);
  return [longitude, latitude];
}
