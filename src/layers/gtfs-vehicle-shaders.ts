/**
 * The GTFS vehicle layer's shaders: boxes (`shaders/unit-box.ts`) made from
 * `gl_VertexID`, shaped by route type, each placed where its timed path (from
 * the vehicle texture, `data/gtfs/vehicle-texels.ts`) puts it at the frame's
 * time, found by the GPU; lit by the sun (`shaders/sun-lighting.ts`). And the
 * frame's uniform block.
 *
 * @module
 */
import { picking } from '@deck.gl/core';
import type { ModelProps } from '@luma.gl/engine';
import type { ShaderModule } from '@luma.gl/shadertools';
import type { VehicleKind } from '../data/gtfs/feed-model.ts';
import { VEHICLE_KINDS } from '../data/gtfs/feed-view.ts';
import { TEXELS_PER_VEHICLE, VEHICLE_TEXTURE_WIDTH } from '../data/gtfs/vehicle-texels.ts';
import { CAR_SHAPES } from '../data/trains/vehicle-shapes.ts';
import { sunLighting } from './shaders/sun-lighting.ts';
import { BOX_FACE_COUNT, glslVec3, unitBox } from './shaders/unit-box.ts';

/**
 * The frame's uniform block, which the layer writes itself each frame (a std140 block of whole vec4s, so the floats
 * follow each other): deck.gl's view-projection matrix (world units → clip space); that matrix applied to the
 * texture's origin, computed in double precision (the vehicles' positions are world units relative to that origin:
 * the shader adds the small offsets to it, where deck.gl's `project` module would place them relative to the view's
 * centre); scales: world units per metre across and up, pixels per metre, least vehicle size in pixels; state: metres
 * of one track unit at the view's zoom, seconds since the texture's base time.
 */
const frameBlock = /* glsl */ `\
layout(std140) uniform vehicleFrameUniforms {
  mat4 viewProjection;
  vec4 originClip;
  vec4 scales;
  vec4 state;
} vehicleFrame;
`;

/** Name of the frame's uniform block (the layer binds its buffer by it), its size in floats and its members' offsets. */
export const FRAME_BLOCK = 'vehicleFrameUniforms';
export const FRAME_FLOATS = 28;
export const FRAME = { viewProjection: 0, originClip: 16, scales: 20, state: 24 } as const;

/**
 * Cars of each kind that a data source's vehicle is drawn as, in one box: a train as two cars, a tram as its three
 * sections, a ferry as its whole hull; the car itself is the one a city bundle's timetable vehicles have
 * (`CAR_SHAPES` in `data/trains/vehicle-shapes.ts`, the one table of what each kind looks like).
 */
const BOX_CARS: Readonly<Record<VehicleKind, number>> = { bus: 1, rail: 2, subway: 2, tram: 3, ferry: 2, cable: 1, other: 1 };

/**
 * Per vehicle kind, in the order of `VEHICLE_KINDS`: its box's real length, width and height (metres), and the same
 * in track units (see `track-uniforms.ts`). Zoomed out, vehicles are drawn at least as large as their track units, as
 * the trains' cars are, so that they read at city scale; real size from about zoom 18.
 */
const VEHICLE_SIZES = VEHICLE_KINDS.map((kind) => {
  const { metres, units } = CAR_SHAPES[kind];
  const cars = BOX_CARS[kind];
  return { metres: [metres[0] * cars, metres[1], metres[2]], units: [units[0] * cars, units[1], units[2]] };
});

/** A GLSL `const vec3` array of one size of each vehicle kind. */
const kindSizes = (name: string, size: (kind: (typeof VEHICLE_SIZES)[number]) => readonly number[]) =>
  `const vec3 ${name}[${VEHICLE_SIZES.length}] = vec3[${VEHICLE_SIZES.length}](${VEHICLE_SIZES.map((kind) => glslVec3(size(kind))).join(', ')});`;

/** Vertices drawn per vehicle: every face of its box (it has no bottom), two triangles each. */
export const VERTICES_PER_VEHICLE = BOX_FACE_COUNT * 6;

const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME gtfs-vehicle-vertex-shader
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D vehicleData;
${frameBlock}
${kindSizes('KIND_SIZE', (kind) => kind.metres)}
${kindSizes('KIND_UNITS', (kind) => kind.units)}

out vec4 vColor;
out vec3 vLocal;
out vec3 vShade;
flat out int vKind;

vec4 texel(int i) {
  return texelFetch(vehicleData, ivec2(i % ${VEHICLE_TEXTURE_WIDTH}, i / ${VEHICLE_TEXTURE_WIDTH}), 0);
}

