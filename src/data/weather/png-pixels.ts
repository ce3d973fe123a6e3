/**
 * A PNG's RGBA pixels through the browser's own image decoder:
 * `createImageBitmap` drawn onto an `OffscreenCanvas` and read back. Runs in
 * the tile worker (`tile-reader-worker.ts`).
 *
 * Colour management is switched off (`colorSpaceConversion: 'none'`) so the
 * pixels are the file's bytes, as the radar's colour scale needs. The canvas
 * stores premultiplied alpha, which can move translucent colours by a few
 * steps: the palette reads those by alpha and nearest colour.
 *
 * @module
 */

/** Decodes a PNG of `size` × `size` pixels into RGBA bytes (rows from the top). Rejects when it cannot. */
export type PngPixelDecoder = (png: Uint8Array, size: number) => Promise<Uint8Array | Uint8ClampedArray>;

let canvas: { size: number; context: OffscreenCanvasRenderingContext2D } | null = null;

function context(size: number): OffscreenCanvasRenderingContext2D {
  if (canvas?.size === size) return canvas.context;
  if (typeof OffscreenCanvas !== 'function') throw new Error('this browser has no OffscreenCanvas to read the picture with');
  const ctx = new OffscreenCanvas(size, size).getContext('2d', { willReadFrequently: true, alpha: true });
  if (!ctx) throw new Error('no 2D canvas context to read the picture with');
  canvas = { size, context: ctx };
  return ctx;
}

/** {@link PngPixelDecoder} of the browser. */
export const decodePngPixels: PngPixelDecoder = async (png, size) => {
  if (typeof createImageBitmap !== 'function') throw new Error('this browser has no createImageBitmap');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  } catch (error) {
    throw new Error(`the browser could not decode it as a picture (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    if (bitmap.width !== size || bitmap.height !== size) throw new Error(`it decodes to ${bitmap.width}×${bitmap.height} pixels, expected ${size}×${size}`);
    const ctx = context(size);
    ctx.clearRect(0, 0, size, size);
    ctx.drawImage(bitmap, 0, 0);
    return ctx.getImageData(0, 0, size, size).data;
  } finally {
    bitmap.close();
  }
};
