/**
 * Messages between the main thread and the GTFS worker
 * ({@link serveGtfsSources}): the worker loads feeds and polls realtime
 * feeds; the main thread draws routes, stops and vehicles from what it sends.
 *
 * @module
 */
import type { BBox, GtfsAgency, GtfsRoute, GtfsStop } from './feed-model.ts';
import type { VehicleDetails } from './next-stop.ts';
import type { GtfsSource } from './source-options.ts';
import type { VehiclePaths } from './vehicle-paths.ts';

/**
 * The stops of a feed in flat arrays (one entry per stop, in stops.txt order): a message of a few typed arrays is
 * transferred at no cost, where thousands of stop objects took a long structured clone on the main thread.
 */
export interface GtfsStopsData {
  names: string[];
  /** Longitude, latitude of each stop, interleaved. */
  coordinates: Float64Array;
  /** location_type of each stop (0 stop, 1 station, 2 entrance). */
  locationTypes: Uint8Array;
  /** Index of each stop's parent station, or -1. */
  parents: Int32Array;
}

/**
 * What the main thread needs to draw a feed: agencies, routes, stops and the route lines ready for the GPU. Trips,
 * stop times, services and shapes stay in the worker (vehicles come with their paths already along the shapes).
 */
export interface GtfsMapData {
  agencies: GtfsAgency[];
  timezone: string;
  bbox: BBox;
  routes: GtfsRoute[];
  stops: GtfsStopsData;
  /** Whether vehicles will come (the source has a VehiclePosition URL). */
  realtime: boolean;
  /** The route lines, ready for the GPU (see `route-lines.ts`); its buffer is transferred. */
  routeStrip: { bytes: Uint8Array; vertexCount: number };
}

/**
 * The vehicles of one poll, one entry per vehicle: ids and labels, route indexes, and where each is drawn over the
 * next poll interval as a timed polyline along its trip's shape ({@link VehiclePaths}, `vehiclePoseInto`).
 */
export interface GtfsVehiclesData {
  vehicleIds: string[];
  labels: string[];
  tripIds: string[];
  /** Index into the feed's routes. */
  routes: Uint32Array;
  paths: VehiclePaths;
  /** Epoch ms when the last vehicle reaches its reported position. */
  movingUntil: number;
}

/** Stops in flat arrays. */
export function packStops(stops: readonly GtfsStop[]): GtfsStopsData {
  const coordinates = new Float64Array(stops.length * 2);
  const locationTypes = new Uint8Array(stops.length);
  const parents = new Int32Array(stops.length);
  stops.forEach((stop, i) => {
    coordinates[2 * i] = stop.lng;
    coordinates[2 * i + 1] = stop.lat;
    locationTypes[i] = stop.locationType;
    parents[i] = stop.parent;
  });
  return { names: stops.map((s) => s.name), coordinates, locationTypes, parents };
}

/** The buffers of a message's typed arrays, to transfer. */
export function transferablesOf(...arrays: ArrayBufferView[]): ArrayBuffer[] {
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

/** The GTFS worker's methods ({@link serveGtfsSources}). */
export type GtfsWorkerMethods = {
  /** One-way: loads a data source (then sends `feed`, and `vehicles` every poll). */
  add(request: { id: string; source: GtfsSource }): void;
  /** One-way: forgets a data source. */
  remove(id: string): void;
  /** One-way: real-time clock mode (true) or playback (false: no polling, vehicles cleared). */
  enabled(enabled: boolean): void;
  /** The next stop and timetable of a vehicle for its popup, or null. */
  details(request: { id: string; vehicleId: string; now: number }): VehicleDetails | null;
};

/** The GTFS worker's events. */
export type GtfsWorkerEvents = {
  /** What the map draws of a feed (its buffers transferred). */
  feed: { id: string; data: GtfsMapData; parseMs: number };
  /** The vehicles of a poll (their buffers transferred). */
  vehicles: { id: string; receivedAt: number; vehicles: GtfsVehiclesData };
  /** A vehicle that is not shown (once per distinct message). */
  problem: { id: string; message: string };
  /** The feed could not be loaded (`fatal`), or a realtime poll failed (polling goes on). */
  error: { id: string; message: string; fatal: boolean };
};
