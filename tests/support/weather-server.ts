/**
 * A local stand-in for RainViewer, for unit and end-to-end tests.
 *
 * - `GET /public/weather-maps.json`: a catalogue fixture in the real format,
 *   its `host` replaced by this server's origin (the real catalogue names the tile host).
 * - `GET {frame path}/{size}/{z}/{x}/{y}/{color}/{smooth}_{snow}.png`: a real PNG
 *   (RGBA, size × size) for the catalogue's frames, zoom 0–7, painted in RainViewer's
 *   "Universal Blue" colours (the real scale, see `src/data/weather/radar-palette.ts`)
 *   where `storms` rain or snow (default: heavy rain, 50 dBZ ≈ 49 mm/h, over central
 *   Tokyo, thinning out 12 km from Tokyo Station); elsewhere transparent, as a dry
 *   RainViewer tile. Deeper zooms answer HTTP 200 with a grey placeholder picture, as RainViewer does.
 * - `timesNearNow`: the catalogue's frame times moved so that its newest frame is
 *   the latest 10-minute step before now (for tests of a map in real time).
 * - Failure modes for the catalogue and for tiles, request log, random port, CORS.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { paletteColour } from '../../src/data/weather/radar-palette.ts';

/** The current catalogue fixture (radar.past only, hash paths). */
export const CATALOGUE_FIXTURE = new URL('../unit/fixtures/weather/weather-maps.json', import.meta.url);
/** The pre-2026 catalogue fixture (timestamp paths, nowcast, satellite). */
export const CATALOGUE_FIXTURE_2025 = new URL('../unit/fixtures/weather/weather-maps-2025.json', import.meta.url);

/**
 * How the catalogue is answered:
 * `normal`; `http-500`, `http-503`; `rate-limited` (429 with `Retry-After: 60`);
 * `malformed-json` (a body cut off); `html` (an HTML error page with status 200);
 * `no-host` (the `host` field removed); `no-past` (`radar.past` empty);
 * `hang` (headers never sent); `hang-body` (half a body, then nothing); `close` (connection dropped).
 */
export type CatalogueMode = 'normal' | 'http-500' | 'http-503' | 'rate-limited' | 'malformed-json' | 'html' | 'no-host' | 'no-past' | 'hang' | 'hang-body' | 'close';

/**
 * How tiles are answered: `normal`; `http-404`; `not-png` (HTML with status 200); `wrong-size` (a 64 × 64 PNG);
 * `corrupt-png` (a PNG signature and header, then bytes no decoder can inflate); `off-palette` (a good PNG painted
 * in colours that are not the radar's scale); `hang`.
 */
export type TileMode = 'normal' | 'http-404' | 'not-png' | 'wrong-size' | 'corrupt-png' | 'off-palette' | 'hang';

/** Rain (or snow) over a round area: `dbz` inside 60% of the radius, thinning out to 20 dBZ at its edge. */
export interface Storm {
  center: readonly [number, number];
  radiusKm: number;
  dbz: number;
  snow?: boolean;
}

/** Tokyo Station. */
export const TOKYO_STATION: readonly [number, number] = [139.7671, 35.6812];
/** The default storm: heavy rain over central Tokyo (50 dBZ: about 49 mm/h at its core). */
export const TOKYO_STORM: Storm = { center: TOKYO_STATION, radiusKm: 12, dbz: 50 };

/** One request as the server saw it. */
export interface WeatherRequest {
  path: string;
  status: number | null;
}

/** A running server and its controls. */
export interface WeatherServerHandle {
  /** Origin, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  /** The catalogue URL. */
  catalogueUrl: string;
  requests: WeatherRequest[];
  setCatalogueMode(mode: CatalogueMode): void;
  setTileMode(mode: TileMode): void;
  /** Replaces the catalogue served (its `host` is still replaced by the origin unless `keepHost`). */
  setCatalogue(catalogue: unknown, keepHost?: boolean): void;
  /** Catalogue requests so far. */
  catalogueRequests(): number;
  /** Tile requests so far. */
  tileRequests(): number;
  /** Replaces where it rains (tiles answered from now on). */
  setStorms(storms: readonly Storm[]): void;
  close(): Promise<void>;
}

/** Options of {@link startWeatherServer}. */
export interface WeatherServerOptions {
  /** Catalogue served (default: the current fixture). */
  catalogue?: unknown;
  /** Where it rains or snows (default: {@link TOKYO_STORM}); `[]` for a dry sky. */
  storms?: readonly Storm[];
  /** Move the frames' times so that the newest is the last 10-minute step before now (default false: the fixture's own times). */
  timesNearNow?: boolean;
  /** With {@link timesNearNow}: how far the page's clock runs ahead of the real one, ms (default 0). */
  clockOffsetMs?: number;
}

