import { describe, expect, it } from 'vitest';
import { parseGtfsUrlParams, showsVehicles, validateDataSource } from '../../src/data/gtfs/index.ts';

const ZIP = 'https://data.example.org/gtfs/google_transit.zip';
const VP = 'https://data.example.org/gtfs-rt/VehiclePositions.pb?format=pb&key=a1';
const BASE = 'http://127.0.0.1:5173/';
const enc = encodeURIComponent;

describe('data source options', () => {
  it('accepts a source with a zip, a realtime feed and a colour (# and 3 or 6 hex digits)', () => {
    expect(validateDataSource({ gtfsUrl: ZIP, vehiclePositionUrl: VP, color: '#0af' }, 'dataSources[0]')).toEqual({
      source: { gtfsUrl: ZIP, vehiclePositionUrl: VP, color: [0x00, 0xaa, 0xff] },
      errors: [],
    });
    const routesOnly = validateDataSource({ gtfsUrl: '/data/halifax.zip', color: '#FF8800' }, 'dataSources[1]', BASE);
    expect(routesOnly.source).toEqual({ gtfsUrl: 'http://127.0.0.1:5173/data/halifax.zip', vehiclePositionUrl: null, color: [255, 136, 0] });
    expect(showsVehicles(routesOnly.source!)).toBe(false);
  });

  it.each([
    [null, 'Invalid option "dataSources[0]": null is not an object; expected a data source object with a gtfsUrl.'],
    [{}, 'Invalid option "dataSources[0].gtfsUrl": undefined is not a string; expected the http(s) URL of a GTFS zip.'],
    [{ gtfsUrl: ' ' }, 'Invalid option "dataSources[0].gtfsUrl": " " is an empty string; expected the http(s) URL of a GTFS zip.'],
    [{ gtfsUrl: 'gtfs.zip' }, 'Invalid option "dataSources[0].gtfsUrl": "gtfs.zip" is not an absolute URL; expected the http(s) URL of a GTFS zip.'],
    [{ gtfsUrl: 'ftp://x.test/g.zip' }, 'Invalid option "dataSources[0].gtfsUrl": "ftp://x.test/g.zip" is not an http or https URL (protocol ftp:); expected the http(s) URL of a GTFS zip.'],
    [{ gtfsUrl: ZIP, vehiclePositionUrl: 7 }, 'Invalid option "dataSources[0].vehiclePositionUrl": 7 is not a string; expected the http(s) URL of a GTFS Realtime VehiclePosition feed.'],
    [{ gtfsUrl: ZIP, color: 'ff0000' }, 'Invalid option "dataSources[0].color": "ff0000" is not a hex color; expected "#" followed by 3 or 6 hex digits.'],
    [{ gtfsUrl: ZIP, color: '#ff00' }, 'Invalid option "dataSources[0].color": "#ff00" is not a hex color; expected "#" followed by 3 or 6 hex digits.'],
  ])('rejects %j', (value, message) => {
    expect(validateDataSource(value, 'dataSources[0]')).toEqual({ source: null, errors: [message] });
  });

  it('reports every bad field of one source', () => {
    expect(validateDataSource({ gtfsUrl: '', vehiclePositionUrl: 'mailto:a@b', color: 'red' }, 'dataSources[2]').errors).toHaveLength(3);
  });
});

