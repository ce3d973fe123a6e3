/**
 * Blending whole palettes: any object of colors, numbers and nested
 * objects or arrays of them (the base map's palettes,
 * MapLibre light and sky specifications), with no knowledge of its keys.
 *
 * @module
 */
import { ColorError, formatColor, lerp, looksLikeColor, mixColors, parseColor, tintColor, type Rgba } from './color.ts';

/** Two values that cannot be blended (different types or shapes). */
export class PaletteBlendError extends Error {
  override name = 'PaletteBlendError';
}

/**
 * `a` at `t = 0`, `b` at `t = 1` (clamped): colors mixed in sRGB, numbers
 * interpolated, objects and arrays blended member by member. Strings that are
 * not colors (e.g. `anchor: 'viewport'`) are kept when equal and otherwise
 * switch from `a` to `b` at `t = 0.5`.
 *
 * @throws PaletteBlendError / ColorError naming the path (e.g. `palette.sky.sky-color`)
 *   of a member missing from `b`, of different types, arrays of different
 *   lengths, or a color-like string that does not parse.
 */
export function blendPalettes<T>(a: T, b: T, t: number, path = 'palette'): T {
  const k = Math.min(1, Math.max(0, t));
  return blendValue(a, b, k, path) as T;
}

function blendValue(a: unknown, b: unknown, t: number, path: string): unknown {
  if (typeof a === 'number' && typeof b === 'number') return lerp(a, b, t);
  if (typeof a === 'string' && typeof b === 'string') return blendStrings(a, b, t, path);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) throw new PaletteBlendError(`${path}: arrays of different lengths (${a.length} and ${b.length}) cannot be blended.`);
    return a.map((item, i) => blendValue(item, b[i], t, `${path}[${i}]`));
  }
  if (isRecord(a) && isRecord(b)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(a)) {
      if (!(key in b)) throw new PaletteBlendError(`${path}.${key}: present in the first palette only, so it cannot be blended.`);
      out[key] = blendValue(a[key], b[key], t, `${path}.${key}`);
    }
    return out;
  }
  if (a === b) return a;
  if (typeof a === typeof b && (typeof a === 'boolean' || a === null || a === undefined)) return t < 0.5 ? a : b;
  throw new PaletteBlendError(`${path}: cannot blend ${describe(a)} with ${describe(b)}.`);
}

function blendStrings(a: string, b: string, t: number, path: string): string {
  const colorA = looksLikeColor(a);
  const colorB = looksLikeColor(b);
  if (colorA || colorB) {
    if (!colorA || !colorB) throw new ColorError(`${path}: cannot blend ${JSON.stringify(a)} with ${JSON.stringify(b)}: only one of them is a color.`);
    return formatColor(mixColors(parseColor(a, path), parseColor(b, path), t));
  }
  if (a === b) return a;
  return t < 0.5 ? a : b;
}

/**
 * Every color of `palette` lit by `light` by `amount` (see {@link tintColor}):
 * a warm light for the golden hour, a cool one for the blue hour.
 * Numbers and other strings are kept.
 *
 * @throws ColorError naming the path of a color-like string that does not parse.
 */
export function tintPalette<T>(palette: T, light: Rgba | string, amount: number, path = 'palette'): T {
  if (amount <= 0) return palette;
  const tint = typeof light === 'string' ? parseColor(light, `${path} tint`) : light;
  return tintValue(palette, tint, Math.min(1, amount), path) as T;
}

function tintValue(value: unknown, light: Rgba, amount: number, path: string): unknown {
  if (typeof value === 'string') return looksLikeColor(value) ? formatColor(tintColor(parseColor(value, path), light, amount)) : value;
  if (Array.isArray(value)) return value.map((item, i) => tintValue(item, light, amount, `${path}[${i}]`));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, tintValue(item, light, amount, `${path}.${key}`)]));
  return value;
}

/** How a base-map palette follows the light: see {@link basemapPalette}. */
export interface BasemapBlend {
  /** 0 = day palette, 1 = night palette. */
  night: number;
  /** Color of the light on the map (warm at golden hour, cool at blue hour), `#rrggbb`. */
  tint: string;
  /** How much of {@link tint} is applied, 0–1 (small: a hint, not a filter). */
  tintAmount: number;
}

/** The day and night palettes blended by `blend.night`, then tinted by `blend.tint`. */
export function basemapPalette<T>(day: T, night: T, blend: BasemapBlend): T {
  return tintPalette(blendPalettes(day, night, blend.night), blend.tint, blend.tintAmount);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : `${typeof value} ${String(value)}`;
}
