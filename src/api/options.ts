/**
 * Map options: types, defaults and validation.
 *
 * {@link resolveMapOptions} turns what a developer passes to `new Map(options)`
 * into {@link ResolvedMapOptions} with every default filled in, or throws a
 * {@link MapOptionError} whose message names the option, shows the value and
 * says what is allowed, in one sentence:
 *
 * ```text
 * Invalid option "pitch": 90 is out of range; expected a number from 0 to 85.
 * ```
 *
 * Pure module: it reads `document` / `navigator` globals only when the caller
 * does not pass them in the {@link ResolveEnvironment}, and it checks elements
 * structurally (`nodeType === 1`, `childNodes.length`) so it runs in Node.
 *
 * @module
 */

import { INTERFACE_LANGUAGES, isInterfaceLanguage, matchBrowserLanguage, matchLanguageTag, type InterfaceLanguage } from '../data/languages.ts';
import { parseSelectionId, type ParsedId } from '../data/ids';
import type { OdptHostConfig } from '../data/realtime/odpt-config';
import { validateHosts } from '../data/realtime/odpt-host-checks.ts';

import {
  TRACKING_MODES,
  type TrackingMode,
  DEPRECATED_TRACKING_MODES,
  ECO_MODES,
  THEMES,
  CONTROL_OPTIONS,
  type ControlOption,
  SECRET_KEYS,
  UNUSED_SECRET_NOTICES,
  MAP_OPTION_KEYS,
  MAP_OPTION_DEFAULTS,
  type LngLatTuple,
  type ResolvedSecrets,
  type DataSourceOptions,
  type PluginLike,
  type ResolvedMapOptions,
  type ResolveEnvironment,
  type ResolvedOptionsResult,
  type FlightHostOptions,
  type RainOptions,
} from './option-types';
import {
  isElementLike,
  hasChildNodes,
  describeElement,
  formatOptionValue,
  fail,
  validateNumberInRange,
  validateBoolean,
  validateOneOf,
  validateString,
  validateArray,
  validateObject,
  validateZoom,
  validatePitch,
  validateBearing,
  validateEcoFrameRate,
  validateCenter,
  validateAccessToken,
  validateOpenDataToken,
  validateHexColor,
} from './validators';

export * from './option-types';
export * from './validators';
// ---------------------------------------------------------------------------
// Per-option resolution
// ---------------------------------------------------------------------------

function resolveContainer(value: unknown, env: ResolveEnvironment): HTMLElement {
  if (value === undefined) {
    fail('container', value, 'the option is required; expected an element id string or an HTMLElement.');
  }
  if (typeof value === 'string') {
    const doc: Pick<Document, 'getElementById'> | undefined =
      env.document ?? (typeof document !== 'undefined' ? document : undefined);
    if (!doc || typeof doc.getElementById !== 'function') {
      fail('container', value, `no document is available to look up element id ${formatOptionValue(value)}.`);
    }
    const el: unknown = doc.getElementById(value);
    if (!isElementLike(el)) fail('container', value, `no element with id ${formatOptionValue(value)} exists.`);
    if (hasChildNodes(el)) {
      fail('container', value, `element #${value} already has child nodes; the container must be empty.`);
    }
    return el;
  }
  if (isElementLike(value)) {
    if (hasChildNodes(value)) {
      fail('container', value, `element ${describeElement(value)} already has child nodes; the container must be empty.`);
    }
    return value;
  }
  return fail(
    'container',
    value,
    `${formatOptionValue(value)} is not an element id or an element; expected an element id string or an HTMLElement.`,
  );
}

function resolveSecrets(value: unknown, notices: string[]): ResolvedSecrets {
  if (value === undefined) return {};
  const o = validateObject(value, 'secrets', 'an object of open data tokens');
  const result: ResolvedSecrets = {};
  for (const key of SECRET_KEYS) {
    const token = o[key];
    if (token === undefined) continue;
    validateOpenDataToken(token, `secrets.${key}`);
    const notice = UNUSED_SECRET_NOTICES[key];
    if (notice) notices.push(notice);
    else result[key as keyof ResolvedSecrets] = token as string;
  }
  for (const key of Object.keys(o)) {
    if (!(SECRET_KEYS as readonly string[]).includes(key)) notices.push(`Unknown option "secrets.${key}" is ignored.`);
  }
  return result;
}

