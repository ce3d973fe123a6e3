/**
 * The bitmap label layer's shaders: one screen-aligned quad per label, on
 * whole device pixels, textured from the label atlas (`label-atlas.ts`): text
 * over its halo. And the layer's uniforms.
 *
 * @module
 */
import { uniformsModule } from './shaders/uniforms-module.ts';

/** The layer's uniforms: text and halo colours (RGBA 0–1) and the atlas's size in pixels. */
export const bitmapLabelUniforms = uniformsModule('bitmapLabel', { textColor: 'vec4<f32>', haloColor: 'vec4<f32>', atlasSize: 'vec2<f32>' }, { fs: true });

export const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME bitmap-label-layer-vertex-shader
in vec3 positions;
in vec3 positions64Low;
in vec2 offsets;
in vec2 atlasCorners;
in float textOpacities;
out vec2 vUv;
out float vTextOpacity;

void main(void) {
  geometry.worldPosition = positions;
  vec4 anchor = project_position_to_clipspace(positions, positions64Low, vec3(0.0), geometry.position);
  if (anchor.w <= 0.0) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0);
    return;
  }
  // The anchor on a whole device pixel, then whole-pixel offsets: each bitmap pixel on one screen pixel.
  vec2 size = project.viewportSize;
  vec2 pixel = floor((anchor.xy / anchor.w * 0.5 + 0.5) * size + 0.5) + offsets * vec2(1.0, -1.0);
  gl_Position = vec4(pixel / size * 2.0 - 1.0, 0.0, 1.0);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);
  vUv = atlasCorners / bitmapLabel.atlasSize;
  vTextOpacity = textOpacities;
}
`;

export const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME bitmap-label-layer-fragment-shader
precision highp float;
uniform sampler2D labelAtlas;
in vec2 vUv;
in float vTextOpacity;
out vec4 fragColor;

void main(void) {
  vec2 coverage = texture(labelAtlas, vUv).rg;
  float text = coverage.r * bitmapLabel.textColor.a * vTextOpacity;
  float halo = coverage.g * bitmapLabel.haloColor.a * (1.0 - text);
  float alpha = text + halo;
  if (alpha < 0.004) discard;
  fragColor = vec4((bitmapLabel.textColor.rgb * text + bitmapLabel.haloColor.rgb * halo) / alpha, alpha * layer.opacity);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;
