/**
 * The rain layer's shaders: each drop a streak (or a snow flake) made from
 * its index, placed in a box around the view that repeats across the world,
 * falling with one time uniform, kept or dropped by the intensity the radar
 * grid's texture gives under it. And the layer's uniforms.
 *
 * @module
 */
import { TEXTURE_MAX_MM_PER_HOUR } from '../data/weather/rain-grid.ts';
import { uniformsModule } from './shaders/uniforms-module.ts';

/** Intensity (mm/h) at which every drop falls: heavy rain; for snow (water equivalent), heavy snow (about 4 cm an hour). */
const FULL_DENSITY_MM_PER_HOUR = 50;
const FULL_DENSITY_SNOW_MM_PER_HOUR = 4;
/** Below this (mm/h) no drop falls: what the radar sees as haze or drizzle. */
export const DRY_BELOW_MM_PER_HOUR = 0.2;

/** The layer's uniforms. */
export const rainUniforms = uniformsModule('rain', {
  /** View centre, metres east and north of the layer's origin. */
  center: 'vec2<f32>',
  /** Side of the box the drops repeat in, m. */
  cell: 'f32',
  /** Distance from the centre where the rain has thinned out, m. */
  reach: 'f32',
  /** Height the drops fall from, m. */
  height: 'f32',
  /** Seconds (wrapping every hour). */
  time: 'f32',
  /** The grid's north-west corner (m from the origin) and its extent (east, −south). */
  gridOrigin: 'vec2<f32>',
  gridSize: 'vec2<f32>',
  /** RGBA 0–1. */
  rainColor: 'vec4<f32>',
  snowColor: 'vec4<f32>',
  widthPixels: 'f32',
});

export const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME rain-layer-vertex-shader
#define LOG_MAX ${Math.log2(1 + TEXTURE_MAX_MM_PER_HOUR).toFixed(6)}
#define LOG_FULL ${Math.log2(1 + FULL_DENSITY_MM_PER_HOUR).toFixed(6)}
#define LOG_FULL_SNOW ${Math.log2(1 + FULL_DENSITY_SNOW_MM_PER_HOUR).toFixed(6)}
#define DRY_BELOW ${DRY_BELOW_MM_PER_HOUR.toFixed(3)}

uniform sampler2D intensity;

out vec4 vColor;
out vec3 vStreak;

// Four independent numbers in [0, 1) from a drop's index: hash41 of David Hoskins' "Hash without Sine" (MIT licence).
vec4 hash4(float n) {
  vec4 p = fract(vec4(n) * vec4(0.1031, 0.1030, 0.0973, 0.1099));
  p += dot(p, p.wzxy + 33.33);
  return fract((p.xxyz + p.yzzw) * p.zywx);
}

