/// <reference lib="webworker" />
/** Worker entry: the train simulation off the main thread (see {@link serveTrains}). */
import type { ChannelPort } from '../worker/wire.ts';
import { serveTrains } from './train-service.ts';

serveTrains(self as unknown as ChannelPort);
