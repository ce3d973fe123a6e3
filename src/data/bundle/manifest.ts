import type { Calendar } from './timetable-format.ts';

/** `manifest.json`, the entry point of a data bundle: names the files and summarises the build. */
export interface BundleManifest {
  format: 'tt3d-manifest';
  version: 1;
  builtAt: string;
  /** Last modification of the source data (ISO 8601): the "static data" update time shown in the app. */
  sourceModified: string;
  /**
   * The date the source data set was published (YYYY-MM-DD), when the build was given one (`--data-date`); the app
   * shows it in place of {@link sourceModified}, which is only when its files were last written.
   */
  dataDate?: string;
  network: BundleFileEntry;
  /** Station exits (`exits-format.ts`), loaded on first use; absent in bundles built before exits had a file of their own. */
  exits?: BundleFileEntry;
  /** Flight courses, airports, airlines and statuses (`flights-format.ts`), loaded after the first view when airplanes can be shown; absent in bundles built before airplanes. */
  flights?: BundleFileEntry;
  timetables: Record<Calendar, BundleFileEntry & { trains: number }>;
  counts: {
    railways: number;
    stations: number;
    stationShapes: number;
    stationGroups: number;
    exits: number;
    trackVertices: number;
    /** Flight courses of Haneda and Narita (absent in bundles built before airplanes). */
    flightCourses?: number;
  };
  /** Source records skipped or repaired while building (the first 500). */
  warnings: { total: number; items: string[] };
  /** Present in a bundle built from a GTFS feed (`npm run data -- --gtfs`): what Tokyo's bundle leaves implicit. */
  city?: CityManifest;
}

/** The camera a city bundle opens at: the whole feed in view. */
export interface CityCamera {
  /** [lng, lat] */
  center: [number, number];
  zoom: number;
  /** West, south, east, north of the feed's stops and shapes. */
  bounds: [number, number, number, number];
}

/** What a bundle built from a GTFS feed adds to the manifest. */
export interface CityManifest {
  /** The city's name (the feed's agencies unless given). */
  name: string;
  /** IANA time zone of the feed's agencies: the zone of the app's clock and of every timetable time. */
  timeZone: string;
  camera: CityCamera;
  /**
   * URL of a hosted MapLibre style for the city's base map, given at build (`--map-style`): the app draws it unless
   * the map's options name a base map (`mapStyle`, `basemapUrl`).
   */
  mapStyle?: string;
  /** GTFS route_type of each railway (line), by railway index. */
  routeTypes: number[];
  /** The timetable of each service date `YYYY-MM-DD`: a key of {@link dayTimetables}. Dates without service are absent. */
  days: Record<string, string>;
  /** Keys of the timetables of the typical weekday, Saturday and Sunday (`timetables` names their files). */
  typical: Record<Calendar, string>;
  /** Timetable files by key. */
  dayTimetables: Record<string, BundleFileEntry & { trains: number; calendar: Calendar }>;
  /** The city's GTFS Realtime feeds given at build time (`--trip-updates`, `--vehicle-positions`): the app polls them with no option of its own. */
  realtime?: CityRealtime;
}

/** GTFS Realtime feeds of a city bundle (a kind without feeds is absent). */
export interface CityRealtime {
  /** URLs of TripUpdate feeds whose delays and cancellations move the timetable vehicles. */
  tripUpdates?: string[];
  /** URLs of VehiclePosition feeds: where each vehicle is seen gives its timetable's delay. */
  vehiclePositions?: string[];
}

export interface BundleFileEntry {
  /** File name relative to the manifest. */
  file: string;
  bytes: number;
  /** Size after gzip, as a server sends it. */
  gzipBytes: number;
}

export const MANIFEST_FILE = 'manifest.json';
