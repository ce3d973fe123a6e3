import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTROL_OPTIONS,
  ECO_FRAME_RATE_RANGE,
  ECO_MODES,
  MAP_OPTION_DEFAULTS,
  MAP_OPTION_KEYS,
  MapOptionError,
  PITCH_RANGE,
  THEMES,
  TRACKING_MODES,
  ZOOM_RANGE,
  formatOptionValue,
  resolveMapOptions,
  validateArray,
  validateBearing,
  validateBoolean,
  validateCenter,
  validateEcoFrameRate,
  validateNumberInRange,
  validateObject,
  validateOneOf,
  validatePitch,
  validateString,
  validateZoom,
  type ResolveEnvironment,
} from '../../src/api/options';

// ---------------------------------------------------------------------------
// Fakes: no DOM library is installed, so elements and documents are structural.
// ---------------------------------------------------------------------------

interface FakeElement {
  nodeType: number;
  childNodes: unknown[];
  id?: string;
  tagName?: string;
}

function element(id?: string, children = 0): FakeElement {
  return { nodeType: 1, childNodes: Array.from({ length: children }, () => ({ nodeType: 3 })), id, tagName: 'DIV' };
}

function fakeDocument(elements: Record<string, unknown>) {
  const getElementById = vi.fn((id: string) => (Object.prototype.hasOwnProperty.call(elements, id) ? elements[id] : null));
  return { getElementById } as unknown as Document & { getElementById: typeof getElementById };
}

const DEFAULT_URLS = {
  dataUrl: 'https://example.test/data',
  basemapUrl: 'https://example.test/tokyo.pmtiles',
  glyphsUrl: 'https://example.test/fonts/{fontstack}/{range}.pbf',
};

function env(overrides: Partial<ResolveEnvironment> = {}): ResolveEnvironment {
  return {
    document: fakeDocument({ map: element('map'), busy: element('busy', 1) }),
    navigatorLanguages: ['ja-JP', 'en-US'],
    defaults: DEFAULT_URLS,
    ...overrides,
  };
}

function resolve(options: Record<string, unknown>, e: ResolveEnvironment = env()) {
  return resolveMapOptions({ container: 'map', ...options }, e);
}

/** The MapOptionError thrown by `fn` (fails the test when nothing or something else is thrown). */
function errorOf(fn: () => unknown): MapOptionError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(MapOptionError);
    return err as MapOptionError;
  }
  throw new Error('expected a MapOptionError, but nothing was thrown');
}

