import { describe, expect, it } from 'vitest';
import { chunkPaths, pathsOfChunks, PathCuller, visibleChunks, type BinaryPaths } from '../../src/layers/path-culling.ts';
import { packVertexStyle } from '../../src/layers/vertex-style.ts';

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
});
