/**
 * Map option constants and types (see options.ts for their validation).
 *
 * @module
 */

import type { InterfaceLanguage } from '../data/languages.ts';
import type { ParsedId } from '../data/ids';
import type { OdptHostConfig } from '../data/realtime/odpt-config';

// ---------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------

/** The 8 tracking-mode viewpoints. */
export const TRACKING_MODES = ['position', 'back', 'topback', 'front', 'topfront', 'helicopter', 'drone', 'bird'] as const;
/** One of the {@link TRACKING_MODES}. */
export type TrackingMode = (typeof TRACKING_MODES)[number];

/** Deprecated tracking modes that are still accepted, and what they resolve to. */
export const DEPRECATED_TRACKING_MODES: Readonly<Record<string, TrackingMode>> = Object.freeze({ heading: 'topback' });

/** Eco modes: `normal` (60 fps) or `eco` (`ecoFrameRate` fps). */
export const ECO_MODES = ['normal', 'eco'] as const;
/** One of the {@link ECO_MODES}. */
export type EcoMode = (typeof ECO_MODES)[number];

/** Colour themes of the map interface (project extra). */
export const THEMES = ['light', 'dark', 'auto'] as const;
/** One of the {@link THEMES}. */
export type Theme = (typeof THEMES)[number];

/** The six boolean control options, all defaulting to `true`. */
export const CONTROL_OPTIONS = [
  'clockControl',
  'configControl',
  'fullscreenControl',
  'modeControl',
  'navigationControl',
  'searchControl',
] as const;
/** One of the {@link CONTROL_OPTIONS}. */
export type ControlOption = (typeof CONTROL_OPTIONS)[number];

/** A closed numeric range. */
export interface NumberRange {
  readonly min: number;
  readonly max: number;
}

/** Map zoom range (setZoom 0 to 22). */
export const ZOOM_RANGE: NumberRange = Object.freeze({ min: 0, max: 22 });
/** Pitch range in degrees (0 to 85). */
export const PITCH_RANGE: NumberRange = Object.freeze({ min: 0, max: 85 });
/** Eco-mode frame-rate range in frames per second (1 to 60). */
export const ECO_FRAME_RATE_RANGE: NumberRange = Object.freeze({ min: 1, max: 60 });
/** Longitude range in degrees. */
export const LONGITUDE_RANGE: NumberRange = Object.freeze({ min: -180, max: 180 });
/** Latitude range in degrees. */
export const LATITUDE_RANGE: NumberRange = Object.freeze({ min: -90, max: 90 });

/** Keys accepted in the `secrets` option. */
export const SECRET_KEYS = ['odpt', 'challenge2025', 'challenge2024', 'tokyochallenge'] as const;
/** One of the {@link SECRET_KEYS}. */
export type SecretKey = (typeof SECRET_KEYS)[number];

/** Secrets that are accepted but unused, with the notice reported for each. */
export const UNUSED_SECRET_NOTICES: Readonly<Partial<Record<SecretKey, string>>> = Object.freeze({
  challenge2024: 'secrets.challenge2024 is unused since version 4.0',
  tokyochallenge: 'secrets.tokyochallenge is unused since version 3.1',
});

/** Every top-level option key that {@link resolveMapOptions} understands. */
export const MAP_OPTION_KEYS = [
  'container',
  'accessToken',
  'mapStyle',
  'secrets',
  'bearing',
  'center',
  'zoom',
  'pitch',
  ...CONTROL_OPTIONS,
  'dataSources',
  'dataUrl',
  'ecoFrameRate',
  'ecoMode',
  'lang',
  'plugins',
  'selection',
  'trackingMode',
  'basemapUrl',
  'glyphsUrl',
  'theme',
  'hash',
  'time',
  'realtime',
  'flights',
  'rain',
] as const;

/** Default values of the options that have a fixed default (URL defaults come from the caller). */
export const MAP_OPTION_DEFAULTS = Object.freeze({
  bearing: 0,
  center: Object.freeze([139.767, 35.6814] as const),
  zoom: 14,
  pitch: 60,
  clockControl: true,
  configControl: true,
  fullscreenControl: true,
  modeControl: true,
  navigationControl: true,
  searchControl: true,
  dataSources: Object.freeze([] as DataSourceOptions[]),
  ecoFrameRate: 1,
  ecoMode: 'normal' as EcoMode,
  plugins: Object.freeze([] as PluginLike[]),
  trackingMode: 'position' as TrackingMode,
  theme: 'auto' as Theme,
  hash: false,
});


// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

/** `[longitude, latitude]` in degrees. */
export type LngLatTuple = [lng: number, lat: number];

/** A coordinate: `[lng, lat]`, `{lng, lat}` or `{lon, lat}`. */
export type LngLatLike =
  | readonly [lng: number, lat: number]
  | { readonly lng: number; readonly lat: number }
  | { readonly lon: number; readonly lat: number };

