/**
 * Shared streets of a city built from GTFS (`src/data/pipeline/gtfs-city/corridors.ts`): routes that run along the
 * same street are drawn side by side, as Tokyo's lines are. Checked on what the app draws from the Halifax bundle:
 * each track vertex at B + V·spacing·s, its base point B plus its offset V (track spacings) scaled by
 * s = 2^(14 − zoom), zoom clamped to 13–18 (`src/data/pipeline/polyline.ts`); and on a small made-up street.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRACK_SPACING_METRES } from '../../src/data/geometry/track-units.ts';
import { decodeNetwork, type Network } from '../../src/data/network.ts';
import { readCityFeed } from '../../src/data/pipeline/gtfs-city/city-feed.ts';
import { corridorTracks, type CorridorInput } from '../../src/data/pipeline/gtfs-city/corridors.ts';
import { runGtfsPipeline } from '../../src/data/pipeline/gtfs-city/index.ts';
import { patternTrack } from '../../src/data/pipeline/gtfs-city/pattern-track.ts';
import { tripPatterns } from '../../src/data/pipeline/gtfs-city/trip-patterns.ts';
import { easeInOutQuad, groundScale, lngLatToMercator, mercatorToLngLat } from '../../src/data/pipeline/polyline.ts';
import { buildRoutes, segmentAt } from '../../src/data/routes.ts';
import { HALIFAX } from '../support/halifax-feed.ts';

/** A line of the bundle: its route_id, and per vertex its base point (Web Mercator metres) and offset (track spacings). */
interface Line {
  id: string;
  route: string;
  base: [number, number][];
  offset: [number, number][];
}

let network: Network;
let lines: Line[];

beforeAll(async () => {
  const output = await runGtfsPipeline(readFileSync(HALIFAX), { source: 'google_transit.zip', lastModified: 0 });
  network = decodeNetwork(output.network, 'halifax');
  const { positions, offsets } = network.track;
  lines = network.meta.railways.map((railway, r) => {
    const pieces = network.meta.pieces.filter((p) => p.railway === r);
    expect(pieces, `${railway.id}: one track at every zoom`).toHaveLength(1);
    const { start, count } = pieces[0];
    const vertices = Array.from({ length: count }, (_, k) => start + k);
    return {
      id: railway.id,
      route: railway.id.slice(0, railway.id.lastIndexOf('.')),
      base: vertices.map((v) => lngLatToMercator(positions[3 * v], positions[3 * v + 1])),
      offset: vertices.map((v): [number, number] => [offsets[3 * v], offsets[3 * v + 1]]),
    };
  });
}, 120_000);

/** Mercator metres per track spacing at a zoom. */
const spacingAt = (zoom: number) => TRACK_SPACING_METRES * 2 ** (14 - Math.min(18, Math.max(13, zoom)));
/** Where vertex i of a line is drawn at a zoom. */
const drawn = (line: Line, i: number, zoom: number): [number, number] => [line.base[i][0] + line.offset[i][0] * spacingAt(zoom), line.base[i][1] + line.offset[i][1] * spacingAt(zoom)];

/** Distance (Mercator metres) from p to the segment a–b. */
function toSegment(p: [number, number], a: [number, number], b: [number, number]): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length2 = dx * dx + dy * dy;
  const t = length2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2)) : 0;
  return Math.hypot(a[0] + dx * t - p[0], a[1] + dy * t - p[1]);
}

/** Segments by the cells of a square grid (Mercator metres) their bounding boxes cover: `"x,y"` → segments. */
function gridOfSegments<T extends { a: [number, number]; b: [number, number] }>(segments: readonly T[], cell: number): Map<string, T[]> {
  const grid = new Map<string, T[]>();
  for (const segment of segments) {
    const { a, b } = segment;
    for (let x = Math.floor(Math.min(a[0], b[0]) / cell); x <= Math.floor(Math.max(a[0], b[0]) / cell); x++) {
      for (let y = Math.floor(Math.min(a[1], b[1]) / cell); y <= Math.floor(Math.max(a[1], b[1]) / cell); y++) {
        const list = grid.get(`${x},${y}`);
        if (list) list.push(segment);
        else grid.set(`${x},${y}`, [segment]);
      }
    }
  }
  return grid;
}

/** Distance (Mercator metres) from p to a line as drawn at a zoom. */
function toDrawnLine(p: [number, number], line: Line, zoom: number): number {
  let best = Infinity;
  for (let i = 1; i < line.base.length; i++) best = Math.min(best, toSegment(p, drawn(line, i - 1, zoom), drawn(line, i, zoom)));
  return best;
}

