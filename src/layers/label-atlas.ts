/**
 * Label bitmaps: each label's text, with its halo, drawn once by the
 * browser's 2D canvas into one texture and then drawn on the map as one quad.
 *
 * deck.gl's TextLayer draws one instance per character. Software WebGL
 * (SwiftShader) runs an instanced draw as one internal draw per instance, so
 * a few hundred names cost about a fifth of a moving frame there; a quad per
 * name in one plain draw costs a small part of that, and the text is the
 * browser's own, hinted and kerned.
 *
 * The texture's red channel is the text's coverage and its green channel the
 * halo's, so colours and opacity stay uniforms and a theme change redraws
 * nothing. Labels are packed in rows of one height (all labels of an atlas
 * share their font); when the atlas is full it starts again with the labels
 * asked for at that moment.
 *
 * @module
 */

/** Where a label's bitmap lies in the atlas, device pixels. */
export interface AtlasEntry {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The font of an atlas's labels. */
export interface LabelFont {
  family: string;
  weight: number;
  /** CSS pixels. */
  size: number;
  /** Halo width around the text, CSS pixels. */
  halo: number;
}

/** A canvas of the given size (an OffscreenCanvas where the browser has one). */
export type CanvasFactory = (width: number, height: number) => HTMLCanvasElement | OffscreenCanvas;

const createCanvas: CanvasFactory = (width, height) =>
  typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });

/** Empty space kept around a label's bitmap, device pixels (so that neighbours never bleed into each other). */
const GUTTER = 1;

/** Rows of one height, filled left to right: where the next box of a given width goes. */
export class ShelfPacker {
  private x = 0;
  private y = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly rowHeight: number,
  ) {}

  /** The top left of a new box `width` wide, or null when the atlas is full. */
  place(width: number): { x: number; y: number } | null {
    if (width > this.width) return null;
    if (this.x + width > this.width) {
      this.x = 0;
      this.y += this.rowHeight;
    }
    if (this.y + this.rowHeight > this.height) return null;
    const at = { x: this.x, y: this.y };
    this.x += width;
    return at;
  }

  reset(): void {
    this.x = 0;
    this.y = 0;
  }
}

/** The device pixel ratio an atlas draws at: the display's, from 1 to 3 (beyond 3 the atlas would outgrow its texture). */
export function atlasPixelRatio(ratio: number): number {
  return Math.min(Math.max(ratio, 1), 3);
}

/** Height of a label's bitmap in device pixels, halo included. */
export function labelBitmapHeight(font: LabelFont, ratio: number): number {
  return Math.ceil((font.size * 1.3 + 2 * font.halo) * ratio) + 2 * GUTTER;
}

/**
 * The atlas: a 2D canvas (red = text, green = halo, on black) and where each
 * text is in it. {@link LabelAtlas.prepare} draws what is missing and
 * reports the band of rows to upload.
 */
export class LabelAtlas {
  readonly canvas: HTMLCanvasElement | OffscreenCanvas;
  readonly ratio: number;
  private readonly ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  private readonly packer: ShelfPacker;
  private readonly entries = new Map<string, AtlasEntry>();
  private dirtyFrom = Infinity;
  private dirtyTo = 0;
  /** Counts the times the atlas was cleared to make room (the layer then rebuilds every quad). */
  generation = 0;

  constructor(
    readonly font: LabelFont,
    ratio: number,
    canvasFactory: CanvasFactory = createCanvas,
  ) {
    this.ratio = atlasPixelRatio(ratio);
    const width = 2048;
    const height = this.ratio > 1 ? 2048 : 1024;
    this.canvas = canvasFactory(width, height);
    const ctx = this.canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!ctx) throw new Error('Station names: this browser gives no 2D canvas to draw them with');
    this.ctx = ctx;
    this.packer = new ShelfPacker(width, height, labelBitmapHeight(font, this.ratio));
    this.clear();
  }

  /** The entry of a text drawn earlier, if it is still there. */
  get(text: string): AtlasEntry | undefined {
    return this.entries.get(text);
  }

  /**
   * Draws the texts that are not in the atlas yet. When it fills up, the atlas
   * starts again with `texts` alone ({@link generation} grows). Texts that do not
   * fit even then (only a label wider than the atlas) are left out.
   */
  prepare(texts: Iterable<string>): void {
    const wanted = [...new Set(texts)];
    for (const text of wanted) {
      if (this.entries.has(text)) continue;
      if (!this.add(text)) {
        this.clear();
        this.generation++;
        for (const t of wanted) if (!this.entries.has(t)) this.add(t);
        return;
      }
    }
  }

  /** The rows drawn into since the last call, as [first row, end row), or null. */
  takeDirtyRows(): [number, number] | null {
    if (this.dirtyFrom >= this.dirtyTo) return null;
    const band: [number, number] = [this.dirtyFrom, this.dirtyTo];
    this.dirtyFrom = Infinity;
    this.dirtyTo = 0;
    return band;
  }

  /** The pixels of rows [from, to), for upload. */
  rows(from: number, to: number): ImageData {
    return this.ctx.getImageData(0, from, this.canvas.width, to - from);
  }

  /**
   * Empties the atlas. Nothing is painted or uploaded for that: each row is
   * painted black when its first label goes in (see {@link add}) and
   * uploaded whole once labels are drawn into it, and what is left of old
   * labels in the other rows is never read. (Painting the whole canvas black
   * here took a tenth of a second on a phone, for rows that are mostly never used.)
   */
  private clear() {
    this.entries.clear();
    this.packer.reset();
    this.dirtyFrom = Infinity;
    this.dirtyTo = 0;
  }

  private add(text: string): boolean {
    const { ctx, font, ratio } = this;
    ctx.font = `${font.weight} ${font.size * ratio}px ${font.family}`;
    const halo = font.halo * ratio;
    const width = Math.ceil(ctx.measureText(text).width + 2 * halo) + 2 * GUTTER;
    const height = this.packer.rowHeight;
    const at = this.packer.place(width);
    if (!at) return false;
    if (at.x === 0) {
      // A new row: opaque black under the labels, whose channels add onto it ('copy' would empty the other rows).
      ctx.globalCompositeOperation = 'source-over';
      ctx.fillStyle = '#000';
      ctx.fillRect(0, at.y, this.canvas.width, height);
    }
    const x = at.x + GUTTER + halo;
    const baseline = at.y + height - GUTTER - halo - font.size * 0.25 * ratio;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.lineJoin = 'round';
    // Each channel adds onto the black background: green where the halo covers, red where the text does.
    ctx.globalCompositeOperation = 'lighter';
    if (halo > 0) {
      ctx.strokeStyle = '#00ff00';
      ctx.lineWidth = 2 * halo;
      ctx.strokeText(text, x, baseline);
      ctx.fillStyle = '#00ff00';
      ctx.fillText(text, x, baseline);
    }
    ctx.fillStyle = '#ff0000';
    ctx.fillText(text, x, baseline);
    this.entries.set(text, { x: at.x + GUTTER, y: at.y + GUTTER, width: width - 2 * GUTTER, height: height - 2 * GUTTER });
    this.dirtyFrom = Math.min(this.dirtyFrom, at.y);
    this.dirtyTo = Math.max(this.dirtyTo, at.y + height);
    return true;
  }
}
