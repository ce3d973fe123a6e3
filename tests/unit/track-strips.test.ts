import { describe, expect, it } from 'vitest';
import { LodCuller, type BinaryPaths } from '../../src/data/geometry/path-culling.ts';
import { buildTrackStrip, STRIP_STRIDE, STRIP_VERTEX } from '../../src/data/geometry/track-strips.ts';
import { packVertexStyle } from '../../src/data/geometry/vertex-style.ts';

/** Binary paths from polylines of [lng, lat, opacity] points, with a zero offset and zooms 0–24. */
function paths(lines: Array<Array<[number, number, number?]>>, colors?: number[][]): BinaryPaths {
  const points = lines.flat();
  const startIndices = new Uint32Array(lines.length + 1);
  lines.reduce((at, line, i) => ((startIndices[i] = at), at + line.length), 0);
  startIndices[lines.length] = points.length;
  const positions = new Float64Array(points.flatMap(([lng, lat]) => [lng, lat, 0]));
  const offsets = new Float32Array(points.flatMap(([, , opacity = 1]) => [0, 0, 0, packVertexStyle(0, 24, opacity)]));
  const attributes: BinaryPaths['attributes'] = { getPath: { value: positions, size: 3 }, getTrackOffset: { value: offsets, size: 4 } };
  if (colors) attributes.getColor = { value: new Uint8Array(lines.flatMap((line, i) => line.flatMap(() => colors[i]))), size: 4, normalized: true };
  return { length: lines.length, startIndices, attributes };
}

/** The strip's vertices, decoded. */
function vertices(strip: ReturnType<typeof buildTrackStrip>) {
  const floats = new Float32Array(strip.bytes.buffer);
  const stride = STRIP_STRIDE / 4;
  return Array.from({ length: strip.vertexCount }, (_, i) => {
    const f = i * stride;
    return {
      lng: floats[f + STRIP_VERTEX.high] + floats[f + STRIP_VERTEX.low],
      lat: floats[f + STRIP_VERTEX.high + 1] + floats[f + STRIP_VERTEX.low + 1],
      segmentIn: Array.from(floats.subarray(f + STRIP_VERTEX.segmentIn, f + STRIP_VERTEX.segmentIn + 2)),
      segmentOut: Array.from(floats.subarray(f + STRIP_VERTEX.segmentOut, f + STRIP_VERTEX.segmentOut + 2)),
      side: Math.sign(floats[f + STRIP_VERTEX.ends]),
      cap: floats[f + STRIP_VERTEX.ends + 1],
      width: floats[f + STRIP_VERTEX.ends + 2],
      quad: Math.abs(floats[f + STRIP_VERTEX.ends]) > 1.5 ? 1 : 0,
      outlineWidth: floats[f + STRIP_VERTEX.ends + 3],
      color: Array.from(strip.bytes.subarray(i * STRIP_STRIDE + STRIP_VERTEX.colorByte, i * STRIP_STRIDE + STRIP_VERTEX.colorByte + 4)),
    };
  });
}

