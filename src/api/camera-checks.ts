/**
 * The check of the camera options of `jumpTo`, `easeTo` and `flyTo`: a missing or malformed argument throws the
 * same {@link MapOptionError} as a bad value in it, never a raw TypeError.
 *
 * @internal
 * @module
 */
import type { ViewState } from '../store.ts';
import { fail, formatOptionValue, validateBearing, validateCenter, validateObject, validatePitch, validateZoom } from './validators.ts';

/** The camera a move goes to (only what was given) and its duration, checked. */
export interface CheckedCamera {
  view: Partial<ViewState>;
  duration: number | undefined;
}

/**
 * Checks the argument of a camera method (`jumpTo`, `easeTo`, `flyTo`).
 * @throws MapOptionError naming the method's options, or the bad member (`zoom`, `center`, …) and what is allowed.
 */
export function checkCameraOptions(options: unknown, method: string): CheckedCamera {
  const given = validateObject(options, `${method} options`, 'camera options, an object with center, zoom, bearing, pitch or duration (e.g. {zoom: 12})');
  const view: Partial<ViewState> = {};
  if (given.center !== undefined) [view.longitude, view.latitude] = validateCenter(given.center);
  if (given.zoom !== undefined) view.zoom = validateZoom(given.zoom);
  if (given.bearing !== undefined) view.bearing = validateBearing(given.bearing);
  if (given.pitch !== undefined) view.pitch = validatePitch(given.pitch);
  const { duration } = given;
  if (duration !== undefined && (typeof duration !== 'number' || !(duration >= 0) || duration === Infinity)) {
    fail('duration', duration, `${formatOptionValue(duration)} is not a duration; expected a number of milliseconds, 0 or more.`);
  }
  return { view, duration };
}
