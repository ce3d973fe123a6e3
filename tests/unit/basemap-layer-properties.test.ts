import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { BasemapLayers, loadStyleLayerProperties } from '../../src/api/basemap-layers.ts';

/** What MapLibre says of the paint properties it has not (here: Mapbox GL's `*-emissive-strength`). */
const unknownPaint = (layer: Record<string, unknown>) =>
  Object.keys((layer.paint ?? {}) as object)
    .filter((k) => k.includes('emissive'))
    .map((k) => `layers.${String(layer.id)}.paint.${k}: unknown property "${k}"`);

/** A base map that, as MapLibre does, fires `error` and adds nothing for a layer it refuses. */
function fakeMap(refusals: (layer: Record<string, unknown>) => string[] = unknownPaint) {
  const layers: Record<string, unknown>[] = [];
  const listeners = new Set<(e: { error: Error }) => void>();
  const map = {
    layers,
    on: (type: string, f: (e: { error: Error }) => void) => type === 'error' && listeners.add(f),
    off: (_type: string, f: (e: { error: Error }) => void) => listeners.delete(f),
    getLayer: (id: string) => layers.find((l) => l.id === id),
    getSource: () => undefined,
    addSource: vi.fn(),
    addLayer: (layer: Record<string, unknown>) => {
      const messages = refusals(layer);
      for (const message of messages) for (const f of listeners) f({ error: new Error(message) });
      if (!messages.length) layers.push(layer);
    },
    setLayoutProperty: vi.fn(),
    getStyle: () => ({ layers }),
    setStyle: vi.fn(),
    triggerRepaint: vi.fn(),
  };
  return map;
}

const orthoLayer = () => ({ id: 'ortho', type: 'raster' as const, source: { type: 'raster' as const, tiles: ['https://example.org/{z}/{x}/{y}.png'] }, paint: { 'raster-emissive-strength': 0.3, 'raster-saturation': 0.2 } });

afterEach(() => void vi.restoreAllMocks());

describe('base map layers written for Mapbox GL v3', () => {
  it('are added without the paint properties MapLibre has not, with one warning naming the layer and the property, and no error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reportError = vi.fn();
    const map = fakeMap();
    const layers = new BasemapLayers(reportError);
    layers.attach(map as unknown as MapLibreMap);
    layers.add(orthoLayer(), 'stations-marked-13');
    // MapLibre's property lists load with the first layer it refuses (or earlier, with the plugins): then it is in.
    await loadStyleLayerProperties();
    await vi.waitFor(() => expect(map.getLayer('ortho')).toBeDefined());
    expect(map.getLayer('ortho')).toMatchObject({ id: 'ortho', type: 'raster', source: 'ortho', paint: { 'raster-saturation': 0.2 } });
    expect((map.getLayer('ortho')!.paint as object)).not.toHaveProperty('raster-emissive-strength');
    expect(reportError).not.toHaveBeenCalled();
    expect(warn.mock.calls).toEqual([[expect.stringMatching(/^Layer "ortho": MapLibre has no paint\.raster-emissive-strength \(Mapbox GL only\)/)]]);

    // Once the lists are loaded, the next such layer is in the base map as soon as addLayer returns.
    layers.add({ ...orthoLayer(), id: 'ortho-2' });
    expect(map.getLayer('ortho-2')).toBeDefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('that MapLibre refuses for another reason fire error with its message', async () => {
    const reportError = vi.fn();
    const map = fakeMap((layer) => [`layers.${String(layer.id)}.source: source "nowhere" not found`]);
    const layers = new BasemapLayers(reportError);
    layers.attach(map as unknown as MapLibreMap);
    layers.add({ id: 'bad', type: 'fill', source: 'nowhere', paint: { 'fill-opacity': 0 } });
    await vi.waitFor(() => expect(reportError).toHaveBeenCalledTimes(1));
    expect(reportError.mock.calls[0][0]).toBe('The base map refused layer "bad": layers.bad.source: source "nowhere" not found');
  });
});
