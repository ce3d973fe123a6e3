/// <reference lib="webworker" />
/** Worker entry: loads GTFS feeds and polls their realtime feeds off the main thread (see {@link serveGtfsSources}). */
import type { ChannelPort } from '../worker/wire.ts';
import { serveGtfsSources } from './worker-service.ts';

serveGtfsSources(self as unknown as ChannelPort);