const DATA_SOURCE_KEYS: readonly string[] = ['color', 'gtfsUrl', 'id', 'vehiclePositionUrl'];

/**
 * One data source (an entry of `dataSources`, or the argument of `Map.addDataSource`, whose `path` is
 * `dataSource`): checks the types and the colour; the URLs are checked when the source is loaded.
 * @throws MapOptionError naming the field, e.g. `Invalid option "dataSources[0].color": "red" is not a hex color; …`
 */
export function resolveDataSource(item: unknown, path: string, notices: string[]): DataSourceOptions {
  const o = validateObject(item, path, 'a data source object with a gtfsUrl');
  const source: DataSourceOptions = { gtfsUrl: validateString(o.gtfsUrl, `${path}.gtfsUrl`, 'a GTFS zip URL string') };
  if (o.vehiclePositionUrl !== undefined) {
    source.vehiclePositionUrl = validateString(o.vehiclePositionUrl, `${path}.vehiclePositionUrl`, 'a GTFS Realtime feed URL string');
  }
  if (o.color !== undefined) source.color = validateHexColor(o.color, `${path}.color`);
  if (o.id !== undefined) source.id = validateString(o.id, `${path}.id`, 'a non-empty data source id string');
  for (const key of Object.keys(o)) {
    if (!DATA_SOURCE_KEYS.includes(key)) notices.push(`Unknown option "${path}.${key}" is ignored.`);
  }
  return source;
}

function resolveDataSources(value: unknown, notices: string[]): DataSourceOptions[] {
  if (value === undefined) return [];
  const list = validateArray(value, 'dataSources', 'an array of data source objects');
  const seen = new Map<string, number>();
  return list.map((item, i) => {
    const source = resolveDataSource(item, `dataSources[${i}]`, notices);
    if (source.id !== undefined) {
      const previous = seen.get(source.id);
      if (previous !== undefined) fail(`dataSources[${i}].id`, source.id, `${formatOptionValue(source.id)} is already used by dataSources[${previous}]; expected unique data source ids.`);
      seen.set(source.id, i);
    }
    return source;
  });
}

function resolvePlugins(value: unknown): PluginLike[] {
  if (value === undefined) return [];
  const list = validateArray(value, 'plugins', 'an array of plugins');
  const seen = new Map<string, number>();
  return list.map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      fail(`plugins[${i}]`, item, `${formatOptionValue(item)} is not a plugin; expected an object with a string id.`);
    }
    const id = (item as { id?: unknown }).id;
    if (typeof id !== 'string' || id === '') {
      fail(`plugins[${i}].id`, id, `${formatOptionValue(id)} is not a plugin id; expected a non-empty string.`);
    }
    const previous = seen.get(id);
    if (previous !== undefined) {
      fail(`plugins[${i}].id`, id, `${formatOptionValue(id)} is already used by plugins[${previous}]; expected unique plugin ids.`);
    }
    seen.set(id, i);
    return item as PluginLike;
  });
}

function globalNavigatorLanguages(): readonly string[] {
  const nav = (globalThis as { navigator?: { languages?: unknown; language?: unknown } }).navigator;
  if (!nav) return [];
  if (Array.isArray(nav.languages) && nav.languages.length) return nav.languages as string[];
  return typeof nav.language === 'string' ? [nav.language] : [];
}

function resolveLang(value: unknown, env: ResolveEnvironment, notices: string[]): InterfaceLanguage {
  if (value === undefined) return matchBrowserLanguage(env.navigatorLanguages ?? globalNavigatorLanguages());
  if (typeof value !== 'string') {
    fail('lang', value, `${formatOptionValue(value)} is not a string; expected one of ${INTERFACE_LANGUAGES.join(', ')}.`);
  }
  if (isInterfaceLanguage(value)) return value;
  const match = matchLanguageTag(value);
  if (match) return match;
  notices.push(`Option "lang": ${formatOptionValue(value)} is not supported; falling back to "en".`);
  return 'en';
}

