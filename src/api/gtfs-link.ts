/**
 * The main-thread side of the GTFS data sources (issue #15), loaded the first
 * time a data source is added: starts the GTFS worker
 * (`src/data/gtfs/gtfs-worker.ts`), which downloads and parses each feed and
 * polls its VehiclePosition feed; keeps the loaded feeds and each poll's
 * vehicles in the store for the layers; turns every failure into one `error`
 * event; pauses polling in playback (no data-source vehicles there, spec §4)
 * and while the page is hidden or the browser offline (polling at once when it
 * is shown and online again); and fits the camera to a feed when asked.
 *
 * @module
 */
import { WebMercatorViewport } from '@deck.gl/core';
import { vehicleKindOf } from '../data/gtfs/feed-model.ts';
import { VEHICLE_KINDS, type GtfsFeedView, type GtfsLinkApi, type GtfsVehicleSet } from '../data/gtfs/feed-view.ts';
import type { VehicleDetails } from '../data/gtfs/next-stop.ts';
import { parseGtfsUrlParams, validateDataSource, type GtfsSource } from '../data/gtfs/source-options.ts';
import type { VehiclePose } from '../data/gtfs/vehicle-motion.ts';
import { vehiclePoseInto } from '../data/gtfs/vehicle-paths.ts';
import { pauseWhileHiddenOrOffline } from '../data/polling/page-visibility.ts';
import type { GtfsMapData, GtfsVehiclesData, GtfsWorkerEvents, GtfsWorkerMethods } from '../data/gtfs/worker-protocol.ts';
import { WorkerChannel } from '../data/worker/channel.ts';
import type { ChannelPort } from '../data/worker/wire.ts';
import type { ReportError } from '../data/map-error.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import type { AppStore } from '../store.ts';
import type { DataSourceOptions } from './option-types.ts';
// `Worker` that names its script in errors; imported under that name so that bundlers still see `new Worker(new URL(…))`.
import { Worker } from '../data/worker/script-worker.ts';

/** What {@link GtfsLink.list} tells about a data source. */
export interface DataSourceInfo {
  id: string;
  gtfsUrl: string;
  vehiclePositionUrl: string | null;
  /** `#rrggbb`, or null. */
  color: string | null;
  /** `loading` until the feed is drawn, `loaded`, or `failed` (see the `error` event). */
  status: 'loading' | 'loaded' | 'failed';
  /** Names of the feed's agencies (once loaded). */
  agencies: string[];
  /** agency_timezone (once loaded), e.g. `America/Halifax`. */
  timezone: string | null;
  /** [west, south, east, north] (once loaded). */
  bounds: [number, number, number, number] | null;
  routeCount: number;
  stopCount: number;
  /** Vehicles shown now (0 without a realtime feed, in playback, or before the first poll). */
  vehicleCount: number;
}

interface Entry {
  id: string;
  source: GtfsSource;
  status: DataSourceInfo['status'];
  fit: boolean;
  data: GtfsMapData | null;
}

/** An event of the GTFS worker, tagged with its name. */
type GtfsWorkerMessage = { [K in keyof GtfsWorkerEvents]: { type: K } & GtfsWorkerEvents[K] }[keyof GtfsWorkerEvents];

/** Options of {@link GtfsLink.add}. */
export interface AddOptions {
  /** Fit the camera to the feed's extent once it is loaded. */
  fit?: boolean;
}

const toHex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** The page's base URL (relative data source URLs resolve against it), when there is a page. */
const pageUrl = () => (typeof document !== 'undefined' ? document.baseURI : undefined);

/** Padding around a feed's extent when the camera fits it, px. */
const FIT_PADDING = 40;

