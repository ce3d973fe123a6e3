/**
 * The look of the light at chosen sun altitudes, from full day to full night.
 * Between two keyframes every value moves along a smoothstep, so the light is
 * continuous in the sun's altitude, and the altitude is continuous in time.
 *
 * Day (first row) and night (last row) match the base map's light and dark
 * palettes: fog is their land colour, the night sky their sky colour.
 *
 * @module
 */
import { mixColors, parseColor, type Rgba } from './color.ts';

/** Every value of the light that depends on the sun's altitude. */
export interface LightLook {
  /** Base-map blend: 0 = day palette, 1 = night palette. */
  night: number;
  /** Light colour laid over the base map (warm at golden hour, cool at blue hour). */
  tint: Rgba;
  /** How much of `tint`, 0–1. */
  tintAmount: number;
  /** Direct sunlight. */
  sun: Rgba;
  sunIntensity: number;
  /** Light from everywhere (sky and city). */
  ambient: Rgba;
  ambientIntensity: number;
  /** Soft light from high in the sky, from a fixed direction, so volumes read at night too. */
  skyLight: Rgba;
  skyLightIntensity: number;
  /** MapLibre sky: colour at the zenith, at the horizon, and of the fog over the far ground. */
  skyColor: Rgba;
  horizonColor: Rgba;
  fogColor: Rgba;
}

/** A look at one sun altitude (degrees). */
export interface LightKeyframe extends LightLook {
  altitude: number;
}

type KeyframeSpec = { altitude: number } & { [K in keyof LightLook]: LightLook[K] extends Rgba ? string : number };

/** Highest altitude first. Colours are CSS strings here for reading; parsed once below. */
const SPECS: readonly KeyframeSpec[] = [
  // Full day: neutral white sun, bright sky-blue ambient.
  { altitude: 30, night: 0, tint: '#ffffff', tintAmount: 0, sun: '#fffaf2', sunIntensity: 1, ambient: '#f4f7fc', ambientIntensity: 1, skyLight: '#d6e4f5', skyLightIntensity: 0.3, skyColor: '#a9c7e5', horizonColor: '#e4edf4', fogColor: '#f2f1ee' },
  // Afternoon: the sun yellows a little.
  { altitude: 12, night: 0, tint: '#ffe2b8', tintAmount: 0.03, sun: '#fff1dc', sunIntensity: 0.95, ambient: '#f6f4ef', ambientIntensity: 0.95, skyLight: '#d6e4f5', skyLightIntensity: 0.28, skyColor: '#aec8e2', horizonColor: '#eeeeea', fogColor: '#f2f1ee' },
  // Golden hour.
  { altitude: 5, night: 0.08, tint: '#ffc27a', tintAmount: 0.1, sun: '#ffd29a', sunIntensity: 0.85, ambient: '#f5e7d7', ambientIntensity: 0.85, skyLight: '#d9dcea', skyLightIntensity: 0.25, skyColor: '#b2c3d8', horizonColor: '#f6d6aa', fogColor: '#f0e6da' },
  // Sunset (the sun's centre on the horizon): orange sun fading, warm horizon.
  { altitude: 0, night: 0.3, tint: '#ff9e62', tintAmount: 0.14, sun: '#ffa05a', sunIntensity: 0.4, ambient: '#dccdc8', ambientIntensity: 0.7, skyLight: '#b9bfd8', skyLightIntensity: 0.22, skyColor: '#8596b8', horizonColor: '#f2a877', fogColor: '#d2c3b8' },
  // Blue hour (civil twilight): no direct sun, cool light, afterglow on the horizon.
  { altitude: -4, night: 0.68, tint: '#6f7fb8', tintAmount: 0.1, sun: '#ff8a50', sunIntensity: 0, ambient: '#9ca7cd', ambientIntensity: 0.55, skyLight: '#9aa8d6', skyLightIntensity: 0.18, skyColor: '#2f4068', horizonColor: '#9a7f96', fogColor: '#55566a' },
  // Nautical twilight: almost night.
  { altitude: -8, night: 0.92, tint: '#5b6aa0', tintAmount: 0.05, sun: '#ff8a50', sunIntensity: 0, ambient: '#7683ae', ambientIntensity: 0.47, skyLight: '#8e9dcc', skyLightIntensity: 0.16, skyColor: '#161e33', horizonColor: '#38425f', fogColor: '#262b38' },
  // Night: the dark palette's sky; city light keeps a bluish ambient.
  { altitude: -12, night: 1, tint: '#ffffff', tintAmount: 0, sun: '#ff8a50', sunIntensity: 0, ambient: '#6b79a4', ambientIntensity: 0.45, skyLight: '#8b9bd0', skyLightIntensity: 0.15, skyColor: '#10141b', horizonColor: '#1d2129', fogColor: '#1d2129' },
];

/** The keyframes, highest sun first. */
export const LIGHT_KEYFRAMES: readonly LightKeyframe[] = SPECS.map(parseSpec);

function parseSpec(spec: KeyframeSpec): LightKeyframe {
  const color = (key: keyof KeyframeSpec) => parseColor(spec[key] as string, `LIGHT_KEYFRAMES[altitude ${spec.altitude}].${key}`);
  return {
    altitude: spec.altitude,
    night: spec.night,
    tint: color('tint'),
    tintAmount: spec.tintAmount,
    sun: color('sun'),
    sunIntensity: spec.sunIntensity,
    ambient: color('ambient'),
    ambientIntensity: spec.ambientIntensity,
    skyLight: color('skyLight'),
    skyLightIntensity: spec.skyLightIntensity,
    skyColor: color('skyColor'),
    horizonColor: color('horizonColor'),
    fogColor: color('fogColor'),
  };
}

/** The light's look at a sun altitude (degrees); above the first keyframe it is full day, below the last full night. */
export function lookAtAltitude(altitude: number): LightLook {
  const frames = LIGHT_KEYFRAMES;
  if (!(altitude < frames[0].altitude)) return frames[0];
  const last = frames[frames.length - 1];
  if (!(altitude > last.altitude)) return last;
  let i = 0;
  while (frames[i + 1].altitude > altitude) i += 1;
  const upper = frames[i];
  const lower = frames[i + 1];
  const t = smoothstep((upper.altitude - altitude) / (upper.altitude - lower.altitude));
  return mixLooks(upper, lower, t);
}

/** `a` at `t = 0`, `b` at `t = 1`, every value linearly. */
export function mixLooks(a: LightLook, b: LightLook, t: number): LightLook {
  const n = (x: number, y: number) => x + (y - x) * t;
  return {
    night: n(a.night, b.night),
    tint: mixColors(a.tint, b.tint, t),
    tintAmount: n(a.tintAmount, b.tintAmount),
    sun: mixColors(a.sun, b.sun, t),
    sunIntensity: n(a.sunIntensity, b.sunIntensity),
    ambient: mixColors(a.ambient, b.ambient, t),
    ambientIntensity: n(a.ambientIntensity, b.ambientIntensity),
    skyLight: mixColors(a.skyLight, b.skyLight, t),
    skyLightIntensity: n(a.skyLightIntensity, b.skyLightIntensity),
    skyColor: mixColors(a.skyColor, b.skyColor, t),
    horizonColor: mixColors(a.horizonColor, b.horizonColor, t),
    fogColor: mixColors(a.fogColor, b.fogColor, t),
  };
}

function smoothstep(t: number): number {
  const k = Math.min(1, Math.max(0, t));
  return k * k * (3 - 2 * k);
}
