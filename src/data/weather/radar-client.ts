/**
 * HTTP client of RainViewer: the catalogue and radar tiles. Every failure of
 * the service (unreachable, time-out, HTTP error, rate limit, bad body) comes
 * back as a {@link RadarFailure} in the result, never as a rejection.
 *
 * @module
 */
import { parseRadarCatalogue, RadarCatalogueError, type RadarCatalogue, type RadarFrame } from './radar-catalogue.ts';
import { radarTileUrl, type RadarTileOptions, type TileId } from './radar-tiles.ts';
import { RAINVIEWER_CATALOGUE_URL } from './rainviewer-config.ts';
import { bodyExcerpt, failureText, fetchWithTimeout, globalFetch } from '../timed-fetch.ts';

/** The part of a fetch `Response` the client uses. */
export interface WeatherResponseLike {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A `fetch`-compatible function (the global `fetch` by default). */
export type WeatherFetch = (url: string, init: { signal: AbortSignal }) => Promise<WeatherResponseLike>;

/** Options of {@link RainViewerClient}. */
export interface RainViewerClientOptions {
  /** Catalogue URL (default {@link RAINVIEWER_CATALOGUE_URL}). */
  catalogueUrl?: string;
  /** Tile host to use instead of the catalogue's `host` (a proxy); default: the catalogue's. */
  tileHost?: string;
  fetch?: WeatherFetch;
  /** Time limit of one request, body included, ms (default 10 000). */
  timeoutMs?: number;
  /** Clock for `fetchedAt` (default `Date.now`). */
  now?: () => number;
}

/**
 * Why a request failed; `aborted` means the caller cancelled it. `undecodable`
 * (a tile the browser cannot decode, or whose colours are not the radar's scale),
 * `stale` and `no-frame-yet` (no radar frame fits the clock) come from reading
 * the answers, see `rain-source.ts`.
 */
export type RadarFailureKind = 'unreachable' | 'timeout' | 'http' | 'rate-limited' | 'malformed-json' | 'unexpected-shape' | 'not-png' | 'undecodable' | 'stale' | 'no-frame-yet' | 'aborted';

/** One failed request. */
export interface RadarFailure {
  kind: RadarFailureKind;
  /** De-duplication key: the kind, with the status for HTTP errors (`HTTP 503`). */
  key: string;
  /** What failed (catalogue or tile, URL), and why. */
  message: string;
  status?: number;
  /** For `rate-limited`: how long the service asked to wait (its `Retry-After`), ms. */
  retryAfterMs?: number;
}

/** The catalogue, or why not. */
export type CatalogueResult = { ok: true; catalogue: RadarCatalogue; fetchedAt: number } | { ok: false; failure: RadarFailure };

/** A tile's PNG bytes, or why not. */
export type TileResult = { ok: true; url: string; png: Uint8Array; width: number; height: number } | { ok: false; url: string; failure: RadarFailure };

/** Default time limit of one request (ms). */
export const DEFAULT_RADAR_TIMEOUT_MS = 10_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Reads RainViewer's catalogue and tiles. */
export class RainViewerClient {
  /** The catalogue URL asked. */
  readonly catalogueUrl: string;
  private readonly tileHost: string | undefined;
  private readonly fetchFn: WeatherFetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  /** @throws Error naming each invalid option. */
  constructor(options: RainViewerClientOptions = {}) {
    this.catalogueUrl = options.catalogueUrl ?? RAINVIEWER_CATALOGUE_URL;
    this.tileHost = options.tileHost;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_RADAR_TIMEOUT_MS;
    const problems: string[] = [];
    for (const [name, url] of [['catalogueUrl', this.catalogueUrl], ['tileHost', this.tileHost]] as const) {
      if (url !== undefined && !/^https?:\/\/[^\s/]+/i.test(url)) problems.push(`${name} must be an absolute http(s) URL, got ${JSON.stringify(url)}.`);
    }
    if (!(this.timeoutMs > 0) || !Number.isFinite(this.timeoutMs)) problems.push(`timeoutMs must be a positive number of milliseconds, got ${String(options.timeoutMs)}.`);
    if (problems.length > 0) throw new Error(`RainViewerClient: invalid options: ${problems.join(' ')}`);
    this.fetchFn = options.fetch ?? globalFetch();
    this.now = options.now ?? Date.now;
  }

