/**
 * The main-thread end of a worker: typed calls over `postMessage` (each with
 * an id, its answer or the handler's error coming back as the promise's
 * value or rejection), one-way messages, and events the worker sends unasked
 * (streamed results such as train frames or a GTFS feed's parts). The worker
 * end is {@link serve}.
 *
 * - Buffers can be transferred both ways (`transfer` here, {@link transfer} there).
 * - A call's `signal` cancels it: the worker's handler sees its own signal
 *   fire and answers (or throws) as it sees fit; the call waits for that answer.
 * - Every call still waiting is rejected when the worker fails (its `error` or
 *   `messageerror` event) or the channel is terminated, so no promise waits forever.
 *   A worker whose script could not load (an `error` that is no `ErrorEvent`) is dead:
 *   the channel closes, later calls reject with the same error, and the message names
 *   the script's URL when the port is a {@link ScriptWorker}.
 * - One-way messages and events cost no more than a bare `postMessage`: the
 *   outgoing envelope is reused (ports clone a message when it is posted).
 *
 * @module
 */
import type { ScriptWorker } from './script-worker.ts';
import type { AnswerOf, ArgOf, ChannelPort, Events, FromWorker, Methods } from './wire.ts';

/** Options of {@link WorkerChannel.call}. */
export interface CallOptions {
  /** Buffers handed over to the worker (unusable here afterwards). */
  transfer?: Transferable[];
  /** Cancels the call: the worker's handler gets the cancellation and gives the answer. */
  signal?: AbortSignal;
}

/** Options of a {@link WorkerChannel}. */
export interface ChannelOptions {
  /**
   * The rejection message of calls under way when the worker fails, from the
   * failure's own message (`its script <url> could not be loaded` for a script that
   * did not load; empty when there is nothing to say).
   */
  failureMessage?: (detail: string) => string;
  /** The worker failed (`error` or `messageerror`); calls under way have been rejected with `error`. */
  onError?: (error: Error) => void;
  /** The handler of a one-way message ({@link WorkerChannel.post}) threw. */
  onPostError?: (method: string, error: Error) => void;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

const defaultFailure = (detail: string) => `the worker failed${detail ? `: ${detail}` : ''}.`;

/** The main-thread end of a worker whose methods are `M` and events `E`; see the module description. */
export class WorkerChannel<M extends Methods, E extends Events = Record<never, never>> {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private readonly listeners = new Map<string, ((data: never) => void)[]>();
  /** The envelope of every one-way message (reused: posting clones it). */
  private readonly envelope = { kind: 'post' as const, method: '', arg: undefined as unknown };
  /** Why the channel was closed, once it is. */
  private closed: string | null = null;

  constructor(
    private readonly port: ChannelPort,
    private readonly options: ChannelOptions = {},
  ) {
    port.addEventListener('message', this.onMessage);
    port.addEventListener('error', this.onError);
    port.addEventListener('messageerror', this.onMessageError);
  }

  /** Calls the worker's `method`; resolves with its answer, rejects with its handler's error message. */
  call<K extends keyof M & string>(method: K, arg: ArgOf<M[K]>, options: CallOptions = {}): Promise<AnswerOf<M[K]>> {
    if (this.closed !== null) return Promise.reject(new Error(this.closed));
    const id = this.nextId++;
    const { signal, transfer } = options;
    return new Promise<AnswerOf<M[K]>>((resolve, reject) => {
      const onAbort = () => this.port.postMessage({ kind: 'cancel', id });
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject, signal, onAbort });
      try {
        this.port.postMessage({ kind: 'call', id, method, arg }, transfer);
      } catch (error) {
        this.settle(id);
        throw error;
      }
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Sends `method` a one-way message (no answer; a handler that throws is reported to `onPostError`). */
  post<K extends keyof M & string>(method: K, arg: ArgOf<M[K]>, transfer?: Transferable[]): void {
    if (this.closed !== null) return;
    const envelope = this.envelope;
    envelope.method = method;
    envelope.arg = arg;
    try {
      this.port.postMessage(envelope, transfer);
    } finally {
      envelope.arg = undefined;
    }
  }

  /** Listens to the worker's `event`; returns the function that stops listening. */
  on<K extends keyof E & string>(event: K, listener: (data: E[K]) => void): () => void {
    let list = this.listeners.get(event);
    if (!list) this.listeners.set(event, (list = []));
    list.push(listener);
    return () => {
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Calls under way. */
  get pendingCount(): number {
    return this.waiting.size;
  }

  /**
   * Stops listening, stops the worker (a `Worker`'s `terminate`) and rejects
   * every call under way with `reason`; later calls reject with it too.
   */
  terminate(reason = 'the worker was stopped.'): void {
    if (this.closed !== null) return;
    this.closed = reason;
    this.port.removeEventListener('message', this.onMessage);
    this.port.removeEventListener('error', this.onError);
    this.port.removeEventListener('messageerror', this.onMessageError);
    this.port.terminate?.();
    this.listeners.clear();
    this.rejectAll(new Error(reason));
  }

  private readonly onMessage = (event: Event): void => {
    const message = (event as MessageEvent<FromWorker>).data;
    switch (message?.kind) {
      case 'event': {
        const list = this.listeners.get(message.name);
        if (list) for (let i = 0; i < list.length; i++) (list[i] as (data: unknown) => void)(message.data);
        break;
      }
      case 'result':
        this.settle(message.id)?.resolve(message.value);
        break;
      case 'error':
        this.settle(message.id)?.reject(new Error(message.message));
        break;
      case 'failed':
        this.options.onPostError?.(message.method, new Error(message.message));
        break;
    }
  };

  private readonly onError = (event: Event): void => {
    // Handled here: not also reported as an uncaught error of the page.
    if (this.options.onError) (event as Partial<Event>).preventDefault?.();
    const message = (event as Partial<ErrorEvent>).message;
    if (message) return this.fail(message);
    // No message: the script did not load (an uncaught error inside a running worker is an ErrorEvent with one).
    const url = (this.port as Partial<ScriptWorker>).scriptUrl;
    this.fail(url ? `its script ${url} could not be loaded` : '', true);
  };

  private readonly onMessageError = (): void => this.fail('a message from the worker could not be read');

  private fail(detail: string, dead = false) {
    const error = new Error((this.options.failureMessage ?? defaultFailure)(detail));
    if (dead && this.closed === null) this.closed = error.message;
    this.rejectAll(error);
    this.options.onError?.(error);
  }

  private rejectAll(error: Error) {
    for (const id of [...this.waiting.keys()]) this.settle(id)?.reject(error);
  }

  /** Forgets a call (its answer came, or it failed); returns it. */
  private settle(id: number): Waiting | undefined {
    const call = this.waiting.get(id);
    if (!call) return undefined;
    this.waiting.delete(id);
    call.signal?.removeEventListener('abort', call.onAbort);
    return call;
  }
}
