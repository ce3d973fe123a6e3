/**
 * RainViewer radar tile URLs, and which tiles cover an area.
 *
 * @module
 */
import type { RadarFrame } from './radar-catalogue.ts';
import { RADAR_MAX_ZOOM, RADAR_TILE_SIZES, UNIVERSAL_BLUE } from './rainviewer-config.ts';

/** A tile of the Web Mercator (slippy map) grid. */
export interface TileId {
  z: number;
  x: number;
  y: number;
}

/** How tiles are drawn by RainViewer. */
export interface RadarTileOptions {
  /** Pixels per side, 256 (default) or 512. */
  size?: 256 | 512;
  /** Colour scheme (default {@link UNIVERSAL_BLUE}, the only one served since 2026). */
  color?: number;
  /** Smoothed rain edges (default false: cells stay as measured, better for reading intensities). */
  smooth?: boolean;
  /** Snow drawn in its own colours (default true, as the existing product asks). */
  snow?: boolean;
}

/** An area, degrees. */
export interface LngLatBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A tile request RainViewer cannot answer. */
export class RadarTileError extends RangeError {
  override name = 'RadarTileError';
}

/** Web Mercator's latitude limit (degrees). */
const MAX_LATITUDE = 85.0511287798066;

/**
 * The frame's tile URL template, with `{z}`, `{x}`, `{y}` left for the map
 * (a MapLibre raster source with `maxzoom` {@link RADAR_MAX_ZOOM}).
 *
 * @throws RadarTileError for a size RainViewer does not serve or a bad colour scheme number.
 */
export function radarTileTemplate(host: string, frame: RadarFrame, options: RadarTileOptions = {}): string {
  const { size, color, smooth, snow } = resolveOptions(options);
  return `${host.replace(/\/+$/, '')}${frame.path}/${size}/{z}/{x}/{y}/${color}/${smooth ? 1 : 0}_${snow ? 1 : 0}.png`;
}

/**
 * The URL of one tile of a frame.
 *
 * @throws RadarTileError when the zoom is above {@link RADAR_MAX_ZOOM} (RainViewer
 *   would answer HTTP 200 with a "Zoom Level Not Supported" picture) or x, y are off the grid.
 */
export function radarTileUrl(host: string, frame: RadarFrame, tile: TileId, options: RadarTileOptions = {}): string {
  checkTile(tile);
  return radarTileTemplate(host, frame, options).replace('{z}', String(tile.z)).replace('{x}', String(tile.x)).replace('{y}', String(tile.y));
}

/**
 * The tiles at zoom `z` that cover `bounds`, row by row from the north-west.
 * Latitudes are clamped to Web Mercator's limit; `east < west` crosses the antimeridian.
 *
 * @throws RadarTileError for a zoom out of 0–{@link RADAR_MAX_ZOOM} or bounds that are not finite numbers in range.
 */
export function tilesCovering(bounds: LngLatBounds, z: number): TileId[] {
  checkZoom(z);
  const { west, south, east, north } = bounds;
  if (![west, east].every((v) => Number.isFinite(v) && v >= -180 && v <= 180) || ![south, north].every((v) => Number.isFinite(v) && v >= -90 && v <= 90) || south > north) {
    throw new RadarTileError(`tilesCovering: bounds must be finite degrees with west and east in −180–180, south ≤ north in −90–90; got ${JSON.stringify(bounds)}.`);
  }
  const n = 2 ** z;
  const column = (lng: number) => Math.min(n - 1, Math.floor(((lng + 180) / 360) * n));
  const row = (lat: number) => {
    const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
    return Math.min(n - 1, Math.max(0, Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n)));
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const xs = west <= east ? range(column(west), column(east)) : [...range(column(west), n - 1), ...range(0, column(east))];
  const tiles: TileId[] = [];
  for (let y = row(north); y <= row(south); y++) for (const x of xs) tiles.push({ z, x, y });
  return tiles;
}

function resolveOptions(options: RadarTileOptions): Required<RadarTileOptions> {
  const size = options.size ?? 256;
  const color = options.color ?? UNIVERSAL_BLUE;
  if (!(RADAR_TILE_SIZES as readonly number[]).includes(size)) throw new RadarTileError(`RainViewer tiles are 256 or 512 pixels wide; got size ${String(size)}.`);
  if (!Number.isInteger(color) || color < 0) throw new RadarTileError(`the colour scheme must be a whole number (2 = Universal Blue); got ${String(color)}.`);
  return { size, color, smooth: options.smooth ?? false, snow: options.snow ?? true };
}

function checkZoom(z: number): void {
  if (!Number.isInteger(z) || z < 0) throw new RadarTileError(`the zoom must be a whole number from 0; got ${String(z)}.`);
  if (z > RADAR_MAX_ZOOM) {
    throw new RadarTileError(`RainViewer serves radar tiles up to zoom ${RADAR_MAX_ZOOM} (deeper ones are a "Zoom Level Not Supported" picture); got zoom ${z}: use zoom ${RADAR_MAX_ZOOM} and scale up.`);
  }
}

function checkTile(tile: TileId): void {
  checkZoom(tile.z);
  const n = 2 ** tile.z;
  for (const axis of ['x', 'y'] as const) {
    const v = tile[axis];
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new RadarTileError(`tile ${axis} must be a whole number from 0 to ${n - 1} at zoom ${tile.z}; got ${String(v)}.`);
  }
}
