import { beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '../../src/data/network.ts';
import { lngLatToMercator } from '../../src/data/pipeline/polyline.ts';
import { bandZoomRange, simplifyTrackPolyline, TRACK_LOD_BANDS, type LodBand } from '../../src/data/track-lod.ts';
import { offsetPosition, pixelsPerMercatorMetre } from '../../src/data/track-position.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../../src/data/geometry/track-units.ts';
import { loadRealData } from './fixtures/real-data.ts';

const DIMS = { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES };
/** Line width in track-spacing units, as the railway layer draws it. */
const LINE_WIDTH = 0.4;
/** Half a pixel, and a rounding margin. */
const HALF_PIXEL = 0.5 + 1e-6;

let network: Network;
/** Per band: the kept vertex indices (absolute) of every piece drawn in it. */
const kept = new Map<LodBand, Map<number, number[]>>();

beforeAll(() => {
  network = loadRealData().network;
  const { positions, offsets, opacity } = network.track;
  for (const band of TRACK_LOD_BANDS) {
    const byPiece = new Map<number, number[]>();
    network.meta.pieces.forEach((piece, i) => {
      if (!bandZoomRange(band, piece.minZoom, piece.maxZoom) || piece.count === 0) return;
      const line = { positions, offsets, opacity, start: piece.start, count: piece.count };
      byPiece.set(i, simplifyTrackPolyline(line, band, DIMS).map((k) => piece.start + k));
    });
    kept.set(band, byPiece);
  }
}, 120_000);

/** Where vertex v is drawn at a zoom: Mercator metres [x, y] and altitude (Mercator-stretched metres). */
function drawn(v: number, zoom: number): [number, number, number] {
  const { positions, offsets } = network.track;
  const [lng, lat, altitude] = offsetPosition(positions[v * 3], positions[v * 3 + 1], offsets[v * 3], offsets[v * 3 + 1], offsets[v * 3 + 2], zoom, DIMS);
  const [x, y] = lngLatToMercator(lng, lat);
  return [x, y, altitude / Math.cos((lat * Math.PI) / 180)];
}

function distanceToSegment(p: number[], a: number[], b: number[]): number {
  const d = [b[0] - a[0], b[1] - a[1], (b[2] ?? 0) - (a[2] ?? 0)];
  const q = [p[0] - a[0], p[1] - a[1], (p[2] ?? 0) - (a[2] ?? 0)];
  const lengthSq = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
  const t = lengthSq > 0 ? Math.max(0, Math.min(1, (q[0] * d[0] + q[1] * d[1] + q[2] * d[2]) / lengthSq)) : 0;
  return Math.hypot(q[0] - t * d[0], q[1] - t * d[1], q[2] - t * d[2]);
}

/** Zooms a band serves, sampled: its ends (just below the top) and between. */
function zoomsOf(band: LodBand): number[] {
  const lo = Math.max(band.minZoom, 8);
  const hi = Math.min(band.maxZoom, 19) - 1e-3;
  return [0, 0.25, 0.5, 0.75, 1].map((f) => lo + (hi - lo) * f);
}

/** The drawn polyline (Mercator metres) of a railway's kept vertices at a zoom, one array per piece. */
function railwayLines(band: LodBand, railway: number, zoom: number, full: boolean): number[][][] {
  const lines: number[][][] = [];
  for (const [p, indices] of kept.get(band)!) {
    const piece = network.meta.pieces[p];
    if (piece.railway !== railway || zoom < piece.minZoom || zoom >= piece.maxZoom) continue;
    const vertices = full ? Array.from({ length: piece.count }, (_, k) => piece.start + k) : indices;
    lines.push(vertices.map((v) => drawn(v, zoom)));
  }
  return lines;
}

function distanceToLines(p: number[], lines: number[][][]): number {
  let best = Infinity;
  for (const line of lines) for (let i = 0; i + 1 < line.length; i++) best = Math.min(best, distanceToSegment(p, line[i], line[i + 1]));
  return best;
}

describe('level-of-detail track geometry', () => {
  it('has fewer vertices the further out it serves, and all of them from zoom 16', () => {
    const counts = TRACK_LOD_BANDS.map((band) => [...kept.get(band)!.values()].reduce((n, k) => n + k.length, 0));
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThan(counts[i - 1]);
    // At zoom 11 (the whole city) a fifth of the full geometry or less.
    expect(counts[2] / counts[counts.length - 1]).toBeLessThan(0.2);
    const fullBand = TRACK_LOD_BANDS[TRACK_LOD_BANDS.length - 1];
    for (const [p, indices] of kept.get(fullBand)!) expect(indices.length).toBe(network.meta.pieces[p].count);
  });

  it.each(TRACK_LOD_BANDS.map((band) => [`${band.minZoom}–${band.maxZoom}`, band] as const))(
    'keeps every line within half a pixel of the full geometry at the zooms it serves (band %s)',
    (_, band) => {
      let worst = 0;
      for (const zoom of zoomsOf(band)) {
        const perMetre = pixelsPerMercatorMetre(zoom);
        for (const [p, indices] of kept.get(band)!) {
          const piece = network.meta.pieces[p];
          if (zoom < piece.minZoom || zoom >= piece.maxZoom) continue;
          // Every dropped vertex lies between two kept ones: measure it against that segment.
          for (let k = 0; k + 1 < indices.length; k++) {
            const a = drawn(indices[k], zoom);
            const b = drawn(indices[k + 1], zoom);
            for (let v = indices[k] + 1; v < indices[k + 1]; v++) worst = Math.max(worst, distanceToSegment(drawn(v, zoom), a, b) * perMetre);
          }
        }
      }
      expect(worst).toBeLessThanOrEqual(HALF_PIXEL);
    },
  );

  it('keeps every vertex where the opacity changes (hidden stretches stay hidden)', () => {
    const { opacity } = network.track;
    for (const band of TRACK_LOD_BANDS) {
      for (const [p, indices] of kept.get(band)!) {
        const piece = network.meta.pieces[p];
        const set = new Set(indices);
        for (let v = piece.start + 1; v < piece.start + piece.count - 1; v++) {
          if (opacity[v] !== opacity[v - 1] || opacity[v] !== opacity[v + 1]) expect(set.has(v)).toBe(true);
        }
      }
    }
  });

  it.each([9, 11, 12.5, 13, 14, 16])('keeps stations on their lines at zoom %d', (zoom) => {
    const band = TRACK_LOD_BANDS.find((b) => zoom >= b.minZoom && zoom < b.maxZoom)!;
    const { positions, offsets } = network.stationPoints;
    const perMetre = pixelsPerMercatorMetre(zoom);
    const linesByRailway = new Map<number, { lod: number[][][]; full: number[][][] }>();
    let checked = 0;
    for (const shape of network.meta.shapes) {
      const variant = shape.variants.find((v) => zoom >= v.minZoom && zoom < v.maxZoom);
      if (!variant) continue;
      for (let j = 0; j < variant.count && j < shape.stations.length; j++) {
        const railway = network.meta.stations[shape.stations[j]].railway;
        if (railway < 0) continue;
        let lines = linesByRailway.get(railway);
        if (!lines) linesByRailway.set(railway, (lines = { lod: railwayLines(band, railway, zoom, false), full: railwayLines(band, railway, zoom, true) }));
        if (!lines.full.length) continue;
        const v = variant.start + j;
        const [lng, lat, altitude] = offsetPosition(positions[v * 3], positions[v * 3 + 1], offsets[v * 3], offsets[v * 3 + 1], offsets[v * 3 + 2], zoom, DIMS);
        const point = [...lngLatToMercator(lng, lat), altitude / Math.cos((lat * Math.PI) / 180)];
        const onFull = distanceToLines(point, lines.full) * perMetre;
        const onLod = distanceToLines(point, lines.lod) * perMetre;
        expect(onLod, `station ${network.meta.stations[shape.stations[j]].id}`).toBeLessThanOrEqual(onFull + HALF_PIXEL);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  // Kanda – Akihabara – Okachimachi: Yamanote and Keihin-Tohoku share this corridor.
  it.each([13, 14, 16, 18])('keeps parallel lines apart at zoom %i', (zoom) => {
    const band = TRACK_LOD_BANDS.find((b) => zoom >= b.minZoom && zoom < b.maxZoom)!;
    const box = [139.768, 35.692, 139.78, 35.707];
    const inBox = (lines: number[][][]) =>
      lines.flat().filter(([x, y]) => {
        const lng = (x / 6378137) * (180 / Math.PI);
        const lat = (2 * Math.atan(Math.exp(y / 6378137)) - Math.PI / 2) * (180 / Math.PI);
        return lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3];
      });
    const yamanote = railwayLines(band, network.railwayIndex.get('JR-East.Yamanote')!, zoom, false);
    const keihin = railwayLines(band, network.railwayIndex.get('JR-East.KeihinTohokuNegishi')!, zoom, false);
    const points = inBox(yamanote);
    expect(points.length).toBeGreaterThan(3);
    const gapPixels = Math.min(...points.map((p) => distanceToLines(p, keihin))) * pixelsPerMercatorMetre(zoom);
    const widthPixels = LINE_WIDTH * TRACK_SPACING_METRES * pixelsPerMercatorMetre(14);
    // Centre lines further apart than a line's width: the lines do not touch.
    expect(gapPixels).toBeGreaterThan(widthPixels + 1);
  });
});
