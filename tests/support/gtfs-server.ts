/**
 * A local HTTP server for GTFS tests: serves files (a GTFS zip, a GTFS
 * Realtime snapshot) at chosen paths in the real formats, and can answer a
 * path with an HTTP error, a chosen body (malformed protobuf, not a zip), or
 * not at all (timeouts). Keeps a request log; sends CORS headers so browser
 * tests can use it too.
 *
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/**
 * The shared data folder as `scripts/config.ts` finds it: env SHARED_DATA
 * (relative to the repository), else the nearest `shared/data` beside the
 * repository or one of its ancestors.
 */
export function sharedDataDir(): string {
  if (process.env.SHARED_DATA) return resolve(ROOT, process.env.SHARED_DATA);
  for (let dir = dirname(ROOT); ; dir = dirname(dir)) {
    const candidate = resolve(dir, 'shared/data');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return resolve(ROOT, '../shared/data');
  }
}

/** Bytes of a file under the shared `gtfs/` folder, e.g. `halifax/google_transit.zip`. */
export function readSharedGtfs(path: string): Uint8Array {
  return new Uint8Array(readFileSync(resolve(sharedDataDir(), 'gtfs', path)));
}

/** How one path is answered. */
export type GtfsRoute =
  | { kind: 'body'; body: Uint8Array | string; contentType?: string; status?: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' };

/** A running server and its controls. */
export interface GtfsServerHandle {
  /** Origin, e.g. `http://127.0.0.1:40123` (no trailing slash). */
  origin: string;
  /** Full URL of a path. */
  url(path: string): string;
  /** Paths requested, in order. */
  requests: string[];
  /** Sets (or replaces) how `path` is answered. */
  route(path: string, answer: GtfsRoute): void;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = { '.zip': 'application/zip', '.pb': 'application/x-protobuf' };

/** Starts a server on a random port of 127.0.0.1 answering `routes` (path → answer); other paths are 404. */
export async function startGtfsServer(routes: Record<string, GtfsRoute> = {}): Promise<GtfsServerHandle> {
  const table = new Map(Object.entries(routes));
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => handle(req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'no-store');
    const answer = table.get(path);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (!answer) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`no such file: ${path}`);
    if (answer.kind === 'hang') return;
    if (answer.kind === 'status') return void res.writeHead(answer.status, { 'Content-Type': 'text/plain' }).end(answer.body ?? '');
    const type = answer.contentType ?? CONTENT_TYPES[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';
    res.writeHead(answer.status ?? 200, { 'Content-Type': type });
    res.end(answer.body);
  }

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    requests,
    route: (path, answer) => void table.set(path, answer),
    close: () => closeServer(server, sockets),
  };
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}
