/**
 * Rain from the radar: RainViewer's colour scale read back into dBZ and mm/h
 * (also after a canvas's premultiplied-alpha rounding), radar tiles in that
 * scale turned into an intensity grid and looked up, and one read of the rain
 * (catalogue, tiles, decoding) with its failures, against the local server.
 */
import { setImmediate as tick } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RainViewerClient, type RadarFailure } from '../../src/data/weather/radar-client.ts';
import { RadarPoller } from '../../src/data/weather/radar-poller.ts';
import type { TileId } from '../../src/data/weather/radar-tiles.ts';
import {
  dbzToMmPerHour,
  PALETTE_MAX_DBZ,
  PALETTE_MIN_DBZ,
  paletteColour,
  RadarPalette,
  UNIVERSAL_BLUE_RAIN,
  UNIVERSAL_BLUE_SNOW,
} from '../../src/data/weather/radar-palette.ts';
import { buildRainGrid, cellAt, decodeIntensity, encodeIntensity, rainArea, rainAt, rainTexels, readTile, unreadableReason, type RainGrid } from '../../src/data/weather/rain-grid.ts';
import { RainSource } from '../../src/data/weather/rain-source.ts';
import { rainFrameRate, rainWanted, RAIN_MIN_FRAME_RATE } from '../../src/data/weather/rain-visibility.ts';
import { decodePng } from '../e2e/support/png.ts';
import { startWeatherServer, TOKYO_STATION, type WeatherServerHandle } from '../support/weather-server.ts';

const palette = new RadarPalette();
/** Tachikawa, 34 km west of Tokyo Station: dry under the default storm. */
const TACHIKAWA: [number, number] = [139.4137, 35.6977];
/** The network's area, roughly (Odawara to Narita, Kazusa-Minato to Utsunomiya) with a margin. */
const AREA = { west: 138.9, south: 35.0, east: 140.6, north: 36.8 };

describe('RainViewer Universal Blue colours → dBZ → mm/h', () => {
  it('has one entry per dBZ from −10 to 95, rain and snow', () => {
    expect(UNIVERSAL_BLUE_RAIN).toHaveLength(PALETTE_MAX_DBZ - PALETTE_MIN_DBZ + 1);
    expect(UNIVERSAL_BLUE_SNOW).toHaveLength(PALETTE_MAX_DBZ - PALETTE_MIN_DBZ + 1);
    // Spot checks against RainViewer's published table.
    expect(paletteColour(15)).toEqual([0x88, 0xdd, 0xee, 0xff]);
    expect(paletteColour(35)).toEqual([0xff, 0xee, 0x00, 0xff]);
    expect(paletteColour(50)).toEqual([0xc1, 0x00, 0x00, 0xff]);
    expect(paletteColour(-10)).toEqual([0x63, 0x61, 0x59, 0x14]);
    expect(paletteColour(20, true)).toEqual([0x7f, 0xbf, 0xff, 0xff]);
  });

  it('reads every painted colour back as its dBZ (a run of one colour as its first), rain and snow apart', () => {
    for (let dbz = PALETTE_MIN_DBZ; dbz <= PALETTE_MAX_DBZ; dbz++) {
      for (const snow of [false, true]) {
        const [r, g, b, a] = paletteColour(dbz, snow);
        if (a === 0) {
          expect(palette.read(r, g, b, a)).toEqual({ kind: 'dry' });
          continue;
        }
        const expected = snow ? (dbz >= 75 ? 75 : dbz) : dbz >= 75 ? 75 : dbz >= 65 ? 65 : dbz;
        expect(palette.read(r, g, b, a), `${dbz} dBZ ${snow ? 'snow' : 'rain'}`).toEqual({ kind: 'echo', dbz: expected, snow });
      }
    }
  });

  it('reads translucent colours after a canvas stored them premultiplied', () => {
    const roundTrip = (c: number, a: number) => Math.min(255, Math.round((Math.round((c * a) / 255) * 255) / a));
    for (let dbz = PALETTE_MIN_DBZ; dbz < 15; dbz++) {
      for (const snow of [false, true]) {
        const [r, g, b, a] = paletteColour(dbz, snow);
        if (a === 0) continue;
        expect(palette.read(roundTrip(r, a), roundTrip(g, a), roundTrip(b, a), a), `${dbz} dBZ ${snow ? 'snow' : 'rain'}`).toEqual({ kind: 'echo', dbz, snow });
      }
    }
  });

  it('calls colours off the scale unknown: another palette, the "zoom not supported" picture', () => {
    expect(palette.read(0x3c, 0x7a, 0xd6, 0xff)).toEqual({ kind: 'unknown' });
    expect(palette.read(200, 200, 200, 255)).toEqual({ kind: 'unknown' });
    expect(palette.read(0, 255, 0, 0x80)).toEqual({ kind: 'unknown' });
    expect(palette.read(0, 0, 0, 0)).toEqual({ kind: 'dry' });
  });

  it('turns dBZ into mm/h by Marshall–Palmer (rain) and Gunn–Marshall (snow, water equivalent)', () => {
    expect(dbzToMmPerHour(20)).toBeCloseTo(0.65, 2);
    expect(dbzToMmPerHour(30)).toBeCloseTo(2.73, 2);
    expect(dbzToMmPerHour(40)).toBeCloseTo(11.53, 2);
    expect(dbzToMmPerHour(50)).toBeCloseTo(48.62, 2);
    expect(dbzToMmPerHour(30, true)).toBeCloseTo(0.71, 2);
  });
});

