/**
 * deck.gl layers for the GeoJSON and 3D Tiles layers added through the API (`Map.addLayer`). Loaded on first
 * use: deck.gl's GeoJsonLayer, Tile3DLayer and the 3D Tiles loader stay out of the first view.
 *
 * @module
 */
import { GeoJsonLayer } from '@deck.gl/layers';
import { Tile3DLayer } from '@deck.gl/geo-layers';
import { Tiles3DLoader } from '@loaders.gl/3d-tiles';
import type { Layer, UpdateParameters, Viewport } from '@deck.gl/core';
import { thrownMessage, type ReportError } from '../data/map-error.ts';
import { CUSTOM_LAYER_PREFIX, type CustomLayer, type GeoJsonLayerInterface, type Tile3DLayerInterface } from './layer-types.ts';


/** The light on the map, to shade 3D tiles with: colour as `[r, g, b]` 0–1 and intensity 0–1. */
export interface CustomLayerLight {
  color: [number, number, number];
  intensity: number;
}

/** Props of {@link GuardedTile3DLayer}: Tile3DLayer's, and where a tileset that cannot be loaded is reported. */
type GuardedTile3DProps = ConstructorParameters<typeof Tile3DLayer>[0] & { onTilesetError: (url: string, error: unknown) => void };

/** What of Tile3DLayer's private members {@link GuardedTile3DLayer} reaches. */
interface Tile3DInternals {
  _loadTileset: (url: unknown) => Promise<void>;
  _updateTileset: (viewports: Record<string, Viewport> | null) => void;
  state: { activeViewports: Record<string, Viewport>; lastUpdatedViewports: Record<string, Viewport> | null };
}

/**
 * deck.gl's Tile3DLayer, with two mends:
 * - a tileset that fails to load (a 404, a bad JSON) is reported through `onTilesetError` instead of becoming an
 *   unhandled promise rejection;
 * - a tileset that loads once the layer has taken in the camera's last move, before another frame is drawn, still
 *   gets its tiles picked: Tile3DLayer picks them for the viewports drawn since that move, which are none then, and
 *   with the camera at rest it would wait for the next move. The viewports of the last move are used.
 */
class GuardedTile3DLayer extends Tile3DLayer {
  static override layerName = 'GuardedTile3DLayer';

  override updateState(params: UpdateParameters<this>): void {
    const { data } = params.props;
    if (data && data !== params.oldProps.data) {
      // Tile3DLayer starts `_loadTileset` here without awaiting it: wrap it so that its rejection is caught.
      const self = this as unknown as Tile3DInternals;
      const load = self._loadTileset;
      self._loadTileset = (url) =>
        load
          .call(this, url)
          .then(() => {
            const { activeViewports, lastUpdatedViewports } = self.state;
            if (Object.keys(activeViewports).length === 0) self._updateTileset(lastUpdatedViewports);
          })
          .catch((e: unknown) => (this.props as unknown as GuardedTile3DProps).onTilesetError(String(url), e));
    }
    super.updateState(params);
  }
}

/**
 * The deck.gl layer of an added GeoJSON or 3D Tiles layer (three.js layers are drawn elsewhere), with its
 * visibility for the current zoom.
 *
 * @public ui/use-custom-layers.ts loads this module with `import()` and keeps the module object, which knip cannot follow.
 */
export function customDeckLayer(layer: CustomLayer, shown: boolean, light: CustomLayerLight, onError: ReportError): Layer | null {
  const id = `${CUSTOM_LAYER_PREFIX}${layer.id}`;
  if (layer.type === 'geojson') {
    const { id: _id, type: _type, minzoom: _min, maxzoom: _max, ...props } = layer.spec as GeoJsonLayerInterface;
    return new GeoJsonLayer({ ...(props as object), id, visible: shown && layer.visible });
  }
  if (layer.type === 'tile-3d') {
    // As in Mini Tokyo 3D, the layer's other props go to Tile3DLayer as they are (`loadOptions` with its `fetch` and
    // `tileset` options, `onTileLoad`, `onTilesetLoad`, `pickable`, …).
    const { id: _id, type: _type, minzoom: _min, maxzoom: _max, lightColor, opacity, onTileError, ...props } = layer.spec as Tile3DLayerInterface;
    const own = lightColor ?? [255, 255, 255];
    // The tiles' colour is scaled by the layer's light colour and the map's light (dim at night, never black).
    const scale = 0.35 + 0.65 * light.intensity;
    const tint = own.map((c, i) => Math.round(c * light.color[i] * scale)) as [number, number, number];
    const source = { type: 'layer', id: layer.id } as const;
    return new GuardedTile3DLayer({
      loader: Tiles3DLoader,
      ...(props as object),
      id,
      opacity: opacity ?? 1,
      visible: shown && layer.visible,
      _subLayerProps: { scenegraph: { _lighting: 'pbr', getColor: [...tint, 255] }, mesh: { getColor: [...tint, 255] } },
      // loaders.gl calls it with (tile, message, url), whatever deck.gl's types say.
      onTileError: (tile: unknown, message: string, url: string) => {
        onError(`Could not load the 3D tile ${url} of layer "${layer.id}": ${message}`, { source, url });
        onTileError?.(tile, message, url);
      },
      onTilesetError: (given: string, e: unknown) => {
        const url = typeof document === 'undefined' ? given : new URL(given, document.baseURI).href;
        onError(`Could not load the 3D Tiles tileset ${url} of layer "${layer.id}": ${thrownMessage(e)}`, { error: e, source, url });
      },
    } as never);
  }
  return null;
}
