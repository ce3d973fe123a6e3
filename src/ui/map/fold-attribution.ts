import type { Map as MaplibreMap } from 'maplibre-gl';

/**
 * Folds the base map's compact attribution to its ⓘ button at the person's first press or key in the map's
 * interface (not on the attribution itself), and returns the function that stops waiting for it.
 *
 * MapLibre shows a compact attribution open at first and folds it once its map is dragged. Here deck.gl moves the
 * camera, so the base map never sees a drag and the attribution stayed open for good: a white bar over the foot of
 * the map, showing through the panels that open there on a phone. Any first use folds it instead (or, when it comes
 * before the base map's style, as soon as MapLibre opens it); the ⓘ button opens it again, as in MapLibre.
 */
export function foldAttributionOnFirstUse(map: MaplibreMap): () => void {
  const container = map.getContainer();
  const root = container.closest('.tt-app') ?? container;
  // Looked for in the whole interface: the map's control corners are moved over the network (api/basemap-controls.ts).
  const attribution = () => root.querySelector('.maplibregl-ctrl-attrib');
  const stop = () => {
    root.removeEventListener('pointerdown', onUse, true);
    root.removeEventListener('keydown', onUse, true);
    map.off('styledata', fold);
    map.off('sourcedata', fold);
  };
  // MapLibre makes the attribution compact (and opens it) once the style names its sources.
  const fold = () => {
    const element = attribution();
    if (!element?.classList.contains('maplibregl-compact')) return;
    element.classList.remove('maplibregl-compact-show');
    stop();
  };
  const onUse = (event: Event) => {
    if (attribution()?.contains(event.target as Node)) return;
    stop();
    map.on('styledata', fold);
    map.on('sourcedata', fold);
    fold();
  };
  root.addEventListener('pointerdown', onUse, true);
  root.addEventListener('keydown', onUse, true);
  return stop;
}
