import type { Viewport } from '@deck.gl/core';
import { pickStation } from '../../layers/station-picking.ts';
import type { AppStore } from '../../store.ts';
import { trackStyle } from '../track-style.ts';

/**
 * Shows the popup of the station under the pointer at (x, y) (px from the map's top left), or hides it; the train
 * popup is hidden while a station's shows. Returns whether a station is under the pointer. A popup shown by a tap
 * stays until the next touch (see StationPopup), whatever the mouse does.
 */
export function hoverStation(store: AppStore, viewport: Viewport | undefined, x: number, y: number): boolean {
  const { network, viewMode, stationHover, hover } = store.getState();
  if (stationHover?.touch) return false;
  const station = network && viewport && x >= 0 && y >= 0 ? pickStation(network, viewport, trackStyle(viewMode), x, y, viewMode === 'underground') : -1;
  if (station < 0) {
    if (stationHover && !stationHover.touch) store.setState({ stationHover: null });
    return false;
  }
  const shape = network!.meta.stations[station].shape;
  if (stationHover?.shape !== shape || stationHover.touch || hover) store.setState({ stationHover: { station, shape, touch: false, pointer: { x, y } }, hover: null });
  return true;
}

/**
 * After a station was selected by a click or a tap: a tap shows the station's popup (a touch screen has no hover,
 * and the popup is where its photo is); a mouse click hides it, as tracking hides a train's popup (the panel shows
 * the names and lines).
 */
export function stationClicked(store: AppStore, station: number, touch: boolean): void {
  const shape = store.getState().network?.meta.stations[station]?.shape ?? -1;
  store.setState({ stationHover: touch && shape >= 0 ? { station, shape, touch: true } : null, hover: null });
}

/** Tracks whether the last press on the page was a touch (clicks and taps reach the map as the same picks). */
export function watchPointerKind(): { readonly touch: boolean; dispose(): void } {
  const state = { touch: false, dispose: () => window.removeEventListener('pointerdown', onDown, true) };
  const onDown = (event: PointerEvent) => {
    state.touch = event.pointerType === 'touch' || event.pointerType === 'pen';
  };
  window.addEventListener('pointerdown', onDown, true);
  return state;
}
