/// <reference lib="webworker" />
/**
 * Worker entry: serves flight information requests off the main thread, for
 * the reason the train client has (`../remote-host-fetch.ts`): a request on
 * the main thread would be timed out by a long frame of software WebGL.
 */
import { serveHostClient } from '../remote-host-fetch.ts';
import type { ChannelPort } from '../worker/wire.ts';
import { FlightClient, type FlightRemoteOptions } from './flight-client.ts';

serveHostClient(self as unknown as ChannelPort, (options: FlightRemoteOptions) => new FlightClient(options));
