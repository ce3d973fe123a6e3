import type { ControlPosition, IControl, Map as MapLibreMap } from 'maplibre-gl';

const POSITIONS: readonly ControlPosition[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** Class of a corner moved over the network for the controls added to it: drawn over the markers too. */
const RAISED = 'tt-raised-corner';

/**
 * Makes the base map's attribution, and controls added to the base map (`getMapLibreMap().addControl`, as Mini
 * Tokyo 3D plugins do with `getMapboxMap().addControl`), show over the network and take clicks.
 *
 * MapLibre puts them in corners of its own container, which lies under the deck.gl canvas of the network: there
 * the trains were drawn over them and the canvas took their clicks (the attribution's button and links could not be
 * clicked). The attribution's corner moves at once into the map's overlay, as its first child: above the network,
 * under the markers and every panel. The corner a control goes to is moved there too when the first control is added
 * to it, and then drawn over the markers; MapLibre keeps using the same elements, so later controls and
 * `removeControl` work as before. Returns the function that puts MapLibre's `addControl` back.
 */
export function raiseBasemapControls(basemap: MapLibreMap, overlay: HTMLElement): () => void {
  const attribution = basemap.getContainer().querySelector('.maplibregl-ctrl-attrib')?.parentElement;
  if (attribution) overlay.prepend(attribution);
  const own = basemap.addControl;
  basemap.addControl = function (this: MapLibreMap, control: IControl, position?: ControlPosition) {
    const corner = position ?? control?.getDefaultPosition?.() ?? 'top-right';
    if (POSITIONS.includes(corner)) {
      const selector = `.maplibregl-ctrl-${corner}`;
      const element = basemap.getContainer().querySelector(selector) ?? overlay.querySelector(`:scope > ${selector}`);
      if (element) {
        element.classList.add(RAISED);
        if (element.parentElement !== overlay) overlay.appendChild(element);
      }
    }
    return own.call(this, control, position);
  };
  return () => {
    basemap.addControl = own;
  };
}