  /** Reads and parses the catalogue. */
  async fetchCatalogue(signal?: AbortSignal): Promise<CatalogueResult> {
    const where = `RainViewer catalogue ${this.catalogueUrl}`;
    const outcome = await this.get(this.catalogueUrl, where, signal, (response) => response.text());
    if (!outcome.ok) return outcome;
    try {
      return { ok: true, catalogue: parseRadarCatalogue(outcome.body, where), fetchedAt: this.now() };
    } catch (error) {
      if (!(error instanceof RadarCatalogueError)) throw error;
      return { ok: false, failure: { kind: error.kind, key: error.kind, message: error.message } };
    }
  }

  /** The host tiles are fetched from: the configured one, else the catalogue's. */
  tileHostOf(catalogue: RadarCatalogue): string {
    return this.tileHost ?? catalogue.host;
  }

  /**
   * Fetches one tile and checks it is a PNG of the requested size.
   *
   * @throws RadarTileError (as a rejection) for a tile RainViewer cannot serve (zoom above 7, off the grid).
   */
  async fetchTile(catalogue: RadarCatalogue, frame: RadarFrame, tile: TileId, options: RadarTileOptions = {}, signal?: AbortSignal): Promise<TileResult> {
    const url = radarTileUrl(this.tileHostOf(catalogue), frame, tile, options);
    const where = `RainViewer radar tile ${tile.z}/${tile.x}/${tile.y} (${url})`;
    const outcome = await this.get(url, where, signal, async (response) => new Uint8Array(await response.arrayBuffer()));
    if (!outcome.ok) return { ok: false, url, failure: outcome.failure };
    const png = outcome.body;
    const size = options.size ?? 256;
    const header = pngSize(png);
    if (header === null) {
      const start = new TextDecoder().decode(png.slice(0, 40)).replace(/\s+/g, ' ');
      return { ok: false, url, failure: { kind: 'not-png', key: 'not-png', message: `${where}: the body is not a PNG (${png.length} bytes starting ${JSON.stringify(start)}).` } };
    }
    if (header.width !== size || header.height !== size) {
      const message = `${where}: the PNG is ${header.width}×${header.height} pixels, expected ${size}×${size}.`;
      return { ok: false, url, failure: { kind: 'not-png', key: 'not-png', message } };
    }
    return { ok: true, url, png, width: header.width, height: header.height };
  }

  private async get<T>(url: string, where: string, signal: AbortSignal | undefined, read: (response: WeatherResponseLike) => Promise<T>): Promise<{ ok: true; body: T } | { ok: false; failure: RadarFailure }> {
    const fail = (kind: RadarFailureKind, key: string, why: string, extra: Partial<RadarFailure> = {}) => ({ ok: false as const, failure: { kind, key, message: `${where}: ${why}`, ...extra } });
    const outcome = await fetchWithTimeout((timed) => this.fetchFn(url, { signal: timed }), read, { timeoutMs: this.timeoutMs, signal });
    if (outcome.ok) return { ok: true, body: outcome.body };
    const failure = outcome.failure;
    if (failure.kind !== 'http') return fail(failure.kind, failure.kind, failureText(failure, 'service'));
    const { response } = failure;
    const excerpt = bodyExcerpt(failure.body);
    if (response.status === 429) {
      const retryAfterMs = retryAfter(response.headers.get('retry-after'));
      const wait = retryAfterMs === undefined ? '' : `; it asks to wait ${Math.round(retryAfterMs / 1000)} s`;
      return fail('rate-limited', 'HTTP 429', `${failure.status}: too many requests (RainViewer allows 100 per minute per IP)${wait} (${excerpt}).`, { status: 429, retryAfterMs });
    }
    return fail('http', `HTTP ${response.status}`, `${failure.status} (${excerpt}).`, { status: response.status });
  }
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.slice(12, 16)) !== 'IHDR') return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** `Retry-After` in ms: seconds, or an HTTP date. */
function retryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
