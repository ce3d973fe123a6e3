/** Cache of the data bundle (data/manifest.json and the files it names). */
export const DATA_CACHE = 'tt-data';

/** The files a data manifest names (network, exits, flights, each day type's timetable), relative to it. */
export function manifestFiles(manifest: unknown): string[] {
  const files: string[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const file = (value as { file?: unknown }).file;
    if (typeof file === 'string') files.push(file);
    else for (const child of Object.values(value)) visit(child);
  };
  visit(manifest);
  return files;
}

/**
 * Puts the whole data bundle under `dataUrl` (the folder of manifest.json) into the data cache, so that the map opens
 * with no network after one visit whichever day it is then; files of other bundles are dropped. Failures are logged,
 * not thrown: the cache then fills as the page reads the data.
 */
export async function warmDataCache(dataUrl: string): Promise<void> {
  try {
    const manifestUrl = new URL('manifest.json', dataUrl).href;
    const response = await fetch(manifestUrl, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${manifestUrl}`);
    const urls = manifestFiles(await response.clone().json()).map((file) => new URL(file, manifestUrl).href);
    const cache = await caches.open(DATA_CACHE);
    const missing: string[] = [];
    for (const url of urls) if (!(await cache.match(url))) missing.push(url);
    await cache.addAll(missing);
    await cache.put(manifestUrl, response);
    const keep = new Set([manifestUrl, ...urls]);
    for (const request of await cache.keys()) if (!keep.has(request.url)) await cache.delete(request);
  } catch (e) {
    console.warn('The data bundle could not be stored for offline use:', e);
  }
}
