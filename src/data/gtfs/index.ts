/**
 * GTFS and GTFS Realtime as extra data sources (issue #15): load a GTFS zip
 * into a compact model, poll a VehiclePosition feed, move vehicles along
 * their shapes, and validate the source options and URL parameters.
 * Pure TypeScript: runs in a worker, the main thread or Node.
 *
 * @module
 */
export * from './feed-model.ts';
export { GtfsError } from './gtfs-error.ts';
export { forEachCsvRecord, readCsvTable } from './csv.ts';
export { parseGtfsTime, formatGtfsTime } from './field-values.ts';
export { loadGtfsFeed, parseGtfsZip } from './load-feed.ts';
export { indexFeed } from './feed-index.ts';
export { activeServices } from './service-calendar.ts';
export { metresBetween, projectOntoShape, pointAtDistance, shapeLength } from './shape-geometry.ts';
export { decodeVehiclePositions, matchVehicles, type MatchedVehicle } from './vehicle-positions.ts';
export { VehiclePoller, type VehicleUpdate, type PollTimers } from './vehicle-poller.ts';
export { planMotion, poseAt, interpolateVehicle } from './vehicle-motion.ts';
export { VehicleTracks } from './vehicle-tracks.ts';
export { nextStop, describeVehicle, stopDistances } from './next-stop.ts';
export { validateDataSource, parseGtfsUrlParams, showsVehicles } from './source-options.ts';
export type { GtfsWorkerEvents, GtfsWorkerMethods } from './worker-protocol.ts';
export { vehiclePoseInto } from './vehicle-paths.ts';
export { serveGtfsSources } from './worker-service.ts';