function messageFor(options: Record<string, unknown>): string {
  return errorOf(() => resolve(options)).message;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// ---------------------------------------------------------------------------

describe('constants', () => {
  it('has the spec defaults', () => {
    expect(MAP_OPTION_DEFAULTS).toEqual({
      bearing: 0,
      center: [139.767, 35.6814],
      zoom: 14,
      pitch: 60,
      clockControl: true,
      configControl: true,
      fullscreenControl: true,
      modeControl: true,
      navigationControl: true,
      searchControl: true,
      dataSources: [],
      ecoFrameRate: 1,
      ecoMode: 'normal',
      plugins: [],
      trackingMode: 'position',
      theme: 'auto',
      hash: false,
    });
    expect(Object.isFrozen(MAP_OPTION_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(MAP_OPTION_DEFAULTS.center)).toBe(true);
  });

  it('lists the modes and ranges', () => {
    expect(TRACKING_MODES).toEqual(['position', 'back', 'topback', 'front', 'topfront', 'helicopter', 'drone', 'bird']);
    expect(ECO_MODES).toEqual(['normal', 'eco']);
    expect(THEMES).toEqual(['light', 'dark', 'auto']);
    expect(ZOOM_RANGE).toEqual({ min: 0, max: 22 });
    expect(PITCH_RANGE).toEqual({ min: 0, max: 85 });
    expect(ECO_FRAME_RATE_RANGE).toEqual({ min: 1, max: 60 });
    expect(CONTROL_OPTIONS).toHaveLength(6);
    expect(new Set(MAP_OPTION_KEYS).size).toBe(MAP_OPTION_KEYS.length);
  });
});

describe('resolveMapOptions: defaults', () => {
  it('fills every default for a minimal call', () => {
    const e = env();
    const { options, notices } = resolveMapOptions({ container: 'map' }, e);
    expect(notices).toEqual([]);
    expect(options).toEqual({
      container: (e.document as unknown as { getElementById(id: string): unknown }).getElementById('map'),
      accessToken: undefined,
      mapStyle: undefined,
      secrets: {},
      bearing: 0,
      center: [139.767, 35.6814],
      zoom: 14,
      pitch: 60,
      clockControl: true,
      configControl: true,
      fullscreenControl: true,
      modeControl: true,
      navigationControl: true,
      searchControl: true,
      dataSources: [],
      dataUrl: 'https://example.test/data',
      ecoFrameRate: 1,
      ecoMode: 'normal',
      lang: 'ja',
      plugins: [],
      selection: undefined,
      trackingMode: 'position',
      basemapUrl: 'https://example.test/tokyo.pmtiles',
      glyphsUrl: 'https://example.test/fonts/{fontstack}/{range}.pbf',
      theme: 'auto',
      hash: false,
      time: undefined,
      realtime: {},
      flights: {},
      rain: {},
    });
  });

  it('returns fresh arrays, not the frozen defaults', () => {
    const a = resolve({}).options;
    const b = resolve({}).options;
    expect(a.center).not.toBe(MAP_OPTION_DEFAULTS.center);
    expect(a.center).not.toBe(b.center);
    expect(Object.isFrozen(a.center)).toBe(false);
    expect(a.plugins).not.toBe(b.plugins);
    expect(a.dataSources).not.toBe(b.dataSources);
  });

  it('treats undefined values as absent', () => {
    const { options, notices } = resolve({ zoom: undefined, lang: undefined, secrets: undefined, selection: undefined });
    expect(options.zoom).toBe(14);
    expect(options.lang).toBe('ja');
    expect(notices).toEqual([]);
  });

  it('keeps given values', () => {
    const { options } = resolve({
      accessToken: 'pk.eyJ1.abc',
      mapStyle: 'https://example.test/style.json',
      bearing: 30,
      center: [139.7, 35.6],
      zoom: 10,
      pitch: 0,
      clockControl: false,
      searchControl: false,
      dataUrl: '/data',
      ecoFrameRate: 30,
      ecoMode: 'eco',
      lang: 'fr',
      trackingMode: 'helicopter',
      basemapUrl: '/tiles/tokyo.pmtiles',
      glyphsUrl: '/glyphs/{fontstack}/{range}.pbf',
      theme: 'dark',
    });
    expect(options).toMatchObject({
      accessToken: 'pk.eyJ1.abc',
      mapStyle: 'https://example.test/style.json',
      bearing: 30,
      center: [139.7, 35.6],
      zoom: 10,
      pitch: 0,
      clockControl: false,
      configControl: true,
      searchControl: false,
      dataUrl: '/data',
      ecoFrameRate: 30,
      ecoMode: 'eco',
      lang: 'fr',
      trackingMode: 'helicopter',
      basemapUrl: '/tiles/tokyo.pmtiles',
      glyphsUrl: '/glyphs/{fontstack}/{range}.pbf',
      theme: 'dark',
    });
  });
});

describe('resolveMapOptions: input object', () => {
  it.each([
    [5, 'Invalid option "options": 5 is not an object; expected an object of map options.'],
    [null, 'Invalid option "options": null is not an object; expected an object of map options.'],
    [undefined, 'Invalid option "options": undefined is not an object; expected an object of map options.'],
    ['map', 'Invalid option "options": "map" is not an object; expected an object of map options.'],
    [[], 'Invalid option "options": [] is not an object; expected an object of map options.'],
  ])('rejects %j', (input, message) => {
    const err = errorOf(() => resolveMapOptions(input, env()));
    expect(err.message).toBe(message);
    expect(err.option).toBe('options');
    expect(err.value).toBe(input);
  });

  it('reports unknown keys as notices, not errors', () => {
    const { notices } = resolve({ foo: 1, Zoom: 3 });
    expect(notices).toEqual(['Unknown option "foo" is ignored.', 'Unknown option "Zoom" is ignored.']);
  });
});

describe('MapOptionError', () => {
  it('carries option and value and is an Error', () => {
    const err = errorOf(() => resolve({ pitch: 90 }));
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('MapOptionError');
    expect(err.option).toBe('pitch');
    expect(err.value).toBe(90);
  });
});

describe('container', () => {
  it('looks up the id in env.document', () => {
    const doc = fakeDocument({ map: element('map') });
    const { options } = resolveMapOptions({ container: 'map' }, env({ document: doc }));
    expect(doc.getElementById).toHaveBeenCalledWith('map');
    expect(options.container).toBe(doc.getElementById('map'));
  });

  it('accepts an empty element object', () => {
    const el = element();
    expect(resolveMapOptions({ container: el }, env()).options.container).toBe(el);
  });

  it('requires the option', () => {
    const err = errorOf(() => resolveMapOptions({}, env()));
    expect(err.option).toBe('container');
    expect(err.message).toBe('Invalid option "container": the option is required; expected an element id string or an HTMLElement.');
  });

  it('rejects an unknown id', () => {
    expect(messageFor({ container: 'nope' })).toBe('Invalid option "container": no element with id "nope" exists.');
  });

  it('rejects an id whose element has child nodes', () => {
    expect(messageFor({ container: 'busy' })).toBe(
      'Invalid option "container": element #busy already has child nodes; the container must be empty.',
    );
  });

  it('uses the exact spec wording for #map', () => {
    const e = env({ document: fakeDocument({ map: element('map', 2) }) });
    expect(errorOf(() => resolveMapOptions({ container: 'map' }, e)).message).toBe(
      'Invalid option "container": element #map already has child nodes; the container must be empty.',
    );
  });

  it('rejects a given element with child nodes', () => {
    expect(messageFor({ container: element('main', 1) })).toBe(
      'Invalid option "container": element <div id="main"> already has child nodes; the container must be empty.',
    );
    expect(messageFor({ container: { nodeType: 1, childNodes: [1] } })).toBe(
      'Invalid option "container": element <element> already has child nodes; the container must be empty.',
    );
  });

  it('counts text nodes as children', () => {
    const el = { nodeType: 1, childNodes: [{ nodeType: 3 }], tagName: 'SECTION' };
    expect(messageFor({ container: el })).toBe(
      'Invalid option "container": element <section> already has child nodes; the container must be empty.',
    );
  });

  it('rejects non-element values', () => {
    expect(messageFor({ container: 42 })).toBe(
      'Invalid option "container": 42 is not an element id or an element; expected an element id string or an HTMLElement.',
    );
    expect(messageFor({ container: { nodeType: 3, childNodes: [] } })).toBe(
      'Invalid option "container": {"nodeType":3,"childNodes":[]} is not an element id or an element; expected an element id string or an HTMLElement.',
    );
    expect(messageFor({ container: null })).toBe(
      'Invalid option "container": null is not an element id or an element; expected an element id string or an HTMLElement.',
    );
  });

  it('treats a non-element returned by getElementById as missing', () => {
    const e = env({ document: fakeDocument({ map: { nodeType: 9 } }) });
    expect(errorOf(() => resolveMapOptions({ container: 'map' }, e)).message).toBe(
      'Invalid option "container": no element with id "map" exists.',
    );
  });

  it('does not touch the global document when env.document is given', () => {
    const globalDoc = { getElementById: vi.fn(() => element('map')) };
    vi.stubGlobal('document', globalDoc);
    expect(() => resolveMapOptions({ container: 'other' }, env())).toThrow('no element with id "other" exists.');
    expect(globalDoc.getElementById).not.toHaveBeenCalled();
  });

  it('falls back to the global document when env.document is absent', () => {
    const el = element('map');
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'map' ? el : null) });
    const { options } = resolveMapOptions({ container: 'map' }, { defaults: DEFAULT_URLS, navigatorLanguages: [] });
    expect(options.container).toBe(el);
  });

  it('reports a missing document', () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const err = errorOf(() => resolveMapOptions({ container: 'map' }, { defaults: DEFAULT_URLS, navigatorLanguages: [] }));
    expect(err.message).toBe('Invalid option "container": no document is available to look up element id "map".');
  });

  it('is checked before other options', () => {
    expect(errorOf(() => resolveMapOptions({ container: 'nope', zoom: 99 }, env())).option).toBe('container');
  });
});

