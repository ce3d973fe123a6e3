/**
 * A "worker" for tests: the two ends of a Node `MessageChannel` (messages are
 * structured-cloned and buffers transferred, delivered asynchronously as
 * between threads), the main end dressed as a `Worker` — `terminate()`, and
 * `fail()` to fire its `error` event.
 */
import { MessageChannel } from 'node:worker_threads';
import type { ChannelPort } from '../../src/data/worker/wire.ts';

/** The main end of {@link workerPair}. */
export interface FakeWorker extends ChannelPort {
  terminate(): void;
  /** Fires the worker's `error` event with `message` (as a script error does). */
  fail(message: string): void;
  /** Fires its `messageerror` event. */
  failMessage(): void;
  readonly terminated: boolean;
}

/** A main end and a worker end joined by a `MessageChannel`; `close()` closes both. */
export function workerPair(): { main: FakeWorker; worker: ChannelPort; close(): void } {
  const { port1, port2 } = new MessageChannel();
  // Open ports do not keep the test process alive.
  port1.unref();
  port2.unref();
  const own = new EventTarget();
  let terminated = false;
  const close = () => {
    port1.close();
    port2.close();
  };
  const forEvent = (type: string) => (type === 'message' ? (port1 as unknown as ChannelPort) : (own as unknown as ChannelPort));
  const main: FakeWorker = {
    postMessage: (message, transfer) => port1.postMessage(message, transfer as never),
    addEventListener: (type, listener) => forEvent(type).addEventListener(type, listener),
    removeEventListener: (type, listener) => forEvent(type).removeEventListener(type, listener),
    terminate() {
      terminated = true;
      close();
    },
    fail(message) {
      const event = new Event('error', { cancelable: true });
      Object.defineProperty(event, 'message', { value: message });
      own.dispatchEvent(event);
    },
    failMessage: () => own.dispatchEvent(new Event('messageerror')),
    get terminated() {
      return terminated;
    },
  };
  return { main, worker: port2 as unknown as ChannelPort, close };
}

/**
 * A main end and a worker end in the same thread that deliver each message at
 * once, inside `postMessage` (structured-cloned, buffers transferred): for
 * tests that run on fake timers or check what was sent synchronously.
 */
export function directPair(): { main: ChannelPort & { terminate(): void }; worker: ChannelPort } {
  const end = (): ChannelPort & { target: EventTarget; other?: ChannelPort & { target: EventTarget } } => {
    const target = new EventTarget();
    const port: ChannelPort & { target: EventTarget; other?: ChannelPort & { target: EventTarget } } = {
      target,
      postMessage(message, transfer) {
        const data: unknown = structuredClone(message, { transfer: transfer as Transferable[] as never });
        port.other!.target.dispatchEvent(new MessageEvent('message', { data }));
      },
      addEventListener: (type, listener) => target.addEventListener(type, listener),
      removeEventListener: (type, listener) => target.removeEventListener(type, listener),
    };
    return port;
  };
  const main = end();
  const worker = end();
  main.other = worker;
  worker.other = main;
  return { main: Object.assign(main, { terminate: () => undefined }), worker };
}
