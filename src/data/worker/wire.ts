/**
 * What a {@link WorkerChannel} and {@link serve} say to each other over a
 * `postMessage` port, and the types that describe a worker's API to both.
 *
 * A worker's API is two maps: its methods (name → a function from the
 * argument to the answer, as the caller receives them) and its events (name →
 * what the worker sends unasked). Declare them with `type`, not `interface`,
 * so that they fit {@link Methods} and {@link Events}.
 *
 * @module
 */

/** The part of a `Worker`, a `MessagePort` or a worker's global scope that a channel uses. */
export interface ChannelPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  /** A `Worker`'s: stops it. */
  terminate?(): void;
}

/** A worker's methods: name → (argument) → answer. */
export type Methods = Record<string, (arg: never) => unknown>;
/** A worker's events: name → what it sends. */
export type Events = Record<string, unknown>;

/** The argument of a method. */
export type ArgOf<F> = F extends (arg: infer A) => unknown ? A : never;
/** The answer of a method, as the caller receives it. */
export type AnswerOf<F> = F extends (arg: never) => infer R ? R : never;

/** An answer or event whose buffers move to the other thread instead of being copied. */
export class Transferred<T> {
  constructor(
    readonly value: T,
    readonly transfer: Transferable[],
  ) {}
}

/** Marks a handler's answer as sent with `list` transferred (the buffers are unusable here afterwards). */
export function transfer<T>(value: T, list: Transferable[]): Transferred<T> {
  return new Transferred(value, list);
}

/** Main thread → worker. */
export type ToWorker =
  | { kind: 'call'; id: number; method: string; arg: unknown }
  /** A one-way message: no answer; a handler that throws is reported as `failed`. */
  | { kind: 'post'; method: string; arg: unknown }
  | { kind: 'cancel'; id: number };

/** Worker → main thread. */
export type FromWorker =
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; message: string }
  | { kind: 'event'; name: string; data: unknown }
  | { kind: 'failed'; method: string; message: string };

/** The message of a thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
