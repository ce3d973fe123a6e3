/**
 * What the main thread keeps of the GTFS data sources (in the app store):
 * the loaded feeds to draw, the vehicles of each poll ready for the vehicle
 * layer, and the tracked or pointed-at vehicle. Types and a few small pure
 * helpers only: this module is part of the first view's code, so it must stay
 * tiny (the GTFS code itself loads when a data source is added).
 *
 * @module
 */
import type { BBox, VehicleKind } from './feed-model.ts';
import type { VehicleDetails } from './next-stop.ts';
import type { GtfsSource } from './source-options.ts';
import type { VehiclePose } from './vehicle-motion.ts';
import type { VehiclePaths } from './vehicle-paths.ts';
import type { GtfsMapData } from './worker-protocol.ts';

/** A loaded GTFS data source. */
export interface GtfsFeedView {
  /** Data source id (`gtfs-1`, or the `id` given). */
  id: string;
  source: GtfsSource;
  data: GtfsMapData;
}

/** The vehicles of one data source as the vehicle layer draws them: arrays by vehicle, replaced at each poll. */
export interface GtfsVehicleSet {
  /** Data source id. */
  source: string;
  /** When the poll's answer arrived (epoch ms). */
  receivedAt: number;
  /** Number of vehicles. */
  count: number;
  vehicleIds: string[];
  labels: string[];
  /** Index into the feed's routes of each vehicle. */
  routes: Uint32Array;
  /** Where each vehicle is over the poll interval (see `vehicle-paths.ts`). */
  paths: VehiclePaths;
  /** Index into {@link VEHICLE_KINDS} of each vehicle. */
  kinds: Uint8Array;
  /** RGB of each vehicle (its route's colour). */
  colors: Uint8Array;
  /** The feed's extent (vehicles are not drawn while it is out of view). */
  bbox: BBox;
  /** Epoch ms when the last motion ends (the layer redraws every frame until then). */
  movingUntil: number;
}

/** Vehicle kinds in the order the vehicle layer's shader knows them. */
export const VEHICLE_KINDS: readonly VehicleKind[] = ['bus', 'rail', 'subway', 'tram', 'ferry', 'cable', 'other'];

/** A GTFS vehicle: its data source and vehicle id. */
export interface GtfsVehicleSelection {
  source: string;
  vehicleId: string;
}

/** What the UI asks of the GTFS link (`src/api/gtfs-link.ts`). */
export interface GtfsLinkApi {
  /** Popup details of a vehicle now, or null when it is not shown. */
  details(source: string, vehicleId: string): Promise<VehicleDetails | null>;
  /** Where a vehicle is drawn at `time` (epoch ms), or null when it is not shown. */
  pose(source: string, vehicleId: string, time: number): VehiclePose | null;
}

/** Id of the vehicle layer of a data source (picking asks for these). */
export const vehicleLayerId = (source: string): string => `gtfs-vehicles-${source}`;

/** Prefix of GTFS vehicle ids in `Map.getSelection()` and the `selection` event: `gtfs:<source id>:<vehicle id>`. */
export const GTFS_SELECTION_PREFIX = 'gtfs:';

/** `gtfs:<source id>:<vehicle id>`. */
export function gtfsSelectionId(selection: GtfsVehicleSelection): string {
  return `${GTFS_SELECTION_PREFIX}${selection.source}:${selection.vehicleId}`;
}

/** The vehicle of a `gtfs:<source id>:<vehicle id>` id, or null when `id` is not one. */
export function parseGtfsSelectionId(id: string, sources: readonly string[]): GtfsVehicleSelection | null {
  if (!id.startsWith(GTFS_SELECTION_PREFIX)) return null;
  const rest = id.slice(GTFS_SELECTION_PREFIX.length);
  // Source ids may hold colons: take the longest known source id that prefixes the rest.
  const source = sources.filter((s) => rest.startsWith(`${s}:`)).sort((a, b) => b.length - a.length)[0];
  if (source !== undefined) return { source, vehicleId: rest.slice(source.length + 1) };
  const colon = rest.indexOf(':');
  return colon > 0 ? { source: rest.slice(0, colon), vehicleId: rest.slice(colon + 1) } : null;
}

/** Degrees the view's centre may lie outside a feed's extent for the feed's area to count as in view. */
const AREA_MARGIN_DEGREES = 0.1;

/**
 * The time zone of the feed whose area holds (`lng`, `lat`) (its extent plus a
 * margin), or null when none does (the clock then shows Japan time).
 */
export function feedZoneAt(feeds: readonly Pick<GtfsFeedView, 'data'>[], lng: number, lat: number): string | null {
  for (const { data } of feeds) {
    const [west, south, east, north] = data.bbox;
    if (lng >= west - AREA_MARGIN_DEGREES && lng <= east + AREA_MARGIN_DEGREES && lat >= south - AREA_MARGIN_DEGREES && lat <= north + AREA_MARGIN_DEGREES) {
      return data.timezone || null;
    }
  }
  return null;
}
