/**
 * One continuous light state from the sun over the map centre: the base-map
 * blend, MapLibre's sky, deck.gl's lights, and the summary the API reports.
 *
 * @module
 */
import { formatColor, mixColors, toTriple, type Rgba, type RgbTriple } from './color.ts';
import { lookAtAltitude, type LightLook } from './light-keyframes.ts';
import type { BasemapBlend } from './palette-blend.ts';
import { checkInputs, sunPosition, towardsSun, type EnuVector, type LngLat, type SunPosition } from './sun-position.ts';

/**
 * Named part of the day, by the sun's altitude (the limits suncalc uses):
 * `day` from 6° up, `golden-hour` from sunrise/sunset (−0.833°) to 6°,
 * `twilight` down to −12° (civil and nautical), `night` below.
 */
export type LightPhase = 'day' | 'golden-hour' | 'twilight' | 'night';

/** Where a light state comes from: the sun, a pinned theme, or the underground view's own look. */
export type LightSource = 'sun' | 'pinned' | 'underground';

/** MapLibre `sky` properties (assignable to its `SkySpecification`). */
export interface SkyColors {
  'sky-color': string;
  'horizon-color': string;
  'fog-color': string;
  'sky-horizon-blend': number;
}

/** One deck.gl light: props for `AmbientLight`. */
export interface AmbientLightProps {
  color: RgbTriple;
  intensity: number;
}

/** One deck.gl light: props for `DirectionalLight`; `direction` is where the light travels, in the map's frame. */
export interface DirectionalLightProps {
  color: RgbTriple;
  intensity: number;
  direction: EnuVector;
}

/** The lights of a deck.gl `LightingEffect`. */
export interface DeckLighting {
  ambient: AmbientLightProps;
  /** Direct sunlight; intensity 0 once the sun has set. Light travels away from the sun, never upwards. */
  sun: DirectionalLightProps;
  /** Soft light from high in the south-west sky, fixed, so volumes read at night too. */
  sky: DirectionalLightProps;
}

/** What `getLight()` reports: the colour of the light on the scene and its strength. */
export interface LightSummary {
  /** `#rrggbb`. */
  color: string;
  /** 0 (no light) to 1 (full day). */
  intensity: number;
}

/** The share of full light at night: Mini Tokyo 3D's night light (its `getSunlightColor`), 0.4 of the day's. */
export const NIGHT_LIGHT_LEVEL = 0.4;

/** The share of full light things get at a light intensity (0 at night to 1 by day): from 0.4 to 1. */
export function lightLevel(intensity: number): number {
  return NIGHT_LIGHT_LEVEL + (1 - NIGHT_LIGHT_LEVEL) * Math.min(1, Math.max(0, intensity));
}

/** Everything that follows the light at one instant. */
export interface LightState {
  /** Instant (epoch ms). */
  at: number;
  /** Where the sun was seen from (the map centre). */
  place: LngLat;
  /** The sun's position (for `pinned`, a fixed one). */
  sun: SunPosition;
  source: LightSource;
  phase: LightPhase;
  /** How the base-map palettes are blended and tinted (see `basemapPalette`). */
  basemap: BasemapBlend;
  sky: SkyColors;
  lighting: DeckLighting;
  /** How much lit things (train windows, lamps) glow, 0 by day to 1 at night. */
  glow: number;
  summary: LightSummary;
  /** Whether text over the map should be light (`hasDarkBackground()`). */
  darkBackground: boolean;
}

/** Altitude limits of the phases (degrees). */
export const PHASE_LIMITS = { goldenHour: 6, sunset: -0.833, nauticalDusk: -12 } as const;

/** The base map counts as dark from this night blend on. */
export const DARK_BACKGROUND_FROM = 0.5;

/** Travel direction of the fixed sky light: from high in the south-west. */
const SKY_LIGHT_DIRECTION: EnuVector = normalise([0.3, 0.4, -1]);

/** Sum of the day's light intensities, so a summary intensity of 1 is full day. */
const FULL_DAY_INTENSITY = sumIntensity(lookAtAltitude(90));

/**
 * The light at `date` for the sun seen from `at` (the map centre).
 *
 * @throws SunInputError for an invalid date or place.
 */
export function computeLight(date: Date | number, at: LngLat): LightState {
  const instant = typeof date === 'number' ? new Date(date) : date;
  checkInputs(instant, at, 'computeLight');
  const sun = sunPosition(instant, at);
  return lightFromLook(lookAtAltitude(sun.altitude), { at: instant.getTime(), place: { lng: at.lng, lat: at.lat }, sun, source: 'sun' });
}

/** The phase of the day at a sun altitude (degrees). */
export function phaseAt(altitude: number): LightPhase {
  if (altitude >= PHASE_LIMITS.goldenHour) return 'day';
  if (altitude >= PHASE_LIMITS.sunset) return 'golden-hour';
  if (altitude >= PHASE_LIMITS.nauticalDusk) return 'twilight';
  return 'night';
}

/** Builds a state from a look; used for the sun, pinned themes and the underground view. */
export function lightFromLook(look: LightLook, base: Pick<LightState, 'at' | 'place' | 'sun' | 'source'>): LightState {
  const lit = { ...base.sun, altitude: Math.max(0, base.sun.altitude) };
  const toSun = towardsSun(lit);
  return {
    ...base,
    phase: phaseAt(base.sun.altitude),
    basemap: { night: look.night, tint: formatColor(look.tint), tintAmount: look.tintAmount },
    sky: {
      'sky-color': formatColor(look.skyColor),
      'horizon-color': formatColor(look.horizonColor),
      'fog-color': formatColor(look.fogColor),
      'sky-horizon-blend': 0.6,
    },
    lighting: {
      ambient: { color: toTriple(look.ambient), intensity: look.ambientIntensity },
      sun: { color: toTriple(look.sun), intensity: look.sunIntensity, direction: [-toSun[0], -toSun[1], -toSun[2]] },
      sky: { color: toTriple(look.skyLight), intensity: look.skyLightIntensity, direction: [...SKY_LIGHT_DIRECTION] },
    },
    glow: look.night,
    summary: summarise(look),
    darkBackground: look.night >= DARK_BACKGROUND_FROM,
  };
}

/**
 * Whether the API's `light` event should fire: the summary colour (as `#rrggbb`)
 * changed, or the intensity by at least `minIntensityStep`.
 */
export function lightChanged(previous: LightSummary | null, next: LightSummary, minIntensityStep = 0.005): boolean {
  if (previous === null) return true;
  return previous.color !== next.color || Math.abs(previous.intensity - next.intensity) >= minIntensityStep;
}

function summarise(look: LightLook): LightSummary {
  const parts: Array<[Rgba, number]> = [
    [look.ambient, look.ambientIntensity],
    [look.sun, look.sunIntensity],
    [look.skyLight, look.skyLightIntensity],
  ];
  const total = sumIntensity(look);
  let color = parts[0][0];
  let weight = 0;
  for (const [c, w] of parts) {
    if (w <= 0) continue;
    color = mixColors(color, c, w / (weight + w));
    weight += w;
  }
  return { color: formatColor(color), intensity: Math.round(Math.min(1, total / FULL_DAY_INTENSITY) * 1000) / 1000 };
}

function sumIntensity(look: LightLook): number {
  return look.ambientIntensity + look.sunIntensity + look.skyLightIntensity;
}

function normalise(v: EnuVector): EnuVector {
  const length = Math.hypot(...v);
  return [v[0] / length, v[1] / length, v[2] / length];
}
