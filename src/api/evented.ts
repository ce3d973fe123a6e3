/**
 * A small typed event emitter, the base of the public `Map` class and other
 * API objects (Marker, Panel, …).
 *
 * @module
 */

/**
 * The object passed to a listener: the fired data (when it is an object) plus
 * `type` (the event name) and `target` (the emitter).
 */
export type EventObject<Events, K extends keyof Events, Target> = (Events[K] extends object ? Events[K] : unknown) & {
  type: K;
  target: Target;
};

/** A listener for event `K` of an emitter `Target`. */
export type EventedListener<Events, K extends keyof Events, Target> = (event: EventObject<Events, K, Target>) => void;

/**
 * The arguments of {@link Evented.fire} after the type: the data is optional
 * when the event's data type accepts `undefined` (e.g. `load: undefined`).
 */
export type FireArgs<T> = undefined extends T ? [data?: T] : [data: T];

/** Data of an `error` event: a message and/or an Error object. */
export interface ErrorEventData {
  /** Human-readable message. */
  message?: string;
  /** The underlying error, when there is one. */
  error?: unknown;
}

interface Entry {
  listener: (event: unknown) => void;
  once: boolean;
  removed: boolean;
}

/**
 * Extract the text to print for an unhandled `error` event: `data.message`,
 * else `data.error.message`, else `String(data.error)`, else `'Unknown error'`.
 */
function errorText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data !== null) {
    const { message, error } = data as ErrorEventData;
    if (typeof message === 'string' && message !== '') return message;
    if (error instanceof Error) return error.message;
    if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
      return (error as { message: string }).message;
    }
    if (error !== undefined) return String(error);
  }
  return 'Unknown error';
}

/**
 * A typed event emitter.
 *
 * ```ts
 * interface MapEvents { load: undefined; trackingmode: { mode: TrackingMode }; error: ErrorEventData }
 * class Map extends Evented<MapEvents> {}
 * map.on('trackingmode', (e) => console.log(e.mode, e.type, e.target));
 * ```
 *
 * Semantics:
 * - Registering the same listener twice for the same type (both with `on`, or
 *   both with `once`) has no effect the second time.
 * - Listeners run in registration order. Listeners added during a dispatch are
 *   not called for that dispatch; listeners removed during a dispatch are not
 *   called afterwards in it.
 * - A listener that throws does not stop the others; the exception is
 *   reported with `console.error`.
 * - An `error` event fired with no listener prints its message with `console.error`.
 *
 * @typeParam Events - map from event name to the data fired with it (a type
 *   alias or an interface; `object` rather than `Record<string, unknown>` so that
 *   interfaces, which have no implicit index signature, are accepted).
 */
export class Evented<Events extends object> {
  private readonly _listeners = new Map<keyof Events, Entry[]>();

  /**
   * Add a listener for events of type `type`.
   * @returns this emitter, for chaining.
   */
  on<K extends keyof Events>(type: K, listener: EventedListener<Events, K, this>): this {
    this._add(type, listener as unknown as (event: unknown) => void, false);
    return this;
  }

  /**
   * Remove a listener previously added with {@link Evented.on} or
   * {@link Evented.once} for `type`. Unknown listeners are ignored.
   * @returns this emitter, for chaining.
   */
  off<K extends keyof Events>(type: K, listener: EventedListener<Events, K, this>): this {
    const list = this._listeners.get(type);
    if (!list) return this;
    const fn = listener as unknown as (event: unknown) => void;
    const kept: Entry[] = [];
    for (const entry of list) {
      if (entry.listener === fn) entry.removed = true;
      else kept.push(entry);
    }
    if (kept.length) this._listeners.set(type, kept);
    else this._listeners.delete(type);
    return this;
  }

  /**
   * Add a listener that is called at most once, for the next event of `type`.
   * @returns this emitter, for chaining.
   */
  once<K extends keyof Events>(type: K, listener: EventedListener<Events, K, this>): this;
  /**
   * Without a listener: a Promise that resolves with the next event of `type`.
   */
  once<K extends keyof Events>(type: K): Promise<EventObject<Events, K, this>>;
  once<K extends keyof Events>(
    type: K,
    listener?: EventedListener<Events, K, this>,
  ): this | Promise<EventObject<Events, K, this>> {
    if (listener) {
      this._add(type, listener as unknown as (event: unknown) => void, true);
      return this;
    }
    return new Promise((resolve) => {
      this._add(type, resolve as (event: unknown) => void, true);
    });
  }

  /**
   * Fire an event: call every listener of `type` with an event object made of
   * `data`'s own properties plus `type` and `target` (which take precedence).
   * @returns this emitter, for chaining.
   */
  fire<K extends keyof Events>(type: K, ...args: FireArgs<Events[K]>): this {
    const data: unknown = args[0];
    const list = this._listeners.get(type);
    if (!list || list.length === 0) {
      if (type === 'error') console.error(errorText(data));
      return this;
    }
    const event = Object.assign({}, typeof data === 'object' && data !== null ? data : {}, { type, target: this });
    for (const entry of list.slice()) {
      if (entry.removed) continue;
      if (entry.once) this._remove(type, entry);
      try {
        entry.listener(event);
      } catch (err) {
        console.error(err);
      }
    }
    return this;
  }

  /** `true` when at least one listener is registered for `type`. */
  listens<K extends keyof Events>(type: K): boolean {
    const list = this._listeners.get(type);
    return !!list && list.length > 0;
  }

  private _add(type: keyof Events, fn: (event: unknown) => void, once: boolean): void {
    const list = this._listeners.get(type) ?? [];
    if (list.some((e) => e.listener === fn && e.once === once)) return;
    list.push({ listener: fn, once, removed: false });
    this._listeners.set(type, list);
  }

  private _remove(type: keyof Events, entry: Entry): void {
    entry.removed = true;
    const list = this._listeners.get(type);
    if (!list) return;
    const kept = list.filter((e) => e !== entry);
    if (kept.length) this._listeners.set(type, kept);
    else this._listeners.delete(type);
  }
}
