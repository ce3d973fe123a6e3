/**
 * Where the sun is, seen from a point on the map at an instant (suncalc), and
 * the same as a unit vector in the map's frame.
 *
 * @module
 */
import { getPosition } from 'suncalc';

/** A point on the map, degrees. */
export interface LngLat {
  lng: number;
  lat: number;
}

/** The sun in the sky, degrees. */
export interface SunPosition {
  /** Apparent (refraction-corrected) altitude of the sun's centre above the horizon, −90 to 90. */
  altitude: number;
  /** Azimuth clockwise from north (0 = N, 90 = E, 180 = S, 270 = W), 0 to 360. */
  azimuth: number;
}

/**
 * A vector in the map's frame: x east, y north, z up, as in deck.gl's common
 * space for geographic views (metres on every axis at the map centre).
 */
export type EnuVector = [number, number, number];

/** A date, place or vector the sun cannot be computed for. */
export class SunInputError extends RangeError {
  override name = 'SunInputError';
}

/**
 * The sun's position at `date` seen from `at`.
 *
 * @throws SunInputError for an invalid date, or a longitude or latitude that is not a finite number in range.
 */
export function sunPosition(date: Date | number, at: LngLat): SunPosition {
  const instant = typeof date === 'number' ? new Date(date) : date;
  checkInputs(instant, at, 'sunPosition');
  const { altitude, azimuth } = getPosition(instant, at.lat, at.lng);
  return { altitude, azimuth: ((azimuth % 360) + 360) % 360 };
}

/** Unit vector from the ground towards the sun, in the map's frame ({@link EnuVector}). */
export function towardsSun(position: SunPosition): EnuVector {
  const alt = (position.altitude * Math.PI) / 180;
  const az = (position.azimuth * Math.PI) / 180;
  return [Math.cos(alt) * Math.sin(az), Math.cos(alt) * Math.cos(az), Math.sin(alt)];
}

/** Throws {@link SunInputError} naming the caller and the bad value. */
export function checkInputs(date: Date, at: LngLat, caller: string): void {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new SunInputError(`${caller}: the date is invalid (${String(date)}).`);
  if (typeof at !== 'object' || at === null) throw new SunInputError(`${caller}: the place must be {lng, lat}, got ${String(at)}.`);
  if (!Number.isFinite(at.lng) || at.lng < -180 || at.lng > 180) throw new SunInputError(`${caller}: longitude must be a number from −180 to 180, got ${String(at.lng)}.`);
  if (!Number.isFinite(at.lat) || at.lat < -90 || at.lat > 90) throw new SunInputError(`${caller}: latitude must be a number from −90 to 90, got ${String(at.lat)}.`);
}