function resolveTrackingMode(value: unknown, notices: string[]): TrackingMode {
  if (value === undefined) return MAP_OPTION_DEFAULTS.trackingMode;
  if (typeof value === 'string' && Object.prototype.hasOwnProperty.call(DEPRECATED_TRACKING_MODES, value)) {
    const replacement = DEPRECATED_TRACKING_MODES[value];
    notices.push(`Option "trackingMode": "${value}" is deprecated; using "${replacement}" instead.`);
    return replacement;
  }
  return validateOneOf(value, 'trackingMode', TRACKING_MODES);
}

function resolveSelection(value: unknown): ParsedId | undefined {
  if (value === undefined) return undefined;
  const expected = 'expected a train, flight or station id such as "odpt.Train:JR-East.Yamanote.400G".';
  if (typeof value !== 'string') fail('selection', value, `${formatOptionValue(value)} is not a string; ${expected}`);
  const parsed = parseSelectionId(value);
  if (!parsed) fail('selection', value, `${formatOptionValue(value)} is not a valid id; ${expected}`);
  return parsed;
}

function resolveGlyphsUrl(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  const url = validateString(value, 'glyphsUrl', 'a glyph URL template containing {fontstack} and {range}');
  if (!url.includes('{fontstack}') || !url.includes('{range}')) {
    fail('glyphsUrl', value, `${formatOptionValue(value)} is not a glyph URL template; expected a URL containing {fontstack} and {range}.`);
  }
  return url;
}

/**
 * A polled service's option (`realtime`, `flights`): `{hosts?, intervalMs?}`. Each host is an object with an `id`,
 * a `baseUrl` and a `secret`, and what `checkHost` checks besides; `problem` names the first fault of the hosts
 * together, if any.
 */
function resolvePolledService<H>(
  value: unknown,
  option: 'realtime' | 'flights',
  expected: { hosts: string; host: string },
  checkHost: (host: Record<string, unknown>, path: string) => void,
  problem: (hosts: H[]) => string | undefined,
): { hosts?: H[]; intervalMs?: number } {
  if (value === undefined) return {};
  const o = validateObject(value, option, 'an object {hosts?, intervalMs?}');
  const out: { hosts?: H[]; intervalMs?: number } = {};
  if (o.intervalMs !== undefined) out.intervalMs = validateNumberInRange(o.intervalMs, `${option}.intervalMs`, 1000, 3_600_000);
  if (o.hosts !== undefined) {
    const hosts = validateArray(o.hosts, `${option}.hosts`, expected.hosts) as H[];
    hosts.forEach((host, i) => {
      const path = `${option}.hosts[${i}]`;
      const h = validateObject(host, path, expected.host);
      validateString(h.id, `${path}.id`);
      validateString(h.baseUrl, `${path}.baseUrl`);
      validateOneOf(h.secret, `${path}.secret`, ['odpt', 'challenge2025'] as const);
      checkHost(h, path);
    });
    const fault = problem(hosts);
    if (fault) fail(`${option}.hosts`, value, fault);
    out.hosts = hosts;
  }
  return out;
}

/** The `realtime` option: `{hosts?, intervalMs?, tripUpdates?, vehiclePositions?}`. */
function resolveRealtime(value: unknown): ResolvedMapOptions['realtime'] {
  const given = value !== null && typeof value === 'object' ? (value as { tripUpdates?: unknown; vehiclePositions?: unknown }) : {};
  const out = resolveOdpt(value);
  for (const [name, kind] of [['tripUpdates', 'TripUpdate'], ['vehiclePositions', 'VehiclePosition']] as const) {
    if (given[name] === undefined) continue;
    const urls = validateArray(given[name], `realtime.${name}`, `an array of GTFS Realtime ${kind} feed URLs`);
    out[name] = urls.map((url, i) => validateHttpUrl(url, `realtime.${name}[${i}]`, `a GTFS Realtime ${kind} feed URL (http or https, absolute or relative to the page)`, true));
  }
  return out;
}

