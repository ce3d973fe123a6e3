import { describe, expect, it, vi } from 'vitest';
import { WebMercatorViewport } from '@deck.gl/core';
import { chunkPaths, LodCuller, pathsOfChunks, PathCuller, viewBounds, visibleChunks, type BinaryPaths } from '../../src/data/geometry/path-culling.ts';
import { railwayPathSteps } from '../../src/layers/railway-layer.ts';
import { buildTrackStrip, chunkStripAssembler, joinStrips, STRIP_STRIDE, STRIP_VERTEX } from '../../src/data/geometry/track-strips.ts';
import { TRACK_LOD_BANDS } from '../../src/data/track-lod.ts';
import { groundArea, rectangleMeetsArea, type ViewArea } from '../../src/data/geometry/view-area.ts';
import { loadRealData } from './fixtures/real-data.ts';
import { packVertexStyle } from '../../src/data/geometry/vertex-style.ts';

/** Paths from lists of [lng, lat] with a zoom range each; colour = path index. */
function makePaths(list: Array<{ points: [number, number][]; minZoom?: number; maxZoom?: number }>): BinaryPaths {
  const pos: number[] = [];
  const style: number[] = [];
  const color: number[] = [];
  const starts: number[] = [];
  list.forEach(({ points, minZoom = 0, maxZoom = 24 }, i) => {
    starts.push(pos.length / 3);
    for (const [lng, lat] of points) {
      pos.push(lng, lat, 0);
      style.push(0, 0, 0, packVertexStyle(minZoom, maxZoom, 1));
      color.push(i, 0, 0, 255);
    }
  });
  starts.push(pos.length / 3);
  return {
    length: list.length,
    startIndices: Uint32Array.from(starts),
    attributes: {
      getPath: { value: Float64Array.from(pos), size: 3 },
      getTrackOffset: { value: Float32Array.from(style), size: 4 },
      getColor: { value: Uint8Array.from(color), size: 4, normalized: true },
    },
  };
}

/** Every segment of binary paths as "path:lng,lat>lng,lat", for comparing sets. */
function segments(paths: BinaryPaths): string[] {
  const pos = paths.attributes.getPath.value as Float64Array;
  const color = paths.attributes.getColor.value as Uint8Array;
  const out: string[] = [];
  for (let p = 0; p < paths.length; p++) {
    for (let v = paths.startIndices[p]; v + 1 < paths.startIndices[p + 1]; v++) {
      out.push(`${color[v * 4]}:${pos[v * 3]},${pos[v * 3 + 1]}>${pos[v * 3 + 3]},${pos[v * 3 + 4]}`);
    }
  }
  return out.sort();
}

// A line running east across many 0.04° cells, a short one near Tokyo Station, and a far one drawn only from zoom 15.
const line = Array.from({ length: 41 }, (_, i) => [139.5 + i * 0.01, 35.68] as [number, number]);
const source = makePaths([
  { points: line },
  { points: [[139.766, 35.681], [139.768, 35.683], [139.769, 35.69]] },
  { points: [[139.9, 35.8], [139.91, 35.81]], minZoom: 15 },
]);

