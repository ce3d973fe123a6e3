/**
 * The trains' share of the light: the deck.gl lights of a light state turned
 * into the few uniforms the train shader uses (no `LightingEffect` pass: the
 * cars are drawn by a shader of their own, and one more pass would cost
 * every frame).
 *
 * @module
 */
import type { LightState } from './light-state.ts';

/**
 * Light on the cars: colours already multiplied by intensity, 0–1 per channel. (A type, not an interface: it is
 * also the props of the sun-lighting shader module, which luma.gl takes as a record of uniforms.)
 */
export type TrainLighting = {
  /** Light from everywhere. */
  ambient: [number, number, number];
  /** Direct sunlight (black once the sun has set). */
  sun: [number, number, number];
  /** Unit vector towards the sun, map frame (x east, y north, z up). */
  toSun: [number, number, number];
  /** Soft light from high in the sky, so the sides differ at night too. */
  sky: [number, number, number];
  toSky: [number, number, number];
  /** How much the cars glow by themselves (lit windows), 0 by day to 1 at night. */
  glow: number;
};

/**
 * The full-day light: the cars look as they did before lighting followed the
 * sun (ambient 0.62, a key light of 0.38).
 */
export const DEFAULT_TRAIN_LIGHTING: TrainLighting = {
  ambient: [0.62, 0.62, 0.62],
  sun: [0.38, 0.38, 0.38],
  toSun: normalise([-0.35, 0.55, 0.76]),
  sky: [0, 0, 0],
  toSky: [0, 0, 1],
  glow: 0,
};

/** Share of full light that is ambient (the rest comes from the directional lights), as in the day look. */
const AMBIENT_SHARE = 0.62;
const DIRECT_SHARE = 0.38 / 0.3; // the sky light of a day is about 0.3 of the sun's

/** The uniforms of the train shader for a light state. */
export function trainLighting(state: LightState): TrainLighting {
  const { ambient, sun, sky } = state.lighting;
  const scale = (rgb: readonly number[], k: number): [number, number, number] => [(rgb[0] / 255) * k, (rgb[1] / 255) * k, (rgb[2] / 255) * k];
  return {
    ambient: scale(ambient.color, ambient.intensity * AMBIENT_SHARE),
    sun: scale(sun.color, sun.intensity * 0.38),
    toSun: normalise([-sun.direction[0], -sun.direction[1], -sun.direction[2]]),
    sky: scale(sky.color, sky.intensity * DIRECT_SHARE * 0.38),
    toSky: normalise([-sky.direction[0], -sky.direction[1], -sky.direction[2]]),
    glow: state.glow,
  };
}

function normalise(v: readonly number[]): [number, number, number] {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}
