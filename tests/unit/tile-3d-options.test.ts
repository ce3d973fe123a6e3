import { describe, expect, it, vi } from 'vitest';
import { checkLayer } from '../../src/api/layer-checks.ts';
import { customDeckLayer } from '../../src/layers/custom-deck-layers.ts';

const light = { color: [1, 1, 1] as [number, number, number], intensity: 1 };

/** The props a `tile-3d` layer as Mini Tokyo 3D's PLATEAU plugin adds it gives deck.gl's Tile3DLayer. */
function tile3dProps(spec: Record<string, unknown>, shown = true) {
  const layer = customDeckLayer(checkLayer({ id: 'tile-3d-13101', type: 'tile-3d', data: 'https://example.org/tileset.json', ...spec }), shown, light, vi.fn());
  return layer!.props as unknown as Record<string, unknown>;
}

describe("tile-3d layers with Mini Tokyo 3D's options", () => {
  it('hand loadOptions (its fetch and tileset options), onTileLoad, opacity and the other props to Tile3DLayer as they are', () => {
    const fetch = vi.fn();
    const onTileLoad = vi.fn();
    const loadOptions = { fetch, tileset: { throttleRequests: false } };
    const props = tile3dProps({ loadOptions, onTileLoad, opacity: 0.8, minzoom: 13, pickable: true });
    expect(props.loadOptions).toBe(loadOptions);
    expect(props.onTileLoad).toBe(onTileLoad);
    expect(props.opacity).toBe(0.8);
    expect(props.pickable).toBe(true);
    expect(props.id).toBe('custom:tile-3d-13101');
    expect(props.data).toBe('https://example.org/tileset.json');
    // minzoom decides whether it is shown (the caller's `shown`, from the zoom), not a prop of deck.gl's.
    expect(props).not.toHaveProperty('minzoom');
    expect(tile3dProps({ minzoom: 13 }, false).visible).toBe(false);
  });

  it("report a tile that fails to load and call the layer's own onTileError with loaders.gl's arguments", () => {
    const onError = vi.fn();
    const own = vi.fn();
    const layer = customDeckLayer(checkLayer({ id: 'city', type: 'tile-3d', data: 't.json', onTileError: own }), true, light, onError);
    const onTileError = (layer!.props as unknown as { onTileError: (tile: unknown, message: string, url: string) => void }).onTileError;
    onTileError({ id: 'tile' }, 'HTTP 404', 'https://example.org/a.b3dm');
    expect(onError).toHaveBeenCalledWith('Could not load the 3D tile https://example.org/a.b3dm of layer "city": HTTP 404', { source: { type: 'layer', id: 'city' }, url: 'https://example.org/a.b3dm' });
    expect(own).toHaveBeenCalledWith({ id: 'tile' }, 'HTTP 404', 'https://example.org/a.b3dm');
  });

  it('reject loadOptions that are not an object and callbacks that are not functions', () => {
    const message = (spec: Record<string, unknown>) => {
      try {
        checkLayer({ id: 'a', type: 'tile-3d', data: 't.json', ...spec });
        return 'accepted';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(message({ loadOptions: 'fast' })).toBe('Invalid option "layer.loadOptions": "fast" is not an object; expected an object of loaders.gl options.');
    expect(message({ onTileLoad: 1 })).toBe('Invalid option "layer.onTileLoad": 1 is not a function.');
    expect(message({ loadOptions: { fetch: () => undefined }, onTileLoad: () => undefined })).toBe('accepted');
  });
});