describe('path culling', () => {
  it('cuts paths at cell borders without losing or adding a segment', () => {
    const chunked = chunkPaths(source);
    expect(chunked.chunks.length).toBeGreaterThan(5);
    const all = pathsOfChunks(chunked, chunked.chunks.map((_, i) => i));
    expect(segments(all)).toEqual(segments(source));
    expect(all.startIndices[all.length]).toBe(chunked.vertexCount);
  });

  it('selects the chunks overlapping the view at the zoom', () => {
    const chunked = chunkPaths(source);
    const near = pathsOfChunks(chunked, visibleChunks(chunked, [139.76, 35.675, 139.775, 35.69], 14));
    const colours = new Set(Array.from(near.attributes.getColor.value as Uint8Array).filter((_, i) => i % 4 === 0));
    expect([...colours].sort()).toEqual([0, 1]);
    // Only the part of the long line in view (and its cell), not all 40 segments.
    expect(segments(near).filter((s) => s.startsWith('0:')).length).toBeLessThan(10);
    const far14 = visibleChunks(chunked, [139.89, 35.79, 139.92, 35.82], 14);
    const far15 = visibleChunks(chunked, [139.89, 35.79, 139.92, 35.82], 15);
    expect(far14).toEqual([]);
    expect(far15.length).toBe(1);
  });

  it('keeps handing the same paths while the view pans inside the margin, and selects again beyond it', () => {
    const culler = new PathCuller(chunkPaths(source));
    const view = [139.76, 35.675, 139.775, 35.69] as const;
    const first = culler.update(view, 14.2);
    expect(culler.update([view[0] + 0.003, view[1], view[2] + 0.003, view[3]], 14.4)).toBe(first);
    const moved = culler.update([view[0] + 0.2, view[1], view[2] + 0.2, view[3]], 14.4);
    expect(moved).not.toBe(first);
    expect(segments(moved)).not.toEqual(segments(first));
  });

  it('draws everything when the view has no usable bounds', () => {
    const culler = new PathCuller(chunkPaths(source));
    expect(segments(culler.update(null, 16))).toEqual(segments(source));
    expect(segments(culler.update([100, 0, 170, 60], 16))).toEqual(segments(source));
  });

  it('in a tilted view, leaves out chunks off the ground it sees, and keeps every vertex on screen', () => {
    const { network } = loadRealData();
    for (const [zoom, bearing] of [[14, 0], [14, 135], [11, 0], [16, -60]]) {
      const viewport = new WebMercatorViewport({ width: 1280, height: 720, longitude: 139.767, latitude: 35.6814, zoom, pitch: 60, bearing });
      const bounds = viewBounds(viewport);
      const byBox = new LodCuller(TRACK_LOD_BANDS, (band) => railwayPathSteps(network, band)).update(bounds, zoom);
      const byArea = new LodCuller(TRACK_LOD_BANDS, (band) => railwayPathSteps(network, band)).update(bounds, zoom, groundArea(viewport));
      const onScreen = (paths: BinaryPaths) => {
        const positions = paths.attributes.getPath.value as Float64Array;
        const seen = new Set<string>();
        for (let v = 0; v < positions.length / 3; v++) {
          const [x, y] = viewport.project([positions[v * 3], positions[v * 3 + 1], 0]);
          if (x >= 0 && x <= 1280 && y >= 0 && y <= 720) seen.add(`${positions[v * 3]},${positions[v * 3 + 1]}`);
        }
        return seen;
      };
      const shownByBox = onScreen(byBox);
      const shownByArea = onScreen(byArea);
      // Nothing on screen is lost…
      expect(shownByArea.size).toBe(shownByBox.size);
      for (const p of shownByBox) expect(shownByArea.has(p)).toBe(true);
      // …and where the view is a long trapezoid, far fewer vertices are drawn.
      const count = (paths: BinaryPaths) => (paths.attributes.getPath.value as Float64Array).length / 3;
      if (zoom === 14) expect(count(byArea)).toBeLessThan(count(byBox) * 0.75);
      else expect(count(byArea)).toBeLessThanOrEqual(count(byBox));
    }
  });

  it('keeps handing the same paths while the turning view stays inside its ground area with the margin', () => {
    const { network } = loadRealData();
    const culler = new LodCuller(TRACK_LOD_BANDS, (band) => railwayPathSteps(network, band));
    const at = (bearing: number) => {
      const viewport = new WebMercatorViewport({ width: 1280, height: 720, longitude: 139.767, latitude: 35.6814, zoom: 14, pitch: 60, bearing });
      return culler.update(viewBounds(viewport), 14, groundArea(viewport));
    };
    const first = at(0);
    expect(at(1)).toBe(first);
    expect(at(60)).not.toBe(first);
  });
});