describe('accessToken', () => {
  it.each(['pk.a.b', 'pk.eyJ1IjoibWFwIn0.abcDEF_123-xyz', 'pk..'])('accepts %j', (token) => {
    expect(resolve({ accessToken: token }).options.accessToken).toBe(token);
  });

  it('is undefined when absent', () => {
    expect(resolve({}).options.accessToken).toBeUndefined();
  });

  it('uses the spec wording', () => {
    expect(messageFor({ accessToken: 'abc' })).toBe(
      'Invalid option "accessToken": "abc" is not a map access token; expected a token that starts with "pk." and contains a period.',
    );
  });

  it.each([
    ['pk.abc', '"pk.abc"'],
    ['sk.abc.def', '"sk.abc.def"'],
    ['PK.abc.def', '"PK.abc.def"'],
    ['', '""'],
    [' pk.a.b', '" pk.a.b"'],
    [42, '42'],
    [null, 'null'],
  ])('rejects %j', (token, shown) => {
    expect(messageFor({ accessToken: token })).toBe(
      `Invalid option "accessToken": ${shown} is not a map access token; expected a token that starts with "pk." and contains a period.`,
    );
  });
});

describe('mapStyle, dataUrl, basemapUrl', () => {
  it('defaults dataUrl and basemapUrl from env.defaults', () => {
    const { options } = resolve({});
    expect(options.dataUrl).toBe(DEFAULT_URLS.dataUrl);
    expect(options.basemapUrl).toBe(DEFAULT_URLS.basemapUrl);
    expect(options.mapStyle).toBeUndefined();
  });

  it.each([
    ['mapStyle', 5, 'Invalid option "mapStyle": 5 is not a string; expected a map style URL string.'],
    ['mapStyle', '', 'Invalid option "mapStyle": "" is an empty string; expected a map style URL string.'],
    ['dataUrl', {}, 'Invalid option "dataUrl": {} is not a string; expected a data URL string.'],
    ['dataUrl', '', 'Invalid option "dataUrl": "" is an empty string; expected a data URL string.'],
    ['basemapUrl', true, 'Invalid option "basemapUrl": true is not a string; expected a PMTiles URL string.'],
    ['basemapUrl', '', 'Invalid option "basemapUrl": "" is an empty string; expected a PMTiles URL string.'],
  ])('%s: rejects %j', (key, value, message) => {
    expect(messageFor({ [key]: value })).toBe(message);
  });
});

describe('glyphsUrl', () => {
  it('accepts a template with both placeholders', () => {
    expect(resolve({ glyphsUrl: 'https://x.test/{range}/{fontstack}' }).options.glyphsUrl).toBe('https://x.test/{range}/{fontstack}');
  });

  it.each([
    ['https://x.test/fonts/{fontstack}.pbf', '"https://x.test/fonts/{fontstack}.pbf"'],
    ['https://x.test/fonts/{range}.pbf', '"https://x.test/fonts/{range}.pbf"'],
  ])('rejects %j', (url, shown) => {
    expect(messageFor({ glyphsUrl: url })).toBe(
      `Invalid option "glyphsUrl": ${shown} is not a glyph URL template; expected a URL containing {fontstack} and {range}.`,
    );
  });

  it('rejects non-strings', () => {
    expect(messageFor({ glyphsUrl: 1 })).toBe(
      'Invalid option "glyphsUrl": 1 is not a string; expected a glyph URL template containing {fontstack} and {range}.',
    );
  });
});

describe('realtime.tripUpdates and realtime.vehiclePositions', () => {
  it('keeps the feed URLs beside the ODPT settings', () => {
    const { realtime } = resolve({ realtime: { intervalMs: 20_000, tripUpdates: ['https://rt.test/TripUpdates.pb', 'feeds/tu.pb'] } }).options;
    expect(realtime).toEqual({ intervalMs: 20_000, tripUpdates: ['https://rt.test/TripUpdates.pb', 'feeds/tu.pb'] });
    expect(resolve({ realtime: {} }).options.realtime).toEqual({});
    expect(resolve({ realtime: { vehiclePositions: ['feeds/vp.pb'] } }).options.realtime).toEqual({ vehiclePositions: ['feeds/vp.pb'] });
    expect(resolve({ realtime: { tripUpdates: [], vehiclePositions: ['https://rt.test/vp.pb'] } }).options.realtime).toEqual({ tripUpdates: [], vehiclePositions: ['https://rt.test/vp.pb'] });
  });

  it.each([
    [{ tripUpdates: 'https://rt.test/tu.pb' }, 'Invalid option "realtime.tripUpdates": "https://rt.test/tu.pb" is not an array; expected an array of GTFS Realtime TripUpdate feed URLs.'],
    [{ tripUpdates: ['ftp://rt.test/tu.pb'] }, 'Invalid option "realtime.tripUpdates[0]": "ftp://rt.test/tu.pb" is not an http(s) URL; expected a GTFS Realtime TripUpdate feed URL (http or https, absolute or relative to the page).'],
    [{ vehiclePositions: {} }, 'Invalid option "realtime.vehiclePositions": {} is not an array; expected an array of GTFS Realtime VehiclePosition feed URLs.'],
    [{ vehiclePositions: ['https://rt.test/vp.pb', 7] }, 'Invalid option "realtime.vehiclePositions[1]": 7 is not a string; expected a GTFS Realtime VehiclePosition feed URL (http or https, absolute or relative to the page).'],
  ])('rejects %j', (realtime, message) => {
    expect(messageFor({ realtime })).toBe(message);
  });
});

