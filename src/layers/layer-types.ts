/**
 * Layers added to a map through {@link Map.addLayer}: GeoJSON (deck.gl's GeoJsonLayer), 3D Tiles (deck.gl's
 * Tile3DLayer) and three.js scenes (their checks are in `api/layer-checks.ts`).
 *
 * @module
 */
import type { LayerZoomRange } from '../data/layer-zoom.ts';

/** What every added layer has. */
export interface LayerInterfaceBase {
  /** Unique among the map's layers (built-in and added). */
  id: string;
  /** Shown from this zoom up (0–24, default 0). */
  minzoom?: number;
  /** Hidden at this zoom and above (0–24, default 24). */
  maxzoom?: number;
}

/** A GeoJSON layer: `type: 'geojson'` and the props of deck.gl's `GeoJsonLayer` (`data`, accessors, styling). */
export interface GeoJsonLayerInterface extends LayerInterfaceBase {
  type: 'geojson';
  [prop: string]: unknown;
}

/**
 * A 3D Tiles layer: deck.gl's `Tile3DLayer` on a tileset URL, lit by the map's light. Its other properties are
 * Tile3DLayer's props, passed as they are (as Mini Tokyo 3D passes them).
 */
export interface Tile3DLayerInterface extends LayerInterfaceBase {
  type: 'tile-3d';
  /** URL of the tileset's `tileset.json`. */
  data: string;
  /** 0–1, default 1. */
  opacity?: number;
  /** Colour of the light on the tiles, `[r, g, b]` 0–255 each (default white); multiplied by the map's light. */
  lightColor?: [number, number, number];
  /**
   * loaders.gl options for the tileset and its tiles: `fetch` (a function `(url, init) => Promise<Response>` that
   * makes every request, or `RequestInit` options), `tileset` (options of loaders.gl's `Tileset3D`, such as
   * `throttleRequests`), and the options of the 3D Tiles loader.
   */
  loadOptions?: Record<string, unknown>;
  /** Called with each tile once its content is loaded, before it is drawn (its `content` can still be changed). */
  onTileLoad?: (tile: unknown) => void;
  /** Called with a tile that failed to load, the message and the URL (the map's `error` event fires too). */
  onTileError?: (tile: unknown, message: string, url: string) => void;
  /** Any other prop of deck.gl's `Tile3DLayer` (`onTilesetLoad`, `onTileUnload`, `pickable`, `pointSize`, …). */
  [prop: string]: unknown;
}

/** What a three.js layer's `onAdd` and `onRemove` receive. */
export interface ThreeLayerContext {
  /** The shared three.js renderer (its canvas is over the map). */
  renderer: unknown;
  /** This layer's scene, in the model space of {@link Map.getModelPosition}. */
  scene: unknown;
  /** This layer's camera, kept on the map's camera. */
  camera: unknown;
  /** The three.js module, loaded with the first three.js layer. */
  THREE: unknown;
}

/** A three.js layer: a scene of yours drawn in the map's view with the map's camera. */
export interface ThreeLayerInterface extends LayerInterfaceBase {
  type: 'three';
  /** Colour of the light on the scene (a number such as `0xffffff`, a CSS colour string or a `THREE.Color`); default white. */
  lightColor?: number | string | object;
  /** Called once three.js is loaded and the layer's scene exists: add your objects to `context.scene`. */
  onAdd?: (map: unknown, context: ThreeLayerContext) => void;
  /** Called when the layer is removed. */
  onRemove?: (map: unknown, context: ThreeLayerContext) => void;
}

/** A layer definition for {@link Map.addLayer}. */
export type LayerInterface = GeoJsonLayerInterface | Tile3DLayerInterface | ThreeLayerInterface;

/** The prefix of added layers' deck.gl ids (so they never clash with the built-in layers' ids). */
export const CUSTOM_LAYER_PREFIX = 'custom:';

/** The layer types {@link Map.addLayer} takes. */
export const LAYER_TYPES = ['geojson', 'tile-3d', 'three'] as const;

/** A checked layer definition as the store keeps it. */
export type CustomLayer = LayerZoomRange & { id: string; type: LayerInterface['type']; visible: boolean; spec: LayerInterface };
