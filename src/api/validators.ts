/**
 * Validators shared by the map options and the camera methods: each checks
 * one value and throws a {@link MapOptionError} naming the option, showing the
 * value and saying what is allowed, in one sentence.
 *
 * @module
 */

import { normalizeBearing } from '../data/hash';
import { ECO_FRAME_RATE_RANGE, LATITUDE_RANGE, LONGITUDE_RANGE, PITCH_RANGE, ZOOM_RANGE, type LngLatTuple } from './option-types';

/** Maximum length of a value shown in an error message. */
const MAX_VALUE_LENGTH = 60;

// ---------------------------------------------------------------------------
// Errors and value formatting
// ---------------------------------------------------------------------------

/** Thrown when a map option is invalid. `message` is one sentence naming the option and the value. */
export class MapOptionError extends Error {
  /** The option path, e.g. `'pitch'`, `'secrets.odpt'`, `'dataSources[0].color'`. */
  readonly option: string;
  /** The offending value. */
  readonly value: unknown;

  constructor(option: string, value: unknown, message: string) {
    super(message);
    this.name = 'MapOptionError';
    this.option = option;
    this.value = value;
  }
}

export function isElementLike(v: unknown): v is HTMLElement {
  return typeof v === 'object' && v !== null && (v as { nodeType?: unknown }).nodeType === 1;
}

export function hasChildNodes(el: HTMLElement): boolean {
  const nodes = (el as { childNodes?: { length?: unknown } }).childNodes;
  return !!nodes && typeof nodes.length === 'number' && nodes.length > 0;
}

export function describeElement(el: HTMLElement): string {
  const id = (el as { id?: unknown }).id;
  if (typeof id === 'string' && id !== '') return `<${tagOf(el)} id=${JSON.stringify(id)}>`;
  return `<${tagOf(el)}>`;
}

function tagOf(el: HTMLElement): string {
  const tag = (el as { tagName?: unknown }).tagName;
  return typeof tag === 'string' && tag !== '' ? tag.toLowerCase() : 'element';
}

function inspect(value: unknown, depth: number, budget: number): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return value.name ? `[Function ${value.name}]` : '[Function]';
    default:
      break;
  }
  if (value === null) return 'null';
  if (isElementLike(value)) return describeElement(value);
  if (depth >= 3) return Array.isArray(value) ? '[…]' : '{…}';
  let out = '';
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length && out.length <= budget; i++) {
      out += (i ? ',' : '') + inspect(value[i], depth + 1, budget);
    }
    return out + ']';
  }
  out = '{';
  let first = true;
  for (const key of Object.keys(value as object)) {
    if (out.length > budget) break;
    out += (first ? '' : ',') + JSON.stringify(key) + ':' + inspect((value as Record<string, unknown>)[key], depth + 1, budget);
    first = false;
  }
  return out + '}';
}

/**
 * Show a value in an error message: strings JSON-quoted, numbers as written
 * (`NaN`, `Infinity` included), arrays and objects in compact JSON style,
 * elements as `<div id="map">`, truncated with `…` to at most `maxLength`
 * characters (a truncated string keeps its closing quote).
 */
export function formatOptionValue(value: unknown, maxLength: number = MAX_VALUE_LENGTH): string {
  const text = inspect(value, 0, maxLength);
  if (text.length <= maxLength) return text;
  if (typeof value === 'string') return text.slice(0, Math.max(1, maxLength - 2)) + '…"';
  return text.slice(0, Math.max(0, maxLength - 1)) + '…';
}

/** Throw a {@link MapOptionError} with message `Invalid option "<option>": <reason>` */
export function fail(option: string, value: unknown, reason: string): never {
  throw new MapOptionError(option, value, `Invalid option "${option}": ${reason}`);
}

// ---------------------------------------------------------------------------
// Shared validators
// ---------------------------------------------------------------------------

/**
 * A finite number from `min` to `max` inclusive.
 * @throws MapOptionError `Invalid option "zoom": "14" is not a number; expected a number from 0 to 22.`
 *   or `Invalid option "pitch": 90 is out of range; expected a number from 0 to 85.`
 */
