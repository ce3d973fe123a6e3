/// <reference lib="webworker" />
/** Worker entry: serves ODPT requests off the main thread (see {@link serveOdptClient}). */
import type { ChannelPort } from '../worker/wire.ts';
import { serveOdptClient } from './odpt-remote.ts';

serveOdptClient(self as unknown as ChannelPort);