const CATALOGUE_PATH = '/public/weather-maps.json';
const TILE_PATH = /^(\/.+)\/(256|512)\/(\d+)\/(\d+)\/(\d+)\/(\d+)\/([01])_([01])\.png$/;

/** Reads a catalogue fixture as JSON. */
export function readCatalogueFixture(url: URL = CATALOGUE_FIXTURE): Record<string, unknown> {
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}

/** Starts a server on a random port of 127.0.0.1. */
export async function startWeatherServer(options: WeatherServerOptions = {}): Promise<WeatherServerHandle> {
  const state: State = {
    catalogue: options.catalogue ?? readCatalogueFixture(),
    keepHost: false,
    catalogueMode: 'normal',
    tileMode: 'normal',
    requests: [],
    storms: options.storms ?? [TOKYO_STORM],
    timesNearNow: options.timesNearNow ?? false,
    clockOffsetMs: options.clockOffsetMs ?? 0,
    origin: '',
  };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => handle(state, req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  state.origin = `http://127.0.0.1:${port}`;
  return {
    origin: state.origin,
    catalogueUrl: `${state.origin}${CATALOGUE_PATH}`,
    requests: state.requests,
    setCatalogueMode: (mode) => (state.catalogueMode = mode),
    setTileMode: (mode) => (state.tileMode = mode),
    setCatalogue: (catalogue, keepHost = false) => {
      state.catalogue = catalogue;
      state.keepHost = keepHost;
    },
    catalogueRequests: () => state.requests.filter((r) => r.path === CATALOGUE_PATH).length,
    tileRequests: () => state.requests.filter((r) => TILE_PATH.test(r.path)).length,
    setStorms: (storms) => (state.storms = storms),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

type State = {
  catalogue: unknown;
  keepHost: boolean;
  catalogueMode: CatalogueMode;
  tileMode: TileMode;
  requests: WeatherRequest[];
  storms: readonly Storm[];
  timesNearNow: boolean;
  clockOffsetMs: number;
  origin: string;
};

function handle(state: State, req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const record: WeatherRequest = { path, status: null };
  state.requests.push(record);
  res.setHeader('Access-Control-Allow-Origin', '*');
  const send = (status: number, type: string, body: string | Uint8Array, headers: Record<string, string> = {}) => {
    record.status = status;
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
    res.end(body);
  };
  if (req.method === 'OPTIONS') return send(204, 'text/plain', '');
  if (req.method !== 'GET') return send(405, 'text/plain', 'Method Not Allowed');
  if (path === CATALOGUE_PATH) return answerCatalogue(state, req, res, send);
  const tile = TILE_PATH.exec(path);
  if (tile) return answerTile(state, tile, res, send);
  send(404, 'text/html', '<html><body><h1>404 Not Found</h1></body></html>');
}

type Send = (status: number, type: string, body: string | Uint8Array, headers?: Record<string, string>) => void;

function answerCatalogue(state: State, req: IncomingMessage, res: ServerResponse, send: Send): void {
  const json = 'application/json; charset=utf-8';
  const catalogue = structuredClone(state.catalogue) as Record<string, unknown>;
  if (!state.keepHost && typeof catalogue === 'object' && catalogue !== null && 'host' in catalogue) catalogue.host = state.origin;
  if (state.timesNearNow) moveTimesNearNow(catalogue, Date.now() + state.clockOffsetMs);
  const body = JSON.stringify(catalogue);
  switch (state.catalogueMode) {
    case 'normal':
      return send(200, json, body);
    case 'http-500':
      return send(500, 'text/html', '<html><body>500 Internal Server Error</body></html>');
    case 'http-503':
      return send(503, 'text/html', '<html><body>503 Service Temporarily Unavailable</body></html>');
    case 'rate-limited':
      return send(429, 'text/plain', 'Too Many Requests', { 'Retry-After': '60' });
    case 'malformed-json':
      return send(200, json, body.slice(0, Math.floor(body.length / 2)));
    case 'html':
      return send(200, 'text/html', '<!DOCTYPE html><html><head><title>Maintenance</title></head><body>Back soon</body></html>');
    case 'no-host': {
      delete catalogue.host;
      return send(200, json, JSON.stringify(catalogue));
    }
    case 'no-past': {
      (catalogue.radar as Record<string, unknown>).past = [];
      return send(200, json, JSON.stringify(catalogue));
    }
    case 'hang':
      return;
    case 'hang-body':
      res.writeHead(200, { 'Content-Type': json });
      res.write(body.slice(0, 40));
      return;
    case 'close':
      req.socket.destroy();
      return;
  }
}

function answerTile(state: State, match: RegExpExecArray, res: ServerResponse, send: Send): void {
  const [, framePath, sizeText, zText, xText, yText] = match;
  const frames = ((state.catalogue as { radar?: { past?: Array<{ path?: unknown }> } }).radar?.past ?? []).map((f) => f.path);
  if (!frames.includes(framePath)) return send(404, 'text/html', '<html><body><h1>404 Not Found</h1></body></html>');
  const [size, z, x, y] = [Number(sizeText), Number(zText), Number(xText), Number(yText)];
  if (x >= 2 ** z || y >= 2 ** z) return send(400, 'text/plain', 'Bad Request');
  if (z > 7) return send(200, 'image/png', encodePng(size, size, solid(size, [200, 200, 200, 255]))); // RainViewer's "Zoom Level Not Supported" picture
  switch (state.tileMode) {
    case 'http-404':
      return send(404, 'text/html', '<html><body><h1>404 Not Found</h1></body></html>');
    case 'not-png':
      return send(200, 'text/html', '<!DOCTYPE html><html><body>Access denied</body></html>');
    case 'wrong-size':
      return send(200, 'image/png', encodePng(64, 64, solid(64, [0, 0, 0, 0])));
    case 'corrupt-png': {
      const good = encodePng(size, size, solid(size, [0, 0, 0, 0]));
      const broken = Uint8Array.from(good);
      for (let i = 41; i < broken.length - 12; i++) broken[i] = (i * 37) & 255; // IDAT contents: not a zlib stream
      return send(200, 'image/png', broken);
    }
    case 'off-palette':
      return send(200, 'image/png', encodePng(size, size, solid(size, [0x3c, 0x7a, 0xd6, 0xff])));
    case 'hang':
      res.writeHead(200, { 'Content-Type': 'image/png' });
      return;
    case 'normal':
      return send(200, 'image/png', encodePng(size, size, stormPixels({ z, x, y }, size, state.storms)));
  }
}

/** A square of one colour. */
function solid(size: number, rgba: readonly [number, number, number, number]): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  for (let i = 0; i < out.length; i += 4) out.set(rgba, i);
  return out;
}

/** Longitude and latitude of a tile pixel's centre. */
function pixelLngLat(tile: { z: number; x: number; y: number }, size: number, px: number, py: number): [number, number] {
  const n = 2 ** tile.z * size;
  const lng = ((tile.x * size + px + 0.5) / n) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (tile.y * size + py + 0.5)) / n))) * 180) / Math.PI;
  return [lng, lat];
}

