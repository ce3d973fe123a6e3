/**
 * The box the trains' cars and the GTFS vehicles are drawn as: a shader
 * module of GLSL constants for a unit box (−0.5…0.5) with flat normals and no
 * bottom face (the camera is never below a vehicle: underground cars are seen
 * from above, through the ground), five faces of two triangles.
 *
 * - `BOX_CORNERS[face * 4 + k]`: the face's corners k = 0…3;
 * - `BOX_NORMALS[face]`: its normal (faces: +x, −x, +y, −y, +z);
 * - `QUAD[i]`: the corner k of a face's vertex i = 0…5 (triangles 0 1 2 and 0 2 3).
 *
 * @module
 */
import type { ShaderModule } from '@luma.gl/shadertools';

/** The faces: normal and four corners each. */
const BOX_FACES: ReadonlyArray<[number[], number[][]]> = [
  [[1, 0, 0], [[0.5, -0.5, -0.5], [0.5, 0.5, -0.5], [0.5, 0.5, 0.5], [0.5, -0.5, 0.5]]],
  [[-1, 0, 0], [[-0.5, 0.5, -0.5], [-0.5, -0.5, -0.5], [-0.5, -0.5, 0.5], [-0.5, 0.5, 0.5]]],
  [[0, 1, 0], [[0.5, 0.5, -0.5], [-0.5, 0.5, -0.5], [-0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]],
  [[0, -1, 0], [[-0.5, -0.5, -0.5], [0.5, -0.5, -0.5], [0.5, -0.5, 0.5], [-0.5, -0.5, 0.5]]],
  [[0, 0, 1], [[-0.5, -0.5, 0.5], [0.5, -0.5, 0.5], [0.5, 0.5, 0.5], [-0.5, 0.5, 0.5]]],
];

/** Faces of the box (it has no bottom), drawn as six vertices each. */
export const BOX_FACE_COUNT = BOX_FACES.length;

/** A GLSL `vec3` of numbers. */
export const glslVec3 = (v: readonly number[]) => `vec3(${v.map((x) => x.toFixed(2)).join(', ')})`;

/** See the module description. */
export const unitBox = {
  name: 'unitBox',
  vs: [
    `const vec3 BOX_CORNERS[20] = vec3[20](${BOX_FACES.flatMap(([, corners]) => corners.map(glslVec3)).join(', ')});`,
    `const vec3 BOX_NORMALS[5] = vec3[5](${BOX_FACES.map(([normal]) => glslVec3(normal)).join(', ')});`,
    'const int QUAD[6] = int[6](0, 1, 2, 0, 2, 3);',
    '',
  ].join('\n'),
} as const satisfies ShaderModule;
