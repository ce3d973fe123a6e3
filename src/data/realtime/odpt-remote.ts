/**
 * The ODPT real-time client behind a worker channel (a dedicated worker in
 * the app), for the reason given in `../remote-host-fetch.ts`: a request on
 * the main thread would be timed out by a long frame of software WebGL.
 *
 * @module
 */
import { RemoteHostSource, serveHostClient } from '../remote-host-fetch.ts';
import type { ChannelPort } from '../worker/wire.ts';
import { OdptClient, type OdptClientOptions, type OdptHostResult } from './odpt-client.ts';
import type { RealtimeSource } from './poller.ts';

/** Client options that can cross a message port (no functions). */
export type OdptRemoteOptions = Pick<OdptClientOptions, 'hosts' | 'secrets' | 'defaultTokens' | 'timeoutMs'>;

/** Worker side: answers with {@link OdptClient.fetchHost}. Returns a function that stops serving. */
export function serveOdptClient(port: ChannelPort, fetchFn?: OdptClientOptions['fetch']): () => void {
  return serveHostClient(port, (options: OdptRemoteOptions) => new OdptClient({ ...options, fetch: fetchFn }));
}

/**
 * Main-thread side: a {@link RealtimeSource} whose requests run in the worker
 * behind `port`. The options are validated here first (the constructor of
 * {@link OdptClient} throws on bad hosts or timeouts), then sent to the worker.
 */
export class RemoteOdptSource extends RemoteHostSource<OdptRemoteOptions, OdptHostResult> implements RealtimeSource {
  constructor(port: ChannelPort, options: OdptRemoteOptions) {
    super(port, options, new OdptClient(options).hostIds, 'the real-time worker was stopped.');
  }
}
