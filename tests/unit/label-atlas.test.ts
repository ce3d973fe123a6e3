import { describe, expect, it } from 'vitest';
import { LabelAtlas, ShelfPacker, labelBitmapHeight, type LabelFont } from '../../src/layers/label-atlas.ts';
import { LABEL_VERTEX, LABEL_VERTEX_FLOATS, VERTICES_PER_LABEL, writeLabelQuads } from '../../src/layers/label-quads.ts';

const FONT: LabelFont = { family: 'sans-serif', weight: 600, size: 13, halo: 2 };

/** A 2D canvas stand-in: text is 7 px a character at 13 px; records what is drawn. */
function fakeCanvas(width: number, height: number) {
  const drawn: string[] = [];
  /** Rectangles painted: [x, y, width, height, fill, composite operation]. */
  const fills: [number, number, number, number, string, string][] = [];
  const ctx = {
    font: '',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 0,
    lineJoin: '',
    textAlign: '',
    textBaseline: '',
    globalCompositeOperation: '',
    measureText: (text: string) => ({ width: text.length * 7 * (parseFloat(/(\d+(\.\d+)?)px/.exec(ctx.font)?.[1] ?? '13') / 13) }),
    fillRect: (x: number, y: number, w: number, h: number) => void fills.push([x, y, w, h, ctx.fillStyle, ctx.globalCompositeOperation]),
    strokeText: () => undefined,
    fillText: (text: string) => {
      if (ctx.fillStyle === '#ff0000') drawn.push(text);
    },
    getImageData: (_x: number, _y: number, w: number, h: number) => ({ width: w, height: h }),
  };
  return { canvas: { width, height, getContext: () => ctx } as unknown as OffscreenCanvas, drawn, fills };
}

describe('label atlas', () => {
  it('packs boxes in rows of one height, left to right, and reports a full atlas', () => {
    const packer = new ShelfPacker(100, 30, 10);
    expect(packer.place(60)).toEqual({ x: 0, y: 0 });
    expect(packer.place(40)).toEqual({ x: 60, y: 0 });
    expect(packer.place(50)).toEqual({ x: 0, y: 10 });
    expect(packer.place(60)).toEqual({ x: 0, y: 20 });
    expect(packer.place(60)).toBeNull();
    expect(packer.place(101)).toBeNull();
    packer.reset();
    expect(packer.place(10)).toEqual({ x: 0, y: 0 });
  });

  it('sizes a bitmap for the text, its halo and the device pixel ratio', () => {
    expect(labelBitmapHeight(FONT, 1)).toBe(Math.ceil(13 * 1.3 + 4) + 2);
    expect(labelBitmapHeight(FONT, 2)).toBe(Math.ceil((13 * 1.3 + 4) * 2) + 2);
  });

  it('draws each text once, uploads only the rows drawn into, and starts again with the texts asked for when full', () => {
    let fake!: ReturnType<typeof fakeCanvas>;
    const atlas = new LabelAtlas(FONT, 1, (w, h) => (fake = fakeCanvas(w, h)).canvas);
    expect(atlas.takeDirtyRows()).toBeNull(); // an empty atlas uploads nothing
    atlas.prepare(['Tokyo', 'Kanda', 'Tokyo']);
    expect(fake.drawn).toEqual(['Tokyo', 'Kanda']);
    const tokyo = atlas.get('Tokyo')!;
    expect(tokyo.width).toBe(Math.ceil(5 * 7 + 4));
    expect(tokyo.height).toBe(labelBitmapHeight(FONT, 1) - 2);
    expect(atlas.takeDirtyRows()).toEqual([0, labelBitmapHeight(FONT, 1)]);
    atlas.prepare(['Tokyo']);
    expect(fake.drawn).toHaveLength(2);
    expect(atlas.takeDirtyRows()).toBeNull();

    // 2048 px rows of 30-character names (216 px bitmaps, 9 a row) 23 px high in 1024 px: 44 rows, under 396 names fit.
    const names = Array.from({ length: 500 }, (_, i) => `Station ${String(i).padStart(22, '0')}`);
    atlas.prepare(names.slice(0, 350));
    expect(atlas.generation).toBe(0);
    atlas.prepare(names.slice(300, 500));
    expect(atlas.generation).toBe(1);
    for (const n of names.slice(300, 500)) expect(atlas.get(n)).toBeDefined();
    expect(atlas.get('Tokyo')).toBeUndefined();
    // Only the rows the 200 names were drawn into again (23 rows of 23 px), not the whole atlas.
    expect(atlas.takeDirtyRows()).toEqual([0, Math.ceil(200 / 9) * labelBitmapHeight(FONT, 1)]);
  });
});

