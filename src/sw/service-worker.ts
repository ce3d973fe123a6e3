/**
 * The app's service worker (built by vite-plugin-pwa's injectManifest from this file, as `service-worker.js` beside index.html;
 * registered by src/main.ts only, after the first trains are drawn). What it keeps so that the map opens with no
 * network after one visit:
 *
 * - the app shell (index.html, its scripts, styles, workers, icons, manifest), precached at install;
 * - the data bundle (data/): all of it at install, the manifest network-first, the content-hashed files cache-first;
 * - the base map: the PMTiles byte ranges a person's map has read, network-first (a new archive is seen at once),
 *   at most {@link TILE_ENTRIES} ranges, least recently used out first; glyphs likewise.
 *
 * Only the app page itself is answered from the cache on navigation: the documentation (docs/), the library (lib/),
 * the examples and any other page under the same folder go to the network as if there were no service worker. A new
 * version activates as soon as it is installed (skipWaiting, clientsClaim); a page already open keeps its code, and
 * the next load is the new version.
 *
 * @module
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { DATA_CACHE, warmDataCache } from './data-warmup.ts';
import { keepRequests } from './keep-message.ts';
import { rangeCachePlugin } from './range-cache.ts';

/** The parts of the service worker's global scope used here (the DOM types have no ServiceWorkerGlobalScope). */
interface ServiceWorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableEvent & { data: unknown; source: { postMessage(message: unknown): void } | null }) => void): void;
}

/** An event whose handling the service worker is kept alive for. */
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };

/** Most base-map byte ranges kept (a tile or directory each; about 100 MB at the Tokyo archive's tile sizes). */
export const TILE_ENTRIES = 4000;

const sw = self as unknown as ServiceWorkerScope;
/** The app's folder: the page, data/ and basemap/ are found there, wherever the app is deployed. */
const scope = sw.registration.scope;
const scopePath = new URL(scope).pathname;
const escaped = scopePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

sw.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);

sw.addEventListener('install', (event) => event.waitUntil(warmDataCache(new URL('data/', scope).href)));

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { allowlist: [new RegExp(`^${escaped}(index\\.html)?(\\?.*)?$`)] }));

const under = (folder: string) => (url: URL) => url.href.startsWith(new URL(folder, scope).href);
registerRoute(({ url }) => url.href === new URL('data/manifest.json', scope).href, new NetworkFirst({ cacheName: DATA_CACHE, networkTimeoutSeconds: 5 }));
registerRoute(({ url }) => under('data/')(url) && url.pathname.endsWith('.bin'), new CacheFirst({ cacheName: DATA_CACHE }));
const tiles = new NetworkFirst({
  cacheName: 'tt-basemap-tiles',
  matchOptions: { ignoreVary: true },
  plugins: [new ExpirationPlugin({ maxEntries: TILE_ENTRIES, purgeOnQuotaError: true }), rangeCachePlugin],
});
registerRoute(({ url }) => under('basemap/')(url) && url.pathname.endsWith('.pmtiles'), tiles);
const glyphs = new StaleWhileRevalidate({ cacheName: 'tt-basemap-glyphs', plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })] });
registerRoute(({ url }) => under('basemap/fonts/')(url), glyphs);

// What the page read before this worker controlled it (its first view), sent once it does: fetched again to be kept.
sw.addEventListener('message', (event) => {
  const keep = keepRequests(event.data, scope);
  if (!keep) return;
  const fetchAll = async (requests: Request[]) => {
    for (const request of requests) {
      const strategy = request.headers.has('range') ? tiles : glyphs;
      const [response, done] = strategy.handleAll({ request, event });
      await Promise.all([response, done]).catch(() => undefined);
    }
  };
  // The page is told when it is done (the offline test waits for it).
  event.waitUntil(fetchAll(keep).then(() => event.source?.postMessage({ type: 'tt:kept', requests: keep.length })));
});
