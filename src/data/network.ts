import { readBundle } from './bundle/container.ts';
import {
  COORD_SCALE,
  NETWORK_KIND,
  OFFSET_SCALE,
  VERTEX_SECTIONS,
  type NetworkMeta,
  type RailwayMeta,
  type StationMeta,
} from './bundle/network-format.ts';

export type * from './bundle/network-format.ts';

/**
 * Vertices of track or station geometry: base position (lng/lat, degrees,
 * full precision) plus an offset vector in track-spacing units that the
 * layers scale with zoom.
 */
export interface VertexBlock {
  count: number;
  /** Interleaved [lng, lat, 0] per vertex. */
  positions: Float64Array;
  /** Interleaved [vx, vy, vz] per vertex, track-spacing units (vz: depth units, negative underground). */
  offsets: Float32Array;
  /** 0–255 per vertex; 0 hides the vertex's segments. */
  opacity: Uint8Array;
}

/** The decoded network: metadata plus geometry blocks and lookups. */
export interface Network {
  meta: NetworkMeta;
  track: VertexBlock;
  stationPoints: VertexBlock;
  railwayIndex: Map<string, number>;
  stationIndex: Map<string, number>;
}

function decodeVertices(reader: ReturnType<typeof readBundle>, prefix: string): VertexBlock {
  const names = VERTEX_SECTIONS(prefix);
  const lng = reader.section(names.lng, 'dvarint');
  const lat = reader.section(names.lat, 'dvarint');
  const vx = reader.section(names.vx, 'dvarint');
  const vy = reader.section(names.vy, 'dvarint');
  const vz = reader.section(names.vz, 'dvarint');
  const count = lng.length;
  const positions = new Float64Array(count * 3);
  const offsets = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    positions[i * 3] = lng[i] / COORD_SCALE;
    positions[i * 3 + 1] = lat[i] / COORD_SCALE;
    offsets[i * 3] = vx[i] / OFFSET_SCALE;
    offsets[i * 3 + 1] = vy[i] / OFFSET_SCALE;
    offsets[i * 3 + 2] = vz[i] / OFFSET_SCALE;
  }
  return { count, positions, offsets, opacity: reader.section(names.opacity, 'u8') };
}

/** Decodes a network bundle file; `source` names it in error messages. */
export function decodeNetwork(bytes: ArrayBuffer | Uint8Array, source: string): Network {
  const reader = readBundle<NetworkMeta>(bytes, NETWORK_KIND, source);
  const meta = reader.meta;
  return {
    meta,
    track: decodeVertices(reader, 'track'),
    stationPoints: decodeVertices(reader, 'stationPoint'),
    railwayIndex: new Map(meta.railways.map((r: RailwayMeta, i: number) => [r.id, i])),
    stationIndex: new Map(meta.stations.map((s: StationMeta, i: number) => [s.id, i])),
  };
}

/** The latitude half-way between the network's southernmost and northernmost stations on its lines, or null with none placed. */
export function middleLatitude(network: Network): number | null {
  let south = Infinity;
  let north = -Infinity;
  for (const station of network.meta.stations) {
    if (station.railway < 0 || !station.coord) continue;
    south = Math.min(south, station.coord[1]);
    north = Math.max(north, station.coord[1]);
  }
  return south <= north ? (south + north) / 2 : null;
}

/** Picks the text for a data language, falling back to English, then Japanese, then any. */
export function localize(text: Partial<Record<string, string>> | undefined, lang: string): string {
  if (!text) return '';
  return text[lang] ?? text.en ?? text.ja ?? Object.values(text)[0] ?? '';
}