/** The ODPT part of the `realtime` option: `{hosts?, intervalMs?}`. */
function resolveOdpt(value: unknown): ResolvedMapOptions['realtime'] {
  return resolvePolledService<OdptHostConfig>(
    value,
    'realtime',
    { hosts: 'an array of ODPT host settings', host: 'an object {id, baseUrl, secret, operators, operatorAliases}' },
    (h, path) => validateObject(h.operators, `${path}.operators`, 'an object of operator lists by endpoint'),
    (hosts) => validateHosts(hosts.map((h) => ({ ...h, operatorAliases: h.operatorAliases ?? {} })))[0],
  );
}

/** The `flights` option: `{hosts?, intervalMs?}` (hosts checked by the rules of real-time hosts). */
function resolveFlights(value: unknown): ResolvedMapOptions['flights'] {
  return resolvePolledService<FlightHostOptions>(
    value,
    'flights',
    { hosts: 'an array of flight information host settings', host: 'an object {id, baseUrl, secret, operators}' },
    (h, path) => validateArray(h.operators, `${path}.operators`, 'an array of publishing operator ids such as ["HND-JAT", "NAA"]'),
    (hosts) =>
      validateHosts(hosts.map((h) => ({ id: h.id, baseUrl: h.baseUrl, secret: h.secret, operators: { 'odpt:Train': [], 'odpt:TrainInformation': h.operators }, operatorAliases: {} })))[0]?.replace(
        'odpt:TrainInformation operator',
        'flight information operator',
      ),
  );
}

const RAIN_KEYS: readonly string[] = ['visible', 'catalogueUrl', 'tileHost', 'intervalMs'];

/** An http(s) URL, absolute or (when `relative`) relative to the page. */
function validateHttpUrl(value: unknown, option: string, expected: string, relative: boolean): string {
  const url = validateString(value, option, expected);
  let parsed: URL | null = null;
  try {
    parsed = new URL(url, relative ? 'http://page.invalid/' : undefined);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) fail(option, value, `${formatOptionValue(value)} is not an http(s) URL; expected ${expected}.`);
  return url;
}

