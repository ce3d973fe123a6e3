/**
 * Messages between the main thread and the GTFS worker
 * ({@link serveGtfsSources}): the worker loads feeds and polls realtime
 * feeds; the main thread draws routes, stops and vehicles from what it sends.
 *
 * @module
 */
import type { BBox, GtfsAgency, GtfsRoute, GtfsShape, GtfsStop } from './feed-model.ts';
import type { VehicleDetails } from './next-stop.ts';
import type { GtfsSource } from './source-options.ts';
import type { VehicleMotion } from './vehicle-motion.ts';

/** What the main thread needs to draw a feed (the model without trips, stop times and services). */
export interface GtfsMapData {
  agencies: GtfsAgency[];
  timezone: string;
  bbox: BBox;
  routes: GtfsRoute[];
  shapes: GtfsShape[];
  stops: GtfsStop[];
  /** Whether vehicles will come (the source has a VehiclePosition URL). */
  realtime: boolean;
  /** The route lines, ready for the GPU (see `route-lines.ts`); its buffer is transferred. */
  routeStrip: { bytes: Uint8Array; vertexCount: number };
}

/** One vehicle as the main thread draws it: `poseAt(shapes[shape] ?? null, motion, Date.now())`. */
export interface GtfsVehicleState {
  vehicleId: string;
  label: string;
  tripId: string;
  /** Index into the feed's routes. */
  route: number;
  /** Index into {@link GtfsMapData.shapes}, or -1. */
  shape: number;
  motion: VehicleMotion;
}

/** Main thread → worker. */
export type GtfsWorkerRequest =
  | { type: 'add'; id: string; source: GtfsSource }
  | { type: 'remove'; id: string }
  /** Real-time clock mode (true) or playback (false: no polling, vehicles cleared). */
  | { type: 'enabled'; enabled: boolean }
  | { type: 'details'; requestId: number; id: string; vehicleId: string; now: number };

/** Worker → main thread. */
export type GtfsWorkerResponse =
  | { type: 'feed'; id: string; data: GtfsMapData; parseMs: number }
  | { type: 'vehicles'; id: string; receivedAt: number; vehicles: GtfsVehicleState[] }
  /** A vehicle that is not shown (once per distinct message). */
  | { type: 'problem'; id: string; message: string }
  /** The feed could not be loaded (`fatal`), or a realtime poll failed (polling goes on). */
  | { type: 'error'; id: string; message: string; fatal: boolean }
  | { type: 'details'; requestId: number; details: VehicleDetails | null };
