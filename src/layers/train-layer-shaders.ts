/**
 * The train layer's shaders: one box per car (see `shaders/unit-box.ts`),
 * its data read from a texture of the frame's cars, lit by the sun
 * (`shaders/sun-lighting.ts`), and the layer's uniforms.
 *
 * @module
 */
import { CAR_ENDS, CAR_SPACING, CAR_STRIDE } from '../data/trains/train-frame-format.ts';
import { CAR_SHAPE_LIST, FERRY_KIND, type CarShape } from '../data/trains/vehicle-shapes.ts';
import { uniformsModule } from './shaders/uniforms-module.ts';
import { glslVec3 } from './shaders/unit-box.ts';

/** Texels of the car data texture per car (three RGBA32UI texels, see CAR_STRIDE). */
export const CAR_TEXELS = CAR_STRIDE / 16;
/** Cars per row of the data texture, and its width in texels. */
export const CARS_PER_ROW = 1024;
export const TEXTURE_WIDTH = CARS_PER_ROW * CAR_TEXELS;

/**
 * The layer's uniforms: ground metres of one track unit (a car's size is its kind's units times this, its real size
 * at least: see `vehicle-shapes.ts`), opacities on the ground and underground, least size in pixels, and faces drawn
 * per car (3: the side and the end towards the camera, and the top; or 2, no end, when zoomed out).
 */
export const trainUniforms = uniformsModule('train', { unitMetres: 'f32', groundOpacity: 'f32', undergroundOpacity: 'f32', minPixels: 'f32', faces: 'f32' });

/** A GLSL `const vec3` array of one size of each kind's car, in the order of the frame's kind numbers. */
const kindSizes = (name: string, size: (shape: CarShape) => readonly number[]) =>
  `const vec3 ${name}[${CAR_SHAPE_LIST.length}] = vec3[${CAR_SHAPE_LIST.length}](${CAR_SHAPE_LIST.map((shape) => glslVec3(size(shape))).join(', ')});`;
/** The same of whether a kind's cars are drawn end to end, as one body. */
const kindJoined = `const bool KIND_JOINED[${CAR_SHAPE_LIST.length}] = bool[${CAR_SHAPE_LIST.length}](${CAR_SHAPE_LIST.map((shape) => String(shape.joined)).join(', ')});`;

/** A ferry's hull: width at the bow (of the front half) and at the stern (of the back half), shares of its beam. */
const BOW_WIDTH = 0.15;
const STERN_WIDTH = 0.8;

export const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME train-layer-vertex-shader
#define CAR_SPACING ${CAR_SPACING.toFixed(4)}
#define TEXTURE_WIDTH ${TEXTURE_WIDTH}
#define FERRY ${FERRY_KIND}

precision highp usampler2D;
uniform usampler2D carData;
${kindSizes('KIND_METRES', (shape) => shape.metres)}
${kindSizes('KIND_UNITS', (shape) => shape.units)}
${kindJoined}

out vec4 vColor;
out vec3 vLocal;
out vec3 vShade;
// Darkening of the car's front and back ends (its outline); a ferry: 1, and where its deckhouse starts and ends (vLocal.y).
flat out vec2 vEnds;
flat out vec3 vFerry;

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

  // The kind of vehicle (its car's size and look), and which ends of the vehicle this box holds.
  int kind = int(t2.z & 255u);
  uint ends = (t2.z >> 8) & 255u;
  bool front = (ends & ${CAR_ENDS.front}u) != 0u;
  bool back = (ends & ${CAR_ENDS.back}u) != 0u;
  vec3 carSize = max(KIND_UNITS[kind] * train.unitMetres, KIND_METRES[kind]);
  bool joined = KIND_JOINED[kind];
  // A ferry's hull narrows to a pointed bow at its front and a little at its stern: widths at the box's two ends.
  vec2 widths = kind == FERRY ? vec2(front ? ${BOW_WIDTH.toFixed(2)} : 1.0, back ? ${STERN_WIDTH.toFixed(2)} : 1.0) : vec2(1.0);
  vec3 shape = vec3(positions.x * (positions.y > 0.0 ? widths.x : widths.y), positions.yz);

  geometry.worldPosition = instancePositions;
  geometry.pickingColor = picking_getPickingColorFromIndex(float(car));

  // Keep cars visible when zoomed out: enlarge below a minimum on-screen size.
  float lengthPixels = project_size_to_pixel(carSize.x);
  float widthPixels = project_size_to_pixel(carSize.y);
  float grow = max(1.0, train.minPixels / max(min(lengthPixels, widthPixels * 1.6), 1e-6));
  vec3 size = vec3(carSize.y, carSize.x, carSize.z) * grow;
  // Cars of one body meet: no gap between them.
  if (joined) size.y = max(size.y, carSize.x * CAR_SPACING);
  // A whole train in one box (zoomed far out): the union of its enlarged cars on a straight track.
  float cars = floor(instanceFlags.w * 255.0 + 0.5);
  size.y += max(cars - 1.0, 0.0) * carSize.x * CAR_SPACING;

  // Local box: x across, y along the track, z up; tilt by pitch then turn to the bearing (clockwise from north).
  vec3 p = shape * size + vec3(0.0, 0.0, size.z * 0.5);
  // A narrowing side leans towards the narrow end.
  vec3 n = normalize(vec3(normals.x, normals.y - abs(normals.x) * 0.5 * size.x * (widths.x - widths.y) / size.y, normals.z));
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
  // Dark ends outline each car; of one body, only its front and back.
  vEnds = vec2(!joined || front ? 0.45 : 0.0, !joined || back ? 0.45 : 0.0);
  // A ferry's deckhouse runs from behind its bow to before its stern, across the halves of its hull.
  vFerry = kind == FERRY ? vec3(1.0, back ? -0.3 : -0.5, front ? 0.05 : 0.5) : vec3(0.0);
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
flat in vec2 vEnds;
flat in vec3 vFerry;
out vec4 fragColor;

void main(void) {
  // Dark ends outline each car so neighbouring cars and the line underneath stay distinct.
  float ends = step(0.94, vLocal.y * 2.0) * vEnds.x + step(0.94, -vLocal.y * 2.0) * vEnds.y;
  vec3 rgb = vColor.rgb * vShade * (1.0 - ends);
  // A ferry: a light deckhouse along the middle of its deck, and a dark hull below its rail.
  if (vFerry.x > 0.5) {
    float deck = step(0.499, vLocal.z) * step(abs(vLocal.x), 0.3) * step(vFerry.y, vLocal.y) * step(vLocal.y, vFerry.z);
    float hull = step(vLocal.z, 0.0) * (1.0 - step(0.499, vLocal.z));
    rgb = mix(rgb, vec3(0.96) * vShade, deck * 0.85);
    rgb = mix(rgb, vec3(0.12, 0.13, 0.16) * vShade, hull * 0.7);
  }
  fragColor = vec4(rgb, vColor.a);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;
