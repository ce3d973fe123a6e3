/**
 * Validation of a GTFS data source: the `dataSources` entries of the map
 * options (spec §3: gtfsUrl, vehiclePositionUrl, color as `#` + hex) and the
 * app URL parameters `gtfsurl`, `gtfsvpurl`, `gtfscolor` (spec §2, §5: URLs
 * URL-encoded, colour without `#`). Pure functions: they return messages,
 * the caller fires them as `error` events.
 *
 * @module
 */
import { parseHexColor } from './field-values.ts';
import type { Rgb } from './feed-model.ts';

/** A validated data source. */
export interface GtfsSource {
  /** Absolute http(s) URL of the GTFS zip. */
  gtfsUrl: string;
  /** Absolute http(s) URL of the VehiclePosition feed, or null (routes and stops only). */
  vehiclePositionUrl: string | null;
  /** Colour of routes without route_color, or null. */
  color: Rgb | null;
}

/** What a validation gives: the source when it can be used, and every problem found. */
export interface SourceValidation<T> {
  source: T | null;
  errors: string[];
}

const SHORT_HEX = /^[0-9a-fA-F]{3}$/;
/** Characters an encodeURIComponent result may hold. */
const URL_ENCODED = /^[A-Za-z0-9\-_.!~*'()%]*$/;
const MAX_SHOWN = 80;

const show = (value: unknown): string => {
  if (typeof value !== 'string') return value === undefined ? 'undefined' : JSON.stringify(value) ?? String(value);
  return JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value);
};

/** 3 or 6 hex digits without `#` as RGB, or null. */
export function hexDigitsToRgb(digits: string): Rgb | null {
  return parseHexColor(SHORT_HEX.test(digits) ? digits.replace(/./g, (c) => c + c) : digits);
}

/** An absolute http(s) URL, resolving a relative one against `baseUrl`; or the reason it is not. */
function httpUrl(value: string, baseUrl: string | undefined): { url: string } | { why: string } {
  let url: URL;
  try {
    url = new URL(value, baseUrl);
  } catch {
    return { why: baseUrl ? 'is not a URL' : 'is not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { why: `is not an http or https URL (protocol ${url.protocol})` };
  return { url: url.href };
}

/**
 * Validates one entry of the `dataSources` map option; `path` names it in
 * messages (e.g. `dataSources[0]`) and `baseUrl` resolves relative URLs.
 * Messages read `Invalid option "dataSources[0].color": "ff0000" is not a hex
 * color; expected "#" followed by 3 or 6 hex digits.`
 */
export function validateDataSource(value: unknown, path: string, baseUrl?: string): SourceValidation<GtfsSource> {
  const errors: string[] = [];
  const invalid = (field: string, what: string) => errors.push(`Invalid option "${path}${field ? `.${field}` : ''}": ${what}.`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    invalid('', `${show(value)} is not an object; expected a data source object with a gtfsUrl`);
    return { source: null, errors };
  }
  const o = value as Record<string, unknown>;
  const url = (field: string, expected: string): string | null => {
    const v = o[field];
    if (typeof v !== 'string' || v.trim() === '') {
      invalid(field, `${show(v)} is ${typeof v === 'string' ? 'an empty string' : 'not a string'}; expected ${expected}`);
      return null;
    }
    const result = httpUrl(v.trim(), baseUrl);
    if ('why' in result) {
      invalid(field, `${show(v)} ${result.why}; expected ${expected}`);
      return null;
    }
    return result.url;
  };
  const gtfsUrl = url('gtfsUrl', 'the http(s) URL of a GTFS zip');
  const vehiclePositionUrl = o.vehiclePositionUrl === undefined ? null : url('vehiclePositionUrl', 'the http(s) URL of a GTFS Realtime VehiclePosition feed');
  let color: Rgb | null = null;
  if (o.color !== undefined) {
    const digits = typeof o.color === 'string' && o.color.startsWith('#') ? o.color.slice(1) : null;
    color = digits === null ? null : hexDigitsToRgb(digits);
    if (!color) invalid('color', `${show(o.color)} is not a hex color; expected "#" followed by 3 or 6 hex digits`);
  }
  if (errors.length > 0 || gtfsUrl === null) return { source: null, errors };
  return { source: { gtfsUrl, vehiclePositionUrl, color }, errors };
}

/** The raw (still encoded) values of each query parameter of `search` (`?a=1&b=2` or `a=1&b=2`). */
function rawParams(search: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      name = rawName;
    }
    const list = params.get(name) ?? [];
    list.push(eq < 0 ? '' : part.slice(eq + 1));
    params.set(name, list);
  }
  return params;
}

