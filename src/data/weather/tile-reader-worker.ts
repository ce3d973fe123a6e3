/// <reference lib="webworker" />
/**
 * Worker entry: decodes radar tiles (the browser's PNG decoder on an
 * `OffscreenCanvas`) and reads their pixels through the radar's colour scale,
 * off the main thread. The first 2D canvas of a page can take a second to set
 * up under software rendering; here it holds up nobody. See `tile-reader.ts`.
 */
import { decodePngPixels } from './png-pixels.ts';
import { RadarPalette } from './radar-palette.ts';
import { readTile } from './rain-grid.ts';
import type { TileReadRequest, TileReadResponse } from './tile-reader.ts';

const palette = new RadarPalette();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<TileReadRequest>) => {
  const { id, png, tile, size } = event.data;
  let response: TileReadResponse;
  try {
    const rgba = await decodePngPixels(png, size);
    const reading = readTile({ tile, size, rgba }, palette);
    response = { id, ok: true, reading };
    scope.postMessage(response, [reading.codes.buffer]);
  } catch (error) {
    response = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
    scope.postMessage(response);
  }
};