/**
 * Access tokens for data retrieval. Tokens are digits and lowercase letters.
 * `challenge2024` (unused since 4.0) and `tokyochallenge` (unused since 3.1) are
 * accepted for compatibility and reported as notices.
 */
export interface Secrets {
  /** Token for the public transportation open data center. */
  odpt?: string;
  /** Token for the 2025 open data challenge. */
  challenge2025?: string;
  /** @deprecated Unused since version 4.0. */
  challenge2024?: string;
  /** @deprecated Unused since version 3.1. */
  tokyochallenge?: string;
}

/** Secrets after resolution: only the tokens still in use. Missing ones fall back to default tokens elsewhere. */
export interface ResolvedSecrets {
  odpt?: string;
  challenge2025?: string;
}

/** An extra GTFS data source (experimental). */
export interface DataSourceOptions {
  /** Line colour: `#` followed by 3 or 6 hex digits. */
  color?: string;
  /** URL of a GTFS zip. */
  gtfsUrl: string;
  /** URL of a GTFS Realtime VehiclePosition feed. */
  vehiclePositionUrl?: string;
  /** Id of the data source (for `Map.removeDataSource`); default `gtfs-1`, `gtfs-2`, … in the order they are added. */
  id?: string;
}

/** The minimum shape of a plugin accepted by the `plugins` option: an object with a unique string id. */
export interface PluginLike {
  readonly id: string;
}

/**
 * Rain from a weather radar (project extra option `rain`). The radar is a
 * public service on the internet (RainViewer), so the rain is off until it is
 * switched on here, in the layers panel, or with `setLayerVisibility('rain', 'visible')`.
 */
export interface RainOptions {
  /** Show the rain from the start. Default false. */
  visible?: boolean;
  /**
   * URL of the radar catalogue, in the format of RainViewer's `weather-maps.json`
   * (absolute, or relative to the page: a proxy). Default
   * `https://api.rainviewer.com/public/weather-maps.json`.
   */
  catalogueUrl?: string;
  /** Protocol and host to fetch the radar tiles from instead of the one the catalogue names (a proxy), e.g. `https://radar.example.org`. */
  tileHost?: string;
  /** Longest time between two reads of the catalogue, ms (1,000 to 3,600,000). Default 600,000 (10 minutes). */
  intervalMs?: number;
}

/** Options a developer passes to `new Map(options)`. Only `container` is required. */
export interface MapOptions {
  /** Element id (string) or element to render into; the element must have no child nodes. */
  container: string | HTMLElement;
  /** Map access token: starts with `pk.` and contains a period after that. */
  accessToken?: string;
  /** URL of a hosted map style. */
  mapStyle?: string;
  /** Data access tokens. */
  secrets?: Secrets;
  /** Initial bearing in degrees; any finite number, normalised to (-180, 180]. Default 0. */
  bearing?: number;
  /** Initial centre; default `[139.7670, 35.6814]` (near Tokyo Station). */
  center?: LngLatLike;
  /** Initial zoom, 0 to 22. Default 14. */
  zoom?: number;
  /** Initial pitch in degrees, 0 to 85. Default 60. */
  pitch?: number;
  /** Show the date and time display. Default true. */
  clockControl?: boolean;
  /** Show the configuration buttons. Default true. */
  configControl?: boolean;
  /** Show the full-screen button. Default true. */
  fullscreenControl?: boolean;
  /** Show the mode buttons. Default true. */
  modeControl?: boolean;
  /** Show the navigation buttons. Default true. */
  navigationControl?: boolean;
  /** Show the search button. Default true. */
  searchControl?: boolean;
  /** Extra GTFS data sources (experimental). Default `[]`. */
  dataSources?: readonly DataSourceOptions[];
  /** Data location; a default hosted location is used if absent. */
  dataUrl?: string;
  /** Eco-mode frame rate, 1 to 60. Default 1. */
  ecoFrameRate?: number;
  /** Initial eco mode. Default `'normal'`. */
  ecoMode?: EcoMode;
  /** Interface language; an unsupported tag falls back to `'en'`; the browser language when absent. */
  lang?: InterfaceLanguage | (string & {});
  /** Plugins, each with a unique id. Default `[]`. */
  plugins?: readonly PluginLike[];
  /** Train, flight or station id to select; the `odpt.X:` prefix is optional. */
  selection?: string;
  /** Initial tracking mode. Default `'position'`; `'heading'` is deprecated (→ `'topback'`). */
  trackingMode?: TrackingMode | 'heading';
  /** URL of the basemap PMTiles file (project extra). */
  basemapUrl?: string;
  /** Glyph URL template containing `{fontstack}` and `{range}` (project extra). */
  glyphsUrl?: string;
  /** Interface colour theme. Default `'auto'` (project extra). */
  theme?: Theme;
  /** Read the camera from the page's URL hash `#zoom/lat/lng/bearing/pitch` at start and keep it current. Default false (project extra). */
  hash?: boolean;
  /** Start the clock at this instant (epoch ms or an ISO 8601 date-time) in playback mode; absent: real time (project extra). */
  time?: number | string;
  /**
   * Real-time data: ODPT hosts (base URLs and the operators each serves), the poll interval, and for a bundle built
   * from a GTFS feed the URLs of its GTFS Realtime TripUpdate feeds (project extra).
   */
  realtime?: RealtimeOptions;
  /** Airplanes: flight information hosts (base URLs and the publishers each serves) and the poll interval (project extra). */
  flights?: FlightOptions;
  /** Rain from a weather radar: shown at start, the catalogue URL, a tile host, the refresh interval (project extra). */
  rain?: RainOptions;
}

