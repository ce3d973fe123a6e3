import { describe, expect, it } from 'vitest';
import { radarTileTemplate, radarTileUrl, RadarTileError, tilesCovering } from '../../src/data/weather/radar-tiles.ts';
import { RADAR_MAX_ZOOM } from '../../src/data/weather/rainviewer-config.ts';

const HOST = 'https://tilecache.rainviewer.com';
const FRAME = { time: 1795575600_000, path: '/v2/radar/7b52009b64fd' };

describe('radar tile URLs', () => {
  it('follow {host}{path}/{size}/{z}/{x}/{y}/{color}/{smooth}_{snow}.png with Universal Blue, unsmoothed, snow on by default', () => {
    expect(radarTileTemplate(HOST, FRAME)).toBe('https://tilecache.rainviewer.com/v2/radar/7b52009b64fd/256/{z}/{x}/{y}/2/0_1.png');
    expect(radarTileTemplate(`${HOST}/`, FRAME, { size: 512, smooth: true, snow: false })).toBe('https://tilecache.rainviewer.com/v2/radar/7b52009b64fd/512/{z}/{x}/{y}/2/1_0.png');
    expect(radarTileUrl(HOST, FRAME, { z: 7, x: 113, y: 50 })).toBe('https://tilecache.rainviewer.com/v2/radar/7b52009b64fd/256/7/113/50/2/0_1.png');
  });

  it('refuse zooms above 7, tiles off the grid, and sizes RainViewer does not serve', () => {
    expect(RADAR_MAX_ZOOM).toBe(7);
    expect(() => radarTileUrl(HOST, FRAME, { z: 8, x: 227, y: 100 })).toThrow(RadarTileError);
    expect(() => radarTileUrl(HOST, FRAME, { z: 8, x: 227, y: 100 })).toThrow(/up to zoom 7 .*got zoom 8: use zoom 7 and scale up/);
    expect(() => radarTileUrl(HOST, FRAME, { z: 7, x: 128, y: 50 })).toThrow(/tile x must be a whole number from 0 to 127 at zoom 7; got 128/);
    expect(() => radarTileUrl(HOST, FRAME, { z: 7, x: 113, y: -1 })).toThrow(/tile y must be/);
    expect(() => radarTileUrl(HOST, FRAME, { z: 6.5, x: 1, y: 1 })).toThrow(/zoom must be a whole number/);
    expect(() => radarTileTemplate(HOST, FRAME, { size: 1024 as 256 })).toThrow(/256 or 512 pixels wide; got size 1024/);
  });
});

describe('tilesCovering', () => {
  it('covers the Tokyo network with a few zoom-7 tiles, central Tokyo among them', () => {
    const tiles = tilesCovering({ west: 138.9, south: 34.9, east: 140.9, north: 36.4 }, 7);
    expect(tiles).toContainEqual({ z: 7, x: 113, y: 50 });
    expect(tiles.length).toBeGreaterThanOrEqual(2);
    expect(tiles.length).toBeLessThanOrEqual(6);
    for (const t of tiles) expect(t.z).toBe(7);
  });

  it('gives the whole world at zoom 0 and crosses the antimeridian', () => {
    expect(tilesCovering({ west: -180, south: -90, east: 180, north: 90 }, 0)).toEqual([{ z: 0, x: 0, y: 0 }]);
    const across = tilesCovering({ west: 170, south: -10, east: -170, north: 10 }, 2);
    expect(across.map((t) => t.x)).toEqual([3, 0, 3, 0]);
  });

  it('names bad bounds and zooms', () => {
    expect(() => tilesCovering({ west: 139, south: 36, east: 140, north: 35 }, 7)).toThrow(/south ≤ north/);
    expect(() => tilesCovering({ west: Number.NaN, south: 35, east: 140, north: 36 }, 7)).toThrow(/bounds must be finite degrees/);
    expect(() => tilesCovering({ west: 139, south: 35, east: 140, north: 36 }, 9)).toThrow(/up to zoom 7/);
  });
});
