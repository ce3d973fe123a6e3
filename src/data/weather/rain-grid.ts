/**
 * Radar tiles → an intensity grid (mm/h) over an area, read through the
 * service's colour scale ({@link RadarPalette}), and lookups in it.
 *
 * The grid keeps the tiles' own pixels (Web Mercator, one cell per tile pixel
 * at the tiles' zoom, about 1 km over Tokyo at zoom 7), cropped to the area.
 *
 * @module
 */
import { DRY_CODE, MM_PER_HOUR_BY_CODE, RadarPalette, UNKNOWN_CODE } from './radar-palette.ts';
import type { LngLatBounds, TileId } from './radar-tiles.ts';

/** Precipitation over an area at one radar frame. */
export interface RainGrid {
  /** The radar frame's time (epoch ms). */
  time: number;
  /** Zoom and pixels per side of the tiles it was read from. */
  zoom: number;
  tileSize: number;
  /** Global pixel (at that zoom and size) of the grid's north-west cell. */
  x0: number;
  y0: number;
  /** Cells across and down. */
  width: number;
  height: number;
  /** The cells' outer edges, degrees. */
  bounds: LngLatBounds;
  /** mm/h per cell, rows from the north, 0 where dry. */
  mmPerHour: Float32Array;
  /** 1 where the precipitation is snow. */
  snow: Uint8Array;
  /** Largest intensity in the grid (mm/h). */
  maxMmPerHour: number;
  /** Cells with any precipitation. */
  wetCells: number;
}

/** One tile's pixels, RGBA rows from the north. */
export interface TilePixels {
  tile: TileId;
  size: number;
  rgba: Uint8Array | Uint8ClampedArray;
}

/** How a tile's pixels read. */
export interface TileReading {
  /** Palette code per pixel (see {@link RadarPalette.code}). */
  codes: Uint8Array;
  /** Painted pixels (alpha > 0). */
  painted: number;
  /** Painted pixels whose colour is not on the scale. */
  unknown: number;
}

/** Share of a tile's painted pixels that may be off the scale before the tile counts as undecodable. */
export const MAX_UNKNOWN_SHARE = 0.01;

/** Reads every pixel of a tile through the palette. */
export function readTile(pixels: TilePixels, palette: RadarPalette): TileReading {
  const { rgba, size } = pixels;
  if (rgba.length !== size * size * 4) throw new RangeError(`readTile: ${rgba.length} bytes for a ${size}×${size} tile (expected ${size * size * 4})`);
  const codes = new Uint8Array(size * size);
  let painted = 0;
  let unknown = 0;
  for (let i = 0, p = 0; i < codes.length; i++, p += 4) {
    const a = rgba[p + 3];
    if (a === 0) continue;
    painted++;
    const code = palette.code(rgba[p], rgba[p + 1], rgba[p + 2], a);
    if (code === UNKNOWN_CODE) unknown++;
    codes[i] = code;
  }
  return { codes, painted, unknown };
}

/** Why a tile cannot be used, or null: more than {@link MAX_UNKNOWN_SHARE} of its painted pixels are off the scale. */
export function unreadableReason(reading: TileReading): string | null {
  if (reading.unknown === 0 || reading.unknown <= reading.painted * MAX_UNKNOWN_SHARE) return null;
  const share = ((reading.unknown / reading.painted) * 100).toFixed(reading.unknown === reading.painted ? 0 : 1);
  return `${reading.unknown} of its ${reading.painted} painted pixels (${share}%) are not colours of RainViewer's Universal Blue scale`;
}

/** Global pixel x of a longitude at a zoom and tile size. */
export function pixelX(lng: number, zoom: number, size: number): number {
  return ((lng + 180) / 360) * 2 ** zoom * size;
}

