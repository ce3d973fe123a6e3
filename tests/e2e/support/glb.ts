/**
 * A minimal glTF 2.0 binary (`.glb`): one box mesh with normals and texture coordinates, for tests that answer a
 * request for a 3D model with a model of known size and place.
 */

/** Size of the box in metres along glTF's axes (y up); it stands on y = 0, centred on x and z. */
export interface BoxSize {
  x: number;
  y: number;
  z: number;
}

/** The six faces: outward normal, and the two axes the face spans (so that u × v = normal). */
const FACES: [number[], number[], number[]][] = [
  [[1, 0, 0], [0, 0, -1], [0, 1, 0]],
  [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
  [[0, 1, 0], [1, 0, 0], [0, 0, -1]],
  [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
  [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
  [[0, 0, -1], [-1, 0, 0], [0, 1, 0]],
];

const pad4 = (n: number) => (n + 3) & ~3;

/** A `.glb` file of a box `size` metres, standing on the origin. */
export function boxGlb(size: BoxSize): Uint8Array {
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const half = [size.x / 2, size.y / 2, size.z / 2];
  for (const [n, u, v] of FACES) {
    const base = positions.length / 3;
    for (const [su, sv] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
      for (let axis = 0; axis < 3; axis++) {
        const unit = n[axis] + su * u[axis] + sv * v[axis];
        positions.push(unit * half[axis] + (axis === 1 ? half[1] : 0));
      }
      normals.push(...n);
      uvs.push((su + 1) / 2, (sv + 1) / 2);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  const min = [-half[0], 0, -half[2]];
  const max = [half[0], size.y, half[2]];

  const parts = [new Float32Array(positions), new Float32Array(normals), new Float32Array(uvs), new Uint16Array(indices)];
  const views: { buffer: number; byteOffset: number; byteLength: number }[] = [];
  let length = 0;
  for (const part of parts) {
    views.push({ buffer: 0, byteOffset: length, byteLength: part.byteLength });
    length = pad4(length + part.byteLength);
  }
  const bin = new Uint8Array(length);
  parts.forEach((part, i) => bin.set(new Uint8Array(part.buffer), views[i].byteOffset));

  const count = positions.length / 3;
  const json = {
    asset: { version: '2.0', generator: 'tests/e2e/support/glb.ts' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, NORMAL: 1, TEXCOORD_0: 2 }, indices: 3, material: 0 }] }],
    materials: [{ pbrMetallicRoughness: { baseColorFactor: [1, 1, 1, 1] } }],
    buffers: [{ byteLength: length }],
    bufferViews: views,
    accessors: [
      { bufferView: 0, componentType: 5126, count, type: 'VEC3', min, max },
      { bufferView: 1, componentType: 5126, count, type: 'VEC3' },
      { bufferView: 2, componentType: 5126, count, type: 'VEC2' },
      { bufferView: 3, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
  };
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = pad4(text.length);
  const total = 12 + 8 + jsonLength + 8 + length;
  const glb = new Uint8Array(total);
  const view = new DataView(glb.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  glb.fill(0x20, 20, 20 + jsonLength); // the JSON chunk is padded with spaces
  glb.set(text, 20);
  view.setUint32(20 + jsonLength, length, true);
  view.setUint32(24 + jsonLength, 0x004e4942, true); // 'BIN'
  glb.set(bin, 28 + jsonLength);
  return glb;
}