let server: WeatherServerHandle;
beforeAll(async () => {
  server = await startWeatherServer({ timesNearNow: true });
});
afterAll(() => server.close());
beforeEach(() => {
  server.setCatalogueMode('normal');
  server.setTileMode('normal');
  server.setStorms([{ center: TOKYO_STATION, radiusKm: 12, dbz: 50 }]);
});

const client = () => new RainViewerClient({ catalogueUrl: server.catalogueUrl, timeoutMs: 2000 });
/** The server's PNG decoded with the tests' own PNG reader (the app uses the browser's decoder, in a worker). */
const decode = async (png: Uint8Array, size: number) => {
  const image = decodePng(png);
  if (image.width !== size) throw new Error(`it is ${image.width} pixels wide`);
  return image.data;
};
const read = async (png: Uint8Array, tile: TileId, size: number) => readTile({ tile, size, rgba: await decode(png, size) }, palette);

async function tileOf(z: number, x: number, y: number) {
  const c = client();
  const catalogue = await c.fetchCatalogue();
  if (!catalogue.ok) throw new Error(catalogue.failure.message);
  const tile = await c.fetchTile(catalogue.catalogue, catalogue.catalogue.past.at(-1)!, { z, x, y });
  if (!tile.ok) throw new Error(tile.failure.message);
  const pixels = { tile: { z, x, y }, size: 256, rgba: await decode(tile.png, 256) };
  return { pixels, reading: readTile(pixels, palette) };
}

