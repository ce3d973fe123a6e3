/**
 * The delay marker layer's shaders: a small lit sphere per marker, and the
 * layer's uniforms.
 *
 * @module
 */
import { uniformsModule } from './shaders/uniforms-module.ts';

/** The layer's uniforms: colour (RGBA 0–1), radius (metres), opacities on the ground and underground, least radius in pixels. */
export const markerUniforms = uniformsModule('marker', { color: 'vec4<f32>', radius: 'f32', groundOpacity: 'f32', undergroundOpacity: 'f32', minPixels: 'f32' });

export const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME delay-marker-layer-vertex-shader
in vec3 positions;
in vec3 instancePositions;
in vec3 instancePositions64Low;
in float instanceUnderground;
out vec4 vColor;
out float vShade;

void main(void) {
  geometry.worldPosition = instancePositions;
  float pixels = project_size_to_pixel(marker.radius);
  float radius = marker.radius * max(1.0, marker.minPixels / max(pixels, 1e-6));
  vec3 offset = project_size(positions * radius);
  gl_Position = project_position_to_clipspace(instancePositions, instancePositions64Low, offset, geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);
  vShade = 0.7 + 0.3 * max(dot(positions, normalize(vec3(-0.35, 0.55, 0.76))), 0.0);
  float opacity = mix(marker.groundOpacity, marker.undergroundOpacity, instanceUnderground);
  vColor = vec4(marker.color.rgb, marker.color.a * opacity * layer.opacity);
  DECKGL_FILTER_COLOR(vColor, geometry);
}
`;

export const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME delay-marker-layer-fragment-shader
precision highp float;
in vec4 vColor;
in float vShade;
out vec4 fragColor;
void main(void) {
  fragColor = vec4(vColor.rgb * vShade, vColor.a);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;
