import { readBundle } from './bundle/container.ts';
import type { BundleFileEntry, BundleManifest } from './bundle/manifest.ts';
import { DataLoadError, manifestUrl } from './loader.ts';

/**
 * A bundle file that is not part of the first view (exits, flights): fetched
 * the first time it is asked for, once per manifest (a failed load is tried
 * again on the next call), relative to where the manifest came from. Rejects
 * with a {@link DataLoadError} that names the URL.
 */
export function lazyBundleLoader<M, T>(options: {
  /** What the file is, for messages ("exits"). */
  what: string;
  /** The bundle kind the file must hold. */
  kind: string;
  entry: (manifest: BundleManifest) => BundleFileEntry | undefined;
  decode: (meta: M) => T;
}): (manifest: BundleManifest, base: string, fetchImpl?: typeof fetch) => Promise<T> {
  const loaded = new WeakMap<BundleManifest, Promise<T>>();
  const fetchFile = async (manifest: BundleManifest, base: string, fetchImpl: typeof fetch): Promise<T> => {
    const entry = options.entry(manifest);
    if (!entry) throw new DataLoadError(`This data bundle has no ${options.what} file; rebuild the data with "npm run data".`, '');
    const url = new URL(entry.file, manifestUrl(manifest) ?? base).href;
    let response: Response;
    try {
      response = await fetchImpl(url);
    } catch (e) {
      throw new DataLoadError(`Could not load ${url}: ${(e as Error).message || 'network error'}.`, url);
    }
    if (!response.ok) throw new DataLoadError(`Could not load ${url}: HTTP ${response.status}.`, url);
    try {
      return options.decode(readBundle<M>(await response.arrayBuffer(), options.kind, url).meta);
    } catch (e) {
      throw new DataLoadError((e as Error).message, url);
    }
  };
  return (manifest, base, fetchImpl = fetch) => {
    let promise = loaded.get(manifest);
    if (!promise) {
      promise = fetchFile(manifest, base, fetchImpl);
      loaded.set(manifest, promise);
      promise.catch(() => loaded.delete(manifest));
    }
    return promise;
  };
}
