import type { Map as MapLibreMap } from 'maplibre-gl';
import type { CameraOptions } from './map-events.ts';

/** MapLibre's camera options, as far as they are the map's own. */
interface BasemapCameraOptions {
  center?: CameraOptions['center'];
  zoom?: number;
  bearing?: number;
  pitch?: number;
  duration?: number;
  animate?: boolean;
}

/**
 * Makes the base map's own `flyTo` and `easeTo` (and `fitBounds`, which ends in one of them) move the map's camera.
 *
 * The base map follows the camera of the map's deck.gl view, so a camera animation started on it directly (as Mini
 * Tokyo 3D plugins do with `map.getMapboxMap().flyTo(…)`) was undone at the next frame. Its `jumpTo` stays
 * MapLibre's: react-map-gl moves the base map with it. Returns the function that puts MapLibre's methods back.
 */
export function routeBasemapCamera(basemap: MapLibreMap, move: (options: CameraOptions, transition: 'jump' | 'ease' | 'fly') => void): () => void {
  const own = { flyTo: basemap.flyTo, easeTo: basemap.easeTo };
  const route = (transition: 'ease' | 'fly') =>
    function (this: MapLibreMap, options: BasemapCameraOptions) {
      const { center, zoom, bearing, pitch, duration, animate } = options ?? {};
      const camera: CameraOptions = {};
      if (center !== undefined) camera.center = center;
      if (zoom !== undefined) camera.zoom = zoom;
      if (bearing !== undefined) camera.bearing = bearing;
      if (pitch !== undefined) camera.pitch = pitch;
      if (duration !== undefined) camera.duration = duration;
      move(camera, animate === false ? 'jump' : transition);
      return this;
    };
  basemap.flyTo = route('fly') as MapLibreMap['flyTo'];
  basemap.easeTo = route('ease') as MapLibreMap['easeTo'];
  return () => Object.assign(basemap, own);
}
