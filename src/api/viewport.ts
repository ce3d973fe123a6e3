import { WebMercatorViewport } from '@deck.gl/core';
import type { AppState } from '../store.ts';

/**
 * The map's viewport as it is drawn in a container of `width` × `height` CSS pixels: the camera and its padding
 * (while a vehicle is tracked, the camera's centre is drawn above the tracking panel, as MapLibre's padding does).
 * `Map.project`, the gesture events and the box zoom all convert between the screen and the map through it.
 */
export function screenViewport(state: Pick<AppState, 'viewState' | 'cameraPadding'>, width: number, height: number): WebMercatorViewport {
  const { longitude, latitude, zoom, bearing, pitch } = state.viewState;
  return new WebMercatorViewport({ width, height, longitude, latitude, zoom, bearing, pitch, padding: state.cameraPadding });
}
