import type { Network } from '../data/network.ts';
import { offsetPosition } from '../data/track-position.ts';
import { type TrackStyle } from './track-uniforms.ts';
import { COMMON_UNITS_PER_MERCATOR_METRE } from '../data/geometry/track-units.ts';
import { packVertexStyle } from '../data/geometry/vertex-style.ts';

/** Width (track-spacing units) of a station shape and of a transfer connector. */
export const STATION_WIDTH = 0.9;
export const CONNECTOR_WIDTH = 0.22;
/**
 * Station shapes are drawn from this zoom: below it a station would be a dot of 3 pixels or less, which reads as a
 * break in its line rather than a station.
 */
export const STATION_MIN_ZOOM = 11;
/**
 * Transfer connectors are drawn below this zoom. Closer in, the stations of a large group (Tokyo, Shinjuku) lie
 * hundreds of pixels apart and their connectors would run across the whole view.
 */
export const CONNECTOR_MAX_ZOOM = 17;
/** Tiny offset that turns a single point into a drawable round-capped path. */
const DOT = 1e-3;

/** Binary path data for station shapes and transfer connectors (see TrackLineLayer). */
export interface StationPaths {
  length: number;
  startIndices: Uint32Array;
  attributes: Record<string, { value: ArrayBufferView; size: number; normalized?: boolean }>;
  /** Shape index of each path, -1 for connectors. */
  pathShape: Int32Array;
}

/** One label anchor per physical station, in base + offset form. */
export interface StationAnchor {
  shape: number;
  /** Station index whose name is shown. */
  station: number;
  lng: number;
  lat: number;
  /** Offset vector, track-spacing units. */
  vx: number;
  vy: number;
  vz: number;
  underground: boolean;
  /** Number of lines stopping here (drives label priority). */
  lines: number;
}

/**
 * Paths for station shapes (a round-capped stroke through the platforms of a
 * physical station, one variant per zoom range) and thin connectors between
 * the shapes of a transfer group.
 */
export function buildStationGeometry(network: Network): { paths: StationPaths; anchors: StationAnchor[] } {
  let geometry = built.get(network);
  if (!geometry) built.set(network, (geometry = build(network)));
  return geometry;
}

/** Geometry already built per network (the shapes, the names and station picking all use it). */
const built = new WeakMap<Network, { paths: StationPaths; anchors: StationAnchor[] }>();

function build(network: Network): { paths: StationPaths; anchors: StationAnchor[] } {
  const { shapes, groups } = network.meta;
  const { positions, offsets } = network.stationPoints;
  const pos: number[] = [];
  const off: number[] = [];
  const width: number[] = [];
  const starts: number[] = [];
  const pathShape: number[] = [];
  const anchors: StationAnchor[] = [];

  const push = (lng: number, lat: number, vx: number, vy: number, vz: number, minZoom: number, maxZoom: number, w: number) => {
    pos.push(lng, lat, 0);
    off.push(vx, vy, vz, packVertexStyle(minZoom, maxZoom, 1));
    width.push(w);
  };
  const centre = (start: number, count: number) => {
    const c = [0, 0, 0, 0, 0];
    for (let i = start; i < start + count; i++) {
      for (let k = 0; k < 3; k++) c[k] += positions[i * 3 + k] / count;
      for (let k = 0; k < 3; k++) if (k < 2) c[3 + k] += offsets[i * 3 + k] / count;
    }
    const vz = Math.min(...Array.from({ length: count }, (_, k) => offsets[(start + k) * 3 + 2]));
    return { lng: c[0], lat: c[1], vx: c[3], vy: c[4], vz };
  };

  shapes.forEach((shape, si) => {
    for (const v of shape.variants) {
      if (v.maxZoom <= STATION_MIN_ZOOM) continue;
      const minZoom = Math.max(v.minZoom, STATION_MIN_ZOOM);
      starts.push(pos.length / 3);
      pathShape.push(si);
      for (let i = v.start; i < v.start + v.count; i++) {
        push(positions[i * 3], positions[i * 3 + 1], offsets[i * 3], offsets[i * 3 + 1], offsets[i * 3 + 2], minZoom, v.maxZoom, STATION_WIDTH);
      }
      if (v.count === 1) {
        const i = v.start;
        push(positions[i * 3], positions[i * 3 + 1], offsets[i * 3] + DOT, offsets[i * 3 + 1], offsets[i * 3 + 2], minZoom, v.maxZoom, STATION_WIDTH);
      }
    }
    const first = shape.variants[0];
    const c = centre(first.start, first.count);
    anchors.push({ shape: si, station: shape.stations[0], ...c, underground: shape.underground, lines: shape.stations.length });
  });

  for (const group of groups) {
    if (group.shapes.length < 2) continue;
    starts.push(pos.length / 3);
    pathShape.push(-1);
    for (const si of group.shapes) {
      const a = anchors[si];
      push(a.lng, a.lat, a.vx, a.vy, a.vz, STATION_MIN_ZOOM, CONNECTOR_MAX_ZOOM, CONNECTOR_WIDTH);
      a.lines = Math.max(a.lines, group.shapes.reduce((n, s) => n + shapes[s].stations.length, 0));
    }
  }

  const count = pos.length / 3;
  return {
    paths: {
      length: starts.length,
      startIndices: Uint32Array.from([...starts, count]),
      pathShape: Int32Array.from(pathShape),
      attributes: {
        getPath: { value: Float64Array.from(pos), size: 3 },
        getTrackOffset: { value: Float32Array.from(off), size: 4 },
        getWidth: { value: Float32Array.from(width), size: 1 },
      },
    },
    anchors,
  };
}

