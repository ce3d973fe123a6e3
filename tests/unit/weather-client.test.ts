import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pngSize, RainViewerClient, type CatalogueResult, type RadarFailure } from '../../src/data/weather/radar-client.ts';
import { RadarTileError } from '../../src/data/weather/radar-tiles.ts';
import { startWeatherServer, type WeatherServerHandle } from '../support/weather-server.ts';

let server: WeatherServerHandle;
beforeAll(async () => {
  server = await startWeatherServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.setCatalogueMode('normal');
  server.setTileMode('normal');
});

const client = (timeoutMs = 2_000) => new RainViewerClient({ catalogueUrl: server.catalogueUrl, timeoutMs });
const failureOf = (result: CatalogueResult | { ok: false; failure: RadarFailure } | { ok: true }): RadarFailure => {
  if (result.ok) throw new Error('expected a failure');
  return (result as { failure: RadarFailure }).failure;
};
async function goodCatalogue() {
  const result = await client().fetchCatalogue();
  if (!result.ok) throw new Error(result.failure.message);
  return result.catalogue;
}

/** The RGBA of pixel (x, y) of an unfiltered 8-bit RGBA PNG, read with zlib (the file's IDAT). */
function pixel(png: Uint8Array, x: number, y: number): number[] {
  const { width } = pngSize(png)!;
  let offset = 8;
  const idat: Uint8Array[] = [];
  while (offset < png.length) {
    const length = new DataView(png.buffer, png.byteOffset + offset).getUint32(0);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    if (type === 'IDAT') idat.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const start = y * (width * 4 + 1) + 1 + x * 4;
  return [...raw.subarray(start, start + 4)];
}

describe('RainViewerClient against a local server in the real format', () => {
  it('reads the catalogue and takes the tile host from it', async () => {
    const catalogue = await goodCatalogue();
    expect(catalogue.host).toBe(server.origin);
    expect(catalogue.past).toHaveLength(13);
  });

  it('fetches a PNG tile of the latest frame: rain over central Tokyo, dry elsewhere', async () => {
    const catalogue = await goodCatalogue();
    const latest = catalogue.past[catalogue.past.length - 1];
    const wet = await client().fetchTile(catalogue, latest, { z: 7, x: 113, y: 50 });
    if (!wet.ok) throw new Error(wet.failure.message);
    expect(wet.url).toBe(`${server.origin}/v2/radar/7b52009b64fd/256/7/113/50/2/0_1.png`);
    expect([wet.width, wet.height]).toEqual([256, 256]);
    // Tokyo Station is pixel (177, 103) of tile 7/113/50: heavy rain, 50 dBZ in RainViewer's colours (#c10000).
    expect(pixel(wet.png, 177, 103)).toEqual([0xc1, 0x00, 0x00, 0xff]);
    expect(pixel(wet.png, 2, 2)[3]).toBe(0);
    const dry = await client().fetchTile(catalogue, latest, { z: 7, x: 112, y: 50 }, { size: 512 });
    if (!dry.ok) throw new Error(dry.failure.message);
    expect(dry.width).toBe(512);
    expect(pixel(dry.png, 256, 256)[3]).toBe(0);
  });

  it('refuses to ask for a zoom RainViewer does not serve', async () => {
    const catalogue = await goodCatalogue();
    await expect(client().fetchTile(catalogue, catalogue.past[0], { z: 8, x: 227, y: 100 })).rejects.toThrow(RadarTileError);
  });

  it('can send tile requests to a configured host instead of the catalogue’s', async () => {
    const catalogue = await goodCatalogue();
    const proxied = new RainViewerClient({ catalogueUrl: server.catalogueUrl, tileHost: 'https://radar.example.org' });
    expect(proxied.tileHostOf(catalogue)).toBe('https://radar.example.org');
  });
});

describe('RainViewerClient failures: precise, never thrown', () => {
  const catalogueCases: Array<[Parameters<WeatherServerHandle['setCatalogueMode']>[0], RadarFailure['kind'], string, RegExp]> = [
    ['http-500', 'http', 'HTTP 500', /: HTTP 500 Internal Server Error \(body "<html><body>500 Internal Server Error<\/body><\/html>"\)\.$/],
    ['http-503', 'http', 'HTTP 503', /: HTTP 503 Service Unavailable/],
    ['rate-limited', 'rate-limited', 'HTTP 429', /: HTTP 429 Too Many Requests: too many requests \(RainViewer allows 100 per minute per IP\); it asks to wait 60 s/],
    ['malformed-json', 'malformed-json', 'malformed-json', /: the body is not JSON/],
    ['html', 'malformed-json', 'malformed-json', /it starts with "<!DOCTYPE html>/],
    ['no-host', 'unexpected-shape', 'unexpected-shape', /"host": expected the tiles' protocol and host as a string, got nothing/],
    ['no-past', 'unexpected-shape', 'unexpected-shape', /"radar\.past": no radar frame to show: the array is empty/],
    ['close', 'unreachable', 'unreachable', /: the service could not be reached: /],
  ];
  for (const [mode, kind, key, message] of catalogueCases) {
    it(`catalogue ${mode} → ${kind}`, async () => {
      server.setCatalogueMode(mode);
      const failure = failureOf(await client().fetchCatalogue());
      expect(failure.kind).toBe(kind);
      expect(failure.key).toBe(key);
      expect(failure.message.startsWith(`RainViewer catalogue ${server.catalogueUrl}: `)).toBe(true);
      expect(failure.message).toMatch(message);
      if (mode === 'rate-limited') expect(failure.retryAfterMs).toBe(60_000);
    });
  }

  it('times out a catalogue that never answers, or whose body stops half-way', async () => {
    for (const mode of ['hang', 'hang-body'] as const) {
      server.setCatalogueMode(mode);
      const started = Date.now();
      const failure = failureOf(await client(300).fetchCatalogue());
      expect(failure.kind).toBe('timeout');
      expect(failure.message).toMatch(/no complete answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it('reports a cancelled request as aborted', async () => {
    server.setCatalogueMode('hang');
    const controller = new AbortController();
    const pending = client().fetchCatalogue(controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(failureOf(await pending).kind).toBe('aborted');
  });

  it('reports a host nobody listens on as unreachable', async () => {
    const gone = await startWeatherServer();
    const url = gone.catalogueUrl;
    await gone.close();
    const failure = failureOf(await new RainViewerClient({ catalogueUrl: url }).fetchCatalogue());
    expect(failure.kind).toBe('unreachable');
    expect(failure.message).toMatch(/ECONNREFUSED/);
  });

  it('names a tile that is missing, not a PNG, of the wrong size, or too slow', async () => {
    const catalogue = await goodCatalogue();
    const frame = catalogue.past[12];
    const tile = { z: 7, x: 113, y: 50 };
    const cases: Array<[Parameters<WeatherServerHandle['setTileMode']>[0], RadarFailure['kind'], RegExp]> = [
      ['http-404', 'http', /^RainViewer radar tile 7\/113\/50 \(http:.*\/v2\/radar\/7b52009b64fd\/256\/7\/113\/50\/2\/0_1\.png\): HTTP 404 Not Found/],
      ['not-png', 'not-png', /: the body is not a PNG \(\d+ bytes starting "<!DOCTYPE html>/],
      ['wrong-size', 'not-png', /: the PNG is 64×64 pixels, expected 256×256\.$/],
      ['hang', 'timeout', /: no complete answer within 300 ms/],
    ];
    for (const [mode, kind, message] of cases) {
      server.setTileMode(mode);
      const result = await client(300).fetchTile(catalogue, frame, tile);
      const failure = failureOf(result);
      expect(failure.kind, mode).toBe(kind);
      expect(failure.message, mode).toMatch(message);
    }
  });

  it('names invalid options', () => {
    expect(() => new RainViewerClient({ catalogueUrl: 'weather-maps.json', timeoutMs: 0 })).toThrow(
      /RainViewerClient: invalid options: catalogueUrl must be an absolute http\(s\) URL, got "weather-maps\.json"\. timeoutMs must be a positive number of milliseconds, got 0\./,
    );
  });
});

describe('pngSize', () => {
  it('reads a PNG header and rejects other bytes', () => {
    expect(pngSize(new TextEncoder().encode('<html></html> and more bytes to be long'))).toBeNull();
  });
});