describe('secrets', () => {
  it('keeps tokens in use', () => {
    const { options, notices } = resolve({ secrets: { odpt: 'abc123', challenge2025: 'z9' } });
    expect(options.secrets).toEqual({ odpt: 'abc123', challenge2025: 'z9' });
    expect(notices).toEqual([]);
  });

  it('accepts but drops unused tokens, with notices', () => {
    const { options, notices } = resolve({ secrets: { odpt: 'a1', challenge2024: 'b2', tokyochallenge: 'c3' } });
    expect(options.secrets).toEqual({ odpt: 'a1' });
    expect(notices).toEqual(['secrets.challenge2024 is unused since version 4.0', 'secrets.tokyochallenge is unused since version 3.1']);
  });

  it('reports unknown secret keys', () => {
    expect(resolve({ secrets: { mapbox: 'x' } }).notices).toEqual(['Unknown option "secrets.mapbox" is ignored.']);
  });

  it.each([
    ['odpt', 'ABC', '"ABC"'],
    ['odpt', 'abc-123', '"abc-123"'],
    ['odpt', '', '""'],
    ['challenge2025', 12345, '12345'],
    ['challenge2024', 'Bad Token', '"Bad Token"'],
    ['tokyochallenge', null, 'null'],
  ])('rejects secrets.%s = %j', (key, token, shown) => {
    const err = errorOf(() => resolve({ secrets: { [key]: token } }));
    expect(err.option).toBe(`secrets.${key}`);
    expect(err.message).toBe(
      `Invalid option "secrets.${key}": ${shown} is not an open data token; expected a string of digits and lowercase letters.`,
    );
  });

  it('rejects a non-object', () => {
    expect(messageFor({ secrets: 'abc' })).toBe('Invalid option "secrets": "abc" is not an object; expected an object of open data tokens.');
    expect(messageFor({ secrets: ['abc'] })).toBe('Invalid option "secrets": ["abc"] is not an object; expected an object of open data tokens.');
  });
});

describe('numbers: zoom, pitch, ecoFrameRate, bearing', () => {
  it('uses the spec wording for pitch and zoom', () => {
    expect(messageFor({ pitch: 90 })).toBe('Invalid option "pitch": 90 is out of range; expected a number from 0 to 85.');
    expect(messageFor({ zoom: '14' })).toBe('Invalid option "zoom": "14" is not a number; expected a number from 0 to 22.');
  });

  it.each([
    ['zoom', 0],
    ['zoom', 22],
    ['zoom', 13.5],
    ['pitch', 0],
    ['pitch', 85],
    ['ecoFrameRate', 1],
    ['ecoFrameRate', 60],
    ['ecoFrameRate', 2.5],
  ])('%s accepts %d', (key, value) => {
    expect(resolve({ [key]: value }).options[key as 'zoom']).toBe(value);
  });

  it.each([
    ['zoom', -0.1, 'out of range', '0 to 22'],
    ['zoom', 22.1, 'out of range', '0 to 22'],
    ['zoom', NaN, 'not a number', '0 to 22'],
    ['zoom', Infinity, 'not a number', '0 to 22'],
    ['zoom', null, 'not a number', '0 to 22'],
    ['pitch', -1, 'out of range', '0 to 85'],
    ['pitch', 85.01, 'out of range', '0 to 85'],
    ['pitch', '60', 'not a number', '0 to 85'],
    ['ecoFrameRate', 0, 'out of range', '1 to 60'],
    ['ecoFrameRate', 61, 'out of range', '1 to 60'],
    ['ecoFrameRate', -Infinity, 'not a number', '1 to 60'],
    ['ecoFrameRate', true, 'not a number', '1 to 60'],
  ])('%s rejects %s', (key, value, problem, range) => {
    expect(messageFor({ [key]: value })).toBe(
      `Invalid option "${key}": ${formatOptionValue(value)} is ${problem}; expected a number from ${range}.`,
    );
  });

  it('shows NaN and Infinity as such', () => {
    expect(messageFor({ zoom: NaN })).toBe('Invalid option "zoom": NaN is not a number; expected a number from 0 to 22.');
    expect(messageFor({ pitch: -Infinity })).toBe('Invalid option "pitch": -Infinity is not a number; expected a number from 0 to 85.');
  });

  it.each([
    [0, 0],
    [180, 180],
    [-180, 180],
    [270, -90],
    [-270, 90],
    [720, 0],
    [45.5, 45.5],
    [-0, 0],
  ])('normalises bearing %d to %d', (input, expected) => {
    const { bearing } = resolve({ bearing: input }).options;
    expect(bearing).toBe(expected);
  });

  it.each([
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    ['0', '"0"'],
    [null, 'null'],
  ])('rejects bearing %j', (value, shown) => {
    expect(messageFor({ bearing: value })).toBe(`Invalid option "bearing": ${shown} is not a number; expected a finite number.`);
  });
});

