/**
 * The first thing a map loads: the bundle's manifest and network file (taking the app page's prefetched responses
 * when there are any), decoded into the store.
 *
 * @internal
 * @module
 */
import { DataLoadError, decodeNetworkFile, loadBundleFile, loadManifest } from '../data/loader.ts';
import { prefetchedFetch } from '../data/prefetch.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import type { AppStore } from '../store.ts';

/**
 * Requests the manifest and then the network file, decodes the network and puts it in the store (`dataStatus`
 * `loading` → `ready`, or `error` with the message also given to `onError`).
 * @returns a promise that settles when the network is decoded or failed
 */
export async function loadNetwork(dataUrl: string, store: AppStore, removed: () => boolean, onError: (message: string, error: unknown) => void): Promise<void> {
  const base = document.baseURI;
  const fetchImpl = prefetchedFetch();
  store.getState().networkLoading();
  try {
    const manifest = await loadManifest(dataUrl, base, fetchImpl);
    if (manifest.city && !removed()) store.getState().networkLoading(manifest.city.name);
    const { url, bytes } = await loadBundleFile(dataUrl, manifest.network.file, base, fetchImpl);
    performance.mark(PERFORMANCE_MARKS.networkFetched);
    const network = decodeNetworkFile(bytes, url);
    performance.mark(PERFORMANCE_MARKS.networkParsed);
    performance.measure(PERFORMANCE_MARKS.networkParse, PERFORMANCE_MARKS.networkFetched, PERFORMANCE_MARKS.networkParsed);
    if (removed()) return;
    // The store takes the bundle's clock zone with it (a bundle built from a GTFS feed runs in the feed's zone).
    store.getState().networkLoaded(manifest, network);
  } catch (e) {
    const message = e instanceof DataLoadError ? e.message : `Could not load the data from ${dataUrl}: ${(e as Error).message}`;
    store.getState().networkFailed(message);
    onError(message, e);
  }
}
