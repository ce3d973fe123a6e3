import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DOCS_BASE, type ProjectPaths } from './config.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.pbf': 'application/x-protobuf',
  '.pmtiles': 'application/vnd.pmtiles',
  '.bin': 'application/octet-stream',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.map', '.svg', '.txt']);

/**
 * Maps a URL path onto a file: /data → bundle, /basemap/tokyo.pmtiles and /basemap/fonts → base map, /lib → the
 * library build, /examples/3dtiles → the 3D Tiles sample, /examples → the API examples, the rest → the built app.
 */
export function resolveAsset(paths: ProjectPaths, urlPath: string, withApp = true): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const inside = (root: string, rest: string) => {
    const file = normalize(join(root, rest));
    return file === root || file.startsWith(root + sep) ? file : null;
  };
  if (decoded.startsWith('/data/')) return inside(paths.out, decoded.slice('/data/'.length));
  if (decoded === '/basemap/tokyo.pmtiles') return paths.basemap;
  if (decoded.startsWith('/basemap/fonts/')) return inside(paths.fonts, decoded.slice('/basemap/fonts/'.length));
  if (!withApp) return null;
  if (decoded.startsWith('/lib/')) return inside(paths.lib, decoded.slice('/lib/'.length));
  if (decoded.startsWith('/examples/3dtiles/')) return inside(paths.tiles3d, decoded.slice('/examples/3dtiles/'.length));
  if (decoded === '/examples/' || decoded.startsWith('/examples/')) return inside(paths.examples, decoded === '/examples/' ? 'index.html' : decoded.slice('/examples/'.length));
  const file = inside(paths.dist, decoded === '/' ? 'index.html' : decoded.slice(1));
  return file;
}

const gzipCache = new Map<string, { mtime: number; body: Buffer }>();

function gzipped(file: string, mtime: number): Buffer {
  const cached = gzipCache.get(file);
  if (cached && cached.mtime === mtime) return cached.body;
  const body = gzipSync(readFileSync(file), { level: 9 });
  gzipCache.set(file, { mtime, body });
  return body;
}

/**
 * Serves one file with the behaviour a CDN would have: Range requests (the
 * PMTiles reader needs them), gzip (precompressed `.gz` siblings or on the
 * fly for text), long caching for content-hashed files.
 */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: string | null, status = 200): void {
  if (!file || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`Not found: ${req.url}\n`);
    return;
  }
  const stat = statSync(file);
  const ext = extname(file);
  const headers: Record<string, string | number> = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Cache-Control': /\.[0-9a-f]{8,}\.(bin|js|css)$|-[A-Za-z0-9_-]{8}\.(js|css)$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Last-Modified': stat.mtime.toUTCString(),
  };
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const range = req.headers.range;
  if (!range && acceptsGzip && (existsSync(file + '.gz') || COMPRESSIBLE.has(ext))) {
    const body = existsSync(file + '.gz') ? readFileSync(file + '.gz') : gzipped(file, stat.mtimeMs);
    res.writeHead(status, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length, Vary: 'Accept-Encoding' });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  if (range && status === 200) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range);
    let start = m && m[1] ? Number(m[1]) : NaN;
    let end = m && m[2] ? Number(m[2]) : stat.size - 1;
    if (m && !m[1] && m[2]) {
      start = stat.size - Number(m[2]);
      end = stat.size - 1;
    }
    if (!m || !(start >= 0) || start > end || start >= stat.size) {
      res.writeHead(416, { 'Content-Range': `bytes */${stat.size}` });
      res.end();
      return;
    }
    end = Math.min(end, stat.size - 1);
    res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${stat.size}`, 'Content-Length': end - start + 1 });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file, { start, end }).pipe(res);
    return;
  }
  res.writeHead(status, { ...headers, 'Content-Length': stat.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/** What the server does with a request under {@link DOCS_BASE}. */
export type DocsRoute = { redirect: string } | { file: string; status: 200 | 404 };

/**
 * Routes a path of the documentation site (as the specification asks): a
 * page is served as built; a path ending in `index.html` redirects to its
 * folder; a path without `.html` or with a trailing slash redirects to the
 * page that exists for it; anything else is the site's not-found page with
 * status 404. Null for paths outside the site.
 */
export function docsRoute(paths: ProjectPaths, urlPath: string): DocsRoute | null {
  const [path, query = ''] = urlPath.split(/\?(.*)/s, 2);
  const search = query ? `?${query}` : '';
  if (path === DOCS_BASE.slice(0, -1)) return { redirect: DOCS_BASE + search };
  if (!path.startsWith(DOCS_BASE)) return null;
  const root = paths.docsDist;
  const notFound = { file: join(root, '404.html'), status: 404 as const };
  let rest: string;
  try {
    rest = decodeURIComponent(path.slice(DOCS_BASE.length));
  } catch {
    return notFound;
  }
  if (rest.includes('\u0000')) return notFound;
  const fileAt = (relative: string) => {
    const file = normalize(join(root, relative));
    return (file === root || file.startsWith(root + sep)) && existsSync(file) && statSync(file).isFile() ? file : null;
  };
  const encode = (relative: string) => DOCS_BASE + relative.split('/').map(encodeURIComponent).join('/') + search;
  const INDEX = /(^|\/)index\.html$/;
  if (INDEX.test(rest)) return { redirect: encode(rest.slice(0, -'index.html'.length)) };
  if (rest === '' || rest.endsWith('/')) {
    const index = fileAt(rest + 'index.html');
    if (index) return { file: index, status: 200 };
    // `map/` and `map.html/` both mean the page `map.html`.
    const bare = rest.replace(/\/+$/, '');
    const page = [bare, bare + '.html'].find((candidate) => extname(candidate) === '.html' && fileAt(candidate));
    if (!page) return notFound;
    return { redirect: encode(INDEX.test(page) ? page.slice(0, -'index.html'.length) : page) };
  }
  const file = fileAt(rest);
  if (file) return { file, status: 200 };
  if (!extname(rest)) {
    if (fileAt(rest + '.html')) return { redirect: encode(rest + '.html') };
    if (fileAt(rest + '/index.html')) return { redirect: encode(rest + '/') };
  }
  return notFound;
}

/** The production server of `npm start`: the built app plus the data bundle, the base map and the documentation. */
export function createAppServer(paths: ProjectPaths): Server {
  return createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const docs = docsRoute(paths, req.url ?? '/');
    if (docs && 'redirect' in docs) {
      res.writeHead(301, { Location: docs.redirect });
      res.end();
    } else if (docs) {
      if (docs.status === 404 && !existsSync(docs.file)) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`Not found: ${req.url} (the documentation is not built; npm start builds it)\n`);
      } else sendFile(req, res, docs.file, docs.status);
    } else sendFile(req, res, resolveAsset(paths, req.url ?? '/'));
  });
}