void main(void) {
  // One indexed draw, 4 vertices and 2 triangles per drop (SwiftShader runs an instanced draw as one draw per
  // instance; the index buffer lets it shade each corner once, not once per triangle).
  int drop = gl_VertexID / 4;
  int corner = gl_VertexID - drop * 4;
  vec4 seed = hash4(float(drop) + 0.5);
  vec4 seed2 = hash4(float(drop) + 7919.5);

  // Where the drop falls: the same place in the world while the camera moves (the box repeats every cell).
  vec2 place = rain.center + (fract(seed.xy - rain.center / rain.cell) - 0.5) * rain.cell;
  vec2 uv = (place - rain.gridOrigin) / rain.gridSize;
  vec4 texel = texture(intensity, uv);
  bool inGrid = all(greaterThanEqual(uv, vec2(0.0))) && all(lessThanEqual(uv, vec2(1.0)));
  float mmPerHour = inGrid ? exp2(texel.r * LOG_MAX) - 1.0 : 0.0;
  float snow = step(0.5, texel.g);
  // Density: log of the intensity, full at heavy rain; speed and length grow with it.
  float density = mmPerHour < DRY_BELOW ? 0.0 : clamp(log2(1.0 + mmPerHour) / mix(LOG_FULL, LOG_FULL_SNOW, snow), 0.0, 1.0);
  float distance = length(place - rain.center);
  float fade = 1.0 - smoothstep(0.6 * rain.reach, rain.reach, distance);
  if (seed.w >= density || fade <= 0.0) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0); // outside the clip volume: nothing drawn
    return;
  }

  // Falling: one time uniform moves every drop (heights in the fall's own units, wrapping at the ground).
  float speed = mix(mix(0.55, 1.1, density), 0.09, snow); // fall heights per second
  float len = mix(mix(0.025, 0.045, density), 0.006, snow);
  float fall = fract(seed.z - rain.time * speed * (0.85 + 0.3 * seed2.x));
  float top = rain.height * (fall * (1.0 + len));
  float bottom = top - rain.height * len;
  // Snow sways; rain slants a little, as in a light wind.
  vec2 sway = snow > 0.5 ? vec2(sin(rain.time * 1.7 + seed2.y * 6.2832), cos(rain.time * 1.3 + seed2.z * 6.2832)) * rain.height * 0.012 : vec2(0.0);
  vec2 slant = vec2(0.12, 0.04) * rain.height * len * (1.0 - snow);
  vec3 head = vec3(place + sway, max(bottom, 0.0));
  vec3 tail = vec3(place + sway + slant, max(top, 0.0));

  vec4 headClip = project_common_position_to_clipspace(vec4(project_position(head), 1.0));
  vec4 tailClip = project_common_position_to_clipspace(vec4(project_position(tail), 1.0));
  // Across the streak on screen, a few pixels wide (wider nearer the camera, as everything on the map).
  vec2 screen = (tailClip.xy / tailClip.w - headClip.xy / headClip.w) * project.viewportSize;
  vec2 along = length(screen) > 1e-3 ? normalize(screen) : vec2(0.0, 1.0);
  vec2 across = vec2(-along.y, along.x);
  // Corners (end, side): 0 (0,-1), 1 (0,1), 2 (1,1), 3 (1,-1); triangles 0 1 2 and 0 2 3.
  float end = corner >= 2 ? 1.0 : 0.0;
  float side = (corner == 0 || corner == 3) ? -1.0 : 1.0;
  vec4 clip = mix(headClip, tailClip, end);
  float width = mix(rain.widthPixels, rain.widthPixels * 2.4, snow);
  clip.xy += project_pixel_size_to_clipspace(across * side * width * 0.5);
  // A little past the end on screen, so that a streak seen end-on is still a dot.
  clip.xy += project_pixel_size_to_clipspace(along * (end * 2.0 - 1.0) * width * 0.5);
  gl_Position = clip;

  // Thinner towards the reach, and close to the camera (clip w is the depth; the view centre's is the focal distance).
  float near = smoothstep(0.25, 0.55, clip.w / project.focalDistance);
  vec4 color = mix(rain.rainColor, rain.snowColor, snow);
  vColor = vec4(color.rgb, color.a * fade * near * mix(0.55, 1.0, density) * layer.opacity);
  vStreak = vec3(end, side, snow);
}
`;

export const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME rain-layer-fragment-shader
precision highp float;

in vec4 vColor;
in vec3 vStreak;
out vec4 fragColor;

void main(void) {
  // Rain: strongest at the head (end 0), fading towards the tail; soft across. Snow: a round flake.
  float alongFade = 1.0 - 0.75 * vStreak.x;
  float acrossFade = 1.0 - vStreak.y * vStreak.y;
  vec2 flake = vec2(vStreak.x * 2.0 - 1.0, vStreak.y);
  float alpha = vStreak.z > 0.5 ? clamp(1.5 - 1.5 * dot(flake, flake), 0.0, 1.0) : alongFade * acrossFade;
  fragColor = vec4(vColor.rgb, vColor.a * alpha);
}
`;
