/**
 * Light states that do not follow the sun: the underground view's own dark
 * look, and the fixed looks of `?theme=light|dark` / the `theme` option.
 *
 * @module
 */
import { parseColor } from './color.ts';
import { lookAtAltitude, type LightLook } from './light-keyframes.ts';
import { lightFromLook, type LightState } from './light-state.ts';
import type { LngLat, SunPosition } from './sun-position.ts';

/** The view modes of the map. */
export type ViewMode = 'ground' | 'underground';

/** A theme pinned by the page. */
export type PinnedTheme = 'light' | 'dark';

/**
 * Underground: a dark map whatever the hour, and an even, neutral light that
 * lets the trains in the tunnels read, with a full glow.
 */
const UNDERGROUND_LOOK: LightLook = {
  ...lookAtAltitude(-90),
  tintAmount: 0,
  ambient: parseColor('#c9cee0'),
  ambientIntensity: 0.75,
  skyLight: parseColor('#d0d6ea'),
  skyLightIntensity: 0.25,
  sunIntensity: 0,
  skyColor: parseColor('#0b0e13'),
  horizonColor: parseColor('#151920'),
  fogColor: parseColor('#151920'),
};

/** Where the sun stands for a pinned light theme: high in the south-south-east, so sides still differ. */
const PINNED_SUN: SunPosition = { altitude: 45, azimuth: 150 };
/** Where it stands for a pinned dark theme: well below the horizon. */
const PINNED_NIGHT_SUN: SunPosition = { altitude: -30, azimuth: 0 };

/**
 * The light to draw with: `state` on the ground, the underground look (same
 * instant, place and sun, `source: 'underground'`) in the underground view.
 */
export function lightForView(state: LightState, viewMode: ViewMode): LightState {
  if (viewMode === 'ground') return state;
  return lightFromLook(UNDERGROUND_LOOK, { at: state.at, place: state.place, sun: state.sun, source: 'underground' });
}

/** The fixed light of a pinned theme (full day or full night), `source: 'pinned'`. */
export function pinnedLight(theme: PinnedTheme, at: number, place: LngLat): LightState {
  const sun = theme === 'light' ? PINNED_SUN : PINNED_NIGHT_SUN;
  return lightFromLook(lookAtAltitude(sun.altitude), { at, place, sun, source: 'pinned' });
}
