/**
 * Public API: `new Map({container, ...})` mounts the map application into an
 * element. See the developer guide for options, events and methods.
 */
export { Map, type CameraOptions, type MapEvents } from './api/map.ts';
export { MapOptionError, type MapOptions, type RainOptions } from './api/options.ts';
export { INTERFACE_LANGUAGES, type InterfaceLanguage } from './api/languages.ts';