describe('app URL parameters', () => {
  it('reads URL-encoded gtfsurl and gtfsvpurl and a gtfscolor without #', () => {
    expect(parseGtfsUrlParams(`?gtfsurl=${enc(ZIP)}&gtfsvpurl=${enc(VP)}&gtfscolor=00FF88`, BASE)).toEqual({
      source: { gtfsUrl: ZIP, vehiclePositionUrl: VP, color: [0, 255, 136] },
      errors: [],
    });
    expect(parseGtfsUrlParams(`lang=ja&gtfsurl=${enc('/halifax.zip')}`, BASE)).toEqual({
      source: { gtfsUrl: 'http://127.0.0.1:5173/halifax.zip', vehiclePositionUrl: null, color: null },
      errors: [],
    });
    expect(parseGtfsUrlParams('?lang=ja', BASE)).toEqual({ source: null, errors: [] });
  });

  it('rejects a URL that is not URL-encoded', () => {
    expect(parseGtfsUrlParams(`?gtfsurl=${ZIP}`, BASE)).toEqual({
      source: null,
      errors: [
        'Invalid URL parameter "gtfsurl": "https://data.example.org/gtfs/google_transit.zip" is not URL-encoded; encode the URL of a GTFS zip with encodeURIComponent (":" as %3A, "/" as %2F, "?" as %3F, "&" as %26, "=" as %3D).',
      ],
    });
  });

  it('keeps the routes when only the realtime URL is wrong, and names it', () => {
    const result = parseGtfsUrlParams(`?gtfsurl=${enc(ZIP)}&gtfsvpurl=https://x.test/vp`, BASE);
    expect(result.source).toEqual({ gtfsUrl: ZIP, vehiclePositionUrl: null, color: null });
    expect(result.errors).toEqual([
      'Invalid URL parameter "gtfsvpurl": "https://x.test/vp" is not URL-encoded; encode the URL of a GTFS Realtime VehiclePosition feed with encodeURIComponent (":" as %3A, "/" as %2F, "?" as %3F, "&" as %26, "=" as %3D).',
    ]);
  });

  it.each([
    ['gtfscolor=%23ff0000', 'Invalid URL parameter "gtfscolor": "#ff0000" starts with "#"; write the hex digits without it, e.g. gtfscolor=ff0000.'],
    ['gtfscolor=', 'Invalid URL parameter "gtfscolor": it is empty; expected 3 or 6 hex digits without "#", e.g. gtfscolor=ff0000 (a "#" in the address starts its hash part).'],
    ['gtfscolor=red', 'Invalid URL parameter "gtfscolor": "red" is not a hex colour; expected 3 or 6 hex digits without "#", e.g. gtfscolor=ff0000.'],
  ])('rejects %s and keeps the source', (param, message) => {
    const result = parseGtfsUrlParams(`?gtfsurl=${enc(ZIP)}&${param}`, BASE);
    expect(result.errors).toEqual([message]);
    expect(result.source).toEqual({ gtfsUrl: ZIP, vehiclePositionUrl: null, color: null });
  });

  it.each([
    ['gtfsurl=', 'Invalid URL parameter "gtfsurl": it is empty; expected the URL-encoded URL of a GTFS zip.'],
    ['gtfsurl=%E0%A4%A', 'Invalid URL parameter "gtfsurl": "%E0%A4%A" has a malformed percent-encoding (each "%" must start a valid UTF-8 escape such as %2F).'],
    [`gtfsurl=${enc('javascript:alert(1)')}`, 'Invalid URL parameter "gtfsurl": "javascript:alert(1)" is not an http or https URL (protocol javascript:); expected the URL of a GTFS zip.'],
    [`gtfsvpurl=${enc(VP)}&gtfscolor=fff`, 'URL parameters "gtfsvpurl" and "gtfscolor" need "gtfsurl" (the URL-encoded URL of a GTFS zip); ignored.'],
  ])('rejects %s', (query, message) => {
    expect(parseGtfsUrlParams(`?${query}`, BASE)).toEqual({ source: null, errors: [message] });
  });

  it('ignores a colour without a zip', () => {
    expect(parseGtfsUrlParams('?gtfscolor=fff', BASE).errors).toEqual(['URL parameter "gtfscolor" needs "gtfsurl" (the URL-encoded URL of a GTFS zip); ignored.']);
  });

  it('uses the first of repeated parameters and says so', () => {
    const result = parseGtfsUrlParams(`?gtfsurl=${enc(ZIP)}&gtfsurl=${enc('https://other.test/g.zip')}`, BASE);
    expect(result.source?.gtfsUrl).toBe(ZIP);
    expect(result.errors).toEqual(['URL parameter "gtfsurl" is given 2 times; the first is used.']);
  });
});
