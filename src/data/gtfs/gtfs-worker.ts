/// <reference lib="webworker" />
/** Worker entry: loads GTFS feeds and polls their realtime feeds off the main thread (see {@link serveGtfsSources}). */
import { serveGtfsSources, type GtfsPort } from './worker-service.ts';

serveGtfsSources(self as unknown as GtfsPort);
