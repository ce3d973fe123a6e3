import { COORD_SCALE, OFFSET_SCALE, VERTEX_SECTIONS } from '../bundle/network-format.ts';
import type { SectionInput } from '../bundle/container.ts';
import { mercatorToLngLat, type TrackVertex } from './polyline.ts';

/** Encodes vertices as fixed-point, delta-coded sections named with `prefix`. */
export function encodeVertices(prefix: string, vertices: TrackVertex[]): Record<string, SectionInput> {
  const n = vertices.length;
  const lng = new Int32Array(n);
  const lat = new Int32Array(n);
  const vx = new Int32Array(n);
  const vy = new Int32Array(n);
  const vz = new Int32Array(n);
  const opacity = new Uint8Array(n);
  vertices.forEach((v, i) => {
    const [x, y] = mercatorToLngLat(v.x, v.y);
    lng[i] = Math.round(x * COORD_SCALE);
    lat[i] = Math.round(y * COORD_SCALE);
    vx[i] = Math.round(v.vx * OFFSET_SCALE);
    vy[i] = Math.round(v.vy * OFFSET_SCALE);
    vz[i] = Math.round(v.vz * OFFSET_SCALE);
    opacity[i] = Math.round(Math.max(0, Math.min(1, v.op)) * 255);
  });
  const names = VERTEX_SECTIONS(prefix);
  return {
    [names.lng]: { type: 'dvarint', values: lng },
    [names.lat]: { type: 'dvarint', values: lat },
    [names.vx]: { type: 'dvarint', values: vx },
    [names.vy]: { type: 'dvarint', values: vy },
    [names.vz]: { type: 'dvarint', values: vz },
    [names.opacity]: { type: 'u8', values: opacity },
  };
}