describe('center', () => {
  it.each([
    [[139.7, 35.6], [139.7, 35.6]],
    [{ lng: 139.7, lat: 35.6 }, [139.7, 35.6]],
    [{ lon: 139.7, lat: 35.6 }, [139.7, 35.6]],
    [{ lng: 1, lon: 2, lat: 3 }, [1, 3]],
    [[-180, -90], [-180, -90]],
    [[180, 90], [180, 90]],
  ])('accepts %j', (input, expected) => {
    expect(resolve({ center: input }).options.center).toEqual(expected);
  });

  it('returns a copy, not the given array', () => {
    const input = [139.7, 35.6];
    expect(resolve({ center: input }).options.center).not.toBe(input);
  });

  it.each([
    [[200, 35], '[200,35]'],
    [[-180.1, 35], '[-180.1,35]'],
    [[139, 91], '[139,91]'],
    [{ lng: 139, lat: -95 }, '{"lng":139,"lat":-95}'],
  ])('rejects out-of-range %j', (input, shown) => {
    expect(messageFor({ center: input })).toBe(
      `Invalid option "center": ${shown} is out of range; expected a longitude from -180 to 180 and a latitude from -90 to 90.`,
    );
  });

  it.each([
    ['Tokyo', '"Tokyo"'],
    [[139], '[139]'],
    [[139, 35, 0], '[139,35,0]'],
    [['139', '35'], '["139","35"]'],
    [[NaN, 35], '[NaN,35]'],
    [{ lat: 35 }, '{"lat":35}'],
    [{ x: 1, y: 2 }, '{"x":1,"y":2}'],
    [null, 'null'],
    [42, '42'],
  ])('rejects non-coordinate %j', (input, shown) => {
    expect(messageFor({ center: input })).toBe(
      `Invalid option "center": ${shown} is not a coordinate; expected [longitude, latitude] or {lng, lat} with finite numbers.`,
    );
  });
});

describe('controls', () => {
  it.each(CONTROL_OPTIONS.map((k) => [k]))('%s defaults to true and accepts false', (key) => {
    expect(resolve({}).options[key]).toBe(true);
    expect(resolve({ [key]: false }).options[key]).toBe(false);
  });

  it.each(CONTROL_OPTIONS.map((k) => [k]))('%s rejects non-booleans', (key) => {
    expect(messageFor({ [key]: 'yes' })).toBe(`Invalid option "${key}": "yes" is not a boolean; expected true or false.`);
    expect(messageFor({ [key]: 0 })).toBe(`Invalid option "${key}": 0 is not a boolean; expected true or false.`);
  });
});

describe('ecoMode, trackingMode, theme', () => {
  it('uses the spec wording for ecoMode', () => {
    expect(messageFor({ ecoMode: 'fast' })).toBe('Invalid option "ecoMode": "fast" is not one of normal, eco.');
  });

  it('rejects wrong case and non-strings', () => {
    expect(messageFor({ ecoMode: 'Eco' })).toBe('Invalid option "ecoMode": "Eco" is not one of normal, eco.');
    expect(messageFor({ theme: 1 })).toBe('Invalid option "theme": 1 is not one of light, dark, auto.');
  });

  it.each(TRACKING_MODES.map((m) => [m]))('accepts trackingMode %s', (mode) => {
    expect(resolve({ trackingMode: mode })).toEqual(expect.objectContaining({ notices: [] }));
    expect(resolve({ trackingMode: mode }).options.trackingMode).toBe(mode);
  });

  it('maps the deprecated heading mode to topback with a notice', () => {
    const { options, notices } = resolve({ trackingMode: 'heading' });
    expect(options.trackingMode).toBe('topback');
    expect(notices).toEqual(['Option "trackingMode": "heading" is deprecated; using "topback" instead.']);
  });

  it('rejects other tracking modes', () => {
    expect(messageFor({ trackingMode: 'orbit' })).toBe(
      'Invalid option "trackingMode": "orbit" is not one of position, back, topback, front, topfront, helicopter, drone, bird.',
    );
    expect(messageFor({ trackingMode: 'toString' })).toBe(
      'Invalid option "trackingMode": "toString" is not one of position, back, topback, front, topfront, helicopter, drone, bird.',
    );
  });

  it.each(THEMES.map((t) => [t]))('accepts theme %s', (theme) => {
    expect(resolve({ theme }).options.theme).toBe(theme);
  });

  it('rejects other themes', () => {
    expect(messageFor({ theme: 'sepia' })).toBe('Invalid option "theme": "sepia" is not one of light, dark, auto.');
  });
});

describe('lang', () => {
  it('uses the browser languages when absent', () => {
    expect(resolve({}, env({ navigatorLanguages: ['zh-TW', 'en'] })).options.lang).toBe('zh-Hant');
    expect(resolve({}, env({ navigatorLanguages: ['it', 'pt-PT'] })).options.lang).toBe('pt-BR');
    expect(resolve({}, env({ navigatorLanguages: [] })).options.lang).toBe('en');
  });

  it('falls back to the global navigator when env.navigatorLanguages is absent', () => {
    vi.stubGlobal('navigator', { languages: ['ko-KR'], language: 'ko-KR' });
    expect(resolve({}, env({ navigatorLanguages: undefined })).options.lang).toBe('ko');
    vi.stubGlobal('navigator', { languages: [], language: 'de-AT' });
    expect(resolve({}, env({ navigatorLanguages: undefined })).options.lang).toBe('de');
    vi.stubGlobal('navigator', undefined);
    expect(resolve({}, env({ navigatorLanguages: undefined })).options.lang).toBe('en');
  });

  it('accepts every interface language as is, without notices', () => {
    for (const lang of ['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant', 'th', 'ne', 'pt-BR', 'fr', 'es', 'de']) {
      const { options, notices } = resolve({ lang });
      expect(options.lang).toBe(lang);
      expect(notices).toEqual([]);
    }
  });

  it('matches language tags of a supported language without a notice', () => {
    expect(resolve({ lang: 'ja-JP' })).toMatchObject({ options: { lang: 'ja' }, notices: [] });
    expect(resolve({ lang: 'zh-hant' })).toMatchObject({ options: { lang: 'zh-Hant' }, notices: [] });
    expect(resolve({ lang: 'pt' })).toMatchObject({ options: { lang: 'pt-BR' }, notices: [] });
  });

  it('falls back to en with a notice for an unsupported language, ignoring the browser', () => {
    const { options, notices } = resolve({ lang: 'it' }, env({ navigatorLanguages: ['ja'] }));
    expect(options.lang).toBe('en');
    expect(notices).toEqual(['Option "lang": "it" is not supported; falling back to "en".']);
    expect(resolve({ lang: '' }).notices).toEqual(['Option "lang": "" is not supported; falling back to "en".']);
  });

  it('rejects a non-string', () => {
    expect(messageFor({ lang: 5 })).toBe(
      'Invalid option "lang": 5 is not a string; expected one of ja, en, ko, zh-Hans, zh-Hant, th, ne, pt-BR, fr, es, de.',
    );
    expect(messageFor({ lang: null })).toBe(
      'Invalid option "lang": null is not a string; expected one of ja, en, ko, zh-Hans, zh-Hant, th, ne, pt-BR, fr, es, de.',
    );
  });
});

