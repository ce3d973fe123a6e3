/**
 * Runs an {@link OdptClient} behind a message port (a dedicated worker in
 * the app) and gives the main thread a {@link RealtimeSource} that talks to it.
 *
 * Why: under software WebGL one frame can block the main thread for many
 * seconds. A request made there would be timed out by its own stalled thread.
 * In a worker, the request, its time limit and the JSON parsing all run on a
 * thread that is never blocked by rendering, so a timeout means the host was slow.
 *
 * @module
 */
import { OdptClient, type OdptClientOptions, type OdptHostResult } from './odpt-client.ts';
import type { RealtimeSource } from './poller.ts';

/** Client options that can cross a message port (no functions). */
export type OdptRemoteOptions = Pick<OdptClientOptions, 'hosts' | 'secrets' | 'defaultTokens' | 'timeoutMs'>;

/** Main thread → worker. */
export type OdptRemoteRequest =
  | { type: 'init'; options: OdptRemoteOptions }
  | { type: 'fetch'; id: number; hostId: string }
  | { type: 'abort'; id: number };

/** Worker → main thread. */
export type OdptRemoteResponse = { type: 'result'; id: number; result: OdptHostResult } | { type: 'error'; id: number; message: string };

/** The part of a `MessagePort`, `Worker` or worker global scope used here. */
export interface RemotePort<Out, In> {
  postMessage(message: Out): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
}

/**
 * Worker side: answers `fetch` requests with {@link OdptClient.fetchHost}.
 * Requests that arrive before `init` wait for it. Returns a function that stops serving.
 */
export function serveOdptClient(port: RemotePort<OdptRemoteResponse, OdptRemoteRequest>, fetchFn?: OdptClientOptions['fetch']): () => void {
  let client: OdptClient | undefined;
  const waiting: Array<{ id: number; hostId: string }> = [];
  const running = new Map<number, AbortController>();
  const run = (id: number, hostId: string) => {
    if (!client) {
      waiting.push({ id, hostId });
      return;
    }
    const controller = new AbortController();
    running.set(id, controller);
    client.fetchHost(hostId, controller.signal).then(
      (result) => port.postMessage({ type: 'result', id, result }),
      (error: unknown) => port.postMessage({ type: 'error', id, message: error instanceof Error ? error.message : String(error) }),
    ).finally(() => running.delete(id));
  };
  const onMessage = (event: MessageEvent<OdptRemoteRequest>) => {
    const request = event.data;
    if (request.type === 'init') {
      client = new OdptClient({ ...request.options, fetch: fetchFn });
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
 * Main-thread side: a {@link RealtimeSource} whose requests run in the worker
 * behind `port`. The options are validated here first (the constructor of
 * {@link OdptClient} throws on bad hosts or timeouts), then sent to the worker.
 */
export class RemoteOdptSource implements RealtimeSource {
  readonly hostIds: readonly string[];
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: OdptHostResult) => void; reject: (e: Error) => void }>();
  private readonly onMessage = (event: MessageEvent<OdptRemoteResponse>) => {
    const response = event.data;
    const call = this.pending.get(response.id);
    if (!call) return;
    this.pending.delete(response.id);
    if (response.type === 'result') call.resolve(response.result);
    else call.reject(new Error(response.message));
  };

  constructor(
    private readonly port: RemotePort<OdptRemoteRequest, OdptRemoteResponse>,
    options: OdptRemoteOptions,
  ) {
    this.hostIds = new OdptClient(options).hostIds; // throws on bad options, here rather than in the worker
    port.addEventListener('message', this.onMessage);
    port.postMessage({ type: 'init', options });
  }

  fetchHost(hostId: string, signal?: AbortSignal): Promise<OdptHostResult> {
    const id = this.nextId++;
    return new Promise<OdptHostResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (signal?.aborted) this.port.postMessage({ type: 'abort', id });
      else signal?.addEventListener('abort', () => this.port.postMessage({ type: 'abort', id }), { once: true });
      this.port.postMessage({ type: 'fetch', id, hostId });
    });
  }

  /** Stops listening; calls still waiting are rejected. */
  dispose(): void {
    this.port.removeEventListener('message', this.onMessage);
    for (const call of this.pending.values()) call.reject(new Error('the real-time worker was stopped.'));
    this.pending.clear();
  }
}
