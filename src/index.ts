/**
 * Public API: `new Map({container, ...})` mounts the map application into an
 * element. See the developer guide for options, events and methods.
 */
export { Map, type CameraOptions, type MapEvents, type DataSourceInfo, type MovingPosition } from './api/map.ts';
export { MapOptionError, type MapOptions, type DataSourceOptions, type RainOptions } from './api/options.ts';
export { INTERFACE_LANGUAGES, type InterfaceLanguage } from './data/languages.ts';
export { Marker, type MarkerOptions, type MarkerEvents } from './api/marker.ts';
export { Popup, type PopupOptions } from './api/popup.ts';
export { Panel, type PanelOptions } from './api/panel.ts';
export type { MapGestureEvents, MapPointerEventData, MapBoxZoomEventData, MapPoint } from './api/gesture-events.ts';
export type { ModelPosition } from './data/model-space.ts';
export type { MapErrorData, ErrorSource } from './data/map-error.ts';
export type { LayerInterface, GeoJsonLayerInterface, Tile3DLayerInterface, ThreeLayerInterface, ThreeLayerContext } from './layers/layer-types.ts';
export type { PluginInterface } from './api/plugin.ts';
export { TransitMap, type TransitMapProps, type TransitMapListeners, type TransitMapCallbacks, type TransitMapLiveOptions } from './api/TransitMap.tsx';