/** The `rain` option: `{visible?, catalogueUrl?, tileHost?, intervalMs?}`. */
function resolveRain(value: unknown, notices: string[]): RainOptions {
  if (value === undefined) return {};
  const o = validateObject(value, 'rain', 'an object {visible?, catalogueUrl?, tileHost?, intervalMs?}');
  const out: RainOptions = {};
  if (o.visible !== undefined) out.visible = validateBoolean(o.visible, 'rain.visible');
  if (o.catalogueUrl !== undefined) out.catalogueUrl = validateHttpUrl(o.catalogueUrl, 'rain.catalogueUrl', "the URL of a radar catalogue in RainViewer's weather-maps.json format", true);
  if (o.tileHost !== undefined) {
    const host = validateHttpUrl(o.tileHost, 'rain.tileHost', 'the protocol and host of a radar tile server, such as "https://radar.example.org"', false);
    if (!/^https?:\/\/[^\s/?#]+\/?$/i.test(host)) fail('rain.tileHost', o.tileHost, `${formatOptionValue(o.tileHost)} has a path, query or fragment; expected only a protocol and host, such as "https://radar.example.org".`);
    out.tileHost = host.replace(/\/$/, '');
  }
  if (o.intervalMs !== undefined) out.intervalMs = validateNumberInRange(o.intervalMs, 'rain.intervalMs', 1000, 3_600_000);
  for (const key of Object.keys(o)) {
    if (!RAIN_KEYS.includes(key)) notices.push(`Unknown option "rain.${key}" is ignored.`);
  }
  return out;
}

/** A clock start time: epoch milliseconds or an ISO 8601 date-time string. */
export function validateTime(value: unknown, name = 'time'): number {
  const expected = 'expected epoch milliseconds or an ISO 8601 date-time such as "2026-11-24T08:00:00+09:00".';
  const epoch = typeof value === 'number' ? value : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(epoch)) fail(name, value, `${formatOptionValue(value)} is not a time; ${expected}`);
  return epoch;
}

function optional<T>(value: unknown, fallback: T, validate: (v: unknown) => T): T {
  return value === undefined ? fallback : validate(value);
}

/**
 * Validate map options and fill in defaults.
 *
 * - `undefined` means "absent" for every option; `null` is a wrong value.
 * - Options are checked in a fixed order (container first, then the order of
 *   {@link MAP_OPTION_KEYS}); the first problem is thrown.
 * - Unknown keys, deprecated/unused values and the `lang` fallback are
 *   reported in `notices` rather than thrown.
 * - `container` given as an id is looked up with `env.document` (the global
 *   `document` only when `env.document` is absent); elements are recognised
 *   structurally (`nodeType === 1`) and must have no child nodes.
 *
 * @throws MapOptionError when an option is invalid (option `"options"` when `input` is not an object).
 */
export function resolveMapOptions(input: unknown, env: ResolveEnvironment): ResolvedOptionsResult {
  const o = validateObject(input, 'options', 'an object of map options');
  const notices: string[] = [];
  const d = MAP_OPTION_DEFAULTS;

  const container = resolveContainer(o.container, env);
  const accessToken = optional<string | undefined>(o.accessToken, undefined, (v) => validateAccessToken(v));
  const mapStyle = optional<string | undefined>(o.mapStyle, undefined, (v) => validateString(v, 'mapStyle', 'a map style URL string'));
  const secrets = resolveSecrets(o.secrets, notices);
  const bearing = optional(o.bearing, d.bearing, (v) => validateBearing(v));
  const center = optional<LngLatTuple>(o.center, [d.center[0], d.center[1]], (v) => validateCenter(v));
  const zoom = optional(o.zoom, d.zoom, (v) => validateZoom(v));
  const pitch = optional(o.pitch, d.pitch, (v) => validatePitch(v));
  const controls = {} as Record<ControlOption, boolean>;
  for (const key of CONTROL_OPTIONS) controls[key] = optional(o[key], d[key], (v) => validateBoolean(v, key));
  const dataSources = resolveDataSources(o.dataSources, notices);
  const dataUrl = optional(o.dataUrl, env.defaults.dataUrl, (v) => validateString(v, 'dataUrl', 'a data URL string'));
  const ecoFrameRate = optional(o.ecoFrameRate, d.ecoFrameRate, (v) => validateEcoFrameRate(v));
  const ecoMode = optional(o.ecoMode, d.ecoMode, (v) => validateOneOf(v, 'ecoMode', ECO_MODES));
  const lang = resolveLang(o.lang, env, notices);
  const plugins = resolvePlugins(o.plugins);
  const selection = resolveSelection(o.selection);
  const trackingMode = resolveTrackingMode(o.trackingMode, notices);
  const basemapUrl = optional(o.basemapUrl, env.defaults.basemapUrl, (v) =>
    validateString(v, 'basemapUrl', 'a PMTiles URL string'),
  );
  const glyphsUrl = resolveGlyphsUrl(o.glyphsUrl, env.defaults.glyphsUrl);
  const theme = optional(o.theme, d.theme, (v) => validateOneOf(v, 'theme', THEMES));
  const hash = optional(o.hash, d.hash, (v) => validateBoolean(v, 'hash'));
  const time = optional<number | undefined>(o.time, undefined, (v) => validateTime(v));
  const realtime = resolveRealtime(o.realtime);
  const flights = resolveFlights(o.flights);
  const rain = resolveRain(o.rain, notices);

  for (const key of Object.keys(o)) {
    if (!(MAP_OPTION_KEYS as readonly string[]).includes(key)) notices.push(`Unknown option "${key}" is ignored.`);
  }

  return {
    options: {
      container,
      accessToken,
      mapStyle,
      secrets,
      bearing,
      center,
      zoom,
      pitch,
      ...controls,
      dataSources,
      dataUrl,
      ecoFrameRate,
      ecoMode,
      lang,
      plugins,
      selection,
      trackingMode,
      basemapUrl,
      glyphsUrl,
      theme,
      hash,
      time,
      realtime,
      flights,
      rain,
    },
    notices,
  };
}
