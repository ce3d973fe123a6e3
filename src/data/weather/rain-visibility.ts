/**
 * When the rain is shown (and the radar read), as the existing product does:
 * switched on in the layers, in real time (the radar keeps the last two hours
 * only), in the ground view (rain does not fall in tunnels), and not in eco
 * mode below {@link RAIN_MIN_FRAME_RATE} frames per second.
 *
 * Eco mode: falling streaks redrawn a few times a second jump instead of
 * falling (at the default 1 fps a streak moves a tenth of the screen between
 * frames and reads as noise), and redrawing them every frame would undo what
 * eco mode saves; so the rain is off at eco frame rates below 20 and drawn at
 * the eco rate from 20 up.
 *
 * @module
 */

/** Lowest eco frame rate the rain is drawn at. */
export const RAIN_MIN_FRAME_RATE = 20;

/** The parts of the app state the rule reads. */
export interface RainConditions {
  layerVisibility: { rain: boolean };
  clockMode: 'realtime' | 'playback';
  viewMode: 'ground' | 'underground';
  ecoMode: 'normal' | 'eco';
  ecoFrameRate: number;
}

/** Whether the rain is wanted now (the radar is read while it is and the page is visible). */
export function rainWanted(s: RainConditions): boolean {
  return s.layerVisibility.rain && s.clockMode === 'realtime' && s.viewMode === 'ground' && (s.ecoMode === 'normal' || s.ecoFrameRate >= RAIN_MIN_FRAME_RATE);
}

/** Frames per second the rain is redrawn at: 0 = every animation frame, else the eco rate. */
export function rainFrameRate(s: Pick<RainConditions, 'ecoMode' | 'ecoFrameRate'>): number {
  return s.ecoMode === 'eco' ? s.ecoFrameRate : 0;
}
