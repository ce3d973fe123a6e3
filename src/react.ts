/**
 * The React entry, `tokyo-transit-3d/react`: `<TransitMap>` renders the map in a React app, on the host app's React
 * (a peer dependency of the package).
 */
export { TransitMap, type TransitMapProps, type TransitMapListeners, type TransitMapCallbacks, type TransitMapLiveOptions } from './api/TransitMap.tsx';