/** The vertex of a line whose base point is nearest to p, if within `metres` (Mercator). */
function vertexNear(line: Line, p: [number, number], metres: number): number | null {
  let best = -1;
  let bestDistance = metres;
  line.base.forEach(([x, y], i) => {
    const d = Math.hypot(x - p[0], y - p[1]);
    if (d < bestDistance) [best, bestDistance] = [i, d];
  });
  return best >= 0 ? best : null;
}

describe('routes sharing a street in Halifax', () => {
  // Routes 21 (blue) and 123 (green) share about 10 km of St Margarets Bay Road, no other route with them.
  const STREET = lngLatToMercator(-63.72958, 44.65475);
  const alongStreet = (route: string) => lines.filter((l) => l.route === route && vertexNear(l, STREET, 50) !== null);

  it('draws two routes on one street one track spacing apart, each half a spacing off its centre', () => {
    const [r21, r123] = [alongStreet('21'), alongStreet('123')];
    expect(r21.length, 'route 21 runs the street both ways').toBeGreaterThanOrEqual(2);
    expect(r123.length, 'route 123 runs the street both ways').toBeGreaterThanOrEqual(2);
    for (const zoom of [13, 14, 16, 18]) {
      for (const a of r21) {
        const i = vertexNear(a, STREET, 50)!;
        // (a little more at a bend, where the offset is mitred)
        expect(Math.hypot(...a.offset[i]), `${a.id} is half a spacing off the street`).toBeCloseTo(0.5, 1);
        for (const b of r123) {
          const apart = toDrawnLine(drawn(a, i, zoom), b, zoom) / spacingAt(zoom);
          expect(apart, `${a.id} and ${b.id} at zoom ${zoom}, in track spacings`).toBeGreaterThan(0.95);
          expect(apart).toBeLessThan(1.05);
        }
      }
    }
  });

  it('draws the two directions of a route on top of each other', () => {
    for (const route of ['21', '123']) {
      const both = alongStreet(route);
      for (const zoom of [13, 14, 18]) {
        for (const a of both) {
          const i = vertexNear(a, STREET, 50)!;
          for (const b of both) expect(toDrawnLine(drawn(a, i, zoom), b, zoom), `${a.id} on ${b.id} at zoom ${zoom}`).toBeLessThan(0.5);
        }
      }
    }
  });

  it('leaves the streets a route has to itself on their centre line', () => {
    // A grid of every line's base segments, to find the vertices more than 160 m from any other route's track (a
    // stretch a route has to itself for less than 300 m between shared ones may take their offset: a detour round a
    // block, a junction).
    const CELL = 200;
    const grid = gridOfSegments(lines.flatMap((line) => line.base.slice(1).map((b, i) => ({ route: line.route, a: line.base[i], b }))), CELL);
    let alone = 0;
    let offset = 0;
    for (const line of lines) {
      line.base.forEach((p, i) => {
        const moved = Math.hypot(...line.offset[i]) > 1e-3;
        if (moved) offset++;
        const [gx, gy] = [Math.floor(p[0] / CELL), Math.floor(p[1] / CELL)];
        for (let x = gx - 1; x <= gx + 1; x++) {
          for (let y = gy - 1; y <= gy + 1; y++) {
            for (const s of grid.get(`${x},${y}`) ?? []) if (s.route !== line.route && toSegment(p, s.a, s.b) * groundScale(p[1]) < 160) return;
          }
        }
        alone++;
        expect(moved, `${line.id} vertex ${i}: no other route within 160 m, yet set off the street`).toBe(false);
      });
    }
    expect(alone, 'vertices on streets of one route').toBeGreaterThan(2_000);
    expect(offset, 'vertices set off their street').toBeGreaterThan(20_000);
  });

  it('keeps every line continuous: its offset changes by a few metres at most from one vertex to the next', () => {
    // Lateral step between neighbouring vertices, ground metres: the change of offset across the segment. Where a
    // track turns back by more than 120° (the end of a loop) the mitred offset is clipped and the line crosses over;
    // a segment shorter than a metre has no direction left in the bundle's centimetre coordinates.
    const worst = { 13: 0, 18: 0 };
    let clipped = 0;
    let segments = 0;
    for (const line of lines) {
      const sharp = line.base.map((b, i) => {
        if (i === 0 || i + 1 >= line.base.length) return false;
        const [a, c] = [line.base[i - 1], line.base[i + 1]];
        const [ux, uy, vx, vy] = [b[0] - a[0], b[1] - a[1], c[0] - b[0], c[1] - b[1]];
        return ux * vx + uy * vy < -0.5 * Math.hypot(ux, uy) * Math.hypot(vx, vy);
      });
      for (let i = 1; i < line.base.length; i++) {
        const [a, b] = [line.base[i - 1], line.base[i]];
        const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
        if (length * groundScale(a[1]) < 1) continue;
        segments++;
        if (sharp[i - 1] || sharp[i]) {
          clipped++;
          continue;
        }
        const [nx, ny] = [(b[1] - a[1]) / length, -(b[0] - a[0]) / length];
        const units = Math.abs((line.offset[i][0] - line.offset[i - 1][0]) * nx + (line.offset[i][1] - line.offset[i - 1][1]) * ny);
        for (const zoom of [13, 18] as const) {
          const metres = units * spacingAt(zoom) * groundScale(a[1]);
          if (metres > worst[zoom]) worst[zoom] = metres;
          if (metres > 10) expect.fail(`${line.id} jumps ${metres.toFixed(1)} m sideways at zoom ${zoom} after vertex ${i - 1}`);
        }
      }
    }
    expect(worst[13], 'largest step at zoom 13, ground metres').toBeLessThan(10);
    expect(worst[18]).toBeLessThan(1);
    expect(clipped / segments, 'segments at a turn back').toBeLessThan(0.005);
  });

  it('draws two routes across each other along a street they share at one place only, where one turns back', () => {
    // Crossings of two routes' lines as drawn at zoom 16 where both run one street: their base segments there, 10 m or
    // longer, lie on one line. (Routes crossing where streets cross are not counted.) A crossing is seen as one when
    // the two lines are a line's width apart (0.4 spacings, RailwayLayer's) at both ends of the crossing segment: most
    // of the others are two lines that touch, less than a twentieth of a spacing apart at one end, where one eases into
    // a slot as the other leaves it. Measured on this feed (all crossings, seen ones): 661 when each stretch's slots
    // started from the side of the first route to run it and routes eased across the others to leave a street, 596
    // with one side per street, 406 easing on the route's own street, 218 / 6 with every route on a street easing over
    // the same length. The 6 seen are route 8 turning back in the middle of a street it shares with routes 84 and 87.
    const zoom = 16;
    const LINE_WIDTH = 0.4;
    type Segment = { line: Line; i: number; a: [number, number]; b: [number, number] };
    const grid = gridOfSegments(lines.flatMap((line) => line.base.slice(1).map((_, k): Segment => ({ line, i: k + 1, a: drawn(line, k, zoom), b: drawn(line, k + 1, zoom) }))), 150);
    const side = (a: [number, number], b: [number, number], c: [number, number]) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
    const cross = (p: Segment, q: Segment) => side(p.a, p.b, q.a) * side(p.a, p.b, q.b) < 0 && side(q.a, q.b, p.a) * side(q.a, q.b, p.b) < 0;
    const toLine = (p: [number, number], a: [number, number], b: [number, number]) => Math.abs((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / Math.hypot(b[0] - a[0], b[1] - a[1]);
    const oneStreet = (p: Segment, q: Segment) => {
      const [a, b, c, d] = [p.line.base[p.i - 1], p.line.base[p.i], q.line.base[q.i - 1], q.line.base[q.i]];
      const [l1, l2] = [Math.hypot(b[0] - a[0], b[1] - a[1]), Math.hypot(d[0] - c[0], d[1] - c[1])];
      if (Math.min(l1, l2) * groundScale(a[1]) < 10) return false;
      if (Math.abs((b[0] - a[0]) * (d[0] - c[0]) + (b[1] - a[1]) * (d[1] - c[1])) < 0.99 * l1 * l2) return false;
      return [c, d].every((e) => toLine(e, a, b) * groundScale(e[1]) < 1) || [a, b].every((e) => toLine(e, c, d) * groundScale(e[1]) < 1);
    };
    // Spacings between the drawn lines at the crossing segment's two ends, the nearer.
    const apart = (p: Segment, q: Segment) => Math.min(toLine(q.a, p.a, p.b), toLine(q.b, p.a, p.b)) / spacingAt(zoom);
    const found = new Map<string, number>();
    for (const segments of grid.values()) {
      for (let m = 0; m < segments.length; m++) {
        for (let n = m + 1; n < segments.length; n++) {
          const [p, q] = [segments[m], segments[n]];
          if (p.line.route !== q.line.route && cross(p, q) && oneStreet(p, q)) found.set([`${p.line.id}:${p.i}`, `${q.line.id}:${q.i}`].sort().join('|'), apart(p, q));
        }
      }
    }
    const seen = [...found].filter(([, spacings]) => spacings >= LINE_WIDTH).map(([pair]) => pair);
    expect(found.size, 'crossings on shared streets').toBeLessThan(250);
    expect(seen.length, `crossings seen: ${seen.join(', ')}`).toBeLessThanOrEqual(6);
    expect(new Set(seen.map((pair) => pair.split('|').map((id) => id.split('.')[0]).sort().join('|'))), 'the routes of the crossings seen').toEqual(new Set(['8|84', '8|87']));
  });

  it('stops each vehicle where the drawn track passes its stop', async () => {
    // Where each stop is on its pattern's stretch of shape (before the corridor step), by line id.
    const { feed } = await readCityFeed(readFileSync(HALIFAX), 'google_transit.zip');
    const shapeStops = new Map<string, [number, number][]>();
    const perRoute = new Map<number, number>();
    for (const pattern of tripPatterns(feed)) {
      const n = (perRoute.get(pattern.route) ?? 0) + 1;
      perRoute.set(pattern.route, n);
      const track = patternTrack(feed.shapes[pattern.shape], pattern.stops.map((stop) => feed.stops[stop]));
      shapeStops.set(`${feed.routes[pattern.route].id}.${n}`, track.stops.map((i) => lngLatToMercator(...track.coords[i])));
    }
    // The app measures a line along its drawn track (at zoom 14); the stop distances the timetables use are on it.
    const routes = buildRoutes(network);
    const { positions } = network.track;
    network.meta.railways.forEach((railway, r) => {
      const route = routes.byRailway[r][0];
      const { stationOffsets, length } = railway.variants[0];
      expect(Math.abs(route.length - length), `${railway.id}: length as the app measures it, metres off`).toBeLessThan(2);
      stationOffsets.forEach((distance, k) => {
        if (k > 0) expect(distance, `${railway.id} stop ${k}`).toBeGreaterThanOrEqual(stationOffsets[k - 1]);
        expect(distance).toBeLessThanOrEqual(length + 0.1);
        // Each stop is at a vertex of the track: one at its distance (to the bundle's rounding), whose point is where
        // the stop is. (Not a point interpolated between vertices: inside a sharp turn with a large offset, a drawn
        // segment can be a hundred times shorter than its base segment, and a metre along it 100 m along the base.)
        const onShape = shapeStops.get(railway.id)![k];
        const i = segmentAt(route.lengths, distance);
        const near = [i - 1, i, i + 1, i + 2].filter((j) => j >= 0 && j < route.vertices.length && Math.abs(route.lengths[j] - distance) < 2);
        expect(near.length, `${railway.id} stop ${k}: a vertex at its distance`).toBeGreaterThan(0);
        const gap = (p: [number, number]) => Math.hypot(p[0] - onShape[0], p[1] - onShape[1]);
        const at = near.map((j) => lngLatToMercator(positions[3 * route.vertices[j]], positions[3 * route.vertices[j] + 1])).reduce((best, p) => (gap(p) < gap(best) ? p : best));
        // The stop's point snapped onto a node shared with other shapes (5 m), or moved off a spike of its shape (25 m;
        // the most is 36 m, a stop just past the end of a dead end the route turns back in).
        const metres = Math.hypot(at[0] - onShape[0], at[1] - onShape[1]) * groundScale(at[1]);
        expect(metres, `${railway.id} stop ${k}: metres from where its shape passes the stop`).toBeLessThan(40);
      });
    });
  });
});

describe('the offsets of a made-up street', () => {
  // A street running east at Halifax's latitude; routes 0 and 1 share it from 1 km to 2 km.
  const [x0, y0] = lngLatToMercator(-63.6, 44.65);
  const scale = 1 / groundScale(y0);
  const at = (east: number, north: number): [number, number] => mercatorToLngLat(x0 + east * scale, y0 + north * scale);
  const points = (from: number, to: number, north = 0) => Array.from({ length: Math.abs(to - from) / 100 + 1 }, (_, k) => at(from + Math.sign(to - from) * k * 100, north));
  const street: CorridorInput = { route: 0, coords: points(0, 3000), stops: [0, 30] };
  const back: CorridorInput = { route: 0, coords: points(3000, 0), stops: [0, 30] };
  // Route 1 comes down from the north at 1 km, runs east with route 0 to 2 km and leaves south.
  const joining: CorridorInput = { route: 1, coords: [at(1000, 1000), at(1000, 500), ...points(1000, 2000), at(2000, -500), at(2000, -1000)], stops: [0, 14] };
  const [east, west, other] = corridorTracks([street, back, joining]);
  /** A track's offset where it passes the point `e` metres east and `n` north, interpolated between its vertices. */
  const unitsAt = (track: typeof east, e: number, n = 0) => {
    const p = lngLatToMercator(...at(e, n));
    const xy = track.coords.map(([lng, lat]) => lngLatToMercator(lng, lat));
    for (let i = 1; i < xy.length; i++) {
      if (toSegment(p, xy[i - 1], xy[i]) > 0.01) continue;
      const [a, b] = [xy[i - 1], xy[i]];
      const t = Math.hypot(p[0] - a[0], p[1] - a[1]) / Math.hypot(b[0] - a[0], b[1] - a[1]);
      return track.units[i - 1] + (track.units[i] - track.units[i - 1]) * t;
    }
    throw new Error(`the track does not pass ${e} m east, ${n} m north`);
  };

  it('sets the shared stretch\'s routes half a spacing either side, in routes.txt order, the same in both directions', () => {
    expect(unitsAt(east, 1500)).toBeCloseTo(-0.5, 9); // left of the way route 0 first runs it
    expect(unitsAt(other, 1500)).toBeCloseTo(0.5, 9); // right
    expect(unitsAt(west, 1500)).toBeCloseTo(0.5, 9); // the way back: right of its own way, the same place
  });

  it('keeps a street one route has to itself on its centre but for 150 m next to the shared stretch, where it eases', () => {
    // Route 0 holds its slot to both ends of the shared stretch, and eases on its own street, not across route 1.
    for (const e of [1000, 2000]) expect(unitsAt(east, e), `${e} m`).toBeCloseTo(-0.5, 9);
    for (const e of [925, 2075]) expect(unitsAt(east, e), `${e} m: halfway`).toBeCloseTo(-0.25, 9);
    for (const e of [0, 500, 850, 2150, 3000]) expect(unitsAt(east, e), `${e} m`).toBe(0);
    expect(unitsAt(other, 1000, 100), "route 1 a third into its ease, 100 m north of the street").toBeCloseTo(0.5 * easeInOutQuad(1 / 3), 2);
    expect(unitsAt(other, 1000, 500)).toBe(0);
    for (const track of [east, west, other]) {
      for (let i = 1; i < track.units.length; i++) expect(Math.abs(track.units[i] - track.units[i - 1])).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  });

  it('keeps two routes on their sides all along a street that another route runs part of the other way', () => {
    // Route 0, first in routes.txt, comes down from the north at 2 km, runs west to 1 km and leaves north; routes 1
    // and 2 run the whole street east. Had each stretch the direction of the first route to run it, the middle one
    // would run west and the others east, and routes 1 and 2 would change places at 1 km and at 2 km.
    const bump: CorridorInput = { route: 0, coords: [at(2000, 1000), at(2000, 500), ...points(2000, 1000), at(1000, 500), at(1000, 1000)], stops: [0, 14] };
    const one: CorridorInput = { route: 1, coords: points(0, 3000), stops: [0, 30] };
    const two: CorridorInput = { route: 2, coords: points(0, 3000), stops: [0, 30] };
    const [middle, first, second] = corridorTracks([bump, one, two]);
    for (const e of [500, 1500, 2500]) expect(unitsAt(first, e) - unitsAt(second, e), `${e} m: route 1 right of route 2`).toBeCloseTo(1, 9);
    // Along the middle stretch the three run side by side, route 0 (running west) on the far side of route 1.
    expect(unitsAt(first, 1500)).toBeCloseTo(0, 9);
    expect(unitsAt(middle, 1500)).toBeCloseTo(-1, 9);
  });

  it('keeps each stop on its point of the street', () => {
    expect(east.coords[east.stops[1]]).toEqual(at(3000, 0));
    expect(other.coords[other.stops[1]]).toEqual(at(2000, -1000));
  });
});
