/**
 * The GTFS vehicle layer's shaders: boxes made from `gl_VertexID`, shaped by
 * route type, each placed where its timed path (from the vehicle texture,
 * `data/gtfs/vehicle-texels.ts`) puts it at the frame's time, found by the
 * GPU. They use no deck.gl shader modules: the layer draws them with a few
 * WebGL calls and one uniform block of its own (see `gtfs-vehicle-layer.ts`),
 * and its program is prepared before the layer exists
 * (`gtfs-vehicle-program.ts`).
 *
 * @module
 */
import { TEXELS_PER_VEHICLE, VEHICLE_TEXTURE_WIDTH } from '../data/gtfs/vehicle-texels.ts';

/**
 * The frame's uniform block (std140: only mat4 and vec4 members, so the floats follow each other):
 * - viewProjection: deck.gl's view-projection matrix (world units → clip space);
 * - originClip: that matrix applied to the texture's origin (computed in double precision);
 * - scales: world units per metre across and up, pixels per metre, least vehicle size in pixels;
 * - state: metres of one track unit, seconds since the texture's base time, opacity, 1 while picking;
 * - the trains' lighting: ambient (its w the night glow), sun and sky colours and directions.
 */
const uniformBlock = /* glsl */ `\
uniform vehicleFrame {
  mat4 viewProjection;
  vec4 originClip;
  vec4 scales;
  vec4 state;
  vec4 ambient;
  vec4 sunColor;
  vec4 toSun;
  vec4 skyColor;
  vec4 toSky;
} frame;
`;

/** Size of the frame's uniform block in floats. */
export const FRAME_FLOATS = 16 + 8 * 4;
/** Float offsets of the block's members. */
export const FRAME = { viewProjection: 0, originClip: 16, scales: 20, state: 24, ambient: 28, sunColor: 32, toSun: 36, skyColor: 40, toSky: 44 } as const;

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

/** Faces drawn per vehicle (a box without its bottom), six vertices each. */
export const FACES = 5;

export const VEHICLE_VS = /* glsl */ `\
#version 300 es
#define SHADER_NAME gtfs-vehicle-vertex-shader
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D vehicleData;
${uniformBlock}
${glslConstants()}

out vec4 vColor;
out vec3 vLocal;
out vec3 vShade;
flat out int vKind;

vec4 texel(int i) {
  return texelFetch(vehicleData, ivec2(i % ${VEHICLE_TEXTURE_WIDTH}, i / ${VEHICLE_TEXTURE_WIDTH}), 0);
}

// The index+1 of the vehicle in three bytes, as deck.gl decodes a picked colour.
vec3 pickingColor(int index) {
  int i = index + 1;
  return vec3(float(i % 256), float((i / 256) % 256), float(i / 65536)) / 255.0;
}

void main(void) {
  // One plain draw of 6 vertices per face of every vehicle, as the trains' layer does (software WebGL runs an
  // instanced draw as one draw per instance).
  int vehicle = gl_VertexID / ${FACES * 6};
  int corner = gl_VertexID - vehicle * ${FACES * 6};
  int face = corner / 6;
  vec3 positions = BOX_CORNERS[face * 4 + QUAD[corner - face * 6]];
  vec3 normals = BOX_NORMALS[face];
  vec4 head = texel(vehicle * ${TEXELS_PER_VEHICLE});
  vec4 paint = texel(vehicle * ${TEXELS_PER_VEHICLE} + 1);

  // Where the vehicle is now on its timed path (as texelPoseAt in vehicle-texels.ts): the last point passed, then
  // a linear step towards the next.
  int first = int(head.x + 0.5);
  int last = int(head.y + 0.5);
  float now = frame.state.y;
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
  vec3 dimensions = max(KIND_SIZE[kind], KIND_UNITS[kind] * frame.state.x);
  // Keep vehicles visible when zoomed out: never shorter than 1.6 × the least size on screen, nor narrower or lower
  // than 0.8 × it (a squat box far out, the real shape close up).
  float least = frame.scales.w / frame.scales.z;
  vec3 size = vec3(max(dimensions.y, least * 0.8), max(dimensions.x, least * 1.6), max(dimensions.z, least * 0.8));

  // Local box: x across, y along the direction of travel, z up; turned to the bearing (clockwise from north).
  vec3 p = positions * size + vec3(0.0, 0.0, size.z * 0.5);
  float cb = cos(bearing), sb = sin(bearing);
  p = vec3(p.x * cb + p.y * sb, -p.x * sb + p.y * cb, p.z);
  vec3 n = vec3(normals.x * cb + normals.y * sb, -normals.x * sb + normals.y * cb, normals.z);

  // World units relative to the origin, whose clip position came in double precision.
  vec4 world = vec4(offset + p.xy * frame.scales.x, p.z * frame.scales.y, 0.0);
  gl_Position = frame.viewProjection * world + frame.originClip;

  vShade = frame.ambient.rgb + frame.sunColor.rgb * max(dot(n, frame.toSun.xyz), 0.0) + frame.skyColor.rgb * max(dot(n, frame.toSky.xyz), 0.0) + vec3(0.55 * frame.ambient.w);
  vLocal = positions;
  vKind = kind;
  // The tracked vehicle glows slightly; while picking, the colour is the vehicle's index.
  vColor = frame.state.w > 0.5 ? vec4(pickingColor(vehicle), 1.0) : vec4(mix(paint.rgb, vec3(1.0), head.w * 0.3), frame.state.z);
}
`;

export const VEHICLE_FS = /* glsl */ `\
#version 300 es
#define SHADER_NAME gtfs-vehicle-fragment-shader
precision highp float;

${uniformBlock}

in vec4 vColor;
in vec3 vLocal;
in vec3 vShade;
flat in int vKind;
out vec4 fragColor;

void main(void) {
  if (frame.state.w > 0.5) {
    fragColor = vColor;
    return;
  }
  vec3 edge = abs(vLocal) * 2.0;
  bool top = edge.z > 0.999;
  float glow = frame.ambient.w;
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
}
`;