describe('intensity grid from radar tiles', () => {
  let grid: RainGrid;
  beforeAll(async () => {
    grid = buildRainGrid([await tileOf(7, 113, 50)], AREA, 1);
  });

  it('reads a tile in the real scale with no pixel off it', async () => {
    const { reading } = await tileOf(7, 113, 50);
    expect(reading.painted).toBeGreaterThan(300);
    expect(reading.unknown).toBe(0);
    expect(unreadableReason(reading)).toBeNull();
  });

  it('covers the area with one cell per tile pixel (about 1 km)', () => {
    expect(grid.bounds.west).toBeLessThanOrEqual(AREA.west);
    expect(grid.bounds.east).toBeGreaterThanOrEqual(AREA.east);
    expect(grid.bounds.north).toBeGreaterThanOrEqual(AREA.north);
    expect(grid.bounds.south).toBeLessThanOrEqual(AREA.south);
    expect(grid.width).toBe(156);
    expect(grid.height).toBe(203);
  });

  it('has heavy rain over central Tokyo and none over a dry area', () => {
    expect(rainAt(grid, ...TOKYO_STATION)).toBeCloseTo(48.62, 1);
    expect(rainAt(grid, 139.70, 35.69)).toBeGreaterThan(20); // Shinjuku, 6 km west
    expect(rainAt(grid, ...TACHIKAWA)).toBe(0);
    expect(grid.maxMmPerHour).toBeCloseTo(48.62, 1);
    expect(grid.wetCells).toBeGreaterThan(300);
    expect(grid.snow.every((s) => s === 0)).toBe(true);
  });

  it('looks up nothing outside the grid', () => {
    expect(cellAt(grid, 135.5, 34.7)).toBe(-1); // Osaka
    expect(rainAt(grid, 135.5, 34.7)).toBe(0);
  });

  it('marks snow', async () => {
    server.setStorms([{ center: [139.9, 36.5], radiusKm: 10, dbz: 30, snow: true }]);
    const snowy = buildRainGrid([await tileOf(7, 113, 50)], AREA, 1);
    const cell = cellAt(snowy, 139.9, 36.5);
    expect(snowy.snow[cell]).toBe(1);
    expect(snowy.mmPerHour[cell]).toBeCloseTo(0.71, 2);
  });

  it('encodes intensities for the layer’s texture on a log scale', () => {
    expect(encodeIntensity(0)).toBe(0);
    expect(encodeIntensity(200)).toBe(255);
    expect(encodeIntensity(1000)).toBe(255);
    for (const mm of [0.5, 2, 10, 48.6]) expect(decodeIntensity(encodeIntensity(mm)) / mm).toBeCloseTo(1, 1);
    const texels = rainTexels(grid);
    expect(texels).toHaveLength(grid.width * grid.height * 4);
    expect(texels[cellAt(grid, ...TOKYO_STATION) * 4]).toBe(encodeIntensity(48.62));
  });

  it('takes the area from positions, with a margin', () => {
    expect(rainArea([139, 35.5, 0, 140, 36, 0], 3, 0.25)).toEqual({ west: 138.75, south: 35.25, east: 140.25, north: 36.25 });
    expect(rainArea([])).toBeNull();
  });
});

