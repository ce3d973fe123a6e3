import type { Calendar } from './timetable-format.ts';

/** `manifest.json`, the entry point of a data bundle: names the files and summarises the build. */
export interface BundleManifest {
  format: 'tt3d-manifest';
  version: 1;
  builtAt: string;
  /** Last modification of the source data (ISO 8601): the "static data" update time shown in the app. */
  sourceModified: string;
  network: BundleFileEntry;
  /** Station exits (`exits-format.ts`), loaded on first use; absent in bundles built before exits had a file of their own. */
  exits?: BundleFileEntry;
  timetables: Record<Calendar, BundleFileEntry & { trains: number }>;
  counts: {
    railways: number;
    stations: number;
    stationShapes: number;
    stationGroups: number;
    exits: number;
    trackVertices: number;
  };
  /** Source records skipped or repaired while building (the first 500). */
  warnings: { total: number; items: string[] };
}

export interface BundleFileEntry {
  /** File name relative to the manifest. */
  file: string;
  bytes: number;
  /** Size after gzip, as a server sends it. */
  gzipBytes: number;
}

export const MANIFEST_FILE = 'manifest.json';
