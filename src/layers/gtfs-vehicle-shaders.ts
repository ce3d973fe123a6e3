/**
 * The GTFS vehicle layer's shaders (boxes made from `gl_VertexID`, shaped by
 * route type, placed from a float texture of poses: see
 * `gtfs-vehicle-layer.ts`) and the rest of what its model is made of; apart
 * from the layer so that its program can be prepared before the layer exists
 * (`gtfs-vehicle-program.ts`).
 *
 * @module
 */
import { picking, project32 } from '@deck.gl/core';
import type { ShaderModule } from '@luma.gl/shadertools';

const uniformBlock = /* glsl */ `\
uniform gtfsVehicleUniforms {
  float minPixels;
  float unitMetres;
  vec3 ambient;
  vec3 sunColor;
  vec3 toSun;
  vec3 skyColor;
  vec3 toSky;
  float glow;
} gtfsVehicle;
`;

interface VehicleUniformProps {
  minPixels: number;
  unitMetres: number;
  ambient: [number, number, number];
  sunColor: [number, number, number];
  toSun: [number, number, number];
  skyColor: [number, number, number];
  toSky: [number, number, number];
  glow: number;
}

const vehicleUniforms = {
  name: 'gtfsVehicle',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: { minPixels: 'f32', unitMetres: 'f32', ambient: 'vec3<f32>', sunColor: 'vec3<f32>', toSun: 'vec3<f32>', skyColor: 'vec3<f32>', toSky: 'vec3<f32>', glow: 'f32' },
} as const satisfies ShaderModule<VehicleUniformProps>;

