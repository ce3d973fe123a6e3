/// <reference lib="webworker" />
/**
 * Worker entry: decodes radar tiles (the browser's PNG decoder on an
 * `OffscreenCanvas`) and reads their pixels through the radar's colour scale,
 * off the main thread. The first 2D canvas of a page can take a second to set
 * up under software rendering; here it holds up nobody. See `tile-reader.ts`.
 */
import { serve } from '../worker/serve.ts';
import { transfer, type ChannelPort } from '../worker/wire.ts';
import { decodePngPixels } from './png-pixels.ts';
import { RadarPalette } from './radar-palette.ts';
import { readTile } from './rain-grid.ts';
import type { TileReaderMethods } from './tile-reader.ts';

const palette = new RadarPalette();

serve<TileReaderMethods>(self as unknown as ChannelPort, {
  read: async ({ png, tile, size }) => {
    const rgba = await decodePngPixels(png, size);
    const reading = readTile({ tile, size, rgba }, palette);
    return transfer(reading, [reading.codes.buffer]);
  },
});
