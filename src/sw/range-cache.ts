import type { WorkboxPlugin } from 'workbox-core';

/** Response header that keeps a cached range's `Content-Range` (the Cache API stores no 206 responses). */
const RANGE_HEADER = 'X-TT-Content-Range';
/** Query parameter that makes each byte range of one file its own cache entry. */
const RANGE_PARAM = 'tt-range';

/** The cache key of a ranged request: its URL with the range as a query parameter (null without a single range). */
export function rangeKey(url: string, range: string | null): string | null {
  const m = range ? /^bytes=(\d+)-(\d+)$/.exec(range.trim()) : null;
  if (!m) return null;
  const key = new URL(url);
  key.searchParams.set(RANGE_PARAM, `${m[1]}-${m[2]}`);
  return key.href;
}

/**
 * Lets a Workbox strategy keep the byte ranges of a file read with HTTP range requests (the PMTiles base map): each
 * range is cached under its own key as a 200 response carrying its `Content-Range`, and comes back out as the 206
 * response it was. A range is served from the cache only when the same range was fetched before, which is how a
 * PMTiles reader asks (the archive's directories fix every tile's offsets). Whole-file answers are not kept.
 */
export const rangeCachePlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const key = rangeKey(request.url, request.headers.get('range'));
    return key ? new Request(key) : request;
  },
  cacheWillUpdate: async ({ response }) => {
    const contentRange = response.headers.get('content-range');
    if (response.status !== 206 || !contentRange) return null;
    const headers = new Headers(response.headers);
    headers.set(RANGE_HEADER, contentRange);
    headers.delete('content-range');
    return new Response(await response.arrayBuffer(), { status: 200, statusText: 'OK', headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    const contentRange = cachedResponse?.headers.get(RANGE_HEADER);
    if (!cachedResponse || !contentRange) return cachedResponse ?? null;
    const headers = new Headers(cachedResponse.headers);
    headers.set('content-range', contentRange);
    headers.delete(RANGE_HEADER);
    return new Response(cachedResponse.body, { status: 206, statusText: 'Partial Content', headers });
  },
};