/** The faces of a unit box (−0.5…0.5) without its bottom: normal and four corners each (as the trains'). */
const BOX_FACES: ReadonlyArray<[number[], number[][]]> = [
  [[1, 0, 0], [[0.5, -0.5, -0.5], [0.5, 0.5, -0.5], [0.5, 0.5, 0.5], [0.5, -0.5, 0.5]]],
  [[-1, 0, 0], [[-0.5, 0.5, -0.5], [-0.5, -0.5, -0.5], [-0.5, -0.5, 0.5], [-0.5, 0.5, 0.5]]],
  [[0, 1, 0], [[0.5, 0.5, -0.5], [-0.5, 0.5, -0.5], [-0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]],
  [[0, -1, 0], [[-0.5, -0.5, -0.5], [0.5, -0.5, -0.5], [0.5, -0.5, 0.5], [-0.5, -0.5, 0.5]]],
  [[0, 0, 1], [[-0.5, -0.5, 0.5], [0.5, -0.5, 0.5], [0.5, 0.5, 0.5], [-0.5, 0.5, 0.5]]],
];

/**
 * Real length, width and height (metres) of each vehicle kind, in the order of
 * `VEHICLE_KINDS` (bus, rail, subway, tram, ferry, cable, other): a bus is a
 * short tall box, rail a two-car train, a ferry a wide hull.
 */
export const VEHICLE_DIMENSIONS: readonly (readonly [number, number, number])[] = [
  [12, 2.55, 3.2],
  [40, 2.95, 3.8],
  [36, 2.8, 3.6],
  [28, 2.65, 3.4],
  [32, 9, 5],
  [8, 3, 3],
  [10, 2.6, 3],
];
/**
 * The same in track units (see `track-uniforms.ts`): zoomed out, vehicles are drawn at least this large, as the
 * trains' cars are (a car is 0.42 × 0.5 × 0.34 units), so that they read at city scale; real size from about zoom 18.
 */
export const VEHICLE_UNITS: readonly (readonly [number, number, number])[] = [
  [0.6, 0.42, 0.36],
  [0.84, 0.5, 0.34],
  [0.84, 0.5, 0.34],
  [0.7, 0.45, 0.34],
  [0.9, 0.7, 0.36],
  [0.36, 0.4, 0.34],
  [0.5, 0.42, 0.34],
];

const glslConstants = () => {
  const vec3 = (v: readonly number[]) => `vec3(${v.map((x) => x.toFixed(2)).join(', ')})`;
  return [
    `const vec3 BOX_CORNERS[20] = vec3[20](${BOX_FACES.flatMap(([, corners]) => corners.map(vec3)).join(', ')});`,
    `const vec3 BOX_NORMALS[5] = vec3[5](${BOX_FACES.map(([normal]) => vec3(normal)).join(', ')});`,
    `const vec3 KIND_SIZE[${VEHICLE_DIMENSIONS.length}] = vec3[${VEHICLE_DIMENSIONS.length}](${VEHICLE_DIMENSIONS.map(vec3).join(', ')});`,
    `const vec3 KIND_UNITS[${VEHICLE_UNITS.length}] = vec3[${VEHICLE_UNITS.length}](${VEHICLE_UNITS.map(vec3).join(', ')});`,
    'const int QUAD[6] = int[6](0, 1, 2, 0, 2, 3);',
  ].join('\n');
};

/** Texels (RGBA float) per vehicle in the data texture. */
export const TEXELS = 3;
/** Vehicles per row of the data texture. */
export const VEHICLES_PER_ROW = 512;
export const TEXTURE_WIDTH = VEHICLES_PER_ROW * TEXELS;
/** Faces drawn per vehicle (a box without its bottom), six vertices each. */
export const FACES = 5;

const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME gtfs-vehicle-layer-vertex-shader
#define TEXTURE_WIDTH ${TEXTURE_WIDTH}

precision highp sampler2D;
uniform sampler2D vehicleData;

${glslConstants()}

out vec4 vColor;
out vec3 vLocal;
out vec3 vShade;
flat out int vKind;

vec4 vehicle_texel(int vehicle, int k) {
  int texel = vehicle * ${TEXELS} + k;
  return texelFetch(vehicleData, ivec2(texel % TEXTURE_WIDTH, texel / TEXTURE_WIDTH), 0);
}

void main(void) {
  // One plain draw of 6 vertices per face of every vehicle, as the trains' layer does (software WebGL runs an
  // instanced draw as one draw per instance): the vehicle is gl_VertexID / 30, its data three texels.
  int vehicle = gl_VertexID / ${FACES * 6};
  int corner = gl_VertexID - vehicle * ${FACES * 6};
  int face = corner / 6;
  vec3 positions = BOX_CORNERS[face * 4 + QUAD[corner - face * 6]];
  vec3 normals = BOX_NORMALS[face];
  vec4 t0 = vehicle_texel(vehicle, 0);
  vec4 t1 = vehicle_texel(vehicle, 1);
  vec4 t2 = vehicle_texel(vehicle, 2);
  vec3 position = vec3(t0.xy, 0.0);
  vec3 position64Low = vec3(t0.zw, 0.0);

  geometry.worldPosition = position;
  geometry.pickingColor = picking_getPickingColorFromIndex(float(vehicle));

  int kind = int(t1.y + 0.5);
  // Real size close up, the trains' exaggerated scale further out.
  vec3 dimensions = max(KIND_SIZE[kind], KIND_UNITS[kind] * gtfsVehicle.unitMetres);
  // Keep vehicles visible when zoomed out: never shorter than 1.6 × minPixels on screen, nor narrower or lower than
  // 0.8 × minPixels (a squat box far out, the real shape close up).
  float metresPerPixel = dimensions.x / max(project_size_to_pixel(dimensions.x), 1e-6);
  float least = gtfsVehicle.minPixels * metresPerPixel;
  vec3 size = vec3(max(dimensions.y, least * 0.8), max(dimensions.x, least * 1.6), max(dimensions.z, least * 0.8));

  // Local box: x across, y along the direction of travel, z up; turned to the bearing (clockwise from north).
  float bearing = t1.x;
  vec3 p = positions * size + vec3(0.0, 0.0, size.z * 0.5);
  float cb = cos(bearing), sb = sin(bearing);
  p = vec3(p.x * cb + p.y * sb, -p.x * sb + p.y * cb, p.z);
  vec3 n = vec3(normals.x * cb + normals.y * sb, -normals.x * sb + normals.y * cb, normals.z);

  gl_Position = project_position_to_clipspace(position, position64Low, project_size(p), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);

  vShade = gtfsVehicle.ambient + gtfsVehicle.sunColor * max(dot(n, gtfsVehicle.toSun), 0.0) + gtfsVehicle.skyColor * max(dot(n, gtfsVehicle.toSky), 0.0) + vec3(0.55 * gtfsVehicle.glow);
  vLocal = positions;
  vKind = kind;
  // The tracked vehicle glows slightly.
  vColor = vec4(mix(t2.rgb, vec3(1.0), t1.z * 0.3), layer.opacity);
  DECKGL_FILTER_COLOR(vColor, geometry);
}
`;

const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME gtfs-vehicle-layer-fragment-shader
precision highp float;

in vec4 vColor;
in vec3 vLocal;
in vec3 vShade;
flat in int vKind;
out vec4 fragColor;

void main(void) {
  vec3 edge = abs(vLocal) * 2.0;
  bool top = edge.z > 0.999;
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
  vec3 glass = mix(vec3(0.1, 0.13, 0.18) * vShade, vec3(1.0, 0.86, 0.55), gtfsVehicle.glow * 0.8);
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

/** The layer's own shaders (deck.gl adds its default modules, see `gtfs-vehicle-program.ts`). */
export const VEHICLE_SHADERS = { vs, fs, modules: [project32, picking, vehicleUniforms] };

/** The rest of what the layer's model is made of (one draw of `gl_VertexID`-generated boxes, no buffers). */
export const VEHICLE_MODEL_PROPS = { topology: 'triangle-list', vertexCount: 0, bufferLayout: [] } as const;
