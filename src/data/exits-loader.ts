import { readBundle } from './bundle/container.ts';
import { EXITS_KIND, type ExitMeta, type ExitsMeta } from './bundle/exits-format.ts';
import type { BundleManifest } from './bundle/manifest.ts';
import { DataLoadError, manifestUrl } from './loader.ts';

/** Decodes an exits bundle file; `source` names it in error messages. */
export function decodeExits(bytes: ArrayBuffer | Uint8Array, source: string): ExitMeta[] {
  return readBundle<ExitsMeta>(bytes, EXITS_KIND, source).meta.exits;
}

const loaded = new WeakMap<BundleManifest, Promise<ExitMeta[]>>();

/**
 * The bundle's exits, fetched the first time they are asked for (once per manifest; a failed load is tried again on
 * the next call). Rejects with a {@link DataLoadError} that names the URL.
 */
export function loadExits(manifest: BundleManifest, base: string, fetchImpl: typeof fetch = fetch): Promise<ExitMeta[]> {
  let promise = loaded.get(manifest);
  if (!promise) {
    promise = fetchExits(manifest, base, fetchImpl);
    loaded.set(manifest, promise);
    promise.catch(() => loaded.delete(manifest));
  }
  return promise;
}

async function fetchExits(manifest: BundleManifest, base: string, fetchImpl: typeof fetch): Promise<ExitMeta[]> {
  if (!manifest.exits) throw new DataLoadError('This data bundle has no exits file; rebuild the data with "npm run data".', '');
  const url = new URL(manifest.exits.file, manifestUrl(manifest) ?? base).href;
  let response: Response;
  try {
    response = await fetchImpl(url);
  } catch (e) {
    throw new DataLoadError(`Could not load ${url}: ${(e as Error).message || 'network error'}.`, url);
  }
  if (!response.ok) throw new DataLoadError(`Could not load ${url}: HTTP ${response.status}.`, url);
  try {
    return decodeExits(await response.arrayBuffer(), url);
  } catch (e) {
    throw new DataLoadError((e as Error).message, url);
  }
}