/**
 * The data source given by the app URL's query (`location.search`):
 * `gtfsurl` (URL-encoded GTFS zip URL), `gtfsvpurl` (URL-encoded
 * VehiclePosition feed URL) and `gtfscolor` (hex colour without `#`). No
 * `gtfsurl` and no errors → `{ source: null, errors: [] }`. A URL that is not
 * URL-encoded, a malformed one, a colour with `#` or not hex: the parameter is
 * rejected with a message such as `Invalid URL parameter "gtfsurl":
 * "https://a.test/g.zip" is not URL-encoded; …`. A bad `gtfsvpurl` or
 * `gtfscolor` still leaves the routes of a good `gtfsurl`.
 */
export function parseGtfsUrlParams(search: string, baseUrl?: string): SourceValidation<GtfsSource> {
  const params = rawParams(search);
  const errors: string[] = [];
  const single = (name: string): string | undefined => {
    const values = params.get(name);
    if (!values) return undefined;
    if (values.length > 1) errors.push(`URL parameter "${name}" is given ${values.length} times; the first is used.`);
    return values[0];
  };
  const urlParam = (name: string, what: string): string | null => {
    const raw = single(name);
    if (raw === undefined) return null;
    const invalid = (why: string) => {
      errors.push(`Invalid URL parameter "${name}": ${why}.`);
      return null;
    };
    if (raw === '') return invalid(`it is empty; expected the URL-encoded URL of ${what}`);
    if (!URL_ENCODED.test(raw)) {
      return invalid(`${show(raw)} is not URL-encoded; encode the URL of ${what} with encodeURIComponent (":" as %3A, "/" as %2F, "?" as %3F, "&" as %26, "=" as %3D)`);
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return invalid(`${show(raw)} has a malformed percent-encoding (each "%" must start a valid UTF-8 escape such as %2F)`);
    }
    const result = httpUrl(decoded, baseUrl);
    if ('why' in result) return invalid(`${show(decoded)} ${result.why}; expected the URL of ${what}`);
    return result.url;
  };
  const gtfsUrl = urlParam('gtfsurl', 'a GTFS zip');
  const vehiclePositionUrl = urlParam('gtfsvpurl', 'a GTFS Realtime VehiclePosition feed');
  let color: Rgb | null = null;
  const rawColor = single('gtfscolor');
  if (rawColor !== undefined) {
    let value = rawColor;
    try {
      value = decodeURIComponent(rawColor);
    } catch {
      // shown as given below
    }
    if (value === '') errors.push('Invalid URL parameter "gtfscolor": it is empty; expected 3 or 6 hex digits without "#", e.g. gtfscolor=ff0000 (a "#" in the address starts its hash part).');
    else if (value.startsWith('#')) errors.push(`Invalid URL parameter "gtfscolor": ${show(value)} starts with "#"; write the hex digits without it, e.g. gtfscolor=${value.slice(1) || 'ff0000'}.`);
    else if (!(color = hexDigitsToRgb(value))) errors.push(`Invalid URL parameter "gtfscolor": ${show(value)} is not a hex colour; expected 3 or 6 hex digits without "#", e.g. gtfscolor=ff0000.`);
  }
  if (gtfsUrl === null) {
    if (!params.has('gtfsurl') && (params.has('gtfsvpurl') || params.has('gtfscolor'))) {
      const given = ['gtfsvpurl', 'gtfscolor'].filter((name) => params.has(name));
      const list = given.map((name) => `"${name}"`).join(' and ');
      errors.push(`URL parameter${given.length > 1 ? 's' : ''} ${list} need${given.length > 1 ? '' : 's'} "gtfsurl" (the URL-encoded URL of a GTFS zip); ignored.`);
    }
    return { source: null, errors };
  }
  return { source: { gtfsUrl, vehiclePositionUrl, color }, errors };
}

/** Whether a data source can show vehicles (spec §5: both a GTFS feed and a realtime feed are needed). */
export function showsVehicles(source: GtfsSource): boolean {
  return source.vehiclePositionUrl !== null;
}
