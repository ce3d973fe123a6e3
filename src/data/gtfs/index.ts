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
export { forEachCsvRecord, readCsvTable, CsvRow } from './csv.ts';
export { parseGtfsTime, formatGtfsTime } from './field-values.ts';
export { REQUIRED_FILES, openGtfsZip, type GtfsZip } from './gtfs-zip.ts';
export { buildFeed, type BuildFeedOptions, type DrawableFeed } from './build-feed.ts';
export { loadGtfsFeed, parseGtfsZip, type LoadFeedOptions } from './load-feed.ts';
export { indexFeed, type FeedIndex } from './feed-index.ts';
export { activeServices, serviceRunsOn, localDateTime, serviceDayStart } from './service-calendar.ts';
export { metresBetween, bearingBetween, projectOntoShape, pointAtDistance, shapeLength, type ShapePoint, type ShapeProjection } from './shape-geometry.ts';
export { decodeVehiclePositions, matchVehicles, type VehicleReport, type VehiclePositionFeed, type MatchedVehicle, type VehicleStopStatus } from './vehicle-positions.ts';
export { VehiclePoller, DEFAULT_VEHICLE_INTERVAL_MS, VEHICLE_INTERVAL_RANGE_MS, DEFAULT_VEHICLE_TIMEOUT_MS, type VehiclePollerOptions, type VehicleUpdate, type PollTimers } from './vehicle-poller.ts';
export { planMotion, poseAt, interpolateVehicle, OFF_SHAPE_METRES, type VehicleSample, type VehicleMotion, type VehiclePose } from './vehicle-motion.ts';
export { VehicleTracks, type TrackedVehicle } from './vehicle-tracks.ts';
export { nextStop, describeVehicle, stopDistances, type NextStop, type VehicleDetails, type VehicleProgress } from './next-stop.ts';
export { validateDataSource, parseGtfsUrlParams, showsVehicles, hexDigitsToRgb, type GtfsSource, type GtfsSourceOptions, type SourceValidation } from './source-options.ts';
export { packStops, type GtfsMapData, type GtfsStopsData, type GtfsVehiclesData, type GtfsWorkerEvents, type GtfsWorkerMethods } from './worker-protocol.ts';
export { buildVehiclePaths, vehiclePoseInto, type VehiclePaths } from './vehicle-paths.ts';
export { serveGtfsSources, type GtfsServiceOptions } from './worker-service.ts';
