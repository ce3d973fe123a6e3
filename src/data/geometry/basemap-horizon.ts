/**
 * Where the base map's horizon lies on screen. MapLibre draws its sky from a line below the true horizon of a flat
 * map (0.85 of the way up to it, never closer to the centre than an 89.25° view angle allows), and loads no tiles
 * beyond it: what lies further away is not drawn, so nothing of ours may be either.
 *
 * @module
 */

/** MapLibre's largest angle between the view's centre ray and the horizon ray (`maxMercatorHorizonAngle`). */
const MAX_HORIZON_ANGLE_DEGREES = 89.25;
/** MapLibre's share of the distance to the true horizon at which it draws its own (`getMercatorHorizon`). */
const HORIZON_SHARE = 0.85;

/**
 * How far above the screen point of the camera's centre the base map's horizon lies, in the units of
 * `cameraToCentreDistance` (CSS pixels when that is given in pixels): very large when the camera looks down.
 *
 * @param pitch - The camera's pitch, degrees from looking straight down.
 * @param cameraToCentreDistance - The distance from the camera to the centre of the view (1.5× the view's height for
 *   MapLibre's and deck.gl's default field of view).
 */
export function basemapHorizonAboveCentre(pitch: number, cameraToCentreDistance: number): number {
  const toRadians = Math.PI / 180;
  return cameraToCentreDistance * Math.min(Math.tan((90 - pitch) * toRadians) * HORIZON_SHARE, Math.tan((MAX_HORIZON_ANGLE_DEGREES - pitch) * toRadians));
}
