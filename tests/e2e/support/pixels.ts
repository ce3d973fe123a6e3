/**
 * Pixel checks on screenshots of the composited page (what a person sees):
 * counting pixels of a colour in a window, cropping, comparing crops.
 */
import type { Page, TestInfo } from '@playwright/test';
import { decodePng, encodePng, type RgbaImage } from './png.ts';
import { waitForFrames, waitForStillView } from './waits.ts';

export type { RgbaImage } from './png.ts';

/** An axis-aligned rectangle in CSS pixels (the tests run at device scale factor 1). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Rgb = readonly [number, number, number];

/** Parses `#RRGGBB`. */
export function hex(color: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) throw new Error(`not a #RRGGBB colour: ${color}`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}

/** Takes a screenshot of the viewport and decodes it; optionally attaches it to the test report. */
export async function screenshotImage(page: Page, attach?: { testInfo: TestInfo; name: string }): Promise<RgbaImage> {
  const png = await page.screenshot();
  if (attach) await attachPng(attach.testInfo, attach.name, png);
  return decodePng(png);
}

/** Writes a PNG into the test's output folder and attaches it to the report. */
export async function attachPng(testInfo: TestInfo, name: string, png: Buffer | RgbaImage): Promise<string> {
  const body = Buffer.isBuffer(png) ? png : encodePng(png);
  const path = testInfo.outputPath(name.endsWith('.png') ? name : `${name}.png`);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(path, body);
  await testInfo.attach(name, { path, contentType: 'image/png' });
  return path;
}

/** A `width`×`height` rectangle centred on a point, clipped to the image. */
export function rectAround(point: { x: number; y: number }, width: number, height: number, image?: RgbaImage): Rect {
  return clip({ x: Math.round(point.x - width / 2), y: Math.round(point.y - height / 2), width, height }, image);
}

/** Clips a rectangle to the image bounds. */
export function clip(rect: Rect, image?: RgbaImage): Rect {
  if (!image) return rect;
  const x0 = Math.max(0, Math.round(rect.x));
  const y0 = Math.max(0, Math.round(rect.y));
  const x1 = Math.min(image.width, Math.round(rect.x + rect.width));
  const y1 = Math.min(image.height, Math.round(rect.y + rect.height));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** Euclidean RGB distance of pixel `i` (byte offset) to a colour. */
function distance(image: RgbaImage, i: number, rgb: Rgb): number {
  const d = image.data;
  return Math.hypot(d[i] - rgb[0], d[i + 1] - rgb[1], d[i + 2] - rgb[2]);
}

/** Pixels within `tolerance` (RGB distance) of a colour inside a rectangle: count and centroid. */
export function findColor(image: RgbaImage, rect: Rect, rgb: Rgb, tolerance: number): { count: number; centroid: { x: number; y: number } | null } {
  const r = clip(rect, image);
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) {
      if (distance(image, (y * image.width + x) * 4, rgb) <= tolerance) {
        count++;
        sx += x;
        sy += y;
      }
    }
  }
  return { count, centroid: count ? { x: sx / count, y: sy / count } : null };
}

/** Number of pixels within `tolerance` of a colour inside a rectangle. */
export function countColor(image: RgbaImage, rect: Rect, rgb: Rgb, tolerance: number): number {
  return findColor(image, rect, rgb, tolerance).count;
}

/** A copy of a rectangle of the image. */
export function crop(image: RgbaImage, rect: Rect): RgbaImage {
  const r = clip(rect, image);
  const data = new Uint8Array(r.width * r.height * 4);
  for (let y = 0; y < r.height; y++) {
    const from = ((r.y + y) * image.width + r.x) * 4;
    data.set(image.data.subarray(from, from + r.width * 4), y * r.width * 4);
  }
  return { width: r.width, height: r.height, data };
}

/** Relative luminance-like brightness 0–255 of pixel `i` (byte offset). */
export function brightness(image: RgbaImage, i: number): number {
  const d = image.data;
  return 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
}

