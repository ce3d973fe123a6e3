import { describe, expect, it } from 'vitest';
import { checkCameraOptions } from '../../src/api/camera-checks.ts';
import { MapOptionError } from '../../src/api/validators.ts';
import { mapErrorData, thrownMessage, type ErrorDetails } from '../../src/data/map-error.ts';
import { chunkFailure } from '../../src/ui/chunk-failure.ts';
import { layerErrorReporter } from '../../src/ui/map/layer-errors.ts';

function recorder() {
  const reports: { message: string; details?: ErrorDetails }[] = [];
  return { reports, report: (message: string, details?: ErrorDetails) => reports.push({ message, details }) };
}

/** A deck.gl layer as the reporter sees it: an id and the layer it belongs to. */
const layer = (id: string, parent: unknown = null) => ({ id, parent }) as never;

describe('the error event', () => {
  it('carries the message and only the details given', () => {
    expect(mapErrorData('m')).toEqual({ message: 'm' });
    const error = new Error('x');
    expect(mapErrorData('m', { error, source: { type: 'plugin', id: 'p' }, url: 'https://a.test/' })).toEqual({ message: 'm', error, source: { type: 'plugin', id: 'p' }, url: 'https://a.test/' });
    expect(thrownMessage(new TypeError('bad'))).toBe('bad');
    expect(thrownMessage({ message: 'like an error' })).toBe('like an error');
    expect(thrownMessage('text')).toBe('text');
  });

  it('names a failing added layer once, by its id, however often deck.gl retries it', () => {
    const { reports, report } = recorder();
    const onError = layerErrorReporter(report);
    const geojson = layer('custom:parks');
    const cause = new Error('getFillColor: no colour');
    onError(new Error(`initialization of ScatterplotLayer({id: 'custom:parks-points-circle'}): ${cause.message}`, { cause }), layer('custom:parks-points-circle', geojson));
    onError(new Error(`update of ScatterplotLayer({id: 'custom:parks-points-circle'}): ${cause.message}`, { cause }), layer('custom:parks-points-circle', geojson));
    onError(new Error('WebGL context is lost'));
    expect(reports).toEqual([
      {
        message: `Layer "parks" could not be drawn: initialization of ScatterplotLayer({id: 'custom:parks-points-circle'}): getFillColor: no colour`,
        details: { error: expect.any(Error), source: { type: 'layer', id: 'parks' } },
      },
      { message: `The map's layer "unknown" could not be drawn: WebGL context is lost`, details: { error: expect.any(Error) } },
    ]);
  });

  it('names the address of a chunk that could not be loaded', () => {
    const [message, details] = chunkFailure(new TypeError('Failed to fetch dynamically imported module: https://example.test/lib/assets/gtfs-layers-abc.js'));
    expect(message).toBe("Could not load a part of the map's code: Failed to fetch dynamically imported module: https://example.test/lib/assets/gtfs-layers-abc.js");
    expect(details.url).toBe('https://example.test/lib/assets/gtfs-layers-abc.js');
    expect(chunkFailure(new Error('offline'))[1]).toEqual({ error: expect.any(Error) });
  });
});

describe('camera options', () => {
  const message = (options: unknown, method = 'flyTo') => {
    try {
      checkCameraOptions(options, method);
      return 'accepted';
    } catch (e) {
      return `${e instanceof MapOptionError ? 'MapOptionError' : 'other'}: ${(e as Error).message}`;
    }
  };

  it('missing or not an object throw the same MapOptionError as a bad member', () => {
    for (const method of ['jumpTo', 'easeTo', 'flyTo']) {
      expect(message(undefined, method)).toBe(
        `MapOptionError: Invalid option "${method} options": undefined is not an object; expected camera options, an object with center, zoom, bearing, pitch or duration (e.g. {zoom: 12}).`,
      );
    }
    expect(message(null)).toMatch(/^MapOptionError: Invalid option "flyTo options": null is not an object/);
    expect(message(12)).toMatch(/^MapOptionError: Invalid option "flyTo options": 12 is not an object/);
    expect(message({ zoom: 30 })).toMatch(/^MapOptionError: Invalid option "zoom": 30 is out of range/);
    expect(message({ duration: -1 })).toBe('MapOptionError: Invalid option "duration": -1 is not a duration; expected a number of milliseconds, 0 or more.');
    expect(message({ duration: '1s' })).toMatch(/^MapOptionError: Invalid option "duration": "1s" is not a duration/);
  });

  it('give what was given, checked', () => {
    expect(checkCameraOptions({}, 'jumpTo')).toEqual({ view: {}, duration: undefined });
    expect(checkCameraOptions({ center: { lng: 139.7, lat: 35.6 }, zoom: 12, duration: 0 }, 'easeTo')).toEqual({ view: { longitude: 139.7, latitude: 35.6, zoom: 12 }, duration: 0 });
  });
});
