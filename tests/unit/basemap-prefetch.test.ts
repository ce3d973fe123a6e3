import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../scripts/config.ts';
import { basemapRangesRead, getPmtilesProtocol, prefetchArchive } from '../../src/basemap/protocol.ts';

/** The real base-map archive, served with HTTP range requests; `failures` requests are answered 503 first. */
const ARCHIVE = resolvePaths([], {}).basemap;
let server: Server;
let origin = '';
let failures = 0;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.url} ${req.headers.range ?? ''}`);
    if (failures > 0) {
      failures--;
      res.writeHead(503).end('busy');
      return;
    }
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '') ?? [];
    const fd = openSync(ARCHIVE, 'r');
    try {
      const size = fstatSync(fd).size;
      const start = Number(from);
      const end = Math.min(Number(to), size - 1);
      const bytes = Buffer.alloc(end - start + 1);
      readSync(fd, bytes, 0, bytes.length, start);
      res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': bytes.length, 'Content-Type': 'application/vnd.pmtiles' }).end(bytes);
    } finally {
      closeSync(fd);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The TileJSON the map asks the protocol for, as MapLibre asks it. */
function tileJson(url: string): Promise<{ data: { tiles: string[]; maxzoom: number } }> {
  return getPmtilesProtocol().tilev4({ url: `pmtiles://${url}`, type: 'json' }, new AbortController()) as Promise<never>;
}

describe('prefetchArchive', () => {
  it('reads the header and root directory once, before the map asks, and the map then reads nothing more for them', async () => {
    const url = `${origin}/early/tokyo.pmtiles`;
    requests.length = 0;
    prefetchArchive(url);
    await expect.poll(() => basemapRangesRead().find((r) => r.url === url)?.ranges).toEqual([[0, 16384]]);
    const { data } = await tileJson(url);
    expect(data.tiles).toEqual([`pmtiles://${url}/{z}/{x}/{y}`]);
    expect(data.maxzoom).toBeGreaterThan(10);
    expect(requests).toEqual(['/early/tokyo.pmtiles bytes=0-16383']);
  });

  it('forgets an archive it could not read, so that the map reads it afresh', async () => {
    const url = `${origin}/busy/tokyo.pmtiles`;
    requests.length = 0;
    failures = 1;
    prefetchArchive(url);
    await expect.poll(() => getPmtilesProtocol().get(url)).toBeUndefined();
    expect(basemapRangesRead().some((r) => r.url === url)).toBe(false);
    const { data } = await tileJson(url);
    expect(data.tiles).toEqual([`pmtiles://${url}/{z}/{x}/{y}`]);
    expect(requests).toEqual(['/busy/tokyo.pmtiles bytes=0-16383', '/busy/tokyo.pmtiles bytes=0-16383']);
  });
});