/** Kilometres between two places (equirectangular; fine at storm scale). */
function distanceKm(a: readonly [number, number], b: readonly [number, number]): number {
  const kx = 111.32 * Math.cos(((a[1] + b[1]) * Math.PI) / 360);
  return Math.hypot((a[0] - b[0]) * kx, (a[1] - b[1]) * 110.57);
}

/** dBZ of the storms at a place (the strongest), or null where it is dry. */
export function stormDbz(storms: readonly Storm[], place: readonly [number, number]): { dbz: number; snow: boolean } | null {
  let best: { dbz: number; snow: boolean } | null = null;
  for (const storm of storms) {
    const d = distanceKm(place, storm.center) / storm.radiusKm;
    if (d > 1) continue;
    const dbz = d <= 0.6 ? storm.dbz : Math.round(storm.dbz + ((d - 0.6) / 0.4) * (20 - storm.dbz));
    if (!best || dbz > best.dbz) best = { dbz, snow: storm.snow ?? false };
  }
  return best;
}

/** A tile painted in Universal Blue where the storms are; transparent elsewhere. */
function stormPixels(tile: { z: number; x: number; y: number }, size: number, storms: readonly Storm[]): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  if (storms.length === 0) return out;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const echo = stormDbz(storms, pixelLngLat(tile, size, px, py));
      if (echo) out.set(paletteColour(echo.dbz, echo.snow), (py * size + px) * 4);
    }
  }
  return out;
}

/** Moves every frame time (and `generated`) by the same step, so that the newest frame is the last 10-minute step before `now` (epoch ms). */
function moveTimesNearNow(catalogue: Record<string, unknown>, now: number): void {
  const radar = catalogue.radar as { past?: Array<{ time?: unknown }>; nowcast?: Array<{ time?: unknown }> } | undefined;
  const times = (radar?.past ?? []).map((f) => f.time).filter((t): t is number => typeof t === 'number');
  if (times.length === 0) return;
  const step = Math.floor(now / 600_000) * 600 - Math.max(...times);
  for (const frame of [...(radar?.past ?? []), ...(radar?.nowcast ?? [])]) if (typeof frame.time === 'number') frame.time += step;
  if (typeof catalogue.generated === 'number') catalogue.generated += step;
}

/** Encodes RGBA pixels as a PNG (8-bit RGBA, no filtering), as a tile server sends it. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const raw = new Uint8Array(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, deflate, filter method 0, no interlace
  const signature = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Buffer.from(type, 'ascii'), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
