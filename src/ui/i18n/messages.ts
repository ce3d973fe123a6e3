import type { InterfaceLanguage } from '../../data/languages.ts';

/** Interface text ids. */
export type MessageId =
  | 'loading'
  | 'loadingCity'
  | 'loadFailed'
  | 'zoomIn'
  | 'zoomOut'
  | 'compass'
  | 'japanTime'
  | 'mapRegion'
  | 'cityMapRegion'
  | 'stationsInView'
  | 'trainNumber'
  | 'tripNumber'
  | 'boundFor'
  | 'previousStop'
  | 'nextStop'
  | 'standingAt'
  | 'departs'
  | 'arrives'
  | 'onTime'
  | 'delayMinutes'
  | 'timetable'
  | 'collapse'
  | 'expand'
  | 'undergroundView'
  | 'groundView'
  | 'trackingMode'
  | 'viewpoint.position'
  | 'viewpoint.back'
  | 'viewpoint.topback'
  | 'viewpoint.front'
  | 'viewpoint.topfront'
  | 'viewpoint.helicopter'
  | 'viewpoint.drone'
  | 'viewpoint.bird'
  | 'stopTracking'
  | 'passed'
  | 'now'
  | 'appInfo'
  | 'staticData'
  | 'staticDataFiles'
  | 'dynamicData'
  | 'realtimeOn'
  | 'realtimePending'
  | 'realtimeOff'
  | 'realtimeFailing'
  | 'offline'
  | 'notYet'
  | 'disclaimer'
  | 'dataSources'
  | 'close'
  | 'searchStations'
  | 'fullscreen'
  | 'exitFullscreen'
  | 'playback'
  | 'realtimeClock'
  | 'ecoMode'
  | 'layers'
  | 'shareTrain'
  | 'shareTrip'
  | 'shareFlight'
  | 'shareStation'
  | 'localTime'
  | 'vehicleLabel'
  | 'gtfsRoutesOnly'
  | 'feedFailing'
  | 'feedRain'
  | 'feedRealtime'
  | 'feedFlights'
  | 'feedFaults';

/** The interface text of one language. */
export type Catalog = Record<MessageId, string>;

const en: Catalog = {
  loading: 'Loading the Tokyo rail network…',
  loadingCity: 'Loading the {city} network…',
  loadFailed: 'The rail network could not be loaded.',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  compass: 'Reset bearing to north',
  japanTime: 'Japan time',
  mapRegion: '3D map of Tokyo public transport',
  cityMapRegion: '3D map of public transport: {city}',
  stationsInView: 'Stations in view',
  trainNumber: 'Train {number}',
  tripNumber: 'Trip {number}',
  boundFor: 'Bound for {destination}',
  previousStop: 'Previous',
  nextStop: 'Next',
  standingAt: 'Now at',
  departs: 'dep. {time}',
  arrives: 'arr. {time}',
  onTime: 'On time',
  delayMinutes: '{minutes} min late',
  timetable: 'Timetable',
  collapse: 'Collapse timetable',
  expand: 'Expand timetable',
  undergroundView: 'Underground view',
  groundView: 'Ground view',
  trackingMode: 'Tracking viewpoint',
  'viewpoint.position': 'Position',
  'viewpoint.back': 'Back',
  'viewpoint.topback': 'Top back',
  'viewpoint.front': 'Front',
  'viewpoint.topfront': 'Top front',
  'viewpoint.helicopter': 'Helicopter',
  'viewpoint.drone': 'Drone',
  'viewpoint.bird': 'Bird',
  stopTracking: 'Stop tracking',
  passed: 'passed',
  now: 'now',
  appInfo: 'About this map',
  staticData: 'Timetables and network: data as of',
  staticDataFiles: 'Timetables and network: files last changed',
  dynamicData: 'Real-time data updated',
  realtimeOn: 'Real-time data: on',
  realtimePending: 'Real-time data: connecting…',
  realtimeOff: 'Real-time data: off (no access token); trains run on timetables only',
  realtimeFailing: 'Real-time data: unavailable; trains run on timetables until it returns',
  offline: 'Offline — timetables only',
  notYet: 'not yet',
  disclaimer: 'Transit data may be inexact. Please do not contact transit operators about this app.',
  dataSources: 'Data sources',
  close: 'Close',
  searchStations: 'Search stations',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  playback: 'Playback',
  realtimeClock: 'Back to real time',
  ecoMode: 'Eco mode',
  layers: 'Layers',
  shareTrain: 'Share this train',
  shareTrip: 'Share this trip',
  shareFlight: 'Share this flight',
  shareStation: 'Share this station',
  localTime: 'Local time',
  vehicleLabel: 'Vehicle {label}',
  gtfsRoutesOnly: '{name}: routes and stops only. Vehicles need a GTFS Realtime feed (VehiclePosition).',
  feedFailing: '{name} is not working. Last error:',
  feedRain: 'Rain radar',
  feedRealtime: 'Real-time train data (ODPT)',
  feedFlights: 'Airplanes',
  feedFaults: 'Live data not working',
};

/**
 * The other languages' text, each in a file of its own that loads on first use
 * (a page carries English, its fallback, and the one language it shows).
 */
const LOADERS: Record<Exclude<InterfaceLanguage, 'en'>, () => Promise<{ default: Catalog }>> = {
  ja: () => import('./messages/ja.ts'),
  ko: () => import('./messages/ko.ts'),
  'zh-Hans': () => import('./messages/zh-Hans.ts'),
  'zh-Hant': () => import('./messages/zh-Hant.ts'),
  th: () => import('./messages/th.ts'),
  ne: () => import('./messages/ne.ts'),
  'pt-BR': () => import('./messages/pt-BR.ts'),
  fr: () => import('./messages/fr.ts'),
  es: () => import('./messages/es.ts'),
  de: () => import('./messages/de.ts'),
};

const loaded = new Map<InterfaceLanguage, Catalog>([['en', en]]);

/** The interface text of `lang` if it has been loaded (English always is). */
export function loadedMessages(lang: InterfaceLanguage): Catalog | undefined {
  return loaded.get(lang);
}

/** Loads the interface text of `lang` (once; later calls share the first load). */
export async function loadMessages(lang: InterfaceLanguage): Promise<Catalog> {
  const ready = loaded.get(lang);
  if (ready) return ready;
  const { default: catalog } = await LOADERS[lang as Exclude<InterfaceLanguage, 'en'>]();
  loaded.set(lang, catalog);
  return catalog;
}

/** English, the text shown until a language has loaded and for any language that fails to load. */
export const ENGLISH_MESSAGES: Catalog = en;