/** The `realtime` option. */
export interface RealtimeOptions {
  /** ODPT hosts (default: api.odpt.org and api-challenge.odpt.org). */
  hosts?: readonly OdptHostConfig[];
  /** Poll interval, ms (default 15 000 for ODPT, 20 000 for GTFS Realtime feeds). */
  intervalMs?: number;
  /**
   * URLs of GTFS Realtime TripUpdate feeds (absolute, or relative to the page), for a data bundle built from a GTFS
   * feed: they replace the TripUpdate feeds the bundle was built with (`--trip-updates`); `[]` polls none.
   */
  tripUpdates?: readonly string[];
  /**
   * URLs of GTFS Realtime VehiclePosition feeds (absolute, or relative to the page), for a data bundle built from a
   * GTFS feed: they replace the VehiclePosition feeds the bundle was built with (`--vehicle-positions`); `[]` polls
   * none. Where a vehicle is seen gives its trip's delay, before a TripUpdate's.
   */
  vehiclePositions?: readonly string[];
}

/** One flight information host (the `flights.hosts` option): like a `realtime` host, with one list of publishers for both resources. */
export interface FlightHostOptions {
  /** Short stable id used in messages (`odpt`). */
  readonly id: string;
  /** Base URL ending in `/api/v4/`. */
  readonly baseUrl: string;
  /** The secret whose token this host gets. */
  readonly secret: 'odpt' | 'challenge2025';
  /** Publishing operators without `odpt.Operator:` (`HND-JAT`, `HND-TIAT`, `NAA`). */
  readonly operators: readonly string[];
}

/** The `flights` option. */
export interface FlightOptions {
  /** Default: the open data center's main host with HND-JAT, HND-TIAT and NAA. */
  hosts?: readonly FlightHostOptions[];
  /** Poll interval, ms (default 60 000). */
  intervalMs?: number;
}

/** Options with every default filled in. */
export interface ResolvedMapOptions {
  /** The container element (looked up when an id was given); it has no child nodes. */
  container: HTMLElement;
  /** Map access token, when given. */
  accessToken: string | undefined;
  /** Hosted map style URL, when given. */
  mapStyle: string | undefined;
  /** Tokens in use (unused ones are dropped). */
  secrets: ResolvedSecrets;
  /** Bearing in (-180, 180]. */
  bearing: number;
  /** `[lng, lat]`. */
  center: LngLatTuple;
  zoom: number;
  pitch: number;
  clockControl: boolean;
  configControl: boolean;
  fullscreenControl: boolean;
  modeControl: boolean;
  navigationControl: boolean;
  searchControl: boolean;
  dataSources: DataSourceOptions[];
  dataUrl: string;
  ecoFrameRate: number;
  ecoMode: EcoMode;
  lang: InterfaceLanguage;
  /** The plugin objects as given (same references), in order. */
  plugins: PluginLike[];
  /** The selection, normalised (id without prefix) with its kind. */
  selection: ParsedId | undefined;
  trackingMode: TrackingMode;
  basemapUrl: string;
  glyphsUrl: string;
  theme: Theme;
  hash: boolean;
  /** Clock start, epoch ms; undefined for real time. */
  time: number | undefined;
  realtime: RealtimeOptions;
  flights: FlightOptions;
  /** The `rain` option as given (checked); defaults are applied where the radar is read. */
  rain: RainOptions;
}

/** What {@link resolveMapOptions} needs from its surroundings. */
export interface ResolveEnvironment {
  /** Document used to look up a container id; `globalThis.document` when absent. */
  document?: Document;
  /** Browser languages (`navigator.languages`); `globalThis.navigator` languages when absent. */
  navigatorLanguages?: readonly string[];
  /** Default URLs for options that have no fixed default. */
  defaults: { dataUrl: string; basemapUrl: string; glyphsUrl: string };
}

/** Result of {@link resolveMapOptions}. */
export interface ResolvedOptionsResult {
  options: ResolvedMapOptions;
  /** Non-fatal remarks (unknown keys, deprecated or unused values, fallbacks), in the order found. */
  notices: string[];
}