/** One map's GTFS data sources. */
export class GtfsLink implements GtfsLinkApi {
  private readonly worker: WorkerChannel<GtfsWorkerMethods, GtfsWorkerEvents>;
  private readonly entries = new Map<string, Entry>();
  /** Whether the worker polls. */
  private enabled: boolean;
  /** The page is hidden or the browser offline ({@link pauseWhileHiddenOrOffline}). */
  private resting = false;
  /** Set once disposed, or once the worker failed (already reported): details that fail then say nothing more. */
  private quiet = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly store: AppStore,
    private readonly onError: ReportError,
    /** Size of the map's container, for fitting the camera. */
    private readonly viewSize: () => { width: number; height: number },
    /** The GTFS worker (`gtfs-worker.ts`), or a stand-in in tests. */
    worker?: ChannelPort,
  ) {
    const failure = (detail: string) => `The GTFS worker failed: ${detail || 'its script could not be loaded'}.`;
    this.worker = new WorkerChannel(worker ?? new Worker(new URL('../data/gtfs/gtfs-worker.ts', import.meta.url), { type: 'module', name: 'gtfs' }), {
      failureMessage: failure,
      onError: (error) => {
        this.quiet = true;
        this.onError(error.message);
      },
    });
    this.worker.on('feed', (data) => this.receive({ type: 'feed', ...data }));
    this.worker.on('vehicles', (data) => this.receive({ type: 'vehicles', ...data }));
    this.worker.on('problem', (data) => this.receive({ type: 'problem', ...data }));
    this.worker.on('error', (data) => this.receive({ type: 'error', ...data }));
    store.getState().setGtfsLink(this);
    this.enabled = this.wantsVehicles();
    if (!this.enabled) this.worker.post('enabled', false);
    this.cleanups.push(
      store.subscribe((s, previous) => {
        if (s.clockMode !== previous.clockMode) this.updateEnabled();
      }),
    );
    // Rests at once when the page is hidden or offline now.
    this.cleanups.push(pauseWhileHiddenOrOffline({ pause: () => this.rest(true), resume: () => this.rest(false) }));
  }

  /** Vehicles are polled and shown in real-time clock mode while the page is visible and the browser online. */
  private wantsVehicles(): boolean {
    return this.store.getState().clockMode === 'realtime' && !this.resting;
  }

  /** Rests while the page is hidden or offline; back, the worker polls every feed at once. */
  private rest(resting: boolean) {
    this.resting = resting;
    this.updateEnabled();
  }

  private updateEnabled() {
    const enabled = this.wantsVehicles();
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    this.worker.post('enabled', enabled);
    if (!enabled) this.store.getState().clearGtfsVehicles();
  }

  /**
   * Adds a data source given as map options (`dataSources` entry or `addDataSource` argument, already checked for
   * types); `path` names it in messages. The URLs are checked here (absolute http(s), or relative to the page).
   */
  addOptions(id: string, options: DataSourceOptions, path: string, add: AddOptions = {}): void {
    const { source, errors } = validateDataSource(options, path, pageUrl());
    for (const message of errors) this.onError(message, { source: { type: 'dataSource', id }, url: options.gtfsUrl });
    if (source) this.add(id, source, add);
    else this.entries.set(id, { id, source: { gtfsUrl: options.gtfsUrl, vehiclePositionUrl: options.vehiclePositionUrl ?? null, color: null }, status: 'failed', fit: false, data: null });
  }

  /**
   * Adds the data source of the app URL's `gtfsurl`, `gtfsvpurl` and `gtfscolor` (the camera fits it once loaded when `fit`);
   * each wrong parameter fires one error. Returns whether a source was added.
   */
  addFromUrl(id: string, search: string, fit = true): boolean {
    const { source, errors } = parseGtfsUrlParams(search, pageUrl());
    for (const message of errors) this.onError(message, { source: { type: 'dataSource', id } });
    if (source) this.add(id, source, { fit });
    return source !== null;
  }

  /** Starts loading a validated data source. */
  add(id: string, source: GtfsSource, options: AddOptions = {}): void {
    this.remove(id, false);
    this.entries.set(id, { id, source, status: 'loading', fit: options.fit ?? false, data: null });
    performance.mark(PERFORMANCE_MARKS.gtfsRequested, { detail: id });
    if (source.vehiclePositionUrl) this.store.getState().addGtfsRealtimeSource(id);
    this.worker.post('add', { id, source });
  }

  /** Removes a data source; returns false when there is none with this id. */
  remove(id: string, post = true): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.entries.delete(id);
    if (post) this.worker.post('remove', id);
    this.store.getState().removeGtfsSource(id);
    return true;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Every data source added and not removed, in the order added. */
  list(): DataSourceInfo[] {
    const vehicles = this.store.getState().gtfsVehicles;
    return [...this.entries.values()].map(({ id, source, status, data }) => ({
      id,
      gtfsUrl: source.gtfsUrl,
      vehiclePositionUrl: source.vehiclePositionUrl,
      color: source.color ? toHex(source.color) : null,
      status,
      agencies: data?.agencies.map((a) => a.name) ?? [],
      timezone: data?.timezone ?? null,
      bounds: data ? [...data.bbox] : null,
      routeCount: data?.routes.length ?? 0,
      stopCount: data?.stops.names.length ?? 0,
      vehicleCount: vehicles[id]?.count ?? 0,
    }));
  }

  /** The popup details of a vehicle; null when there are none (or the worker could not give them: an `error` says why). */
  details(source: string, vehicleId: string): Promise<VehicleDetails | null> {
    if (!this.entries.has(source)) return Promise.resolve(null);
    return this.worker.call('details', { id: source, vehicleId, now: Date.now() }).catch((error: Error) => {
      if (!this.quiet) this.onError(`GTFS data source "${source}": the details of vehicle "${vehicleId}" could not be read: ${error.message}`, { error, source: { type: 'dataSource', id: source } });
      return null;
    });
  }

  pose(source: string, vehicleId: string, time: number): VehiclePose | null {
    const set = this.store.getState().gtfsVehicles[source];
    const k = set ? set.vehicleIds.indexOf(vehicleId) : -1;
    if (k < 0) return null;
    const out = [0, 0, 0];
    vehiclePoseInto(set.paths, k, time, out);
    return { lng: out[0], lat: out[1], bearing: out[2], distance: null };
  }

  /** Stops the worker; details still awaited resolve with null. */
  dispose(): void {
    this.quiet = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.worker.terminate('the GTFS worker was stopped.');
    this.entries.clear();
  }

  private receive(message: GtfsWorkerMessage) {
    const entry = this.entries.get(message.id);
    if (!entry) return;
    if (message.type === 'feed') this.loaded(entry, message.data);
    else if (message.type === 'vehicles') this.vehicles(entry, message.receivedAt, message.vehicles);
    else if (message.type === 'problem') {
      this.store.getState().feedFailed(`gtfs:${entry.id}`, `GTFS Realtime feed ${entry.source.vehiclePositionUrl}: ${message.message}`);
      this.onError(`GTFS Realtime feed ${entry.source.vehiclePositionUrl}: ${message.message}`, { source: { type: 'dataSource', id: entry.id }, url: entry.source.vehiclePositionUrl ?? undefined });
    } else {
      if (message.fatal) {
        entry.status = 'failed';
        this.store.getState().gtfsSourceFailed(entry.id);
      }
      this.store.getState().feedFailed(`gtfs:${entry.id}`, message.message);
      this.onError(message.message, { source: { type: 'dataSource', id: entry.id }, url: message.fatal ? entry.source.gtfsUrl : undefined });
    }
  }

  private loaded(entry: Entry, data: GtfsMapData) {
    performance.mark(PERFORMANCE_MARKS.gtfsFeedReceived, { detail: entry.id });
    entry.status = 'loaded';
    entry.data = data;
    const view: GtfsFeedView = { id: entry.id, source: entry.source, data };
    this.store.getState().gtfsFeedLoaded(view);
    if (entry.fit) this.fit(data.bbox);
  }

  /** Moves the camera so that the extent fills the view (bearing and pitch kept). */
  private fit([west, south, east, north]: GtfsMapData['bbox']) {
    const { width, height } = this.viewSize();
    if (!(width > 2 * FIT_PADDING && height > 2 * FIT_PADDING) || !(east >= west && north >= south)) return;
    const { longitude, latitude, zoom } = new WebMercatorViewport({ width, height }).fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: FIT_PADDING },
    );
    this.store.getState().requestCamera({ longitude, latitude, zoom: Math.min(zoom, 16) }, 'jump');
  }

  private vehicles(entry: Entry, receivedAt: number, vehicles: GtfsVehiclesData) {
    const data = entry.data;
    if (!data) return;
    const count = vehicles.vehicleIds.length;
    if (count === 0 || !this.enabled) {
      this.store.getState().setGtfsVehicles(entry.id, null);
      return;
    }
    const kinds = new Uint8Array(count);
    const colors = new Uint8Array(count * 3);
    for (let k = 0; k < count; k++) {
      const route = data.routes[vehicles.routes[k]];
      kinds[k] = Math.max(0, VEHICLE_KINDS.indexOf(vehicleKindOf(route?.type ?? 3)));
      colors.set(route?.color ?? [128, 128, 128], k * 3);
    }
    const set: GtfsVehicleSet = { source: entry.id, receivedAt, count, ...vehicles, kinds, colors, bbox: data.bbox };
    // A tracked vehicle missing from the new answer has left the feed: the store ends its tracking.
    this.store.getState().setGtfsVehicles(entry.id, set);
  }
}
