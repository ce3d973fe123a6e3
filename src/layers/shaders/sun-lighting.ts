/**
 * The sun's light on the 3D vehicles (trains, aircraft, GTFS vehicles): a
 * shader module whose props are a {@link TrainLighting} (the light state's
 * sun, sky and ambient light, `data/light/train-lighting.ts`), set on a model
 * with `model.shaderInputs.setProps({sunLighting: lighting})`.
 *
 * GLSL: `sunLighting_getShade(normal, glowShare)` is the light a face with
 * unit normal `normal` (map frame: x east, y north, z up) receives: ambient,
 * plus the sun and the sky by the angle they make with it, plus the night glow
 * of lit windows scaled by `glowShare`; colours are multiplied by it.
 * `sunLighting.glow` (0 by day, 1 at night) is readable in both stages.
 *
 * @module
 */
import type { ShaderModule } from '@luma.gl/shadertools';
import { DEFAULT_TRAIN_LIGHTING, type TrainLighting } from '../../data/light/train-lighting.ts';
import { uniformsModule } from './uniforms-module.ts';

const functions = /* glsl */ `\
vec3 sunLighting_getShade(vec3 normal, float glowShare) {
  return sunLighting.ambient + sunLighting.sun * max(dot(normal, sunLighting.toSun), 0.0) + sunLighting.sky * max(dot(normal, sunLighting.toSky), 0.0) + vec3(glowShare * sunLighting.glow);
}
`;

/** See the module description. (Typed, so that the library's declarations can name it.) */
export const sunLighting: ShaderModule<TrainLighting> = {
  ...uniformsModule('sunLighting', { ambient: 'vec3<f32>', sun: 'vec3<f32>', toSun: 'vec3<f32>', sky: 'vec3<f32>', toSky: 'vec3<f32>', glow: 'f32' }, { fs: true, functions }),
  defaultUniforms: DEFAULT_TRAIN_LIGHTING,
};
