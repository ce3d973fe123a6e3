/**
 * Parsers of GTFS field values (times, dates, colours, coordinates, enums).
 * Each takes the trimmed text of a field and returns the value, or throws a
 * {@link GtfsError} naming file, line, field and the expected form.
 *
 * @module
 */
import type { CsvRow } from './csv.ts';
import type { Rgb } from './feed-model.ts';

const TIME = /^(\d+):([0-5]\d):([0-5]\d)$/;
const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const HEX_COLOR = /^[0-9a-fA-F]{6}$/;

/**
 * Seconds of a GTFS time `H:MM:SS` or `HH:MM:SS` (hours may exceed 23 for
 * trips past midnight), or NaN when the text is not one.
 */
export function parseGtfsTime(text: string): number {
  const match = TIME.exec(text);
  if (!match) return NaN;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** `HH:MM` of GTFS time seconds, hours taken modulo 24 (25:10:00 → `01:10`). */
export function formatGtfsTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hh = Math.floor(minutes / 60) % 24;
  return `${String(hh).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Whether `text` is a real calendar date `YYYYMMDD`. */
export function isGtfsDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An RGB colour of 6 hex digits without `#`, or null when `text` is not one. */
export function parseHexColor(text: string): Rgb | null {
  if (!HEX_COLOR.test(text)) return null;
  const value = parseInt(text, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Black or white, whichever contrasts more with `color` (WCAG relative luminance). */
export function contrastingTextColor(color: Rgb): Rgb {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(color[0]) + 0.7152 * linear(color[1]) + 0.0722 * linear(color[2]);
  return luminance > 0.179 ? [0, 0, 0] : [255, 255, 255];
}

/** A required coordinate field within ±`limit` degrees. @throws GtfsError */
export function coordinateField(row: CsvRow, column: string, limit: 90 | 180): number {
  const text = row.require(column);
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) > limit) {
    throw row.error(column, `${column} ${JSON.stringify(text)} is not a ${limit === 90 ? 'latitude' : 'longitude'} (a number from -${limit} to ${limit})`);
  }
  return value;
}

/** A non-negative integer field; `fallback` when empty (when given), else required. @throws GtfsError */
export function integerField(row: CsvRow, column: string, fallback?: number): number {
  const text = row.get(column);
  if (text === '' && fallback !== undefined) return fallback;
  if (text === '') row.require(column);
  if (!/^\d+$/.test(text)) throw row.error(column, `${column} ${JSON.stringify(text)} is not a non-negative integer`);
  return Number(text);
}

/** An integer field that must be one of `allowed`; `fallback` when empty. @throws GtfsError */
export function enumField(row: CsvRow, column: string, allowed: readonly number[], fallback?: number): number {
  if (fallback !== undefined && row.get(column) === '') return fallback;
  const value = integerField(row, column);
  if (!allowed.includes(value)) throw row.error(column, `${column} ${value} is not one of ${allowed.join(', ')}`);
  return value;
}

/** A required date field `YYYYMMDD`. @throws GtfsError */
export function dateField(row: CsvRow, column: string): string {
  const text = row.require(column);
  if (!isGtfsDate(text)) throw row.error(column, `${column} ${JSON.stringify(text)} is not a date (expected YYYYMMDD)`);
  return text;
}

/** An optional colour field (6 hex digits, no `#`): null when empty. @throws GtfsError */
export function colorField(row: CsvRow, column: string): Rgb | null {
  const text = row.get(column);
  if (text === '') return null;
  const color = parseHexColor(text);
  if (!color) throw row.error(column, `${column} ${JSON.stringify(text)} is not a colour (expected 6 hex digits without "#")`);
  return color;
}