describe('zoom bands built ahead', () => {
  /** requestIdleCallback stand-in: callbacks wait in a queue and run with no idle time left (one step each). */
  function idleQueue() {
    const queue = new Map<number, IdleRequestCallback>();
    let lastId = 0;
    const saved = [globalThis.requestIdleCallback, globalThis.cancelIdleCallback] as const;
    globalThis.requestIdleCallback = (callback) => (queue.set(++lastId, callback), lastId);
    globalThis.cancelIdleCallback = (id) => void queue.delete(id);
    const deadline = { didTimeout: false, timeRemaining: () => 0 };
    return {
      runOne: () => {
        const [id, callback] = queue.entries().next().value ?? [];
        if (id === undefined) return;
        queue.delete(id);
        callback!(deadline);
      },
      get waiting() {
        return queue.size;
      },
      restore: () => ([globalThis.requestIdleCallback, globalThis.cancelIdleCallback] = saved),
    };
  }
  const { network } = loadRealData();
  const bounds = [139.6, 35.55, 139.9, 35.8] as const;
  const vertexCount = (paths: BinaryPaths) => paths.startIndices[paths.length];
  /** The paths of a culler that built only the band of `zoom`. */
  const directPaths = (zoom: number) => {
    const culler = new LodCuller(TRACK_LOD_BANDS, (band) => railwayPathSteps(network, band));
    const paths = culler.update(bounds, zoom);
    culler.dispose();
    return paths;
  };

  it('builds the bands next to the one shown one railway piece per idle callback, and hands out what a direct build gives', () => {
    const idle = idleQueue();
    try {
      const started: number[] = [];
      const culler = new LodCuller(TRACK_LOD_BANDS, (band) => (started.push(band.minZoom), railwayPathSteps(network, band)));
      culler.update(bounds, 14.5);
      expect(started).toEqual([14]);
      let callbacks = 0;
      while (idle.waiting > 0 && callbacks < 100_000) {
        idle.runOne();
        callbacks++;
      }
      // Both neighbours (13–14 and 15–16), each in hundreds of slices: no idle callback builds a band at once.
      expect(started).toEqual([14, 13, 15]);
      expect(callbacks).toBeGreaterThan(2 * network.meta.pieces.length * 0.5);
      for (const zoom of [13.5, 15.5]) {
        expect(vertexCount(culler.update(bounds, zoom))).toBe(vertexCount(directPaths(zoom)));
      }
      // Nothing was built again when those bands were shown.
      expect(started.slice(0, 3)).toEqual([14, 13, 15]);
      culler.dispose();
    } finally {
      idle.restore();
    }
  });

  it('finishes a band being built ahead when it is shown before it is done, without starting it again', () => {
    const idle = idleQueue();
    try {
      const started: number[] = [];
      const culler = new LodCuller(TRACK_LOD_BANDS, (band) => (started.push(band.minZoom), railwayPathSteps(network, band)));
      culler.update(bounds, 14.5);
      for (let i = 0; i < 50; i++) idle.runOne();
      expect(started).toEqual([14, 13]);
      const shown = culler.update(bounds, 13.5);
      expect(started).toEqual([14, 13]);
      const direct = directPaths(13.5);
      expect(vertexCount(shown)).toBe(vertexCount(direct));
      expect(Array.from(shown.attributes.getPath.value as Float64Array)).toEqual(Array.from(direct.attributes.getPath.value as Float64Array));
      // Then the band next to it on the other side (12–13) is built ahead, until the culler is disposed of.
      for (let i = 0; i < 50; i++) idle.runOne();
      expect(started).toEqual([14, 13, 12]);
      culler.dispose();
      expect(idle.waiting).toBe(0);
    } finally {
      idle.restore();
    }
  });

  it('draws a band not built yet with its stand-in, builds it in short tasks, then says so and hands out its own paths', async () => {
    const idle = idleQueue();
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    // A clock that moves a millisecond each time it is read: a slice of 8 ms is then a few steps, whatever the machine.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now++);
    try {
      const started: number[] = [];
      let built = 0;
      let onBuilt = () => {};
      const culler = new LodCuller(TRACK_LOD_BANDS, (band) => (started.push(band.minZoom), railwayPathSteps(network, band)), undefined, {
        standIn: (band) => railwayPathSteps(network, { ...band, tolerancePixels: 0 }),
        onBuilt: () => (built++, onBuilt()),
      });
      const whenBuilt = new Promise<void>((resolve) => (onBuilt = resolve));
      const first = culler.update(bounds, 14.5);
      // Nothing simplified yet: the whole track of the band in view, drawn at once.
      expect(started).toEqual([]);
      const unsimplified = new LodCuller(TRACK_LOD_BANDS, (band) => railwayPathSteps(network, { ...band, tolerancePixels: 0 }));
      expect(vertexCount(first)).toBe(vertexCount(unsimplified.update(bounds, 14.5)));
      unsimplified.dispose();
      await whenBuilt;
      // In many tasks of a few steps (one railway piece each), not one; the neighbours were not started (they wait for
      // idle time).
      expect(timeouts.mock.calls.filter(([, delay]) => delay === 0).length).toBeGreaterThan(50);
      expect(started).toEqual([14]);
      const own = culler.update(bounds, 14.5);
      expect(vertexCount(own)).toBeLessThan(vertexCount(first) * 0.8);
      const direct = directPaths(14.5);
      expect(Array.from(own.attributes.getPath.value as Float64Array)).toEqual(Array.from(direct.attributes.getPath.value as Float64Array));
      // The neighbours come next, in idle time, with no more calls: they are not shown.
      while (idle.waiting > 0) idle.runOne();
      expect(started).toEqual([14, 13, 15]);
      expect(built).toBe(1);
      culler.dispose();
    } finally {
      idle.restore();
      timeouts.mockRestore();
      clock.mockRestore();
    }
  });
});

