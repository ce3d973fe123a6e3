/**
 * Runs a host client (the ODPT real-time client, the flight information
 * client) behind a message port — a dedicated worker in the app — and gives
 * the main thread a source that talks to it.
 *
 * Why: under software WebGL one frame can block the main thread for many
 * seconds. A request made there would be timed out by its own stalled thread.
 * In a worker, the request, its time limit and the JSON parsing all run on a
 * thread that is never blocked by rendering, so a timeout means the host was slow.
 *
 * @module
 */

/** A client that fetches one host's data at a time (what both sides share). */
export interface HostClient<Result> {
  /** The ids of the hosts it polls. */
  readonly hostIds: readonly string[];
  /** Fetches one host's data; rejects with a message naming the host and the fault. */
  fetchHost(hostId: string, signal?: AbortSignal): Promise<Result>;
}

/** Main thread → worker. */
export type RemoteHostRequest<Options> = { type: 'init'; options: Options } | { type: 'fetch'; id: number; hostId: string } | { type: 'abort'; id: number };

/** Worker → main thread. */
export type RemoteHostResponse<Result> = { type: 'result'; id: number; result: Result } | { type: 'error'; id: number; message: string };

/** The part of a `MessagePort`, `Worker` or worker global scope used here. */
export interface RemotePort<Out, In> {
  postMessage(message: Out): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
}

/**
 * Worker side: answers `fetch` requests with the client that `createClient`
 * makes from the `init` options. Requests that arrive before `init` wait for
 * it. Returns a function that stops serving.
 */
export function serveHostClient<Options, Result>(
  port: RemotePort<RemoteHostResponse<Result>, RemoteHostRequest<Options>>,
  createClient: (options: Options) => HostClient<Result>,
): () => void {
  let client: HostClient<Result> | undefined;
  const waiting: Array<{ id: number; hostId: string }> = [];
  const running = new Map<number, AbortController>();
  const run = (id: number, hostId: string) => {
    if (!client) {
      waiting.push({ id, hostId });
      return;
    }
    const controller = new AbortController();
    running.set(id, controller);
    client
      .fetchHost(hostId, controller.signal)
      .then(
        (result) => port.postMessage({ type: 'result', id, result }),
        (error: unknown) => port.postMessage({ type: 'error', id, message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => running.delete(id));
  };
  const onMessage = (event: MessageEvent<RemoteHostRequest<Options>>) => {
    const request = event.data;
    if (request.type === 'init') {
      client = createClient(request.options);
      for (const job of waiting.splice(0)) run(job.id, job.hostId);
    } else if (request.type === 'fetch') {
      run(request.id, request.hostId);
    } else {
      const queued = waiting.findIndex((job) => job.id === request.id);
      if (queued >= 0) {
        waiting.splice(queued, 1);
        port.postMessage({ type: 'error', id: request.id, message: 'the request was cancelled before the worker was ready.' });
      }
      running.get(request.id)?.abort();
    }
  };
  port.addEventListener('message', onMessage);
  return () => {
    port.removeEventListener('message', onMessage);
    for (const controller of running.values()) controller.abort();
  };
}

/**
 * Main-thread side: a client whose requests run in the worker behind `port`.
 * Subclasses validate the options first (by constructing the real client,
 * whose constructor throws on bad hosts or timeouts) and pass its host ids.
 */
export class RemoteHostSource<Options, Result> implements HostClient<Result> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: Result) => void; reject: (e: Error) => void }>();
  private readonly onMessage = (event: MessageEvent<RemoteHostResponse<Result>>) => {
    const response = event.data;
    const call = this.pending.get(response.id);
    if (!call) return;
    this.pending.delete(response.id);
    if (response.type === 'result') call.resolve(response.result);
    else call.reject(new Error(response.message));
  };

  /**
   * @param hostIds the validated client's host ids
   * @param stoppedMessage the rejection message of calls still waiting when the source is disposed
   */
  constructor(
    private readonly port: RemotePort<RemoteHostRequest<Options>, RemoteHostResponse<Result>>,
    options: Options,
    readonly hostIds: readonly string[],
    private readonly stoppedMessage: string,
  ) {
    port.addEventListener('message', this.onMessage);
    port.postMessage({ type: 'init', options });
  }

  fetchHost(hostId: string, signal?: AbortSignal): Promise<Result> {
    const id = this.nextId++;
    return new Promise<Result>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (signal?.aborted) this.port.postMessage({ type: 'abort', id });
      else signal?.addEventListener('abort', () => this.port.postMessage({ type: 'abort', id }), { once: true });
      this.port.postMessage({ type: 'fetch', id, hostId });
    });
  }

  /** Stops listening; calls still waiting are rejected. */
  dispose(): void {
    this.port.removeEventListener('message', this.onMessage);
    for (const call of this.pending.values()) call.reject(new Error(this.stoppedMessage));
    this.pending.clear();
  }
}
