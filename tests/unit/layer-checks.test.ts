import { describe, expect, it } from 'vitest';
import { checkLayer } from '../../src/api/layer-checks.ts';
import { inZoomRange } from '../../src/data/layer-zoom.ts';

describe('layers added through the API', () => {
  it('show from minzoom up and are hidden at maxzoom and above (spec §5), at the boundaries', () => {
    const range = { minzoom: 12, maxzoom: 16 };
    expect(inZoomRange(11.999, range)).toBe(false);
    expect(inZoomRange(12, range)).toBe(true);
    expect(inZoomRange(15.999, range)).toBe(true);
    expect(inZoomRange(16, range)).toBe(false);
    expect(inZoomRange(22, { minzoom: 0, maxzoom: 24 })).toBe(true);
    expect(inZoomRange(5, { minzoom: 8, maxzoom: 8 })).toBe(false);
  });

  it('take defaults 0 and 24 and keep the definition', () => {
    const spec = { id: 'walk', type: 'geojson', data: { type: 'FeatureCollection', features: [] }, getLineColor: [1, 2, 3] };
    expect(checkLayer(spec)).toEqual({ id: 'walk', type: 'geojson', minzoom: 0, maxzoom: 24, visible: true, spec });
  });

  it('reject bad definitions with a message naming the property, the value and what is allowed', () => {
    const message = (value: unknown) => {
      try {
        checkLayer(value);
        return 'accepted';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(message(null)).toBe('Invalid option "layer": null is not an object; expected a layer object with id and type.');
    expect(message({ type: 'geojson' })).toBe('Invalid option "layer.id": undefined is not a string; expected a layer id.');
    // MapLibre's style layer types (and `custom`) go to the base map (checkBasemapLayer); others are refused.
    expect(message({ id: 'a', type: 'sky' })).toBe('Invalid option "layer.type": "sky" is not one of geojson, tile-3d, three, fill, line, symbol, circle, heatmap, fill-extrusion, raster, hillshade, color-relief, background, custom.');
    expect(message({ id: 'a', type: 'geojson', minzoom: -1 })).toBe('Invalid option "layer.minzoom": -1 is out of range; expected a number from 0 to 24.');
    expect(message({ id: 'a', type: 'geojson', maxzoom: 24.5 })).toBe('Invalid option "layer.maxzoom": 24.5 is out of range; expected a number from 0 to 24.');
    expect(message({ id: 'a', type: 'tile-3d' })).toBe('Invalid option "layer.data": undefined is not a string; expected the URL of a tileset.json.');
    expect(message({ id: 'a', type: 'tile-3d', data: 't.json', opacity: 2 })).toBe('Invalid option "layer.opacity": 2 is out of range; expected a number from 0 to 1.');
    expect(message({ id: 'a', type: 'tile-3d', data: 't.json', lightColor: [255, 255] })).toBe('Invalid option "layer.lightColor": [255,255] is not an RGB colour; expected [r, g, b] with each from 0 to 255.');
    expect(message({ id: 'a', type: 'three', lightColor: true })).toBe('Invalid option "layer.lightColor": true is not a colour; expected a number such as 0xffffff or a CSS colour string.');
    expect(message({ id: 'a', type: 'three', onAdd: 'go' })).toBe('Invalid option "layer.onAdd": "go" is not a function.');
    expect(message({ id: 'a', type: 'three', lightColor: '#ffcc00', onAdd: () => undefined })).toBe('accepted');
  });
});
