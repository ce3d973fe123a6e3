import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { open, type FileHandle } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../scripts/config.ts';
import { basemapRangesRead, registerPmtilesProtocol } from '../../src/basemap/protocol.ts';

type Handler = (params: { url: string; type?: string }, abort: AbortController) => Promise<{ data: unknown }>;

/** The real Tokyo archive served with HTTP range requests, counting each range asked for. */
let server: Server;
let file: FileHandle;
let archive: string;
const asked = new Map<string, number>();
let onAsked: (() => void) | null = null;
/** Resolves once the server has been asked for `n` ranges in all (counted since the last clear). */
async function untilAsked(n: number): Promise<void> {
  while ([...asked.values()].reduce((a, b) => a + b, 0) < n) await new Promise<void>((resolve) => (onAsked = resolve));
}
let handler: Handler;
/** The archive's ETag (changed to stand for a new archive on the server). */
let etag = '"tokyo"';

beforeAll(async () => {
  file = await open(resolvePaths([]).basemap);
  const size = (await file.stat()).size;
  server = createServer((req, res) => {
    const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (!match) {
      res.writeHead(400).end('range requests only');
      return;
    }
    const [from, to] = [Number(match[1]), Math.min(Number(match[2]), size - 1)];
    asked.set(req.headers.range!, (asked.get(req.headers.range!) ?? 0) + 1);
    onAsked?.();
    const body = Buffer.alloc(to - from + 1);
    void file.read(body, 0, body.length, from).then(() => {
      // A little later, so that reads asked for together are under way together, as in the browser.
      setTimeout(() => res.writeHead(206, { 'Content-Range': `bytes ${from}-${to}/${size}`, 'Content-Length': body.length, ETag: etag }).end(body), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  archive = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tokyo.pmtiles`;
  let registered: Handler | undefined;
  registerPmtilesProtocol({ addProtocol: (_name: string, fn: Handler) => (registered = fn) } as unknown as typeof import('maplibre-gl'));
  handler = registered!;
});

afterAll(async () => {
  server.close();
  await file.close();
});

const tile = (z: number, x: number, y: number) => `pmtiles://${archive}/${z}/${x}/${y}`;
const bytesOf = (result: { data: unknown }) => result.data as Uint8Array;

describe('the pmtiles protocol', () => {
  it('reads a tile asked for by several slices at once over HTTP once, and hands each its own bytes', async () => {
    await handler({ url: `pmtiles://${archive}`, type: 'json' }, new AbortController());
    asked.clear();
    // What MapLibre asks for at zoom 14 over Tokyo Station: the zoom-13 tile once per zoom-14 slice.
    const results = await Promise.all([0, 1, 2, 3].map(() => handler({ url: tile(13, 7276, 3225) }, new AbortController())));
    const other = await handler({ url: tile(13, 7276, 3224) }, new AbortController());
    expect([...asked.values()]).toEqual([1, 1]);
    const first = bytesOf(results[0]);
    expect(first.byteLength).toBeGreaterThan(10_000);
    for (const result of results) expect(bytesOf(result)).toEqual(first);
    expect(bytesOf(other)).not.toEqual(first);
    // Each asker's bytes are its own (MapLibre may transfer them to its worker).
    expect(new Set(results.map((r) => bytesOf(r).buffer)).size).toBe(4);
    first.fill(0);
    expect(bytesOf(results[1])).not.toEqual(first);
    // Asked for again a moment later (a zoom-15 slice): no new read.
    await handler({ url: tile(13, 7276, 3225) }, new AbortController());
    expect([...asked.values()]).toEqual([1, 1]);
    // The service worker is told each range once.
    const ranges = basemapRangesRead().find((r) => r.url === archive)!.ranges;
    expect(new Set(ranges.map(([offset, length]) => `${offset}:${length}`)).size).toBe(ranges.length);
  });

  it('a cancelled slice does not cancel the read for the others; when all cancel, the next asker reads again', async () => {
    asked.clear();
    const cancelled = new AbortController();
    const kept = handler({ url: tile(13, 7275, 3225) }, new AbortController());
    const dropped = handler({ url: tile(13, 7275, 3225) }, cancelled);
    await untilAsked(1);
    cancelled.abort();
    await expect(dropped).rejects.toThrow();
    expect(bytesOf(await kept).byteLength).toBeGreaterThan(1000);
    expect([...asked.values()]).toEqual([1]);

    asked.clear();
    const all = [new AbortController(), new AbortController()];
    const both = all.map((abort) => handler({ url: tile(13, 7277, 3225) }, abort));
    await untilAsked(1);
    for (const abort of all) abort.abort();
    for (const result of both) await expect(result).rejects.toThrow();
    const again = await handler({ url: tile(13, 7277, 3225) }, new AbortController());
    expect(bytesOf(again).byteLength).toBeGreaterThan(1000);
    expect([...asked.values()]).toEqual([2]);
  });

  it('an archive changed on the server is read again, not served from the reads kept', async () => {
    await handler({ url: tile(13, 7276, 3225) }, new AbortController());
    etag = '"tokyo-2"';
    try {
      // pmtiles finds the new ETag on this tile's read, reads the header again and retries: the header must not be the one kept.
      const result = await handler({ url: tile(13, 7274, 3225) }, new AbortController());
      expect(bytesOf(result).byteLength).toBeGreaterThan(1000);
    } finally {
      etag = '"tokyo"';
    }
  });
});
