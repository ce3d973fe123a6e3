/**
 * The `Worker` the map's code starts its module workers with: the browser's, remembering its script's URL
 * (`scriptUrl`) so that a script that cannot load (a 404, a blocked origin) is named in the error that
 * {@link WorkerChannel} reports. It is imported under the name `Worker` on purpose: Vite (and a consumer's bundler
 * re-bundling the library) recognise `new Worker(new URL('…', import.meta.url))` by its text, bundle the worker and
 * rewrite the URL to the emitted file beside the chunk.
 *
 * Undefined where the browser has no workers (Node, in unit tests).
 *
 * @module
 */

/** A module worker that knows the URL of its script. */
export interface ScriptWorker extends globalThis.Worker {
  /** The script's URL, as given to the constructor. */
  readonly scriptUrl: string;
}

function scriptWorkerClass(): (new (url: string | URL, options?: WorkerOptions) => ScriptWorker) | undefined {
  if (typeof globalThis.Worker !== 'function') return undefined;
  return class extends globalThis.Worker implements ScriptWorker {
    readonly scriptUrl: string;
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.scriptUrl = String(url);
    }
  };
}

/**
 * The browser's `Worker`, with {@link ScriptWorker.scriptUrl}. Typed as always there, as the DOM's `Worker` is: where
 * there are no workers it is undefined, which `typeof Worker === 'function'` tells.
 */
export const Worker = scriptWorkerClass()!;
