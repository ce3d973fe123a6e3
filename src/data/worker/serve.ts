/**
 * The worker end of a {@link WorkerChannel}: runs the handler of each call
 * and one-way message, sends back answers (transferring what a handler marks
 * with {@link transfer}) and handlers' errors, forwards cancellations to the
 * handler's signal, and sends events.
 *
 * @module
 */
import { errorMessage, Transferred, type ArgOf, type AnswerOf, type ChannelPort, type Events, type Methods, type ToWorker } from './wire.ts';

/** What a handler gets besides its argument. */
export interface CallContext {
  /** Fires when the caller cancels the call (never for one-way messages). */
  signal: AbortSignal;
}

/** A handler's answer: the value, or the value with buffers to transfer, now or later. */
export type Reply<T> = T | Transferred<T> | Promise<T | Transferred<T>>;

/** The handlers of a worker's methods `M`. */
export type Handlers<M extends Methods> = { [K in keyof M]: (arg: ArgOf<M[K]>, context: CallContext) => Reply<AnswerOf<M[K]>> };

/** The worker end of a channel, returned by {@link serve}. */
export interface Server<E extends Events> {
  /** Sends an event to the main thread, transferring `transfer`. */
  emit<K extends keyof E & string>(event: K, data: E[K], transfer?: Transferable[]): void;
  /** Stops serving and cancels the calls under way. */
  close(): void;
}

/** The context of one-way messages: a signal that never fires. */
const ONE_WAY: CallContext = { signal: new AbortController().signal };

/** Serves `handlers` on `port` (the worker's global scope, or a `MessagePort`). */
export function serve<M extends Methods, E extends Events = Record<never, never>>(port: ChannelPort, handlers: Handlers<M>): Server<E> {
  const running = new Map<number, AbortController>();
  /** The envelope of every event (reused: posting clones it). */
  const envelope = { kind: 'event' as const, name: '', data: undefined as unknown };
  const handlerOf = (method: string) => {
    const handler = Object.prototype.hasOwnProperty.call(handlers, method) ? (handlers[method] as (arg: unknown, context: CallContext) => unknown) : undefined;
    if (!handler) throw new Error(`the worker has no method "${method}".`);
    return handler;
  };

  const answer = async (id: number, method: string, arg: unknown) => {
    const controller = new AbortController();
    running.set(id, controller);
    try {
      const value = await handlerOf(method)(arg, { signal: controller.signal });
      try {
        if (value instanceof Transferred) port.postMessage({ kind: 'result', id, value: value.value }, value.transfer);
        else port.postMessage({ kind: 'result', id, value });
      } catch (error) {
        throw new Error(`its answer could not be sent (${errorMessage(error)}).`);
      }
    } catch (error) {
      port.postMessage({ kind: 'error', id, message: errorMessage(error) });
    } finally {
      running.delete(id);
    }
  };

  const failed = (method: string, error: unknown) => port.postMessage({ kind: 'failed', method, message: errorMessage(error) });

  const receive = (method: string, arg: unknown) => {
    try {
      const done = handlerOf(method)(arg, ONE_WAY);
      if (done instanceof Promise) done.catch((error: unknown) => failed(method, error));
    } catch (error) {
      failed(method, error);
    }
  };

  const onMessage = (event: Event) => {
    const message = (event as MessageEvent<ToWorker>).data;
    switch (message?.kind) {
      case 'post':
        receive(message.method, message.arg);
        break;
      case 'call':
        void answer(message.id, message.method, message.arg);
        break;
      case 'cancel':
        running.get(message.id)?.abort();
        break;
    }
  };
  port.addEventListener('message', onMessage);

  return {
    emit(event, data, transfer) {
      envelope.name = event;
      envelope.data = data;
      try {
        port.postMessage(envelope, transfer);
      } finally {
        envelope.data = undefined;
      }
    },
    close() {
      port.removeEventListener('message', onMessage);
      for (const controller of running.values()) controller.abort();
      running.clear();
    },
  };
}