export function validateNumberInRange(value: unknown, option: string, min: number, max: number): number {
  const expected = `expected a number from ${min} to ${max}.`;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(option, value, `${formatOptionValue(value)} is not a number; ${expected}`);
  if (value < min || value > max) fail(option, value, `${formatOptionValue(value)} is out of range; ${expected}`);
  return value + 0; // -0 → 0
}

/**
 * Any finite number (NaN and ±Infinity are rejected).
 * @throws MapOptionError `Invalid option "bearing": NaN is not a number; expected a finite number.`
 */
export function validateFiniteNumber(value: unknown, option: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    fail(option, value, `${formatOptionValue(value)} is not a number; expected a finite number.`);
  }
  return value;
}

/**
 * `true` or `false`.
 * @throws MapOptionError `Invalid option "clockControl": "yes" is not a boolean; expected true or false.`
 */
export function validateBoolean(value: unknown, option: string): boolean {
  if (typeof value !== 'boolean') fail(option, value, `${formatOptionValue(value)} is not a boolean; expected true or false.`);
  return value;
}

/**
 * One of the `allowed` strings (case-sensitive).
 * @throws MapOptionError `Invalid option "ecoMode": "fast" is not one of normal, eco.`
 */
export function validateOneOf<T extends string>(value: unknown, option: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(option, value, `${formatOptionValue(value)} is not one of ${allowed.join(', ')}.`);
  }
  return value as T;
}

/**
 * A non-empty string.
 * @param expected - what is expected, e.g. `'a URL string'`.
 * @throws MapOptionError `Invalid option "dataUrl": 5 is not a string; expected a URL string.`
 *   or `Invalid option "dataUrl": "" is an empty string; expected a URL string.`
 */
export function validateString(value: unknown, option: string, expected = 'a non-empty string'): string {
  if (typeof value !== 'string') fail(option, value, `${formatOptionValue(value)} is not a string; expected ${expected}.`);
  if (value === '') fail(option, value, `"" is an empty string; expected ${expected}.`);
  return value;
}

/**
 * An array.
 * @param expected - what is expected, e.g. `'an array of plugins'`.
 * @throws MapOptionError `Invalid option "plugins": {} is not an array; expected an array of plugins.`
 */
export function validateArray(value: unknown, option: string, expected: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(option, value, `${formatOptionValue(value)} is not an array; expected ${expected}.`);
  return value;
}

/**
 * A non-null, non-array object.
 * @param expected - what is expected, e.g. `'an object of map options'`.
 * @throws MapOptionError `Invalid option "options": 5 is not an object; expected an object of map options.`
 */
export function validateObject(value: unknown, option: string, expected: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(option, value, `${formatOptionValue(value)} is not an object; expected ${expected}.`);
  }
  return value as Record<string, unknown>;
}

/**
 * The callbacks `names` of an object, each optional but a function when given.
 * @param path - the object's option path, e.g. `'layer'` for `layer.onAdd`.
 * @throws MapOptionError `Invalid option "layer.onAdd": 5 is not a function.`
 */
export function validateOptionalFunctions(object: Record<string, unknown>, path: string, names: readonly string[]): void {
  for (const name of names) {
    if (object[name] !== undefined && typeof object[name] !== 'function') fail(`${path}.${name}`, object[name], `${formatOptionValue(object[name])} is not a function.`);
  }
}

/** Zoom level 0 to 22 (for the `zoom` option and `setZoom`). @throws MapOptionError */
export function validateZoom(value: unknown, name = 'zoom'): number {
  return validateNumberInRange(value, name, ZOOM_RANGE.min, ZOOM_RANGE.max);
}

/** Pitch 0 to 85 degrees (for the `pitch` option and `setPitch`). @throws MapOptionError */
export function validatePitch(value: unknown, name = 'pitch'): number {
  return validateNumberInRange(value, name, PITCH_RANGE.min, PITCH_RANGE.max);
}

