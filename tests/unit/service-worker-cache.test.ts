import { describe, expect, it } from 'vitest';
import { manifestFiles } from '../../src/sw/data-warmup.ts';
import { keepRequests } from '../../src/sw/keep-message.ts';
import { rangeCachePlugin, rangeKey } from '../../src/sw/range-cache.ts';

const ARCHIVE = 'https://example.org/city/basemap/tokyo.pmtiles';

describe('rangeKey', () => {
  it('gives each single byte range of a file its own key', () => {
    expect(rangeKey(ARCHIVE, 'bytes=0-16383')).toBe(`${ARCHIVE}?tt-range=0-16383`);
    expect(rangeKey(ARCHIVE, 'bytes=10-20')).not.toBe(rangeKey(ARCHIVE, 'bytes=10-21'));
  });

  it('has no key for a request without one closed range', () => {
    expect(rangeKey(ARCHIVE, null)).toBeNull();
    expect(rangeKey(ARCHIVE, 'bytes=100-')).toBeNull();
    expect(rangeKey(ARCHIVE, 'bytes=0-1, 5-9')).toBeNull();
  });
});

describe('rangeCachePlugin', () => {
  const request = new Request(ARCHIVE, { headers: { range: 'bytes=2-5' } });
  const partial = () => new Response(new Uint8Array([2, 3, 4, 5]), { status: 206, headers: { 'content-range': 'bytes 2-5/100', 'content-type': 'application/vnd.pmtiles' } });
  const args = { request, event: undefined as never, state: undefined };

  it('stores a 206 answer as a 200 entry under the range key, and gives it back as the same 206', async () => {
    const key = (await rangeCachePlugin.cacheKeyWillBeUsed!({ ...args, mode: 'write', params: undefined })) as Request;
    expect(key.url).toBe(`${ARCHIVE}?tt-range=2-5`);
    const stored = await rangeCachePlugin.cacheWillUpdate!({ ...args, response: partial() });
    expect(stored?.status).toBe(200);
    expect(stored?.headers.get('content-range')).toBeNull();
    const served = await rangeCachePlugin.cachedResponseWillBeUsed!({ ...args, cacheName: 'c', cachedResponse: stored! });
    expect(served?.status).toBe(206);
    expect(served?.headers.get('content-range')).toBe('bytes 2-5/100');
    expect(served?.headers.get('content-type')).toBe('application/vnd.pmtiles');
    expect([...new Uint8Array(await served!.arrayBuffer())]).toEqual([2, 3, 4, 5]);
  });

  it('keeps no whole-file answer (a server that ignored the range)', async () => {
    expect(await rangeCachePlugin.cacheWillUpdate!({ ...args, response: new Response('whole file', { status: 200 }) })).toBeNull();
  });
});

describe('manifestFiles', () => {
  it('lists every file the data manifest names', () => {
    const manifest = { network: { file: 'network.a.bin' }, exits: { file: 'exits.b.bin' }, timetables: { weekday: { file: 'tw.c.bin', trains: 3 }, holiday: { file: 'th.d.bin' } }, counts: { railways: 1 } };
    expect(manifestFiles(manifest).sort()).toEqual(['exits.b.bin', 'network.a.bin', 'th.d.bin', 'tw.c.bin']);
  });
});

describe('keepRequests', () => {
  const scope = 'https://example.org/city/';

  it('turns the ranges read into range requests, and glyph URLs into plain ones, inside the scope only', () => {
    const requests = keepRequests(
      { type: 'tt:keep', archives: [{ url: ARCHIVE, ranges: [[0, 16384], [500, 10]] }, { url: 'https://elsewhere.org/x.pmtiles', ranges: [[0, 1]] }], urls: [`${scope}basemap/fonts/A/0-255.pbf`, 'https://elsewhere.org/a.pbf'] },
      scope,
    )!;
    expect(requests.map((r) => [r.url, r.headers.get('range')])).toEqual([
      [ARCHIVE, 'bytes=0-16383'],
      [ARCHIVE, 'bytes=500-509'],
      [`${scope}basemap/fonts/A/0-255.pbf`, null],
    ]);
  });

  it('ignores other messages', () => {
    expect(keepRequests({ type: 'other' }, scope)).toBeNull();
    expect(keepRequests(null, scope)).toBeNull();
  });
});
