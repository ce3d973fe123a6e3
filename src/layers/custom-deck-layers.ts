/**
 * deck.gl layers for the GeoJSON and 3D Tiles layers added through the API (`Map.addLayer`). Loaded on first
 * use: deck.gl's GeoJsonLayer, Tile3DLayer and the 3D Tiles loader stay out of the first view.
 *
 * @module
 */
import { GeoJsonLayer } from '@deck.gl/layers';
import { Tile3DLayer } from '@deck.gl/geo-layers';
import { Tiles3DLoader } from '@loaders.gl/3d-tiles';
import type { Layer } from '@deck.gl/core';
import type { CustomLayer, GeoJsonLayerInterface, Tile3DLayerInterface } from './layer-types.ts';

/** The prefix of added layers' deck.gl ids (so they never clash with the built-in layers' ids). */
export const CUSTOM_LAYER_PREFIX = 'custom:';

/** The light on the map, to shade 3D tiles with: colour as `[r, g, b]` 0–1 and intensity 0–1. */
export interface CustomLayerLight {
  color: [number, number, number];
  intensity: number;
}

/**
 * The deck.gl layer of an added GeoJSON or 3D Tiles layer (three.js layers are drawn elsewhere), with its
 * visibility for the current zoom.
 *
 * @public ui/use-custom-layers.ts loads this module with `import()` and keeps the module object, which knip cannot follow.
 */
export function customDeckLayer(layer: CustomLayer, shown: boolean, light: CustomLayerLight, onError: (message: string) => void): Layer | null {
  const id = `${CUSTOM_LAYER_PREFIX}${layer.id}`;
  if (layer.type === 'geojson') {
    const { id: _id, type: _type, minzoom: _min, maxzoom: _max, ...props } = layer.spec as GeoJsonLayerInterface;
    return new GeoJsonLayer({ ...(props as object), id, visible: shown && layer.visible });
  }
  if (layer.type === 'tile-3d') {
    const spec = layer.spec as Tile3DLayerInterface;
    const own = spec.lightColor ?? [255, 255, 255];
    // The tiles' colour is scaled by the layer's light colour and the map's light (dim at night, never black).
    const scale = 0.35 + 0.65 * light.intensity;
    const tint = own.map((c, i) => Math.round(c * light.color[i] * scale)) as [number, number, number];
    return new Tile3DLayer({
      id,
      data: spec.data,
      loader: Tiles3DLoader,
      opacity: spec.opacity ?? 1,
      visible: shown && layer.visible,
      _subLayerProps: { scenegraph: { _lighting: 'pbr', getColor: [...tint, 255] }, mesh: { getColor: [...tint, 255] } },
      onTileError: (_tile: unknown, url: string, message: string) => onError(`Could not load the 3D tile ${url} of layer "${layer.id}": ${message}`),
      onTilesetLoad: () => undefined,
    } as never);
  }
  return null;
}