/** Longitude, latitude and altitude of a base + offset anchor at a zoom (where names and picking place a station). */
export function anchorPosition(a: { lng: number; lat: number; vx: number; vy: number; vz: number }, track: TrackStyle, zoom: number): [number, number, number] {
  return offsetPosition(a.lng, a.lat, a.vx, a.vy, a.vz, zoom, { spacingMetres: track.spacing / COMMON_UNITS_PER_MERCATOR_METRE, depthMetres: track.depth });
}

/** The paths of the given station shapes only (no connectors), e.g. to highlight a selected station. */
export function pathsOfShapes(paths: StationPaths, shapes: ReadonlySet<number>): StationPaths {
  return pathsWhere(paths, (shape) => shapes.has(shape));
}

/**
 * The paths split into those that may overlap another (the shapes of a transfer group of several shapes, and the
 * connectors) and the shapes that stand alone.
 */
export function pathsByOverlap(network: Network, paths: StationPaths): { overlapping: StationPaths; alone: StationPaths } {
  const grouped = new Set<number>();
  for (const group of network.meta.groups) if (group.shapes.length > 1) for (const shape of group.shapes) grouped.add(shape);
  const overlapping = (shape: number) => shape < 0 || grouped.has(shape);
  return { overlapping: pathsWhere(paths, overlapping), alone: pathsWhere(paths, (shape) => !overlapping(shape)) };
}

/** The paths whose shape index (−1 for connectors) passes `keep`, with all their attributes. */
function pathsWhere(paths: StationPaths, keepShape: (shape: number) => boolean): StationPaths {
  const keep: number[] = [];
  for (let p = 0; p < paths.length; p++) if (keepShape(paths.pathShape[p])) keep.push(p);
  const starts: number[] = [];
  let count = 0;
  for (const p of keep) {
    starts.push(count);
    count += paths.startIndices[p + 1] - paths.startIndices[p];
  }
  const attributes: StationPaths['attributes'] = {};
  for (const [name, { value, size }] of Object.entries(paths.attributes)) {
    const source = value as Float64Array | Float32Array;
    const out = new (source.constructor as Float64ArrayConstructor | Float32ArrayConstructor)(count * size);
    let at = 0;
    for (const p of keep) {
      const part = source.subarray(paths.startIndices[p] * size, paths.startIndices[p + 1] * size);
      out.set(part, at);
      at += part.length;
    }
    attributes[name] = { value: out, size };
  }
  return { length: keep.length, startIndices: Uint32Array.from([...starts, count]), pathShape: Int32Array.from(keep.map((p) => paths.pathShape[p])), attributes };
}