describe('RainSource: one read of the rain', () => {
  function setup(now = () => Date.now()) {
    const grids: (RainGrid | null)[] = [];
    const source = new RainSource({ client: client(), area: AREA, read, now, onGrid: (g) => grids.push(g) });
    return { source, grids };
  }
  const failureOf = async (source: RainSource): Promise<RadarFailure> => {
    const result = await source.fetchCatalogue();
    if (result.ok) throw new Error('expected a failure');
    return result.failure;
  };

  it('reads the newest frame into a grid, and reads its tiles only once', async () => {
    const { source, grids } = setup();
    expect((await source.fetchCatalogue()).ok).toBe(true);
    expect(grids).toHaveLength(1);
    expect(rainAt(grids[0]!, ...TOKYO_STATION)).toBeCloseTo(48.62, 1);
    const tiles = server.tileRequests();
    expect((await source.fetchCatalogue()).ok).toBe(true);
    expect(server.tileRequests()).toBe(tiles);
    expect(grids).toHaveLength(1);
  });

  it('names a tile that fails, with a key of its own', async () => {
    const { source } = setup();
    server.setTileMode('http-404');
    expect(await failureOf(source)).toMatchObject({ kind: 'http', key: 'tile HTTP 404', message: expect.stringMatching(/^RainViewer radar tile 7\/113\/(49|50) \(.+\): HTTP 404/) });
  });

  it('calls a tile the decoder refuses, or one painted off the scale, undecodable', async () => {
    const { source, grids } = setup();
    server.setTileMode('corrupt-png');
    expect(await failureOf(source)).toMatchObject({ kind: 'undecodable', key: 'tile undecodable', message: expect.stringMatching(/^RainViewer radar tile 7\/113\/(49|50) \(.+\): /) });
    server.setTileMode('off-palette');
    expect(await failureOf(source)).toMatchObject({
      kind: 'undecodable',
      key: 'tile undecodable',
      message: expect.stringMatching(/: 65536 of its 65536 painted pixels \(100%\) are not colours of RainViewer's Universal Blue scale\.$/),
    });
    expect(grids).toEqual([]);
  });

  it('draws no rain from a catalogue whose newest frame is too old', async () => {
    const { source, grids } = setup(() => Date.now() + 3_600_000);
    expect(await failureOf(source)).toMatchObject({ kind: 'stale', key: 'stale', message: expect.stringMatching(/^RainViewer catalogue: no rain: the newest radar frame is \d+ minutes old \(limit 30\)\.$/) });
    expect(grids).toEqual([null]);
  });

  it('with the poller: one error per distinct failure, back-off, then recovery with a grid', async () => {
    const { source, grids } = setup();
    const timers: { fn: () => void; ms: number }[] = [];
    const events: string[] = [];
    let reading: Promise<unknown> = Promise.resolve();
    const poller = new RadarPoller({
      source: { fetchCatalogue: (signal) => (reading = source.fetchCatalogue(signal)) as ReturnType<RainSource['fetchCatalogue']> },
      retryMs: 1000,
      intervalMs: 600_000,
      timers: { setTimeout: (fn, ms) => timers.push({ fn, ms }), clearTimeout: () => undefined },
      onError: (_message, failure) => events.push(`error ${failure.key}`),
      onRecover: () => events.push('recover'),
    });
    const next = async () => {
      await reading;
      await tick();
      return timers.at(-1)!.ms;
    };
    server.setCatalogueMode('http-503');
    poller.start();
    const delays = [await next()];
    timers.at(-1)!.fn();
    delays.push(await next());
    server.setCatalogueMode('normal');
    server.setTileMode('corrupt-png');
    timers.at(-1)!.fn();
    delays.push(await next());
    timers.at(-1)!.fn();
    delays.push(await next());
    server.setTileMode('normal');
    timers.at(-1)!.fn();
    await next();
    poller.stop();
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    expect(events).toEqual(['error HTTP 503', 'error tile undecodable', 'recover']);
    expect(grids).toHaveLength(1);
    expect(grids[0]!.maxMmPerHour).toBeGreaterThan(40);
  });
});

describe('when the rain is shown', () => {
  const base = { layerVisibility: { rain: true }, clockMode: 'realtime', viewMode: 'ground', ecoMode: 'normal', ecoFrameRate: 1 } as const;
  it('in real time, above ground, switched on', () => {
    expect(rainWanted(base)).toBe(true);
    expect(rainWanted({ ...base, layerVisibility: { rain: false } })).toBe(false);
    expect(rainWanted({ ...base, clockMode: 'playback' })).toBe(false);
    expect(rainWanted({ ...base, viewMode: 'underground' })).toBe(false);
  });
  it('in eco mode only from 20 frames a second, at that rate', () => {
    expect(rainWanted({ ...base, ecoMode: 'eco' })).toBe(false);
    expect(rainWanted({ ...base, ecoMode: 'eco', ecoFrameRate: RAIN_MIN_FRAME_RATE })).toBe(true);
    expect(rainFrameRate({ ecoMode: 'eco', ecoFrameRate: 30 })).toBe(30);
    expect(rainFrameRate({ ecoMode: 'normal', ecoFrameRate: 30 })).toBe(0);
  });
});

describe('RainSource: old rain', () => {
  it('forgets a grid older than 30 minutes while the radar keeps failing', async () => {
    let now = Date.now();
    const grids: (RainGrid | null)[] = [];
    const source = new RainSource({ client: client(), area: AREA, read, now: () => now, onGrid: (g) => grids.push(g) });
    expect((await source.fetchCatalogue()).ok).toBe(true);
    server.setCatalogueMode('http-503');
    now += 10 * 60_000;
    expect((await source.fetchCatalogue()).ok).toBe(false);
    expect(source.grid).not.toBeNull();
    now += 30 * 60_000;
    expect((await source.fetchCatalogue()).ok).toBe(false);
    expect(source.grid).toBeNull();
    expect(grids.map((g) => g !== null)).toEqual([true, false]);
  });
});
