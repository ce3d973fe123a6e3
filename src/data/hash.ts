/**
 * App URL hash: five slash-separated values `#zoom/latitude/longitude/bearing/pitch`,
 * e.g. `#14/35.6814/139.767/0/60`. The MapLibre short forms with 3 values
 * (`#zoom/lat/lng`) and 4 values (`#zoom/lat/lng/bearing`) are accepted on input.
 *
 * @module
 */

/** A camera view as carried by the URL hash. */
export interface HashView {
  /** Zoom level, 0 to 22. */
  zoom: number;
  /** Latitude in degrees, -90 to 90. */
  lat: number;
  /** Longitude in degrees, -180 to 180. */
  lng: number;
  /** Bearing in degrees, normalised to (-180, 180]. */
  bearing: number;
  /** Pitch in degrees, 0 to 85. */
  pitch: number;
}

/** Limits applied to hash values (spec §9: zoom max 22, pitch max 85). */
const LIMITS = Object.freeze({ minZoom: 0, maxZoom: 22, maxLat: 90, maxLng: 180, minPitch: 0, maxPitch: 85 });

/** A plain decimal number (optional sign, optional fraction and exponent); no hex, no empty string. */
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Normalise a bearing in degrees to the half-open range (-180, 180]:
 * 190 → -170, -180 → 180, 360 → 0, -0 → 0. Non-finite input is returned unchanged.
 */
export function normalizeBearing(bearing: number): number {
  if (!Number.isFinite(bearing)) return bearing;
  if (bearing > -180 && bearing <= 180) return bearing === 0 ? 0 : bearing; // exact when already in range
  let b = ((bearing % 360) + 360) % 360; // [0, 360)
  if (b > 180) b -= 360;
  return b === 0 ? 0 : b; // also turns -0 into 0
}

/**
 * Parse an app URL hash (with or without the leading `#`; surrounding
 * whitespace ignored) into a view.
 *
 * Accepts 5 values `zoom/lat/lng/bearing/pitch`, or the MapLibre short forms
 * `zoom/lat/lng` and `zoom/lat/lng/bearing`; missing bearing and pitch are 0,
 * as in MapLibre. The bearing is normalised to (-180, 180].
 *
 * @returns the view, or `null` for an empty or malformed hash, a wrong number
 *   of values, a value that is not a plain decimal number, or a value out of
 *   range (zoom 0–22, lat -90–90, lng -180–180, pitch 0–85).
 */
export function parseHash(hash: string): HashView | null {
  if (typeof hash !== 'string') return null;
  let text = hash.trim();
  if (text.startsWith('#')) text = text.slice(1);
  if (text === '') return null;
  const parts = text.split('/');
  if (parts.length < 3 || parts.length > 5) return null;
  if (!parts.every((p) => DECIMAL.test(p))) return null;
  const values = parts.map(Number);
  if (!values.every(Number.isFinite)) return null;
  const [zoom, lat, lng, bearing = 0, pitch = 0] = values;
  if (zoom < LIMITS.minZoom || zoom > LIMITS.maxZoom) return null;
  if (lat < -LIMITS.maxLat || lat > LIMITS.maxLat) return null;
  if (lng < -LIMITS.maxLng || lng > LIMITS.maxLng) return null;
  if (pitch < LIMITS.minPitch || pitch > LIMITS.maxPitch) return null;
  return { zoom: zoom + 0, lat: lat + 0, lng: lng + 0, bearing: normalizeBearing(bearing), pitch: pitch + 0 };
}

/** Round `value` to `decimals` places and print it without exponent or trailing zeros. */
function formatNumber(value: number, decimals: number): string {
  const m = Math.pow(10, decimals);
  const rounded = Math.round(value * m) / m;
  let text = rounded.toFixed(decimals);
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  return text === '-0' ? '0' : text;
}

/** Wrap a longitude into [-180, 180] (180 stays 180). */
function wrapLng(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  const w = ((((lng + 180) % 360) + 360) % 360) - 180;
  return w === -180 ? 180 : w;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Number of decimals for latitude/longitude at a zoom level, as MapLibre's hash
 * does: the smallest precision at which one unit of the last digit is less
 * than half a pixel of a 512-pixel world (`ceil((zoom·ln2 + ln(512/360/0.5)) / ln10)`);
 * 1 at zoom 0, 5 at zoom 14, 8 at zoom 22.
 */
export function hashCoordinatePrecision(zoom: number): number {
  return Math.max(0, Math.ceil((zoom * Math.LN2 + Math.log(512 / 360 / 0.5)) / Math.LN10));
}

/**
 * Format a view as `#zoom/lat/lng/bearing/pitch` (always five values).
 *
 * - zoom is clamped to 0–22 and rounded to 2 decimals;
 * - lat (clamped to -90–90) and lng (wrapped into -180–180) are rounded to
 *   {@link hashCoordinatePrecision} decimals for the rounded zoom;
 * - bearing is normalised to (-180, 180] and rounded to 1 decimal;
 * - pitch is clamped to 0–85 and rounded to 1 decimal;
 * - trailing zeros are trimmed and no exponent notation is used, so the result
 *   always parses back with {@link parseHash}.
 *
 * @throws RangeError when a value is not a finite number.
 */
export function formatHash(view: HashView): string {
  const { zoom, lat, lng, bearing, pitch } = view;
  for (const [name, value] of [['zoom', zoom], ['lat', lat], ['lng', lng], ['bearing', bearing], ['pitch', pitch]] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new RangeError(`Cannot format hash: ${name} is not a finite number.`);
    }
  }
  const z = Math.round(clamp(zoom, LIMITS.minZoom, LIMITS.maxZoom) * 100) / 100;
  const precision = hashCoordinatePrecision(z);
  const b = normalizeBearing(Math.round(normalizeBearing(bearing) * 10) / 10);
  const p = clamp(Math.round(pitch * 10) / 10, LIMITS.minPitch, LIMITS.maxPitch);
  return `#${formatNumber(z, 2)}/${formatNumber(clamp(lat, -LIMITS.maxLat, LIMITS.maxLat), precision)}/${formatNumber(
    wrapLng(lng),
    precision,
  )}/${formatNumber(b, 1)}/${formatNumber(p, 1)}`;
}
