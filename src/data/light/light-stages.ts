/**
 * A few fixed stages of the base-map look, for what should rebuild rarely
 * (the MapLibre style): each stage's palette is built once and cached, and a
 * day crosses each stage boundary twice at most, even in playback at 600×.
 *
 * @module
 */
import { formatColor } from './color.ts';
import { lookAtAltitude } from './light-keyframes.ts';
import type { LightState } from './light-state.ts';
import type { BasemapBlend } from './palette-blend.ts';

/** Stage names, from day to night. */
export type LightStageId = 'day' | 'golden' | 'sunset' | 'blue-hour' | 'dusk' | 'night';

/** One stage: the sun altitudes it covers and the base-map blend drawn for all of them. */
export interface LightStage {
  /** 0 (day) to 5 (night). */
  index: number;
  id: LightStageId;
  /** Lowest sun altitude of the stage, degrees (−Infinity for night). */
  fromAltitude: number;
  /** The blend of the whole stage: the continuous light's at `atAltitude`. */
  basemap: BasemapBlend;
  /** The sun altitude whose look stands for the stage, degrees. */
  atAltitude: number;
}

const BANDS: ReadonlyArray<[LightStageId, number, number]> = [
  ['day', 8, 30],
  ['golden', 2, 5],
  ['sunset', -2, 0],
  ['blue-hour', -6, -4],
  ['dusk', -10, -8],
  ['night', -Infinity, -12],
];

/** The stages, day first. */
export const LIGHT_STAGES: readonly LightStage[] = BANDS.map(([id, fromAltitude, atAltitude], index) => {
  const look = lookAtAltitude(atAltitude);
  return { index, id, fromAltitude, atAltitude, basemap: { night: look.night, tint: formatColor(look.tint), tintAmount: look.tintAmount } };
});

/** The stage of a sun altitude (degrees). */
export function stageAtAltitude(altitude: number): LightStage {
  return LIGHT_STAGES.find((stage) => altitude >= stage.fromAltitude) ?? LIGHT_STAGES[LIGHT_STAGES.length - 1];
}

/**
 * The stage of a light state: by the sun's altitude when it follows the sun;
 * for a pinned theme or the underground view, the stage whose night blend is nearest.
 */
export function lightStage(state: LightState): LightStage {
  if (state.source === 'sun') return stageAtAltitude(state.sun.altitude);
  let best = LIGHT_STAGES[0];
  for (const stage of LIGHT_STAGES) {
    if (Math.abs(stage.basemap.night - state.basemap.night) < Math.abs(best.basemap.night - state.basemap.night)) best = stage;
  }
  return best;
}