describe('track strips', () => {
  it('gives each path vertex a left and a right edge, with a round cap pair before and after', () => {
    const strip = buildTrackStrip(paths([[[139.7, 35.6], [139.71, 35.6], [139.72, 35.601]]], [[10, 20, 30, 255]]), { width: 0.4 });
    const v = vertices(strip);
    expect(strip.segmentCount).toBe(2);
    expect(v).toHaveLength(2 + 3 * 2 + 2);
    expect(v.map((x) => x.side)).toEqual([-1, 1, -1, 1, -1, 1, -1, 1, -1, 1]);
    expect(v.map((x) => x.cap)).toEqual([-1, -1, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(v[2].lng).toBeCloseTo(139.7, 9);
    expect(v[7].lng).toBeCloseTo(139.72, 9);
    expect(v[0].color).toEqual([10, 20, 30, 255]);
    expect(v[0].width).toBeCloseTo(0.4, 6);
    expect(v.every((x) => x.quad === 0 && x.outlineWidth === 0)).toBe(true);
    // Directions: east along the first segment; the middle vertex sees both segments; the ends repeat their one segment.
    expect(v[2].segmentIn[0]).toBeGreaterThan(0);
    expect(v[2].segmentIn[1]).toBeCloseTo(0, 9);
    expect(v[4].segmentIn[1]).toBeCloseTo(0, 9);
    expect(v[4].segmentOut[1]).toBeGreaterThan(0);
    expect(v[6].segmentOut).toEqual(v[6].segmentIn);
  });

  it('keeps 64-bit precision in the high and low parts', () => {
    const v = vertices(buildTrackStrip(paths([[[139.123456789, 35.987654321], [139.2, 35.9]]])));
    expect(v[0].lng).toBeCloseTo(139.123456789, 11);
    expect(v[0].lat).toBeCloseTo(35.987654321, 11);
  });

  it('draws a run of one segment as one quad: its two cap pairs, marked so the shader rounds its ends', () => {
    const strip = buildTrackStrip(paths([[[139.7, 35.6], [139.71, 35.601]]]), { width: 0.9 });
    const v = vertices(strip);
    expect(strip.vertexCount).toBe(4);
    expect(strip.segmentCount).toBe(1);
    expect(v.map((x) => [x.side, x.cap, x.quad])).toEqual([[-1, -1, 1], [1, -1, 1], [-1, 1, 1], [1, 1, 1]]);
    expect(v[0].lng).toBeCloseTo(139.7, 9);
    expect(v[3].lng).toBeCloseTo(139.71, 9);
    // Both ends carry the whole segment (the shader takes half its length from it).
    for (const x of v) {
      expect(x.segmentIn).toEqual(v[0].segmentOut);
      expect(x.segmentOut).toEqual(v[0].segmentOut);
    }
    expect(v[0].segmentOut[0]).toBeGreaterThan(0);
    expect(v[0].segmentOut[1]).toBeGreaterThan(0);
  });

  it('leaves out segments with a hidden end, and joins runs with degenerate triangles', () => {
    const strip = buildTrackStrip(paths([[[139.7, 35.6], [139.71, 35.6], [139.72, 35.6, 0], [139.73, 35.6], [139.74, 35.6]]]));
    // Two runs of one segment: one quad (4 vertices) each, and two joining vertices.
    expect(strip.segmentCount).toBe(2);
    expect(strip.vertexCount).toBe(4 + 2 + 4);
    const v = vertices(strip);
    // The join repeats the last vertex of the first run and the first of the second: zero-area triangles.
    expect(v[4]).toEqual(v[3]);
    expect(v[5]).toEqual(v[6]);
    expect(v.some((x) => Math.abs(x.lng - 139.72) < 1e-9)).toBe(false);
  });

  it('cuts a path where it turns sharply, so the joint is two round ends', () => {
    const gentle = buildTrackStrip(paths([[[139.7, 35.6], [139.71, 35.6], [139.72, 35.602]]]));
    const hairpin = buildTrackStrip(paths([[[139.7, 35.6], [139.71, 35.6], [139.7, 35.6005]]]));
    expect(gentle.vertexCount).toBe(10);
    expect(hairpin.vertexCount).toBe(4 + 2 + 4);
    expect(hairpin.segmentCount).toBe(2);
  });

  it('carries the outline width of each vertex when the paths give one', () => {
    const lines = paths([[[139.7, 35.6], [139.71, 35.6], [139.72, 35.601]]]);
    lines.attributes.getWidth = { value: new Float32Array([0.9, 0.9, 0.9]), size: 1 };
    lines.attributes.getOutlineWidth = { value: new Float32Array([1.04, 1.04, 1.2]), size: 1 };
    const v = vertices(buildTrackStrip(lines));
    expect(v.map((x) => x.outlineWidth)).toEqual([1.04, 1.04, 1.04, 1.04, 1.04, 1.04, 1.2, 1.2, 1.2, 1.2].map(Math.fround));
    expect(v.every((x) => x.width === Math.fround(0.9))).toBe(true);
  });

  it('draws a constant colour when the paths carry none', () => {
    const v = vertices(buildTrackStrip(paths([[[139.7, 35.6], [139.71, 35.6]]]), { color: [1, 2, 3] }));
    expect(v.every((x) => x.color.join() === '1,2,3,255')).toBe(true);
  });
});

describe('LodCuller', () => {
  it('builds each zoom band once, when it is first shown, and hands out its paths', () => {
    const built: number[] = [];
    const bands = [
      { minZoom: 0, maxZoom: 12 },
      { minZoom: 12, maxZoom: 24 },
    ];
    const culler = new LodCuller(bands, function* (band) {
      built.push(band.minZoom);
      // Inside one culling cell (0.04° × 0.03°), so that no path is cut.
      return band.minZoom === 0 ? paths([[[139.69, 35.611], [139.7, 35.615]]]) : paths([[[139.69, 35.611], [139.695, 35.612], [139.7, 35.615]]]);
    });
    const coarse = culler.update([139.6, 35.5, 139.9, 35.8], 11);
    expect(coarse.startIndices[coarse.length]).toBe(2);
    const fine = culler.update([139.6, 35.5, 139.9, 35.8], 13.5);
    expect(fine.startIndices[fine.length]).toBe(3);
    expect(culler.update([139.6, 35.5, 139.9, 35.8], 11)).toBe(coarse);
    expect(built).toEqual([0, 12]);
    expect(culler.bandAt(30)).toBe(bands[1]);
    culler.dispose();
  });
});