describe('dataSources', () => {
  it('accepts valid sources', () => {
    const sources = [
      { gtfsUrl: 'https://x.test/gtfs.zip' },
      { gtfsUrl: 'https://y.test/gtfs.zip', vehiclePositionUrl: 'https://y.test/vp', color: '#0af' },
      { gtfsUrl: 'g.zip', color: '#00AAFF' },
    ];
    const { options, notices } = resolve({ dataSources: sources });
    expect(options.dataSources).toEqual(sources);
    expect(options.dataSources[0]).not.toBe(sources[0]);
    expect(notices).toEqual([]);
  });

  it('reports unknown keys in a source', () => {
    expect(resolve({ dataSources: [{ gtfsUrl: 'g.zip', name: 'x' }] }).notices).toEqual([
      'Unknown option "dataSources[0].name" is ignored.',
    ]);
  });

  it.each([
    [{ dataSources: {} }, 'Invalid option "dataSources": {} is not an array; expected an array of data source objects.'],
    [{ dataSources: [null] }, 'Invalid option "dataSources[0]": null is not an object; expected a data source object with a gtfsUrl.'],
    [
      { dataSources: [{ gtfsUrl: 'a' }, {}] },
      'Invalid option "dataSources[1].gtfsUrl": undefined is not a string; expected a GTFS zip URL string.',
    ],
    [{ dataSources: [{ gtfsUrl: '' }] }, 'Invalid option "dataSources[0].gtfsUrl": "" is an empty string; expected a GTFS zip URL string.'],
    [
      { dataSources: [{ gtfsUrl: 'a', vehiclePositionUrl: 1 }] },
      'Invalid option "dataSources[0].vehiclePositionUrl": 1 is not a string; expected a GTFS Realtime feed URL string.',
    ],
    [
      { dataSources: [{ gtfsUrl: 'a', color: 'red' }] },
      'Invalid option "dataSources[0].color": "red" is not a hex color; expected "#" followed by 3 or 6 hex digits.',
    ],
    [
      { dataSources: [{ gtfsUrl: 'a', color: '0af' }] },
      'Invalid option "dataSources[0].color": "0af" is not a hex color; expected "#" followed by 3 or 6 hex digits.',
    ],
    [
      { dataSources: [{ gtfsUrl: 'a', color: '#0a' }] },
      'Invalid option "dataSources[0].color": "#0a" is not a hex color; expected "#" followed by 3 or 6 hex digits.',
    ],
    [
      { dataSources: [{ gtfsUrl: 'a', color: '#00aaffcc' }] },
      'Invalid option "dataSources[0].color": "#00aaffcc" is not a hex color; expected "#" followed by 3 or 6 hex digits.',
    ],
    [
      { dataSources: [{ gtfsUrl: 'a', color: '#ggg' }] },
      'Invalid option "dataSources[0].color": "#ggg" is not a hex color; expected "#" followed by 3 or 6 hex digits.',
    ],
  ])('rejects %j', (options, message) => {
    expect(messageFor(options)).toBe(message);
  });
});

describe('plugins', () => {
  it('keeps the plugin objects in order', () => {
    const a = { id: 'weather', onAdd() {} };
    const b = { id: 'buses' };
    const input = [a, b];
    const { plugins } = resolve({ plugins: input }).options;
    expect(plugins).toEqual([a, b]);
    expect(plugins[0]).toBe(a);
    expect(plugins).not.toBe(input);
  });

  it('accepts class instances', () => {
    class Plugin {
      id = 'cls';
    }
    expect(resolve({ plugins: [new Plugin()] }).options.plugins[0].id).toBe('cls');
  });

  it.each([
    [{ plugins: 'weather' }, 'Invalid option "plugins": "weather" is not an array; expected an array of plugins.'],
    [{ plugins: [5] }, 'Invalid option "plugins[0]": 5 is not a plugin; expected an object with a string id.'],
    [{ plugins: [{ id: 'a' }, null] }, 'Invalid option "plugins[1]": null is not a plugin; expected an object with a string id.'],
    [{ plugins: [[]] }, 'Invalid option "plugins[0]": [] is not a plugin; expected an object with a string id.'],
    [{ plugins: [{}] }, 'Invalid option "plugins[0].id": undefined is not a plugin id; expected a non-empty string.'],
    [{ plugins: [{ id: 7 }] }, 'Invalid option "plugins[0].id": 7 is not a plugin id; expected a non-empty string.'],
    [{ plugins: [{ id: '' }] }, 'Invalid option "plugins[0].id": "" is not a plugin id; expected a non-empty string.'],
    [
      { plugins: [{ id: 'a' }, { id: 'b' }, { id: 'a' }] },
      'Invalid option "plugins[2].id": "a" is already used by plugins[0]; expected unique plugin ids.',
    ],
  ])('rejects %j', (options, message) => {
    expect(messageFor(options)).toBe(message);
  });
});

