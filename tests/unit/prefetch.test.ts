import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBundleFile, loadManifest } from '../../src/data/loader.ts';
import { prefetchedFetch, type DataPrefetch } from '../../src/data/prefetch.ts';

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

/** What the inline script of index.html does. */
function startPrefetch(manifestUrl: string): DataPrefetch {
  const manifest = fetch(manifestUrl);
  const network = manifest
    .then((r) => (r.ok ? r.clone().json() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((m: typeof MANIFEST) => {
      const url = new URL(m.network.file, manifestUrl).href;
      return fetch(url).then((response) => ({ url, response }));
    });
  network.catch(() => undefined);
  return { manifestUrl, manifest, network };
}

describe('prefetchedFetch', () => {
  it('answers the manifest and the network file from the prefetched responses, once each', async () => {
    const fetchImpl = prefetchedFetch(startPrefetch(`${origin}/data/manifest.json`));
    const manifest = await loadManifest(`${origin}/data/`, origin, fetchImpl);
    const network = await loadBundleFile(`${origin}/data/`, manifest.network.file, origin, fetchImpl);
    expect([...new Uint8Array(network.bytes)]).toEqual([1, 2, 3, 4]);
    expect(hits).toEqual(['/data/manifest.json', '/data/network.abc.bin']);
    // A second request goes to the server.
    await loadBundleFile(`${origin}/data/`, manifest.network.file, origin, fetchImpl);
    expect(hits).toEqual(['/data/manifest.json', '/data/network.abc.bin', '/data/network.abc.bin']);
  });

  it('passes other URLs on to fetch', async () => {
    const fetchImpl = prefetchedFetch(startPrefetch(`${origin}/data/manifest.json`));
    const other = await fetchImpl(`${origin}/elsewhere/manifest.json`);
    expect(other.status).toBe(404);
    expect(hits).toContain('/elsewhere/manifest.json');
  });

  it('reports a missing bundle as the loader always does (the prefetched 404 is the answer)', async () => {
    const fetchImpl = prefetchedFetch(startPrefetch(`${origin}/missing/manifest.json`));
    await expect(loadManifest(`${origin}/missing/`, origin, fetchImpl)).rejects.toThrow(`Could not load ${origin}/missing/manifest.json: HTTP 404`);
    expect(hits).toEqual(['/missing/manifest.json']);
  });

  it('gives the page prefetch to the first map only (a response body can be read once)', async () => {
    const page = globalThis as unknown as { window?: { __ttPrefetch?: DataPrefetch } };
    const prefetch = startPrefetch(`${origin}/data/manifest.json`);
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