/** Mean brightness of a rectangle. */
export function meanBrightness(image: RgbaImage, rect: Rect): number {
  const r = clip(rect, image);
  let sum = 0;
  for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) sum += brightness(image, (y * image.width + x) * 4);
  return sum / Math.max(1, r.width * r.height);
}

/**
 * Per-pixel difference of two images of the same size: a mask (1 where the
 * brightness differs by more than `threshold`) and the number of such pixels.
 */
export function diffMask(a: RgbaImage, b: RgbaImage, threshold: number): { mask: Uint8Array; count: number } {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`diffMask: sizes differ (${a.width}×${a.height} vs ${b.width}×${b.height})`);
  const mask = new Uint8Array(a.width * a.height);
  let count = 0;
  for (let p = 0; p < mask.length; p++) {
    if (Math.abs(brightness(a, p * 4) - brightness(b, p * 4)) > threshold) {
      mask[p] = 1;
      count++;
    }
  }
  return { mask, count };
}

/**
 * "Ink with a halo": pixels of `image` selected by `mask` (when given) whose
 * brightness is on the ink side of `inkLevel` and that have a pixel on the
 * halo side of `haloLevel` within `radius` pixels. In the light theme ink is
 * dark (brightness ≤ inkLevel) and the halo light (≥ haloLevel); pass
 * `darkInk: false` for the dark theme.
 */
export function countHaloedInk(
  image: RgbaImage,
  options: { inkLevel: number; haloLevel: number; radius: number; darkInk: boolean; mask?: Uint8Array },
): number {
  const { inkLevel, haloLevel, radius, darkInk, mask } = options;
  const isInk = (v: number) => (darkInk ? v <= inkLevel : v >= inkLevel);
  const isHalo = (v: number) => (darkInk ? v >= haloLevel : v <= haloLevel);
  let count = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const p = y * image.width + x;
      if (mask && !mask[p]) continue;
      if (!isInk(brightness(image, p * 4))) continue;
      let haloed = false;
      for (let dy = -radius; dy <= radius && !haloed; dy++) {
        for (let dx = -radius; dx <= radius && !haloed; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= image.width || yy >= image.height) continue;
          if (isHalo(brightness(image, (yy * image.width + xx) * 4))) haloed = true;
        }
      }
      if (haloed) count++;
    }
  }
  return count;
}

/** An image showing a mask in red over a faded copy of `image` (for test artifacts). */
export function maskOverlay(image: RgbaImage, mask: Uint8Array): RgbaImage {
  const data = new Uint8Array(image.data.length);
  for (let p = 0; p < mask.length; p++) {
    const i = p * 4;
    if (mask[p]) data.set([255, 0, 0, 255], i);
    else {
      const g = 160 + brightness(image, i) / 3;
      data.set([g, g, g, 255], i);
    }
  }
  return { width: image.width, height: image.height, data };
}

/** A mask of the pixels of a rectangle that are within `tolerance` of a colour (image-sized). */
export function colorMask(image: RgbaImage, rect: Rect, rgb: Rgb, tolerance: number): Uint8Array {
  const r = clip(rect, image);
  const mask = new Uint8Array(image.width * image.height);
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) {
      const p = y * image.width + x;
      if (distance(image, p * 4, rgb) <= tolerance) mask[p] = 1;
    }
  }
  return mask;
}

export { decodePng, encodePng };

/**
 * Once the view is at rest ({@link waitForStillView}), screenshots taken by `shoot` a few frames apart until two in
 * a row agree (no pixel's brightness differs by more than 8), and the last of them: a view to compare another with,
 * when nothing moves in it (hide what moves first). Fails when the view keeps changing for `attempts` shots.
 */
export async function stillScreenshot(page: Page, shoot: () => Promise<RgbaImage>, attempts = 30): Promise<RgbaImage> {
  await waitForStillView(page);
  let previous = await shoot();
  for (let i = 0; i < attempts; i++) {
    await waitForFrames(page);
    const next = await shoot();
    if (diffMask(previous, next, 8).count === 0) return next;
    previous = next;
  }
  throw new Error(`the map did not come to rest in ${attempts} screenshots`);
}
