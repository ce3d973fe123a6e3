import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '../../src/data/network.ts';
import { lngLatToMercator } from '../../src/data/pipeline/polyline.ts';
import { offsetPosition, pixelsPerMercatorMetre, trackScale } from '../../src/data/track-position.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../../src/data/geometry/track-units.ts';
import { resolvePaths } from '../../scripts/config.ts';
import { loadRealData } from './fixtures/real-data.ts';

const DIMS = { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES };
/** Line width in track-spacing units, as the railway layer draws it. */
const LINE_WIDTH = 0.4;

let network: Network;
beforeAll(() => {
  network = loadRealData().network;
}, 120_000);

/** Drawn positions (Mercator metres) of a railway's vertices at a zoom, inside a box. */
function drawnPoints(railwayId: string, zoom: number, box: [number, number, number, number]): [number, number][] {
  const ri = network.railwayIndex.get(railwayId)!;
  const { positions, offsets } = network.track;
  const points: [number, number][] = [];
  for (const piece of network.meta.pieces) {
    if (piece.railway !== ri || zoom < piece.minZoom || zoom >= piece.maxZoom) continue;
    for (let v = piece.start; v < piece.start + piece.count; v++) {
      const [lng, lat] = offsetPosition(positions[v * 3], positions[v * 3 + 1], offsets[v * 3], offsets[v * 3 + 1], offsets[v * 3 + 2], zoom, DIMS);
      if (lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3]) points.push(lngLatToMercator(lng, lat));
    }
  }
  return points;
}

/** Smallest distance from any point of `a` to the polyline through `b`, in screen pixels at a zoom. */
function minGapPixels(a: [number, number][], b: [number, number][], zoom: number): number {
  let min = Infinity;
  for (const p of a) {
    for (let i = 0; i + 1 < b.length; i++) {
      const [ax, ay] = b[i];
      const [bx, by] = b[i + 1];
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      if (len2 > 250_000) continue; // skip joins between far-apart pieces
      const t = len2 ? Math.max(0, Math.min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / len2)) : 0;
      min = Math.min(min, Math.hypot(p[0] - ax - dx * t, p[1] - ay - dy * t));
    }
  }
  return min * pixelsPerMercatorMetre(zoom);
}

// Kanda – Akihabara – Okachimachi: Yamanote and Keihin-Tohoku share this corridor.
const CORRIDOR: [number, number, number, number] = [139.768, 35.692, 139.78, 35.707];
const SPACING_PX = TRACK_SPACING_METRES * pixelsPerMercatorMetre(14);

describe('parallel lines sharing a track', () => {
  it.each([13, 14, 16, 18])('do not overlap at zoom %i', (zoom) => {
    const yamanote = drawnPoints('JR-East.Yamanote', zoom, CORRIDOR);
    const keihin = drawnPoints('JR-East.KeihinTohokuNegishi', zoom, CORRIDOR);
    expect(yamanote.length).toBeGreaterThan(5);
    expect(keihin.length).toBeGreaterThan(5);
    const gap = minGapPixels(yamanote, keihin, zoom);
    // Centre lines are about one track spacing apart on screen, more than a line's width.
    expect(gap).toBeGreaterThan(LINE_WIDTH * SPACING_PX);
    expect(gap).toBeGreaterThan(0.6 * SPACING_PX);
    expect(gap).toBeLessThan(2.5 * SPACING_PX);
  });

  it('keeps the on-screen spacing constant from zoom 13 to 18', () => {
    const gaps = [13, 14, 15.5, 16, 17, 18].map((zoom) =>
      minGapPixels(drawnPoints('JR-East.Yamanote', zoom, CORRIDOR), drawnPoints('JR-East.KeihinTohokuNegishi', zoom, CORRIDOR), zoom),
    );
    for (const gap of gaps) expect(gap / gaps[0]).toBeCloseTo(1, 1);
  });

  it('scales offsets by 2^(14 - zoom) within 13..18 and clamps outside', () => {
    expect(trackScale(14)).toBe(1);
    expect(trackScale(13)).toBe(2);
    expect(trackScale(18)).toBe(1 / 16);
    expect(trackScale(10)).toBe(2);
    expect(trackScale(21)).toBe(1 / 16);
  });

  it('places underground track below ground', () => {
    // The Ginza line under Ginza station (139.7639, 35.6717); its Shibuya end is elevated.
    const ri = network.railwayIndex.get('TokyoMetro.Ginza')!;
    const { positions, offsets } = network.track;
    let nearest = -1;
    let best = Infinity;
    for (const p of network.meta.pieces.filter((piece) => piece.railway === ri)) {
      for (let v = p.start; v < p.start + p.count; v++) {
        const d = Math.hypot(positions[v * 3] - 139.7639, positions[v * 3 + 1] - 35.6717);
        if (d < best) [best, nearest] = [d, v];
      }
    }
    const [, , altitude] = offsetPosition(0, 35.68, 0, 0, offsets[nearest * 3 + 2], 14, DIMS);
    expect(altitude).toBeLessThan(-50);
    expect(network.meta.railways[ri].underground).toBe(true);
  });
});

describe('source geometry', () => {
  it('comes from coordinates.json of the source', () => {
    const coordinates = JSON.parse(readFileSync(join(resolvePaths([]).source, 'coordinates.json'), 'utf8'));
    expect(coordinates.railways.length).toBe(184);
  });
});
