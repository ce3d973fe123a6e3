/**
 * Runs a host client (the ODPT real-time client, the flight information
 * client) behind a worker channel — a dedicated worker in the app — and gives
 * the main thread a source that talks to it.
 *
 * Why: under software WebGL one frame can block the main thread for many
 * seconds. A request made there would be timed out by its own stalled thread.
 * In a worker, the request, its time limit and the JSON parsing all run on a
 * thread that is never blocked by rendering, so a timeout means the host was slow.
 *
 * @module
 */
import { WorkerChannel } from './worker/channel.ts';
import { serve } from './worker/serve.ts';
import type { ChannelPort } from './worker/wire.ts';

/** A client that fetches one host's data at a time (what both sides share). */
export interface HostClient<Result> {
  /** The ids of the hosts it polls. */
  readonly hostIds: readonly string[];
  /** Fetches one host's data; rejects with a message naming the host and the fault. */
  fetchHost(hostId: string, signal?: AbortSignal): Promise<Result>;
}

/** The methods of a host client's worker. */
export type HostClientMethods<Options, Result> = {
  /** Makes the worker's client from the (already validated) options; the first message. */
  init(options: Options): void;
  /** One host's data (cancelled through the call's signal). */
  fetchHost(hostId: string): Result;
};

/**
 * Worker side: answers `fetchHost` with the client that `createClient` makes
 * from the `init` options. Returns a function that stops serving.
 */
export function serveHostClient<Options, Result>(port: ChannelPort, createClient: (options: Options) => HostClient<Result>): () => void {
  let client: HostClient<Result> | undefined;
  const server = serve<HostClientMethods<Options, Result>>(port, {
    init: (options) => void (client = createClient(options)),
    fetchHost: (hostId, { signal }) => {
      if (!client) throw new Error('the worker has no client yet: `init` must come first.');
      return client.fetchHost(hostId, signal);
    },
  });
  return () => server.close();
}

/**
 * Main-thread side: a client whose requests run in the worker behind `port`.
 * Subclasses validate the options first (by constructing the real client,
 * whose constructor throws on bad hosts or timeouts) and pass its host ids.
 */
export class RemoteHostSource<Options, Result> implements HostClient<Result> {
  private readonly channel: WorkerChannel<HostClientMethods<Options, Result>>;

  /**
   * @param hostIds the validated client's host ids
   * @param stoppedMessage the rejection message of calls still waiting when the source is disposed
   */
  constructor(
    port: ChannelPort,
    options: Options,
    readonly hostIds: readonly string[],
    private readonly stoppedMessage: string,
  ) {
    this.channel = new WorkerChannel(port);
    this.channel.post('init', options);
  }

  fetchHost(hostId: string, signal?: AbortSignal): Promise<Result> {
    return this.channel.call('fetchHost', hostId, { signal });
  }

  /** Stops the worker; calls still waiting are rejected. */
  dispose(): void {
    this.channel.terminate(this.stoppedMessage);
  }
}
