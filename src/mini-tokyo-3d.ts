/**
 * The library under Mini Tokyo 3D's module name: `tokyo-transit-3d/mini-tokyo-3d` exports what
 * `import … from 'mini-tokyo-3d'` gives plugins and pages written for it — `Map`, `Marker`, `Popup`, `Panel`,
 * `THREE` (three.js with `GLTFLoader`, the copy the map's three.js layers draw with) and `mapboxgl` (MapLibre GL
 * JS, the base map's library) — so that they run once that import is pointed here (a bundler alias or an import
 * map). It is an entry of its own: three.js loads with it, not with the main entry; and as three.js is loaded, a
 * `three` layer is drawn at once, its `onAdd` called inside `addLayer` as Mini Tokyo 3D calls it. MapLibre's tile
 * sources also take Mapbox GL's callbacks here (`api/mapbox-tile-sources.ts`), as code written for Mini Tokyo 3D
 * calls them.
 *
 * @module
 */
import * as three from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import * as maplibregl from 'maplibre-gl';
import { Map } from './api/map.ts';
import { Marker } from './api/marker.ts';
import { Panel as MapPanel, type PanelOptions } from './api/panel.ts';
import { Popup as MapPopup, type PopupOptions } from './api/popup.ts';
import { acceptTileCallbacks } from './api/mapbox-tile-sources.ts';
import { provideThreeOverlay } from './api/three-overlay-module.ts';
import * as threeOverlay from './layers/three-overlay.ts';

provideThreeOverlay(threeOverlay);
acceptTileCallbacks([maplibregl.RasterTileSource, maplibregl.RasterDEMTileSource, maplibregl.VectorTileSource, maplibregl.GeoJSONSource, maplibregl.ImageSource]);

/** three.js with its `GLTFLoader` added, as Mini Tokyo 3D exports it (a module namespace cannot take members, hence the copy). */
export const THREE: typeof three & { GLTFLoader: typeof GLTFLoader } = Object.freeze({ ...three, GLTFLoader });

/** Class names with the one that gives a panel or popup Mini Tokyo 3D's look. */
const withMt3dLook = (className?: string) => (className ? `tt-mt3d-look ${className}` : 'tt-mt3d-look');

/**
 * The map's panel as Mini Tokyo 3D draws its panels: dark with white text whatever the map's theme, as the markup of
 * plugins written for it expects.
 */
export class Panel extends MapPanel {
  constructor(options: PanelOptions = {}) {
    super({ ...options, className: withMt3dLook(options.className) });
  }
}

/** The map's popup as Mini Tokyo 3D draws its popups: dark with white text whatever the map's theme. */
export class Popup extends MapPopup {
  constructor(options: PopupOptions = {}) {
    super({ ...options, className: withMt3dLook(options.className) });
  }
}

/** MapLibre GL JS under Mini Tokyo 3D's name for its base map library (`Evented`, `LngLat`, `MercatorCoordinate`, …). */
export const mapboxgl: typeof maplibregl = maplibregl;

export { Map, Marker };

/** The same members as one object, like Mini Tokyo 3D's UMD build (`mt3d`). */
export default { Map, Marker, Panel, Popup, THREE, mapboxgl };
