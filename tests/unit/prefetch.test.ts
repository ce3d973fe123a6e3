import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBundleFile, loadManifest } from '../../src/data/loader.ts';
import { prefetchedFetch, type DataPrefetch } from '../../src/data/prefetch.ts';
import { ROOT } from '../../scripts/config.ts';

const MANIFEST = { format: 'tt3d-manifest', version: 1, network: { file: 'network.abc.bin' }, timetables: {} };
let server: Server;
let origin: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/data/manifest.json') res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(MANIFEST));
    else if (req.url === '/data/network.abc.bin') res.writeHead(200).end(Buffer.from([1, 2, 3, 4]));
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.length = 0;
});

/** The inline script of the app page, as shipped. */
const INLINE_SCRIPT = (() => {
  const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
  const match = /<script>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('index.html has no inline script');
  return match[1];
})();

/** Runs the page's inline script as if the page were at `pageUrl`, and returns what it leaves on `window`. */
function startPrefetch(pageUrl: string): DataPrefetch {
  const window: { fetch: typeof fetch; Promise: PromiseConstructor; __ttPrefetch?: DataPrefetch } = { fetch, Promise };
  new Function('window', 'document', 'fetch', INLINE_SCRIPT)(window, { baseURI: pageUrl }, fetch);
  if (!window.__ttPrefetch) throw new Error('the inline script left no prefetch');
  return window.__ttPrefetch;
}

describe('prefetchedFetch', () => {
  it('answers the manifest and the network file from the prefetched responses, once each', async () => {
    const fetchImpl = prefetchedFetch(startPrefetch(`${origin}/`));
    const manifest = await loadManifest(`${origin}/data/`, origin, fetchImpl);
    const network = await loadBundleFile(`${origin}/data/`, manifest.network.file, origin, fetchImpl);
    expect([...new Uint8Array(network.bytes)]).toEqual([1, 2, 3, 4]);
    expect(hits).toEqual(['/data/manifest.json', '/data/network.abc.bin']);
    // A second request goes to the server.
    await loadBundleFile(`${origin}/data/`, manifest.network.file, origin, fetchImpl);
    expect(hits).toEqual(['/data/manifest.json', '/data/network.abc.bin', '/data/network.abc.bin']);
  });

  it('passes other URLs on to fetch', async () => {
    const fetchImpl = prefetchedFetch(startPrefetch(`${origin}/`));
    const other = await fetchImpl(`${origin}/elsewhere/manifest.json`);
    expect(other.status).toBe(404);
    expect(hits).toContain('/elsewhere/manifest.json');
  });

  it('reports a missing bundle as the loader always does (the prefetched 404 is the answer)', async () => {
    const fetchImpl = prefetchedFetch(startPrefetch(`${origin}/missing/`));
    await expect(loadManifest(`${origin}/missing/data/`, origin, fetchImpl)).rejects.toThrow(`Could not load ${origin}/missing/data/manifest.json: HTTP 404`);
    expect(hits).toEqual(['/missing/data/manifest.json']);
  });

  it('gives the page prefetch to the first map only (a response body can be read once)', async () => {
    const page = globalThis as unknown as { window?: { __ttPrefetch?: DataPrefetch } };
    const prefetch = startPrefetch(`${origin}/`);
    page.window = { __ttPrefetch: prefetch };
    try {
      const first = prefetchedFetch();
      const second = prefetchedFetch();
      await loadManifest(`${origin}/data/`, origin, first);
      const manifest = await loadManifest(`${origin}/data/`, origin, second);
      expect(manifest.network.file).toBe('network.abc.bin');
      expect(hits.filter((h) => h === '/data/manifest.json')).toHaveLength(2);
      expect(page.window.__ttPrefetch).toBeUndefined();
      await prefetch.network; // its request ends before the next test counts
    } finally {
      delete page.window;
    }
  });

  it('is plain fetch without a prefetch', async () => {
    const fetchImpl = prefetchedFetch(undefined);
    const manifest = await loadManifest(`${origin}/data/`, origin, fetchImpl);
    expect(manifest.network.file).toBe('network.abc.bin');
    expect(hits).toEqual(['/data/manifest.json']);
  });
});
