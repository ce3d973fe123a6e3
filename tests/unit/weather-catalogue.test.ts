import { describe, expect, it } from 'vitest';
import { parseRadarCatalogue, RadarCatalogueError } from '../../src/data/weather/radar-catalogue.ts';
import { CATALOGUE_FIXTURE_2025, readCatalogueFixture } from '../support/weather-server.ts';

const SOURCE = 'RainViewer catalogue https://api.rainviewer.com/public/weather-maps.json';
const parse = (value: unknown) => parseRadarCatalogue(typeof value === 'string' ? value : JSON.stringify(value), SOURCE);
const shapeError = (value: unknown): RadarCatalogueError => {
  try {
    parse(value);
  } catch (error) {
    if (error instanceof RadarCatalogueError) return error;
    throw error;
  }
  throw new Error('expected a RadarCatalogueError');
};

describe('parseRadarCatalogue', () => {
  it('reads the current catalogue: 13 past frames 10 minutes apart with opaque paths, no nowcast', () => {
    const catalogue = parse(readCatalogueFixture());
    expect(catalogue.version).toBe('2.0');
    expect(catalogue.generated).toBe(1795575642_000);
    expect(catalogue.host).toBe('https://tilecache.rainviewer.com');
    expect(catalogue.past).toHaveLength(13);
    expect(catalogue.past[0]).toEqual({ time: Date.parse('2026-11-25T01:00:00Z'), path: '/v2/radar/b6589fc6ab0d' });
    expect(catalogue.past[12]).toEqual({ time: Date.parse('2026-11-25T03:00:00Z'), path: '/v2/radar/7b52009b64fd' });
    catalogue.past.slice(1).forEach((frame, i) => expect(frame.time - catalogue.past[i].time).toBe(600_000));
    expect(catalogue.nowcast).toEqual([]);
    expect(catalogue.problems).toEqual([]);
  });

  it('reads the older catalogue with timestamp paths, nowcast and satellite sections', () => {
    const catalogue = parse(readCatalogueFixture(CATALOGUE_FIXTURE_2025));
    expect(catalogue.past).toHaveLength(13);
    expect(catalogue.past[0].path).toBe('/v2/radar/1609396800');
    expect(catalogue.nowcast.map((f) => f.path)).toEqual(['/v2/radar/nowcast_6b3c5a659cf4', '/v2/radar/nowcast_dd3474d83b20', '/v2/radar/nowcast_8f1a2c0e9b7d']);
    expect(catalogue.problems).toEqual([]);
  });

  it('skips bad frames, naming each, sorts the rest and keeps one per time', () => {
    const fixture = readCatalogueFixture() as { radar: { past: unknown[] } };
    const good = fixture.radar.past.slice(0, 3).reverse();
    const catalogue = parse({
      ...fixture,
      host: 'https://tilecache.rainviewer.com/',
      radar: { past: [...good, { time: '1795568400', path: '/v2/radar/aaaaaaaaaaaa' }, { time: 1795569000, path: 'v2/radar/nope' }, 42, { ...(good[0] as object) }] },
    });
    expect(catalogue.host).toBe('https://tilecache.rainviewer.com');
    expect(catalogue.past.map((f) => f.time)).toEqual([1795568400_000, 1795569000_000, 1795569600_000]);
    expect(catalogue.problems).toEqual([
      '"radar.past[3]".time: expected Unix seconds, got the string "1795568400"; skipped.',
      '"radar.past[4]".path: expected a path such as "/v2/radar/72250d5768d7", got the string "v2/radar/nope"; skipped.',
      '"radar.past[5]": expected a frame object, got number 42; skipped.',
      '"radar.past[6]": a second frame for time 1795569600; skipped.',
    ]);
  });

  it('notes a missing version or generated time without failing', () => {
    const { version: _v, generated: _g, ...rest } = readCatalogueFixture();
    const catalogue = parse(rest);
    expect(catalogue.version).toBeNull();
    expect(catalogue.generated).toBeNull();
    expect(catalogue.problems).toEqual(['"version": expected a string, got nothing (the field is missing).', '"generated": expected Unix seconds, got nothing (the field is missing).']);
  });

  it('fails precisely on a body that is not JSON', () => {
    const error = shapeError('{"version":"2.0","host":"https://tilecache.rainv');
    expect(error.kind).toBe('malformed-json');
    expect(error.message).toMatch(/^RainViewer catalogue https:\/\/api\.rainviewer\.com\/public\/weather-maps\.json: the body is not JSON \(.+\); it starts with "\{\\"version/);
    expect(shapeError('<html>Bad gateway</html>').message).toContain('it starts with "<html>Bad gateway</html>"');
  });

  it('fails precisely when the host, radar or past frames are missing or wrong', () => {
    const fixture = readCatalogueFixture();
    const cases: Array<[unknown, RegExp]> = [
      [[1, 2], /expected a JSON object at the top level, got an array\.$/],
      [{ ...fixture, host: undefined }, /"host": expected the tiles' protocol and host as a string, got nothing \(the field is missing\)\.$/],
      [{ ...fixture, host: 'tilecache.rainviewer.com' }, /"host": "tilecache\.rainviewer\.com" is not an absolute URL\.$/],
      [{ ...fixture, host: 'ftp://tilecache.rainviewer.com' }, /"host": "ftp:\/\/tilecache\.rainviewer\.com" is not an http\(s\) URL\.$/],
      [{ ...fixture, radar: null }, /"radar": expected an object with "past" frames, got null\.$/],
      [{ ...fixture, radar: { nowcast: [] } }, /"radar\.past": expected an array of frames, got nothing \(the field is missing\)\.$/],
      [{ ...fixture, radar: { past: [] } }, /"radar\.past": no radar frame to show: the array is empty\.$/],
      [{ ...fixture, radar: { past: [{ time: 0, path: '/v2/radar/x' }] } }, /"radar\.past": no radar frame to show: none of its 1 frames is usable \("radar\.past\[0\]"\.time: expected Unix seconds, got number 0; skipped\.\)\.$/],
    ];
    for (const [value, message] of cases) {
      const error = shapeError(value);
      expect(error.kind).toBe('unexpected-shape');
      expect(error.message).toMatch(message);
      expect(error.message.startsWith(SOURCE)).toBe(true);
    }
  });
});
