/**
 * A tiny static HTTP server, as any host a developer deploys to: URL prefixes mounted on folders (or one file),
 * GET and HEAD, byte ranges (the base map's PMTiles reader asks for them), no compression, no fallbacks. It is not
 * the project's own server (scripts/static-server.ts), so that nothing it does for the app can hide a path the
 * library gets wrong.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

/** A running server: its origin, and the function that stops it. */
export interface MountServer {
  origin: string;
  /** Paths asked for, with the status answered, in order. */
  requests: { path: string; status: number }[];
  close(): Promise<void>;
}

/** The file `path` is mounted on, or null (a prefix ending in `/` mounts a folder; another, one file). */
function fileFor(mounts: [string, string][], path: string): string | null {
  for (const [prefix, target] of mounts) {
    if (!prefix.endsWith('/')) {
      if (path === prefix) return target;
      continue;
    }
    if (!path.startsWith(prefix)) continue;
    const file = normalize(join(target, path.slice(prefix.length) || 'index.html'));
    if (file !== target && !file.startsWith(target + sep)) return null;
    return existsSync(file) && statSync(file).isDirectory() ? join(file, 'index.html') : file;
  }
  return null;
}

/** Serves `mounts` (URL prefix → folder or file; the longest prefix wins) on 127.0.0.1 at a free port. */
export async function serveMounts(mounts: Record<string, string>): Promise<MountServer> {
  const ordered = Object.entries(mounts).sort((a, b) => b[0].length - a[0].length);
  const requests: MountServer['requests'] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const file = fileFor(ordered, path);
    const answer = (status: number, headers: Record<string, string | number> = {}) => {
      requests.push({ path, status });
      res.writeHead(status, headers);
    };
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file || !existsSync(file) || !statSync(file).isFile()) {
      answer(404, { 'Content-Type': 'text/plain' });
      return void res.end('Not found');
    }
    const size = statSync(file).size;
    const headers = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Accept-Ranges': 'bytes' };
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    let start = 0;
    let end = size - 1;
    if (range) {
      start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start > end) {
        answer(416, { 'Content-Range': `bytes */${size}` });
        return void res.end();
      }
      answer(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': end - start + 1 });
    } else answer(200, { ...headers, 'Content-Length': size });
    if (req.method === 'HEAD' || size === 0) return void res.end();
    createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
