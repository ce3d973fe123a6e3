/**
 * The GTFS worker's work, behind a message port: load each data source's
 * feed, poll its VehiclePosition feed while enabled, plan vehicle motions and
 * answer popup questions. Keeps trips and stop times in the worker; the main
 * thread gets only what it draws (see {@link GtfsWorkerEvents}).
 *
 * @module
 */
import { describeVehicle } from './next-stop.ts';
import type { DrawableFeed } from './build-feed.ts';
import type { GtfsFeed } from './feed-model.ts';
import { indexFeed } from './feed-index.ts';
import { loadGtfsFeed, type LoadFeedOptions } from './load-feed.ts';
import type { GtfsSource } from './source-options.ts';
import { buildRouteStrip } from './route-lines.ts';
import { VehiclePoller } from './vehicle-poller.ts';
import { VehicleTracks } from './vehicle-tracks.ts';
import { packStops, transferablesOf, type GtfsVehiclesData, type GtfsWorkerEvents, type GtfsWorkerMethods } from './worker-protocol.ts';
import { buildVehiclePaths } from './vehicle-paths.ts';
import type { VehicleMotion } from './vehicle-motion.ts';
import type { MatchedVehicle } from './vehicle-positions.ts';
import { serve, type Server } from '../worker/serve.ts';
import type { ChannelPort } from '../worker/wire.ts';

/** Injectable pieces (tests). */
export interface GtfsServiceOptions {
  fetch?: LoadFeedOptions['fetch'];
  /** Poll interval, ms (default the poller's, 20 s). */
  intervalMs?: number;
  now?: () => number;
}

/** One data source in the worker. */
interface Loaded {
  controller: AbortController;
  feed: GtfsFeed | null;
  poller: VehiclePoller | null;
  tracks: VehicleTracks | null;
}

/** The vehicles of a poll as the main thread draws them: flat arrays and each vehicle's path over the next interval. */
function vehiclesData(feed: Pick<GtfsFeed, 'trips' | 'shapes'>, motions: { vehicle: MatchedVehicle; motion: VehicleMotion }[]): GtfsVehiclesData {
  const shapes = motions.map(({ vehicle }) => feed.shapes[feed.trips[vehicle.trip]?.shape ?? -1] ?? null);
  let movingUntil = 0;
  for (const { motion } of motions) movingUntil = Math.max(movingUntil, motion.kind === 'shape' ? motion.toTime : motion.to.time);
  return {
    vehicleIds: motions.map(({ vehicle }) => vehicle.vehicleId),
    labels: motions.map(({ vehicle }) => vehicle.label),
    tripIds: motions.map(({ vehicle }) => vehicle.tripId),
    routes: Uint32Array.from(motions, ({ vehicle }) => vehicle.route),
    paths: buildVehiclePaths(shapes, motions.map(({ motion }) => motion)),
    movingUntil,
  };
}

/** Serves GTFS requests on `port` (the worker's global scope, or a `MessagePort`); returns a function that stops everything. */
export function serveGtfsSources(port: ChannelPort, options: GtfsServiceOptions = {}): () => void {
  const sources = new Map<string, Loaded>();
  const now = options.now ?? Date.now;
  let enabled = true;

  const add = async ({ id, source }: { id: string; source: GtfsSource }) => {
    remove(id);
    const loaded: Loaded = { controller: new AbortController(), feed: null, poller: null, tracks: null };
    sources.set(id, loaded);
    const started = now();
    const realtime = source.vehiclePositionUrl !== null;
    // The routes are drawn as soon as they are read; stop times (needed for vehicles) follow.
    const sendDrawable = ({ agencies, timezone, bbox, routes, shapes, stops }: DrawableFeed) => {
      if (sources.get(id) !== loaded) return;
      const strip = buildRouteStrip(routes, shapes);
      const routeStrip = { bytes: strip.bytes, vertexCount: strip.vertexCount };
      const packed = packStops(stops);
      const transfer = transferablesOf(strip.bytes, packed.coordinates, packed.locationTypes, packed.parents);
      server.emit('feed', { id, data: { agencies, timezone, bbox, routes, stops: packed, realtime, routeStrip }, parseMs: now() - started }, transfer);
    };
    let feed: GtfsFeed;
    try {
      feed = await loadGtfsFeed(source.gtfsUrl, { color: source.color, signal: loaded.controller.signal, fetch: options.fetch, onDrawable: sendDrawable });
    } catch (error) {
      if (sources.get(id) === loaded) server.emit('error', { id, message: error instanceof Error ? error.message : String(error), fatal: true });
      return;
    }
    if (sources.get(id) !== loaded) return;
    loaded.feed = feed;
    if (!realtime) return;
    const poller = new VehiclePoller({
      url: source.vehiclePositionUrl!,
      feed,
      index: indexFeed(feed),
      intervalMs: options.intervalMs,
      fetch: options.fetch,
      now,
      onUpdate: (update) => {
        tracks.update(update.vehicles, update.receivedAt);
        const vehicles = vehiclesData(feed, tracks.motions());
        const { paths } = vehicles;
        server.emit('vehicles', { id, receivedAt: update.receivedAt, vehicles }, transferablesOf(vehicles.routes, paths.start, paths.lng, paths.lat, paths.time, paths.bearing, paths.cursor));
      },
      onError: (error) => server.emit('error', { id, message: error.message, fatal: false }),
      onProblem: (message) => server.emit('problem', { id, message }),
    });
    const tracks = new VehicleTracks(feed, poller.intervalMs);
    loaded.poller = poller;
    loaded.tracks = tracks;
    if (enabled) poller.start();
  };

  const remove = (id: string) => {
    const loaded = sources.get(id);
    if (!loaded) return;
    loaded.controller.abort();
    loaded.poller?.stop();
    sources.delete(id);
  };

  const setEnabled = (value: boolean) => {
    enabled = value;
    for (const [id, loaded] of sources) {
      if (!loaded.poller) continue;
      if (value) loaded.poller.start();
      else {
        loaded.poller.stop();
        loaded.tracks?.clear();
        server.emit('vehicles', { id, receivedAt: now(), vehicles: vehiclesData(loaded.feed!, []) });
      }
    }
  };

  const details = (request: { id: string; vehicleId: string; now: number }) => {
    const loaded = sources.get(request.id);
    const tracked = loaded?.tracks?.pose(request.vehicleId, request.now);
    return loaded?.feed && tracked ? describeVehicle(loaded.feed, tracked.vehicle, { distance: tracked.pose.distance, now: request.now }) : null;
  };

  const server: Server<GtfsWorkerEvents> = serve<GtfsWorkerMethods, GtfsWorkerEvents>(port, {
    add: (request) => void add(request),
    remove,
    enabled: setEnabled,
    details,
  });
  return () => {
    server.close();
    for (const id of [...sources.keys()]) remove(id);
  };
}
