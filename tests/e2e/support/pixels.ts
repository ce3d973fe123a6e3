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

/** Pixels of `rect` whose colour in `b` differs from `a` by more than `threshold` (the sum of the channels' differences). */
export function countChanged(a: RgbaImage, b: RgbaImage, rect: Rect, threshold: number): number {
  let count = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = (y * a.width + x) * 4;
      if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) > threshold) count++;
    }
  }
  return count;
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

/** What a drawn object covers on screen: its pixels, and its extent along and across its longest axis. */
export interface Footprint {
  pixels: number;
  /** Extent along the main axis and across it (principal axes of its pixels), pixels. */
  length: number;
  width: number;
  /** Its extent across (pixels) in each of `bins` equal slices along the main axis, from one end to the other. */
  profile: number[];
  /** The area its outline encloses (pixels, from the profile: holes such as a light roof on a light background count). */
  area: number;
  /** A mask of its pixels (image-sized), for test artifacts. */
  mask: Uint8Array;
}

/** The most common colour of a rectangle (to 8 levels a channel): a plain background's. */
function commonColor(image: RgbaImage, rect: Rect): Rgb {
  const counts = new Map<number, number>();
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = (y * image.width + x) * 4;
      const key = ((image.data[i] >> 3) << 10) | ((image.data[i + 1] >> 3) << 5) | (image.data[i + 2] >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const key = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  return [((key >> 10) << 3) + 4, (((key >> 5) & 31) << 3) + 4, ((key & 31) << 3) + 4];
}

/**
 * The footprint of the object drawn nearest `seed` inside `rect` on a plain background (its most common colour): the
 * connected pixels farther than `tolerance` from that colour, starting from the nearest such pixel within `reach`
 * pixels of the seed; null when there is none.
 */
export function footprintAt(image: RgbaImage, rect: Rect, seed: { x: number; y: number }, { tolerance = 40, reach = 30, bins = 10 } = {}): Footprint | null {
  const r = clip(rect, image);
  const background = commonColor(image, r);
  const inside = (x: number, y: number) => x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height;
  const isObject = (x: number, y: number) => inside(x, y) && distance(image, (y * image.width + x) * 4, background) > tolerance;
  let start: [number, number] | null = null;
  for (let d = 0; d <= reach && !start; d++) {
    for (let dy = -d; dy <= d && !start; dy++) {
      for (let dx = -d; dx <= d && !start; dx++) {
        const x = Math.round(seed.x) + dx;
        const y = Math.round(seed.y) + dy;
        if (Math.max(Math.abs(dx), Math.abs(dy)) === d && isObject(x, y)) start = [x, y];
      }
    }
  }
  if (!start) return null;
  const mask = new Uint8Array(image.width * image.height);
  const points: [number, number][] = [];
  const queue = [start];
  mask[start[1] * image.width + start[0]] = 1;
  while (queue.length) {
    const [x, y] = queue.pop()!;
    points.push([x, y]);
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
      const p = ny * image.width + nx;
      if (isObject(nx, ny) && !mask[p]) {
        mask[p] = 1;
        queue.push([nx, ny]);
      }
    }
  }
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let cxx = 0;
  let cyy = 0;
  let cxy = 0;
  for (const [x, y] of points) {
    cxx += (x - mx) ** 2;
    cyy += (y - my) ** 2;
    cxy += (x - mx) * (y - my);
  }
  const angle = Math.atan2(2 * cxy, cxx - cyy) / 2;
  const along = points.map(([x, y]) => (x - mx) * Math.cos(angle) + (y - my) * Math.sin(angle));
  const across = points.map(([x, y]) => -(x - mx) * Math.sin(angle) + (y - my) * Math.cos(angle));
  const min = Math.min(...along);
  const length = Math.max(...along) - min + 1;
  const width = Math.max(...across) - Math.min(...across) + 1;
  const slice = length / bins;
  const low = new Array<number>(bins).fill(Infinity);
  const high = new Array<number>(bins).fill(-Infinity);
  along.forEach((a, k) => {
    const bin = Math.min(bins - 1, Math.floor((a - min) / slice));
    low[bin] = Math.min(low[bin], across[k]);
    high[bin] = Math.max(high[bin], across[k]);
  });
  const profile = low.map((l, bin) => (l === Infinity ? 0 : high[bin] - l + 1));
  return { pixels: n, length, width, profile, area: profile.reduce((sum, w) => sum + w * slice, 0), mask };
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
