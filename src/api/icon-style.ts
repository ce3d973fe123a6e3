/**
 * A plugin's `iconStyle`: CSS declarations as text, or (as in Mini Tokyo 3D) a style object with camelCase
 * property names such as `{backgroundImage: 'url(icon.svg)', backgroundSize: '32px'}`.
 *
 * @module
 */
import { fail, formatOptionValue } from './validators.ts';

/** `backgroundSize` → `background-size`, `webkitMask` → `-webkit-mask`; custom properties (`--x`) stay as they are. */
function cssPropertyName(key: string): string {
  if (key.startsWith('--')) return key;
  const kebab = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return /^(webkit|moz|ms)-/.test(kebab) ? `-${kebab}` : kebab;
}

/**
 * The CSS declarations of an icon style given as text or as a style object.
 * @throws MapOptionError when it is neither, or a value of the object is not a string or a number.
 */
export function iconStyleText(value: unknown, path: string): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(path, value, `${formatOptionValue(value)} is neither CSS declarations nor a style object; expected e.g. "background-image: url(icon.svg)" or {backgroundImage: 'url(icon.svg)'}.`);
  }
  const declarations: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' && typeof v !== 'number') fail(`${path}.${key}`, v, `${formatOptionValue(v)} is not a CSS value; expected a string.`);
    declarations.push(`${cssPropertyName(key)}: ${String(v)}`);
  }
  return declarations.join('; ');
}
