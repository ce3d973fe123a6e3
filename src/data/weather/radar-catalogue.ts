/**
 * Parsing RainViewer's `weather-maps.json` catalogue into radar frames.
 * Frames with a bad field are skipped and named in `problems`; the catalogue
 * fails as a whole only when there is nothing usable (no host, no past frame).
 *
 * @module
 */

/** One radar frame of the catalogue. */
export interface RadarFrame {
  /** When RainViewer generated the frame (epoch ms; the catalogue gives Unix seconds). */
  time: number;
  /** Base path of the frame's tiles, e.g. `/v2/radar/72250d5768d7`; opaque, used as given. */
  path: string;
}

/** A parsed catalogue. */
export interface RadarCatalogue {
  /** API version, e.g. `2.0`, or null when absent. */
  version: string | null;
  /** When the catalogue was generated (epoch ms), or null when absent. */
  generated: number | null;
  /** Protocol and host of the tiles, without a trailing slash, e.g. `https://tilecache.rainviewer.com`. */
  host: string;
  /** Past frames, oldest first (at least one). */
  past: RadarFrame[];
  /** Forecast frames, oldest first; empty since RainViewer stopped serving them. */
  nowcast: RadarFrame[];
  /** What was skipped or missing, one message each, naming the field. */
  problems: string[];
}

/** Why a catalogue could not be used. */
export type CatalogueErrorKind = 'malformed-json' | 'unexpected-shape';

/** A catalogue body that cannot be used; the message names the source, the field and why. */
export class RadarCatalogueError extends Error {
  override name = 'RadarCatalogueError';
  constructor(
    readonly kind: CatalogueErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Parses the catalogue's body.
 *
 * @param source Named in messages, e.g. the URL.
 * @throws RadarCatalogueError `malformed-json` when the body is not JSON;
 *   `unexpected-shape` when it is not an object, `host` is not an http(s) URL,
 *   `radar.past` is not an array, or no past frame is usable.
 */
export function parseRadarCatalogue(text: string, source: string): RadarCatalogue {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const start = text.trim().slice(0, 80);
    throw new RadarCatalogueError('malformed-json', `${source}: the body is not JSON (${(error as Error).message}); it starts with ${JSON.stringify(start)}.`);
  }
  const shape = (why: string) => new RadarCatalogueError('unexpected-shape', `${source}: ${why}`);
  if (!isRecord(body)) throw shape(`expected a JSON object at the top level, got ${kindOf(body)}.`);
  const host = parseHost(body.host);
  if (typeof host !== 'string') throw shape(`"host": ${host.why}`);
  if (!isRecord(body.radar)) throw shape(`"radar": expected an object with "past" frames, got ${kindOf(body.radar)}.`);
  if (!Array.isArray(body.radar.past)) throw shape(`"radar.past": expected an array of frames, got ${kindOf(body.radar.past)}.`);

  const problems: string[] = [];
  const past = parseFrames(body.radar.past, 'radar.past', problems);
  if (past.length === 0) {
    const why = body.radar.past.length === 0 ? 'the array is empty' : `none of its ${body.radar.past.length} frames is usable (${problems.join(' ')})`;
    throw shape(`"radar.past": no radar frame to show: ${why}.`);
  }
  let nowcast: RadarFrame[] = [];
  if (Array.isArray(body.radar.nowcast)) nowcast = parseFrames(body.radar.nowcast, 'radar.nowcast', problems);
  else if (body.radar.nowcast !== undefined) problems.push(`"radar.nowcast": expected an array, got ${kindOf(body.radar.nowcast)}; ignored.`);

  let version: string | null = null;
  if (typeof body.version === 'string' && body.version !== '') version = body.version;
  else problems.push(`"version": expected a string, got ${kindOf(body.version)}.`);
  let generated: number | null = null;
  if (isUnixSeconds(body.generated)) generated = body.generated * 1000;
  else problems.push(`"generated": expected Unix seconds, got ${kindOf(body.generated)}.`);

  return { version, generated, host, past, nowcast, problems };
}

function parseHost(value: unknown): string | { why: string } {
  if (typeof value !== 'string') return { why: `expected the tiles' protocol and host as a string, got ${kindOf(value)}.` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { why: `${JSON.stringify(value)} is not an absolute URL.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { why: `${JSON.stringify(value)} is not an http(s) URL.` };
  return value.replace(/\/+$/, '');
}

/** Valid frames of an array, oldest first, one per time; the others named in `problems`. */
function parseFrames(items: unknown[], where: string, problems: string[]): RadarFrame[] {
  const byTime = new Map<number, RadarFrame>();
  items.forEach((item, i) => {
    const at = `"${where}[${i}]"`;
    if (!isRecord(item)) return problems.push(`${at}: expected a frame object, got ${kindOf(item)}; skipped.`);
    if (!isUnixSeconds(item.time)) return problems.push(`${at}.time: expected Unix seconds, got ${kindOf(item.time)}; skipped.`);
    if (typeof item.path !== 'string' || !/^\/[^\s?#]*[^\s/?#]$/.test(item.path)) {
      return problems.push(`${at}.path: expected a path such as "/v2/radar/72250d5768d7", got ${kindOf(item.path)}; skipped.`);
    }
    if (byTime.has(item.time * 1000)) return problems.push(`${at}: a second frame for time ${item.time}; skipped.`);
    byTime.set(item.time * 1000, { time: item.time * 1000, path: item.path });
  });
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

function isUnixSeconds(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short description of a JSON value for messages. */
function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
