/**
 * Runs a {@link FlightClient} behind a message port (a dedicated worker in
 * the app) and gives the main thread a {@link FlightSource} that talks to it,
 * for the reason the train client does (`realtime/odpt-remote.ts`): a request
 * on the main thread would be timed out by a long frame of software WebGL.
 * Requests, their time limits and the JSON parsing all run in the worker.
 *
 * @module
 */
import type { RemotePort } from '../realtime/odpt-remote.ts';
import { FlightClient, type FlightClientOptions, type FlightHostResult } from './flight-client.ts';
import type { FlightSource } from './flight-poller.ts';

/** Client options that can cross a message port (no functions). */
export type FlightRemoteOptions = Pick<FlightClientOptions, 'hosts' | 'secrets' | 'defaultTokens' | 'timeoutMs'>;

/** Main thread → worker. */
export type FlightRemoteRequest = { type: 'init'; options: FlightRemoteOptions } | { type: 'fetch'; id: number; hostId: string } | { type: 'abort'; id: number };

/** Worker → main thread. */
export type FlightRemoteResponse = { type: 'result'; id: number; result: FlightHostResult } | { type: 'error'; id: number; message: string };

/**
 * Worker side: answers `fetch` requests with {@link FlightClient.fetchHost}.
 * Requests that arrive before `init` wait for it. Returns a function that stops serving.
 */
export function serveFlightClient(port: RemotePort<FlightRemoteResponse, FlightRemoteRequest>, fetchFn?: FlightClientOptions['fetch']): () => void {
  let client: FlightClient | undefined;
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
  const onMessage = (event: MessageEvent<FlightRemoteRequest>) => {
    const request = event.data;
    if (request.type === 'init') {
      client = new FlightClient({ ...request.options, fetch: fetchFn });
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
 * Main-thread side: a {@link FlightSource} whose requests run in the worker
 * behind `port`. The options are validated here first (the constructor of
 * {@link FlightClient} throws on bad hosts or timeouts), then sent to the worker.
 */
export class RemoteFlightSource implements FlightSource {
  readonly hostIds: readonly string[];
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: FlightHostResult) => void; reject: (e: Error) => void }>();
  private readonly onMessage = (event: MessageEvent<FlightRemoteResponse>) => {
    const response = event.data;
    const call = this.pending.get(response.id);
    if (!call) return;
    this.pending.delete(response.id);
    if (response.type === 'result') call.resolve(response.result);
    else call.reject(new Error(response.message));
  };

  constructor(
    private readonly port: RemotePort<FlightRemoteRequest, FlightRemoteResponse>,
    options: FlightRemoteOptions,
  ) {
    this.hostIds = new FlightClient(options).hostIds;
    port.addEventListener('message', this.onMessage);
    port.postMessage({ type: 'init', options });
  }

  fetchHost(hostId: string, signal?: AbortSignal): Promise<FlightHostResult> {
    const id = this.nextId++;
    return new Promise<FlightHostResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (signal?.aborted) this.port.postMessage({ type: 'abort', id });
      else signal?.addEventListener('abort', () => this.port.postMessage({ type: 'abort', id }), { once: true });
      this.port.postMessage({ type: 'fetch', id, hostId });
    });
  }

  /** Stops listening; calls still waiting are rejected. */
  dispose(): void {
    this.port.removeEventListener('message', this.onMessage);
    for (const call of this.pending.values()) call.reject(new Error('the flight information worker was stopped.'));
    this.pending.clear();
  }
}
