import type { ControlPosition, IControl, Map as MapLibreMap } from 'maplibre-gl';

const POSITIONS: readonly ControlPosition[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/**
 * Makes controls added to the base map (`getMapLibreMap().addControl`, as Mini Tokyo 3D plugins do with
 * `getMapboxMap().addControl`) show over the network and take clicks.
 *
 * MapLibre puts them in corners of its own container, which lies under the deck.gl canvas of the network: there
 * the trains were drawn over them and the canvas took their clicks. The corner a control goes to is moved into the
 * map's overlay (with the markers and panels) when the first control is added to it; MapLibre keeps using the same
 * element, so later controls and `removeControl` work as before. The corners nothing was added to (the attribution's)
 * stay where they are. Returns the function that puts MapLibre's `addControl` back.
 */
export function raiseBasemapControls(basemap: MapLibreMap, overlay: HTMLElement): () => void {
  const own = basemap.addControl;
  basemap.addControl = function (this: MapLibreMap, control: IControl, position?: ControlPosition) {
    const corner = position ?? control?.getDefaultPosition?.() ?? 'top-right';
    if (POSITIONS.includes(corner)) {
      const element = basemap.getContainer().querySelector(`.maplibregl-ctrl-${corner}`);
      if (element) overlay.appendChild(element);
    }
    return own.call(this, control, position);
  };
  return () => {
    basemap.addControl = own;
  };
}