void main(void) {
  // One plain draw of 6 vertices per face of every vehicle, as the trains' layer does (software WebGL runs an
  // instanced draw as one draw per instance).
  int vehicle = gl_VertexID / ${VERTICES_PER_VEHICLE};
  int corner = gl_VertexID - vehicle * ${VERTICES_PER_VEHICLE};
  int face = corner / 6;
  vec3 positions = BOX_CORNERS[face * 4 + QUAD[corner - face * 6]];
  vec3 normals = BOX_NORMALS[face];
  vec4 head = texel(vehicle * ${TEXELS_PER_VEHICLE});
  vec4 paint = texel(vehicle * ${TEXELS_PER_VEHICLE} + 1);

  // Where the vehicle is now on its timed path (as texelPoseAt in vehicle-texels.ts): the last point passed, then
  // a linear step towards the next.
  int first = int(head.x + 0.5);
  int last = int(head.y + 0.5);
  float now = vehicleFrame.state.y;
  vec4 a = texel(first);
  vec2 offset = a.xy;
  float bearing = a.w;
  if (now > a.z) {
    int lo = first;
    int hi = last;
    while (lo < hi) {
      int mid = (lo + hi + 1) / 2;
      if (texel(mid).z <= now) lo = mid;
      else hi = mid - 1;
    }
    a = texel(lo);
    offset = a.xy;
    bearing = a.w;
    if (lo < last) {
      vec4 b = texel(lo + 1);
      float span = b.z - a.z;
      offset = mix(a.xy, b.xy, span > 0.0 ? min((now - a.z) / span, 1.0) : 1.0);
    }
  }

  int kind = int(head.z + 0.5);
  // Real size close up, the trains' exaggerated scale further out.
  vec3 dimensions = max(KIND_SIZE[kind], KIND_UNITS[kind] * vehicleFrame.state.x);
  // Keep vehicles visible when zoomed out: never shorter than 1.6 × the least size on screen, nor narrower or lower
  // than 0.8 × it (a squat box far out, the real shape close up).
  float least = vehicleFrame.scales.w / vehicleFrame.scales.z;
  vec3 size = vec3(max(dimensions.y, least * 0.8), max(dimensions.x, least * 1.6), max(dimensions.z, least * 0.8));

  // Local box: x across, y along the direction of travel, z up; turned to the bearing (clockwise from north).
  vec3 p = positions * size + vec3(0.0, 0.0, size.z * 0.5);
  float cb = cos(bearing), sb = sin(bearing);
  p = vec3(p.x * cb + p.y * sb, -p.x * sb + p.y * cb, p.z);
  vec3 n = vec3(normals.x * cb + normals.y * sb, -normals.x * sb + normals.y * cb, normals.z);

  // World units relative to the origin, whose clip position came in double precision.
  vec4 world = vec4(offset + p.xy * vehicleFrame.scales.x, p.z * vehicleFrame.scales.y, 0.0);
  gl_Position = vehicleFrame.viewProjection * world + vehicleFrame.originClip;
  geometry.pickingColor = picking_getPickingColorFromIndex(float(vehicle));
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);

  vShade = sunLighting_getShade(n, 0.55);
  vLocal = positions;
  vKind = kind;
  // The tracked vehicle glows slightly.
  vColor = vec4(mix(paint.rgb, vec3(1.0), head.w * 0.3), layer.opacity);
  DECKGL_FILTER_COLOR(vColor, geometry);
}
`;

const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME gtfs-vehicle-fragment-shader
precision highp float;

in vec4 vColor;
in vec3 vLocal;
in vec3 vShade;
flat in int vKind;
out vec4 fragColor;

void main(void) {
  vec3 edge = abs(vLocal) * 2.0;
  bool top = edge.z > 0.999;
  float glow = sunLighting.glow;
  // A band of windows along the sides and across the ends (not on the roof); buses and trams have deeper windows.
  float height = vLocal.z + 0.5;
  float windowLow = vKind == 0 || vKind == 3 ? 0.42 : 0.5;
  float windows = top || vKind == 4 ? 0.0 : step(windowLow, height) * step(height, 0.84) * step(edge.y, 0.97) * step(edge.x, 0.97 + step(0.999, edge.x));
  // Rail vehicles (two cars): a dark joint between the cars.
  float joints = (vKind == 1 || vKind == 2) ? step(abs(vLocal.y), 0.012) : 0.0;
  // Dark outline at the ends so that a vehicle stays distinct from the line under it.
  float ends = step(0.96, edge.y);
  vec3 rgb = vColor.rgb * vShade;
  // Windows: dark glass by day, lit at night.
  vec3 glass = mix(vec3(0.1, 0.13, 0.18) * vShade, vec3(1.0, 0.86, 0.55), glow * 0.8);
  rgb = mix(rgb, glass, windows * 0.85);
  rgb = mix(rgb, vec3(0.08, 0.09, 0.11), max(ends, joints) * 0.7);
  // A light roof with a dark rim, so that a vehicle stands out on a line of its own colour seen from above.
  if (top) {
    float rim = max(step(0.8, edge.x), step(0.9, edge.y));
    rgb = mix(mix(rgb, vec3(0.95) * vShade, 0.45), vec3(0.1, 0.1, 0.12), rim * 0.75);
  }
  fragColor = vec4(rgb, vColor.a);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;

/** The layer's shaders and modules (deck.gl adds its default modules, as for every layer). */
export const VEHICLE_SHADERS: Required<Pick<ModelProps, 'vs' | 'fs' | 'modules'>> = { vs, fs, modules: [picking as ShaderModule, unitBox, sunLighting] };