describe('selection', () => {
  it.each([
    ['odpt.Train:JR-East.Yamanote.400G', { kind: 'train', id: 'JR-East.Yamanote.400G' }],
    ['JR-East.Yamanote.400G', { kind: 'train', id: 'JR-East.Yamanote.400G' }],
    ['odpt.FlightInformationDeparture:NAA.NRT.NH831', { kind: 'flight', id: 'NAA.NRT.NH831', direction: 'departure' }],
    ['NAA.NRT.NH832', { kind: 'flight', id: 'NAA.NRT.NH832' }],
    ['odpt.Station:TokyoMetro.Ginza.Shibuya', { kind: 'station', id: 'TokyoMetro.Ginza.Shibuya' }],
    ['TokyoMetro.Ginza.Shibuya', { kind: 'station', id: 'TokyoMetro.Ginza.Shibuya' }],
  ])('resolves %s', (input, expected) => {
    expect(resolve({ selection: input }).options.selection).toEqual(expected);
  });

  it.each([
    ['Shibuya', '"Shibuya"', 'is not a valid id'],
    ['odpt.Railway:JR-East.Yamanote.X', '"odpt.Railway:JR-East.Yamanote.X"', 'is not a valid id'],
    [42, '42', 'is not a string'],
  ])('rejects %j', (input, shown, problem) => {
    expect(messageFor({ selection: input })).toBe(
      `Invalid option "selection": ${shown} ${problem}; expected a train, flight or station id such as "odpt.Train:JR-East.Yamanote.400G".`,
    );
  });
});

describe('notices order', () => {
  it('lists notices in processing order, unknown keys last', () => {
    const { notices } = resolve({
      zzz: true,
      secrets: { tokyochallenge: 'abc' },
      lang: 'xx',
      trackingMode: 'heading',
    });
    expect(notices).toEqual([
      'secrets.tokyochallenge is unused since version 3.1',
      'Option "lang": "xx" is not supported; falling back to "en".',
      'Option "trackingMode": "heading" is deprecated; using "topback" instead.',
      'Unknown option "zzz" is ignored.',
    ]);
  });
});

describe('formatOptionValue', () => {
  it.each([
    ['abc', '"abc"'],
    ['say "hi"', '"say \\"hi\\""'],
    [14, '14'],
    [-0.5, '-0.5'],
    [NaN, 'NaN'],
    [-Infinity, '-Infinity'],
    [true, 'true'],
    [null, 'null'],
    [undefined, 'undefined'],
    [[1, 'a', null], '[1,"a",null]'],
    [{ a: 1, b: [2] }, '{"a":1,"b":[2]}'],
    [{}, '{}'],
  ])('shows %j as %s', (value, shown) => {
    expect(formatOptionValue(value)).toBe(shown);
  });

  it('shows functions, symbols, bigints and elements readably', () => {
    expect(formatOptionValue(10n)).toBe('10n');
    expect(formatOptionValue(function named() {})).toBe('[Function named]');
    expect(formatOptionValue(Symbol('s'))).toBe('Symbol(s)');
    expect(formatOptionValue(element('map'))).toBe('<div id="map">');
    expect(formatOptionValue({ nodeType: 1 })).toBe('<element>');
  });

  it('truncates long strings to 60 characters, keeping the closing quote', () => {
    const shown = formatOptionValue('a'.repeat(100));
    expect(shown).toHaveLength(60);
    expect(shown).toBe('"' + 'a'.repeat(57) + '…"');
    expect(formatOptionValue('a'.repeat(58))).toBe('"' + 'a'.repeat(58) + '"');
  });

  it('truncates long objects with an ellipsis', () => {
    const shown = formatOptionValue(Array.from({ length: 100 }, (_, i) => i));
    expect(shown).toHaveLength(60);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.startsWith('[0,1,2,3')).toBe(true);
  });

  it('survives circular and deep structures', () => {
    const a: Record<string, unknown> = { x: 1 };
    a.self = a;
    expect(formatOptionValue(a)).toBe('{"x":1,"self":{"x":1,"self":{"x":1,"self":{…}}}}');
    expect(formatOptionValue([[[[[1]]]]])).toBe('[[[[…]]]]');
  });

  it('truncates long values inside error messages', () => {
    const message = messageFor({ dataUrl: 42, accessToken: 'x'.repeat(200) });
    expect(message).toBe(
      `Invalid option "accessToken": "${'x'.repeat(57)}…" is not a map access token; expected a token that starts with "pk." and contains a period.`,
    );
  });
});