/** Any finite bearing, returned normalised to (-180, 180]. @throws MapOptionError */
export function validateBearing(value: unknown, name = 'bearing'): number {
  return normalizeBearing(validateFiniteNumber(value, name));
}

/** Eco frame rate, 1 to 60 (any number in range, not only integers). @throws MapOptionError */
export function validateEcoFrameRate(value: unknown, name = 'ecoFrameRate'): number {
  return validateNumberInRange(value, name, ECO_FRAME_RATE_RANGE.min, ECO_FRAME_RATE_RANGE.max);
}

/**
 * A coordinate given as `[lng, lat]` (exactly two numbers), `{lng, lat}` or
 * `{lon, lat}` (`lng` wins when both are present); longitude -180 to 180,
 * latitude -90 to 90. Returns a new `[lng, lat]` tuple.
 * @throws MapOptionError `Invalid option "center": [200,35] is out of range; expected a longitude from -180 to 180 and a latitude from -90 to 90.`
 *   or `Invalid option "center": "Tokyo" is not a coordinate; expected [longitude, latitude] or {lng, lat} with finite numbers.`
 */
export function validateCenter(value: unknown, name = 'center'): LngLatTuple {
  let lng: unknown;
  let lat: unknown;
  if (Array.isArray(value)) {
    if (value.length === 2) [lng, lat] = value as unknown[];
  } else if (typeof value === 'object' && value !== null) {
    const o = value as { lng?: unknown; lon?: unknown; lat?: unknown };
    lng = o.lng !== undefined ? o.lng : o.lon;
    lat = o.lat;
  }
  if (typeof lng !== 'number' || typeof lat !== 'number' || !Number.isFinite(lng) || !Number.isFinite(lat)) {
    fail(name, value, `${formatOptionValue(value)} is not a coordinate; expected [longitude, latitude] or {lng, lat} with finite numbers.`);
  }
  if (lng < LONGITUDE_RANGE.min || lng > LONGITUDE_RANGE.max || lat < LATITUDE_RANGE.min || lat > LATITUDE_RANGE.max) {
    fail(
      name,
      value,
      `${formatOptionValue(value)} is out of range; expected a longitude from ${LONGITUDE_RANGE.min} to ${LONGITUDE_RANGE.max} and a latitude from ${LATITUDE_RANGE.min} to ${LATITUDE_RANGE.max}.`,
    );
  }
  return [lng + 0, lat + 0];
}

/**
 * A map access token: a string that starts with `pk.` and contains a period after that.
 * @throws MapOptionError `Invalid option "accessToken": "abc" is not a map access token; expected a token that starts with "pk." and contains a period.`
 */
export function validateAccessToken(value: unknown, name = 'accessToken'): string {
  if (typeof value !== 'string' || !value.startsWith('pk.') || !value.slice(3).includes('.')) {
    fail(name, value, `${formatOptionValue(value)} is not a map access token; expected a token that starts with "pk." and contains a period.`);
  }
  return value;
}

/**
 * An open data token: one or more digits and lowercase letters.
 * @throws MapOptionError `Invalid option "secrets.odpt": "ABC" is not an open data token; expected a string of digits and lowercase letters.`
 */
export function validateOpenDataToken(value: unknown, name: string): string {
  if (typeof value !== 'string' || !/^[0-9a-z]+$/.test(value)) {
    fail(name, value, `${formatOptionValue(value)} is not an open data token; expected a string of digits and lowercase letters.`);
  }
  return value;
}

/**
 * A hex colour: `#` followed by 3 or 6 hex digits (either case).
 * @throws MapOptionError `Invalid option "dataSources[0].color": "red" is not a hex color; expected "#" followed by 3 or 6 hex digits.`
 */
export function validateHexColor(value: unknown, name: string): string {
  if (typeof value !== 'string' || !/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value)) {
    fail(name, value, `${formatOptionValue(value)} is not a hex color; expected "#" followed by 3 or 6 hex digits.`);
  }
  return value;
}

