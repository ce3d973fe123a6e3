/**
 * Data downloads started by the app page before its JavaScript has arrived.
 *
 * The page's `index.html` has a small inline script that requests the
 * bundle's manifest and, as soon as it has it, the network file, and keeps
 * the responses in `window.__ttPrefetch`. The map then takes those responses
 * instead of asking again: the network is downloaded while the browser is
 * still parsing the app's scripts. Pages that embed the map have no such
 * script and load the data as usual.
 */

/** What the inline script of `index.html` leaves on `window`. */
export interface DataPrefetch {
  /** Absolute URL of the manifest requested. */
  manifestUrl: string;
  /** Its response (unread: the script reads a clone). */
  manifest: Promise<Response>;
  /** The network file's response, and its absolute URL. */
  network: Promise<{ url: string; response: Response }>;
}

declare global {
  interface Window {
    __ttPrefetch?: DataPrefetch;
  }
}

/** Takes the page's prefetch, once: a response body can be read only once, so only the first map on the page gets it. */
export function takePagePrefetch(): DataPrefetch | undefined {
  if (typeof window === 'undefined') return undefined;
  const prefetch = window.__ttPrefetch;
  delete window.__ttPrefetch;
  return prefetch;
}

/**
 * A `fetch` that answers the manifest and network requests with prefetched
 * responses (each once, and only for the same URLs) and passes every other
 * request on to `fetch`. By default it takes the page's prefetch (see {@link takePagePrefetch}).
 */
export function prefetchedFetch(prefetch: DataPrefetch | undefined = takePagePrefetch()): typeof fetch {
  if (!prefetch) return (input, init) => fetch(input, init);
  let manifest: Promise<Response> | null = prefetch.manifest;
  let network: DataPrefetch['network'] | null = prefetch.network;
  // A failed prefetch is not reported here: the caller's own request reports it.
  prefetch.network.catch(() => undefined);
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (manifest && url === prefetch.manifestUrl) {
      const response = await manifest.catch(() => null);
      manifest = null;
      if (response) return response;
    } else if (network) {
      const prefetched = await network.catch(() => null);
      if (prefetched?.url === url) {
        network = null;
        return prefetched.response;
      }
    }
    return fetch(input, init);
  };
}