describe('strips of chunks', () => {
  it('joins strips with two degenerate vertices between them, and builds each chunk\'s strip once', () => {
    const chunked = chunkPaths(source);
    const strips = [0, 1, 2].map((i) => buildTrackStrip(pathsOfChunks(chunked, [i]), { width: 0.4 }));
    const joined = joinStrips(strips);
    expect(joined.vertexCount).toBe(strips.reduce((n, s) => n + s.vertexCount, 0) + 4);
    expect(joined.segmentCount).toBe(strips.reduce((n, s) => n + s.segmentCount, 0));
    const vertex = (bytes: Uint8Array, i: number) => Array.from(bytes.subarray(i * STRIP_STRIDE, (i + 1) * STRIP_STRIDE));
    const a = strips[0].vertexCount;
    // The first strip, its last vertex again, the second's first vertex, then the second strip.
    expect(vertex(joined.bytes, a - 1)).toEqual(vertex(strips[0].bytes, a - 1));
    expect(vertex(joined.bytes, a)).toEqual(vertex(strips[0].bytes, a - 1));
    expect(vertex(joined.bytes, a + 1)).toEqual(vertex(strips[1].bytes, 0));
    expect(vertex(joined.bytes, a + 2)).toEqual(vertex(strips[1].bytes, 0));
    expect(vertex(joined.bytes, joined.vertexCount - 1)).toEqual(vertex(strips[2].bytes, strips[2].vertexCount - 1));
    // Every vertex of each chunk's strip is in the joined one, in order (positions read back).
    const floats = new Float32Array(joined.bytes.buffer);
    expect(floats[(a + 2) * (STRIP_STRIDE / 4) + STRIP_VERTEX.high]).toBe(new Float32Array(strips[1].bytes.buffer)[STRIP_VERTEX.high]);

    // A chunk's strip is built from its paths, which read the chunked attributes once: count those reads.
    let builds = 0;
    const spy = new Proxy(chunked, { get: (t, k) => (k === 'attributes' && builds++, Reflect.get(t, k)) });
    const assembler = chunkStripAssembler({ width: 0.4 });
    expect(assembler(spy, [0, 1]).vertexCount).toBe(strips[0].vertexCount + strips[1].vertexCount + 2);
    const afterFirst = builds;
    expect(assembler(spy, [1, 0]).vertexCount).toBe(strips[0].vertexCount + strips[1].vertexCount + 2);
    expect(builds).toBe(afterFirst); // both chunks' strips were kept
    assembler(spy, [2]);
    expect(builds).toBeGreaterThan(afterFirst);
  });
});

describe('rectangle and ground area', () => {
  // A trapezoid, corners anticlockwise, and the same clockwise.
  const area: ViewArea = [0, 0, 4, 0, 3, 2, 1, 2];
  const clockwise: ViewArea = [1, 2, 3, 2, 4, 0, 0, 0];
  it('meet when they overlap or touch, in either corner order', () => {
    for (const a of [area, clockwise]) {
      expect(rectangleMeetsArea(a, 1, 0.5, 2, 1)).toBe(true); // inside
      expect(rectangleMeetsArea(a, -1, -1, 5, 3)).toBe(true); // around it
      expect(rectangleMeetsArea(a, 3.9, -1, 6, 0)).toBe(true); // touching the bottom edge
      expect(rectangleMeetsArea(a, 3.8, 1.6, 5, 3)).toBe(false); // beyond the slanted right edge, inside the bounding box
      expect(rectangleMeetsArea(a, -1, 1.7, 0.1, 3)).toBe(false); // beyond the slanted left edge
      expect(rectangleMeetsArea(a, 5, 0, 6, 1)).toBe(false); // right of it
    }
  });
});
