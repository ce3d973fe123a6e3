/**
 * The flight information client behind a message port (a dedicated worker in
 * the app), for the reason the train client has (`../remote-host-fetch.ts`):
 * a request on the main thread would be timed out by a long frame of software
 * WebGL. Requests, their time limits and the JSON parsing all run in the worker.
 *
 * @module
 */
import { RemoteHostSource, serveHostClient, type RemoteHostRequest, type RemoteHostResponse, type RemotePort } from '../remote-host-fetch.ts';
import { FlightClient, type FlightClientOptions, type FlightHostResult } from './flight-client.ts';
import type { FlightSource } from './flight-poller.ts';

/** Client options that can cross a message port (no functions). */
export type FlightRemoteOptions = Pick<FlightClientOptions, 'hosts' | 'secrets' | 'defaultTokens' | 'timeoutMs'>;

/** Main thread → worker. */
export type FlightRemoteRequest = RemoteHostRequest<FlightRemoteOptions>;

/** Worker → main thread. */
export type FlightRemoteResponse = RemoteHostResponse<FlightHostResult>;

/**
 * Worker side: answers `fetch` requests with {@link FlightClient.fetchHost}.
 * Requests that arrive before `init` wait for it. Returns a function that stops serving.
 */
export function serveFlightClient(port: RemotePort<FlightRemoteResponse, FlightRemoteRequest>, fetchFn?: FlightClientOptions['fetch']): () => void {
  return serveHostClient(port, (options: FlightRemoteOptions) => new FlightClient({ ...options, fetch: fetchFn }));
}

/**
 * Main-thread side: a {@link FlightSource} whose requests run in the worker
 * behind `port`. The options are validated here first (the constructor of
 * {@link FlightClient} throws on bad hosts or timeouts), then sent to the worker.
 */
export class RemoteFlightSource extends RemoteHostSource<FlightRemoteOptions, FlightHostResult> implements FlightSource {
  constructor(port: RemotePort<FlightRemoteRequest, FlightRemoteResponse>, options: FlightRemoteOptions) {
    super(port, options, new FlightClient(options).hostIds, 'the flight information worker was stopped.');
  }
}