/** Global pixel y of a latitude (Web Mercator). */
export function pixelY(lat: number, zoom: number, size: number): number {
  const phi = (Math.max(-85.0511287798066, Math.min(85.0511287798066, lat)) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 2 ** zoom * size;
}

function lngOfPixel(x: number, zoom: number, size: number): number {
  return (x / (2 ** zoom * size)) * 360 - 180;
}

function latOfPixel(y: number, zoom: number, size: number): number {
  const n = Math.PI * (1 - (2 * y) / (2 ** zoom * size));
  return (Math.atan(Math.sinh(n)) * 180) / Math.PI;
}

/**
 * The grid over `area` from tiles of one zoom and size that cover it. Pixels
 * off the scale, and parts of the area no tile covers, are dry.
 *
 * @throws RangeError when the tiles are of different zooms or sizes, or none is given.
 */
export function buildRainGrid(tiles: ReadonlyArray<{ pixels: Pick<TilePixels, 'tile' | 'size'>; reading: TileReading }>, area: LngLatBounds, time: number): RainGrid {
  if (tiles.length === 0) throw new RangeError('buildRainGrid: no tiles');
  const { zoom, size } = { zoom: tiles[0].pixels.tile.z, size: tiles[0].pixels.size };
  if (tiles.some((t) => t.pixels.tile.z !== zoom || t.pixels.size !== size)) throw new RangeError('buildRainGrid: tiles of different zooms or sizes');
  const x0 = Math.floor(pixelX(area.west, zoom, size));
  const x1 = Math.ceil(pixelX(area.east, zoom, size));
  const y0 = Math.floor(pixelY(area.north, zoom, size));
  const y1 = Math.ceil(pixelY(area.south, zoom, size));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const mmPerHour = new Float32Array(width * height);
  const snow = new Uint8Array(width * height);
  let maxMmPerHour = 0;
  let wetCells = 0;
  for (const { pixels, reading } of tiles) {
    const tx = pixels.tile.x * size;
    const ty = pixels.tile.y * size;
    const fromX = Math.max(x0, tx);
    const toX = Math.min(x0 + width, tx + size);
    const fromY = Math.max(y0, ty);
    const toY = Math.min(y0 + height, ty + size);
    for (let y = fromY; y < toY; y++) {
      for (let x = fromX; x < toX; x++) {
        const code = reading.codes[(y - ty) * size + (x - tx)];
        if (code === DRY_CODE || code === UNKNOWN_CODE) continue;
        const mm = MM_PER_HOUR_BY_CODE[code];
        const cell = (y - y0) * width + (x - x0);
        mmPerHour[cell] = mm;
        snow[cell] = code >= 128 ? 1 : 0;
        if (mm > 0) wetCells++;
        if (mm > maxMmPerHour) maxMmPerHour = mm;
      }
    }
  }
  const bounds = { west: lngOfPixel(x0, zoom, size), east: lngOfPixel(x0 + width, zoom, size), north: latOfPixel(y0, zoom, size), south: latOfPixel(y0 + height, zoom, size) };
  return { time, zoom, tileSize: size, x0, y0, width, height, bounds, mmPerHour, snow, maxMmPerHour, wetCells };
}

/** The cell under a place, or −1 outside the grid. */
export function cellAt(grid: RainGrid, lng: number, lat: number): number {
  const x = Math.floor(pixelX(lng, grid.zoom, grid.tileSize)) - grid.x0;
  const y = Math.floor(pixelY(lat, grid.zoom, grid.tileSize)) - grid.y0;
  return x < 0 || y < 0 || x >= grid.width || y >= grid.height ? -1 : y * grid.width + x;
}

/** Precipitation (mm/h) at a place; 0 outside the grid. */
export function rainAt(grid: RainGrid, lng: number, lat: number): number {
  const cell = cellAt(grid, lng, lat);
  return cell < 0 ? 0 : grid.mmPerHour[cell];
}

/** Intensity that the texture's top value stands for (mm/h); more is drawn as this. */
export const TEXTURE_MAX_MM_PER_HOUR = 200;
const LOG_MAX = Math.log2(1 + TEXTURE_MAX_MM_PER_HOUR);

/** Encodes an intensity as a texture byte: log2(1 + mm/h) on 0–255 (fine steps in light rain, where the eye sees them). */
export function encodeIntensity(mmPerHour: number): number {
  return Math.round((Math.min(Math.log2(1 + Math.max(0, mmPerHour)), LOG_MAX) / LOG_MAX) * 255);
}

/** Inverse of {@link encodeIntensity} (the shader does the same). */
export function decodeIntensity(byte: number): number {
  return 2 ** ((byte / 255) * LOG_MAX) - 1;
}

/** The grid as RGBA texels for the rain layer, rows from the north: R intensity ({@link encodeIntensity}), G 255 for snow. */
export function rainTexels(grid: RainGrid): Uint8Array {
  const out = new Uint8Array(grid.width * grid.height * 4);
  for (let i = 0; i < grid.mmPerHour.length; i++) {
    out[i * 4] = encodeIntensity(grid.mmPerHour[i]);
    out[i * 4 + 1] = grid.snow[i] ? 255 : 0;
    out[i * 4 + 3] = 255;
  }
  return out;
}

/** The area the rain is read for: the network's extent with a margin (degrees), so rain just outside it still falls in view. */
export function rainArea(positions: ArrayLike<number>, stride = 3, margin = 0.25): LngLatBounds | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i + 1 < positions.length; i += stride) {
    const lng = positions[i];
    const lat = positions[i + 1];
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) continue;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  if (!(west <= east && south <= north)) return null;
  return { west: Math.max(-180, west - margin), south: Math.max(-85, south - margin), east: Math.min(180, east + margin), north: Math.min(85, north + margin) };
}
