/**
 * The aircraft layer's shaders: one instance of the aircraft mesh
 * (`aircraft-mesh.ts`) per flight, oriented by heading, pitch and bank, lit
 * by the sun (`shaders/sun-lighting.ts`), and the layer's uniforms.
 *
 * @module
 */
import { uniformsModule } from './shaders/uniforms-module.ts';

/** The layer's uniforms: opacity, least drawn length in pixels, and the mesh's length (metres). */
export const aircraftUniforms = uniformsModule('aircraft', { opacity: 'f32', minPixels: 'f32', length: 'f32' });

export const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME aircraft-layer-vertex-shader
in vec3 positions;
in vec3 normals;
in float parts;
in vec3 instancePositions;
in vec3 instancePositions64Low;
in vec3 instanceAttitudes;
in vec4 instanceBodyColors;
in vec4 instanceTailColors;
in vec4 instanceFlags;
out vec4 vColor;
out vec3 vShade;

// Local (x right wing, y nose, z up) to map (x east, y north, z up): bank about y, pitch about x, then heading.
vec3 orient(vec3 v, vec3 attitude) {
  float ch = cos(attitude.x), sh = sin(attitude.x);
  float cp = cos(attitude.y), sp = sin(attitude.y);
  float cb = cos(attitude.z), sb = sin(attitude.z);
  v = vec3(v.x * cb + v.z * sb, v.y, -v.x * sb + v.z * cb);
  v = vec3(v.x, v.y * cp - v.z * sp, v.y * sp + v.z * cp);
  return vec3(v.x * ch + v.y * sh, -v.x * sh + v.y * ch, v.z);
}

void main(void) {
  geometry.worldPosition = instancePositions;
  geometry.pickingColor = picking_getPickingColorFromIndex(float(gl_InstanceID));
  // Keep aircraft visible when zoomed out: enlarge below a minimum on-screen length.
  float lengthPixels = project_size_to_pixel(aircraft.length);
  float grow = max(1.0, aircraft.minPixels / max(lengthPixels, 1e-6));
  vec3 p = orient(positions * grow, instanceAttitudes);
  vec3 n = orient(normals, instanceAttitudes);
  gl_Position = project_position_to_clipspace(instancePositions, instancePositions64Low, project_size(p), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);

  vShade = sunLighting_getShade(n, 0.35);
  vec3 rgb = parts < 0.5 ? instanceBodyColors.rgb : parts < 1.5 ? instanceTailColors.rgb : vec3(0.12, 0.14, 0.18);
  // The selected aircraft glows slightly.
  rgb = mix(rgb, vec3(1.0, 0.57, 0.0), instanceFlags.x * 0.25);
  vColor = vec4(rgb, aircraft.opacity * layer.opacity);
  DECKGL_FILTER_COLOR(vColor, geometry);
}
`;

export const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME aircraft-layer-fragment-shader
precision highp float;
in vec4 vColor;
in vec3 vShade;
out vec4 fragColor;
void main(void) {
  fragColor = vec4(vColor.rgb * vShade, vColor.a);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;