describe('exported validators for camera methods', () => {
  it('validateZoom uses the given name and the 0–22 range', () => {
    expect(validateZoom(22)).toBe(22);
    expect(() => validateZoom(23, 'setZoom')).toThrow('Invalid option "setZoom": 23 is out of range; expected a number from 0 to 22.');
    expect(errorOf(() => validateZoom('1')).option).toBe('zoom');
  });

  it('validatePitch uses the 0–85 range', () => {
    expect(validatePitch(85)).toBe(85);
    expect(() => validatePitch(86, 'setPitch')).toThrow('Invalid option "setPitch": 86 is out of range; expected a number from 0 to 85.');
  });

  it('validateBearing normalises', () => {
    expect(validateBearing(-90)).toBe(-90);
    expect(validateBearing(450)).toBe(90);
    expect(() => validateBearing(undefined, 'setBearing')).toThrow(
      'Invalid option "setBearing": undefined is not a number; expected a finite number.',
    );
  });

  it('validateCenter returns [lng, lat]', () => {
    expect(validateCenter({ lon: 1, lat: 2 })).toEqual([1, 2]);
    expect(() => validateCenter([0, 100], 'setCenter')).toThrow('Invalid option "setCenter": [0,100] is out of range;');
  });

  it('validateEcoFrameRate uses the 1–60 range', () => {
    expect(validateEcoFrameRate(60)).toBe(60);
    expect(() => validateEcoFrameRate(0.5)).toThrow('Invalid option "ecoFrameRate": 0.5 is out of range; expected a number from 1 to 60.');
  });

  it('generic validators share one message format', () => {
    expect(validateNumberInRange(-0, 'x', -1, 1)).toBe(0);
    expect(Object.is(validateNumberInRange(-0, 'x', -1, 1), -0)).toBe(false);
    expect(() => validateNumberInRange(2, 'x', -1, 1)).toThrow('Invalid option "x": 2 is out of range; expected a number from -1 to 1.');
    expect(validateBoolean(false, 'b')).toBe(false);
    expect(validateOneOf('b', 'o', ['a', 'b'] as const)).toBe('b');
    expect(() => validateOneOf('c', 'o', ['a', 'b'])).toThrow('Invalid option "o": "c" is not one of a, b.');
    expect(validateString('s', 's')).toBe('s');
    expect(() => validateString(1, 's')).toThrow('Invalid option "s": 1 is not a string; expected a non-empty string.');
    expect(validateArray([1], 'a', 'an array of numbers')).toEqual([1]);
    expect(() => validateArray('x', 'a', 'an array of numbers')).toThrow(
      'Invalid option "a": "x" is not an array; expected an array of numbers.',
    );
    expect(validateObject({ a: 1 }, 'o', 'an object')).toEqual({ a: 1 });
  });

  it('every message is a single sentence starting with the option name', () => {
    const cases: Array<Record<string, unknown>> = [
      { zoom: 'x' },
      { pitch: 99 },
      { bearing: NaN },
      { center: 'x' },
      { ecoMode: 'x' },
      { clockControl: 'x' },
      { lang: 1 },
      { plugins: 1 },
      { dataSources: 1 },
      { selection: 'x' },
      { secrets: { odpt: 'X' } },
      { accessToken: 'x' },
      { glyphsUrl: 'x' },
      { container: 'nope' },
    ];
    for (const c of cases) {
      const message = messageFor(c);
      expect(message).toMatch(/^Invalid option "[^"]+": /);
      expect(message.endsWith('.')).toBe(true);
      expect(message.slice(0, -1)).not.toMatch(/\.\s/); // no second sentence
    }
  });
});

describe('option "time"', () => {
  const env = { document: { getElementById: () => ({ nodeType: 1, childNodes: [] }) } as unknown as Document, navigatorLanguages: ['en'], defaults: { dataUrl: 'd/', basemapUrl: 'b.pmtiles', glyphsUrl: 'f/{fontstack}/{range}.pbf' } };
  it('accepts epoch milliseconds and ISO 8601 date-times', () => {
    expect(resolveMapOptions({ container: 'map', time: 1795993200000 }, env).options.time).toBe(1795993200000);
    expect(resolveMapOptions({ container: 'map', time: '2026-11-24T08:00:00+09:00' }, env).options.time).toBe(Date.parse('2026-11-24T08:00:00+09:00'));
    expect(resolveMapOptions({ container: 'map' }, env).options.time).toBeUndefined();
  });
  it('rejects anything else with a message', () => {
    expect(() => resolveMapOptions({ container: 'map', time: 'tomorrow' }, env)).toThrow(
      'Invalid option "time": "tomorrow" is not a time; expected epoch milliseconds or an ISO 8601 date-time such as "2026-11-24T08:00:00+09:00".',
    );
  });
});

describe('option "rain"', () => {
  it('keeps what is given, trimming a tile host to its origin', () => {
    const given = { visible: true, catalogueUrl: 'https://radar.example.org/public/weather-maps.json', tileHost: 'https://tiles.example.org/', intervalMs: 60_000 };
    expect(resolve({ rain: given }).options.rain).toEqual({ ...given, tileHost: 'https://tiles.example.org' });
    expect(resolve({}).options.rain).toEqual({});
  });

  it('accepts a catalogue URL relative to the page (a proxy beside it)', () => {
    expect(resolve({ rain: { catalogueUrl: 'weather/weather-maps.json' } }).options.rain.catalogueUrl).toBe('weather/weather-maps.json');
  });

  it('reports unknown keys as notices', () => {
    expect(resolve({ rain: { colour: 'blue' } }).notices).toEqual(['Unknown option "rain.colour" is ignored.']);
  });

  it.each([
    [{ rain: true }, 'Invalid option "rain": true is not an object; expected an object {visible?, catalogueUrl?, tileHost?, intervalMs?}.'],
    [{ rain: { visible: 'yes' } }, 'Invalid option "rain.visible": "yes" is not a boolean; expected true or false.'],
    [{ rain: { catalogueUrl: 'ftp://radar.example.org/x.json' } }, 'Invalid option "rain.catalogueUrl": "ftp://radar.example.org/x.json" is not an http(s) URL; expected the URL of a radar catalogue in RainViewer\'s weather-maps.json format.'],
    [{ rain: { tileHost: 'tiles.example.org' } }, 'Invalid option "rain.tileHost": "tiles.example.org" is not an http(s) URL; expected the protocol and host of a radar tile server, such as "https://radar.example.org".'],
    [{ rain: { tileHost: 'https://tiles.example.org/v2' } }, 'Invalid option "rain.tileHost": "https://tiles.example.org/v2" has a path, query or fragment; expected only a protocol and host, such as "https://radar.example.org".'],
    [{ rain: { intervalMs: 10 } }, 'Invalid option "rain.intervalMs": 10 is out of range; expected a number from 1000 to 3600000.'],
  ])('rejects %j with one sentence naming it', (options, message) => {
    expect(messageFor(options)).toBe(message);
  });
});
