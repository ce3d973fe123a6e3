import { describe, expect, it } from 'vitest';
import { withKnownProperties } from '../../src/api/style-layer-properties.ts';

describe("style layers written for Mapbox GL v3, against MapLibre's style specification", () => {
  it("leave out the paint and layout properties MapLibre has not for the layer's type, and keep the rest", () => {
    const layer = {
      id: 'plateau-ortho',
      type: 'raster',
      slot: 'bottom',
      source: 'plateau-ortho',
      paint: { 'raster-emissive-strength': 0.2, 'raster-saturation': 0.2, 'raster-opacity-transition': { duration: 300 } },
      layout: { visibility: 'visible', 'line-cap': 'round' },
    };
    const { layer: known, dropped } = withKnownProperties(layer);
    expect(dropped).toEqual(['paint.raster-emissive-strength', 'layout.line-cap']);
    // Top-level keys MapLibre ignores itself (Mapbox GL's `slot`) stay.
    expect(known).toEqual({ id: 'plateau-ortho', type: 'raster', slot: 'bottom', source: 'plateau-ortho', paint: { 'raster-saturation': 0.2, 'raster-opacity-transition': { duration: 300 } }, layout: { visibility: 'visible' } });
    // The layer given is not changed.
    expect(layer.paint['raster-emissive-strength']).toBe(0.2);
  });

  it("keep a property's -transition only when the property takes one, and look each type up on its own", () => {
    expect(withKnownProperties({ id: 'a', type: 'fill', paint: { 'fill-emissive-strength': 1, 'fill-emissive-strength-transition': {}, 'fill-opacity': 0, 'fill-antialias-transition': {} } }).dropped).toEqual([
      'paint.fill-emissive-strength',
      'paint.fill-emissive-strength-transition',
      'paint.fill-antialias-transition',
    ]);
    expect(withKnownProperties({ id: 'l', type: 'line', paint: { 'line-occlusion-opacity': 0.5, 'line-width': 2 } }).dropped).toEqual(['paint.line-occlusion-opacity']);
    expect(withKnownProperties({ id: 'e', type: 'fill-extrusion', paint: { 'fill-extrusion-ambient-occlusion-intensity': 0.3, 'fill-extrusion-height': 10 } }).dropped).toEqual(['paint.fill-extrusion-ambient-occlusion-intensity']);
  });

  it('return a layer with nothing unknown as it is, and leave a type MapLibre has not to MapLibre', () => {
    const valid = { id: 'f', type: 'fill', paint: { 'fill-opacity': 0 } };
    expect(withKnownProperties(valid)).toEqual({ layer: valid, dropped: [] });
    expect(withKnownProperties(valid).layer).toBe(valid);
    const model = { id: 'm', type: 'model', paint: { 'model-opacity': 1 } };
    expect(withKnownProperties(model)).toEqual({ layer: model, dropped: [] });
  });
});