describe('label atlas rows', () => {
  it('paints each row black when its first label goes in, and nothing more (not the whole canvas)', () => {
    let fake!: ReturnType<typeof fakeCanvas>;
    const atlas = new LabelAtlas(FONT, 1, (w, h) => (fake = fakeCanvas(w, h)).canvas);
    const row = labelBitmapHeight(FONT, 1);
    expect(fake.fills).toEqual([]);
    atlas.prepare(['Tokyo', 'Kanda']);
    expect(fake.fills).toEqual([[0, 0, 2048, row, '#000', 'source-over']]);
    // 9 names of 216 px fill a row: 12 names open a second row.
    const names = Array.from({ length: 12 }, (_, i) => `Station ${String(i).padStart(22, '0')}`);
    atlas.prepare(names);
    expect(fake.fills).toEqual([
      [0, 0, 2048, row, '#000', 'source-over'],
      [0, row, 2048, row, '#000', 'source-over'],
    ]);
    // Full: it starts again, and the first row is painted again before labels go into it.
    const many = Array.from({ length: 500 }, (_, i) => `Station ${String(i + 100).padStart(22, '0')}`);
    atlas.prepare(many.slice(0, 380));
    expect(atlas.generation).toBe(0);
    fake.fills.length = 0;
    atlas.prepare(many.slice(380, 400));
    expect(atlas.generation).toBe(1);
    expect(fake.fills[0]).toEqual([0, 0, 2048, row, '#000', 'source-over']);
  });
});

describe('label quads', () => {
  it('centres each bitmap over its anchor on whole device pixels, its bottom at the offset, with its atlas corners', () => {
    const entry = { x: 100, y: 40, width: 41, height: 21 };
    const out = writeLabelQuads([{ position: [139.7671234567, 35.6812345678], entry, alpha: 0.8 }], 2, [0, -12]);
    expect(out.length).toBe(VERTICES_PER_LABEL * LABEL_VERTEX_FLOATS);
    const vertex = (i: number) => out.subarray(i * LABEL_VERTEX_FLOATS, (i + 1) * LABEL_VERTEX_FLOATS);
    const corners = Array.from({ length: 6 }, (_, i) => vertex(i));
    for (const v of corners) {
      expect(v[LABEL_VERTEX.high] + v[LABEL_VERTEX.low]).toBeCloseTo(139.7671234567, 9);
      expect(v[LABEL_VERTEX.high + 1] + v[LABEL_VERTEX.low + 1]).toBeCloseTo(35.6812345678, 9);
      expect(v[LABEL_VERTEX.alpha]).toBeCloseTo(0.8);
      expect(Number.isInteger(v[LABEL_VERTEX.offset]) && Number.isInteger(v[LABEL_VERTEX.offset + 1])).toBe(true);
    }
    const xs = corners.map((v) => v[LABEL_VERTEX.offset]);
    const ys = corners.map((v) => v[LABEL_VERTEX.offset + 1]);
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([-20, 21]);
    expect([Math.min(...ys), Math.max(...ys)]).toEqual([-24 - 21, -24]);
    // The top left corner reads the atlas entry's top left, the bottom right its bottom right.
    const topLeft = corners.find((v) => v[LABEL_VERTEX.offset] === -20 && v[LABEL_VERTEX.offset + 1] === -45)!;
    expect([topLeft[LABEL_VERTEX.atlas], topLeft[LABEL_VERTEX.atlas + 1]]).toEqual([100, 40]);
    const bottomRight = corners.find((v) => v[LABEL_VERTEX.offset] === 21 && v[LABEL_VERTEX.offset + 1] === -24)!;
    expect([bottomRight[LABEL_VERTEX.atlas], bottomRight[LABEL_VERTEX.atlas + 1]]).toEqual([141, 61]);
  });

  it('reuses a large enough array', () => {
    const entry = { x: 0, y: 0, width: 10, height: 10 };
    const array = new Float32Array(1000);
    expect(writeLabelQuads([{ position: [0, 0], entry, alpha: 1 }], 1, [0, 0], array)).toBe(array);
  });
});
