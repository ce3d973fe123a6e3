import { project } from '@deck.gl/core';
import type { ShaderModule } from '@luma.gl/shadertools';

/**
 * Uniforms shared by the layers that draw on the track geometry. A vertex's
 * offset vector (track-spacing units) becomes common-space distance through
 * `track_offset`, scaled by `track_scale()` = 2^(14 − clamp(zoom, 13, 18)) so
 * that parallel lines keep a constant distance on screen from zoom 13 to 18.
 */
export interface TrackUniformProps {
  /** Common units per track-spacing unit at zoom 14. */
  spacing: number;
  /** Metres per depth unit at zoom 14. */
  depth: number;
  /** Current map zoom (set by the layer from its viewport at draw time). */
  zoom: number;
  /** Opacity multipliers of items on the ground and underground (they change with the view mode). */
  groundOpacity: number;
  undergroundOpacity: number;
  /** Minimum width in pixels of lines. */
  minWidthPixels: number;
  /**
   * How far a layer's vertices are moved towards the camera along the line of sight, in underground levels (0 by
   * default; see `TrackLineLayer`'s `depthBias`).
   */
  depthBias?: number;
  /** Colour (RGBA 0–1) of the outline a layer draws around its lines in the same pass (see `TrackLineLayer`). */
  outlineColor?: [number, number, number, number];
}

const glsl = /* glsl */ `\
layout(std140) uniform trackUniforms {
  float spacing;
  float depth;
  float zoom;
  float groundOpacity;
  float undergroundOpacity;
  float minWidthPixels;
  float depthBias;
  vec4 outlineColor;
} track;

float track_scale() {
  return exp2(14.0 - clamp(track.zoom, 13.0, 18.0));
}

vec3 track_offset(vec3 v) {
  float s = track_scale();
  return vec3(v.xy * track.spacing * s, v.z * track.depth * s * project.commonUnitsPerMeter.z);
}

// 0 on the ground, 1 underground.
float track_underground(float vz) {
  return clamp(-vz * 4.0, 0.0, 1.0);
}

float track_view_opacity(float vz) {
  return mix(track.groundOpacity, track.undergroundOpacity, track_underground(vz));
}
`;

export const trackUniforms = {
  name: 'track',
  vs: glsl,
  dependencies: [project],
  uniformTypes: {
    spacing: 'f32',
    depth: 'f32',
    zoom: 'f32',
    groundOpacity: 'f32',
    undergroundOpacity: 'f32',
    minWidthPixels: 'f32',
    depthBias: 'f32',
    outlineColor: 'vec4<f32>',
  },
  defaultUniforms: { spacing: 0, depth: 0, zoom: 0, groundOpacity: 1, undergroundOpacity: 1, minWidthPixels: 0, depthBias: 0, outlineColor: [0, 0, 0, 0] },
} as const satisfies ShaderModule<TrackUniformProps>;

/** Track uniforms a layer is given; the zoom comes from the viewport when drawing. */
export type TrackStyle = Omit<TrackUniformProps, 'zoom' | 'depthBias' | 'outlineColor'>;
