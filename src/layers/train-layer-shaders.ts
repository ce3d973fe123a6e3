/**
 * The train layer's shaders: one box per car (see `shaders/unit-box.ts`),
 * its data read from a texture of the frame's cars, lit by the sun
 * (`shaders/sun-lighting.ts`), and the layer's uniforms.
 *
 * @module
 */
import { CAR_SPACING, CAR_STRIDE } from '../data/trains/train-frame-format.ts';
import { uniformsModule } from './shaders/uniforms-module.ts';

/** Texels of the car data texture per car (three RGBA32UI texels, see CAR_STRIDE). */
export const CAR_TEXELS = CAR_STRIDE / 16;
/** Cars per row of the data texture, and its width in texels. */
export const CARS_PER_ROW = 1024;
export const TEXTURE_WIDTH = CARS_PER_ROW * CAR_TEXELS;

/**
 * The layer's uniforms: car size (metres: length, width, height), opacities on the ground and underground, least
 * size in pixels, and faces drawn per car (3: the side and the end towards the camera, and the top; or 2, no end,
 * when zoomed out).
 */
export const trainUniforms = uniformsModule('train', { carSize: 'vec3<f32>', groundOpacity: 'f32', undergroundOpacity: 'f32', minPixels: 'f32', faces: 'f32' });

export const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME train-layer-vertex-shader
#define CAR_SPACING ${CAR_SPACING.toFixed(4)}
#define TEXTURE_WIDTH ${TEXTURE_WIDTH}

precision highp usampler2D;
uniform usampler2D carData;

out vec4 vColor;
out vec3 vLocal;
out vec3 vShade;

uvec4 car_texel(int car, int k) {
  int texel = car * ${CAR_TEXELS} + k;
  return texelFetch(carData, ivec2(texel % TEXTURE_WIDTH, texel / TEXTURE_WIDTH), 0);
}

vec4 car_bytes(uint word) {
  return vec4(float(word & 255u), float((word >> 8) & 255u), float((word >> 16) & 255u), float(word >> 24)) / 255.0;
}

void main(void) {
  // One plain draw of 6 vertices per face of every car (SwiftShader runs an instanced draw as one draw per instance):
  // the car is gl_VertexID / (6 · faces), its data three texels of the data texture, its corner one of the box's.
  int faces = int(train.faces + 0.5);
  int car = gl_VertexID / (faces * 6);
  int corner = gl_VertexID - car * faces * 6;
  int slot = corner / 6;
  int quadCorner = QUAD[corner - slot * 6];
  uvec4 t0 = car_texel(car, 0);
  uvec4 t1 = car_texel(car, 1);
  uvec4 t2 = car_texel(car, 2);
  vec3 instancePositions = uintBitsToFloat(t0.xyz);
  vec3 instancePositions64Low = vec3(uintBitsToFloat(t0.w), uintBitsToFloat(t1.xy));
  vec2 instanceOrientations = uintBitsToFloat(t1.zw);
  vec4 instanceColors = car_bytes(t2.x);
  vec4 instanceFlags = car_bytes(t2.y);
  float bearing = instanceOrientations.x;
  float pitch = instanceOrientations.y;
  float cp = cos(pitch), sp = sin(pitch);
  float cb = cos(bearing), sb = sin(bearing);

  // Only the faces towards the camera: the side and the end that face it, and the top (the others are hidden behind
  // them). Which side that is follows from where the camera is in the car's frame (its slope changes nothing here).
  vec3 centre = project_position(instancePositions, instancePositions64Low);
  vec3 toCamera = project.cameraPosition - centre;
  int side = toCamera.x * cb - toCamera.y * sb > 0.0 ? 0 : 1;
  int end = toCamera.x * sb + toCamera.y * cb > 0.0 ? 2 : 3;
  int face = slot == 0 ? side : slot == faces - 1 ? 4 : end;
  vec3 positions = BOX_CORNERS[face * 4 + quadCorner];
  vec3 normals = BOX_NORMALS[face];

  geometry.worldPosition = instancePositions;
  geometry.pickingColor = picking_getPickingColorFromIndex(float(car));

  // Keep cars visible when zoomed out: enlarge below a minimum on-screen size.
  float lengthPixels = project_size_to_pixel(train.carSize.x);
  float widthPixels = project_size_to_pixel(train.carSize.y);
  float grow = max(1.0, train.minPixels / max(min(lengthPixels, widthPixels * 1.6), 1e-6));
  vec3 size = vec3(train.carSize.y, train.carSize.x, train.carSize.z) * grow;
  // A whole train in one box (zoomed far out): the union of its enlarged cars on a straight track.
  float cars = floor(instanceFlags.w * 255.0 + 0.5);
  size.y += max(cars - 1.0, 0.0) * train.carSize.x * CAR_SPACING;

  // Local box: x across, y along the track, z up; tilt by pitch then turn to the bearing (clockwise from north).
  vec3 p = positions * size + vec3(0.0, 0.0, size.z * 0.5);
  vec3 n = normals;
  p = vec3(p.x, p.y * cp - p.z * sp, p.y * sp + p.z * cp);
  n = vec3(n.x, n.y * cp - n.z * sp, n.y * sp + n.z * cp);
  p = vec3(p.x * cb + p.y * sb, -p.x * sb + p.y * cb, p.z);
  n = vec3(n.x * cb + n.y * sb, -n.x * sb + n.y * cb, n.z);

  geometry.position = vec4(centre + project_size(p), 1.0);
  gl_Position = project_common_position_to_clipspace(geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);

  // The sun's light (by the time of day, from the light state) on each face; lit windows glow at night.
  vShade = sunLighting_getShade(n, 0.55);
  vLocal = positions;
  float underground = instanceFlags.x;
  float opacity = mix(train.groundOpacity, train.undergroundOpacity, underground);
  vec3 rgb = instanceColors.rgb;
  // The selected train glows slightly.
  rgb = mix(rgb, vec3(1.0), instanceFlags.z * 0.25);
  vColor = vec4(rgb, instanceColors.a * opacity * layer.opacity);
  DECKGL_FILTER_COLOR(vColor, geometry);
}
`;

export const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME train-layer-fragment-shader
precision highp float;

in vec4 vColor;
in vec3 vLocal;
in vec3 vShade;
out vec4 fragColor;

void main(void) {
  // Dark ends outline each car so neighbouring cars and the line underneath stay distinct.
  float ends = step(0.94, abs(vLocal.y) * 2.0);
  vec3 rgb = vColor.rgb * vShade * (1.0 - 0.45 * ends);
  fragColor = vec4(rgb, vColor.a);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;
