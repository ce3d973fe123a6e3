/**
 * Colors as numbers: parsing the CSS forms the base-map palettes use,
 * formatting, and mixing. Mixing is linear in sRGB, as MapLibre interpolates
 * colors by default, so a blended palette matches what a style transition shows.
 *
 * @module
 */

/** A color: red, green, blue from 0 to 255 (not rounded) and alpha from 0 to 1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Red, green, blue from 0 to 255, as deck.gl lights take them. */
export type RgbTriple = [number, number, number];

/** A string that is not a color of a supported form. */
export class ColorError extends Error {
  override name = 'ColorError';
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^rgba?\(\s*([^)]*)\)$/i;

/**
 * Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` and
 * `rgba(r, g, b, a)` (channels 0–255, alpha 0–1).
 *
 * @param where Named in the error, e.g. `palette.land`.
 * @throws ColorError naming the text, `where`, and the accepted forms.
 */
export function parseColor(text: string, where = 'color'): Rgba {
  const value = text.trim();
  const hex = HEX.exec(value);
  if (hex) return parseHex(hex[1]);
  const functional = FUNCTIONAL.exec(value);
  if (functional) {
    const parts = functional[1].split(',').map((p) => p.trim());
    const numbers = parts.map(Number);
    const channelsOk = numbers.slice(0, 3).every((n) => Number.isFinite(n) && n >= 0 && n <= 255);
    const alpha = parts.length === 4 ? numbers[3] : 1;
    if ((parts.length === 3 || parts.length === 4) && parts.every((p) => p !== '') && channelsOk && alpha >= 0 && alpha <= 1) {
      return { r: numbers[0], g: numbers[1], b: numbers[2], a: alpha };
    }
  }
  throw new ColorError(
    `${where}: ${JSON.stringify(text)} is not a color; expected #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(r, g, b) or rgba(r, g, b, a) with channels 0–255 and alpha 0–1.`,
  );
}

function parseHex(digits: string): Rgba {
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
  const byte = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { r: byte(0), g: byte(1), b: byte(2), a: full.length === 8 ? byte(3) / 255 : 1 };
}

/** Whether a string looks like it means a color (so failing to parse it is an error, not a label). */
export function looksLikeColor(text: string): boolean {
  return /^\s*(#|rgba?\()/i.test(text);
}

/** `#rrggbb` when opaque, else `rgba(r, g, b, a)` with alpha to 3 decimals. */
export function formatColor(color: Rgba): string {
  const channel = (v: number) => Math.round(clamp(v, 0, 255));
  const alpha = Math.round(clamp(color.a, 0, 1) * 1000) / 1000;
  if (alpha >= 1) return `#${[color.r, color.g, color.b].map((v) => channel(v).toString(16).padStart(2, '0')).join('')}`;
  return `rgba(${channel(color.r)}, ${channel(color.g)}, ${channel(color.b)}, ${alpha})`;
}

/** `a` at `t = 0`, `b` at `t = 1`, linear in between (t is clamped to 0–1). */
export function mixColors(a: Rgba, b: Rgba, t: number): Rgba {
  const k = clamp(t, 0, 1);
  return { r: lerp(a.r, b.r, k), g: lerp(a.g, b.g, k), b: lerp(a.b, b.b, k), a: lerp(a.a, b.a, k) };
}

/** Two color strings mixed (see {@link mixColors}), formatted with {@link formatColor}. */
export function blendColors(a: string, b: string, t: number): string {
  return formatColor(mixColors(parseColor(a, 'blendColors(a)'), parseColor(b, 'blendColors(b)'), t));
}

/**
 * `color` seen under light of color `light` by `amount` (0 = unchanged,
 * 1 = fully multiplied): darks stay dark, lights take the light's hue.
 */
export function tintColor(color: Rgba, light: Rgba, amount: number): Rgba {
  const lit = { r: (color.r * light.r) / 255, g: (color.g * light.g) / 255, b: (color.b * light.b) / 255, a: color.a };
  return mixColors(color, lit, amount);
}

/** The color's red, green, blue (0–255, unrounded) for deck.gl. */
export function toTriple(color: Rgba): RgbTriple {
  return [color.r, color.g, color.b];
}

/** Relative luminance (WCAG 2), 0 for black to 1 for white; alpha ignored. */
export function relativeLuminance(color: Rgba): number {
  const linear = (v: number) => {
    const s = clamp(v, 0, 255) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/** `a` at `t = 0`, `b` at `t = 1`. */
export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** `value` limited to `min`–`max`. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
