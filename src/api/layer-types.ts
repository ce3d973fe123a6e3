/**
 * Layers added to a map through {@link Map.addLayer}: GeoJSON (deck.gl's GeoJsonLayer), 3D Tiles (deck.gl's
 * Tile3DLayer) and three.js scenes, and the checks of their definitions.
 *
 * @module
 */
import type { LayerZoomRange } from '../data/layer-zoom.ts';
import { fail, formatOptionValue, validateNumberInRange, validateObject, validateOneOf, validateString } from './validators.ts';

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

/** A 3D Tiles layer: deck.gl's `Tile3DLayer` on a tileset URL, lit by the map's light. */
export interface Tile3DLayerInterface extends LayerInterfaceBase {
  type: 'tile-3d';
  /** URL of the tileset's `tileset.json`. */
  data: string;
  /** 0–1, default 1. */
  opacity?: number;
  /** Colour of the light on the tiles, `[r, g, b]` 0–255 each (default white); multiplied by the map's light. */
  lightColor?: [number, number, number];
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
  /** Colour of the light on the scene (a number such as `0xffffff`, or a CSS colour string); default white. */
  lightColor?: number | string;
  /** Called once three.js is loaded and the layer's scene exists: add your objects to `context.scene`. */
  onAdd?: (map: unknown, context: ThreeLayerContext) => void;
  /** Called when the layer is removed. */
  onRemove?: (map: unknown, context: ThreeLayerContext) => void;
}

/** A layer definition for {@link Map.addLayer}. */
export type LayerInterface = GeoJsonLayerInterface | Tile3DLayerInterface | ThreeLayerInterface;

/** The layer types {@link Map.addLayer} takes. */
export const LAYER_TYPES = ['geojson', 'tile-3d', 'three'] as const;

/** A checked layer definition as the store keeps it. */
export type CustomLayer = LayerZoomRange & { id: string; type: LayerInterface['type']; visible: boolean; spec: LayerInterface };

/**
 * Checks a layer definition.
 * @throws MapOptionError naming the property (`layer.minzoom`, …), the value and what is allowed.
 */
export function checkLayer(value: unknown): CustomLayer {
  const spec = validateObject(value, 'layer', 'a layer object with id and type');
  const id = validateString(spec.id, 'layer.id', 'a layer id');
  const type = validateOneOf(spec.type, 'layer.type', LAYER_TYPES);
  const minzoom = spec.minzoom === undefined ? 0 : validateNumberInRange(spec.minzoom, 'layer.minzoom', 0, 24);
  const maxzoom = spec.maxzoom === undefined ? 24 : validateNumberInRange(spec.maxzoom, 'layer.maxzoom', 0, 24);
  if (type === 'tile-3d') {
    validateString(spec.data, 'layer.data', 'the URL of a tileset.json');
    if (spec.opacity !== undefined) validateNumberInRange(spec.opacity, 'layer.opacity', 0, 1);
    if (spec.lightColor !== undefined) checkRgb(spec.lightColor, 'layer.lightColor');
  }
  if (type === 'three') {
    const { lightColor, onAdd, onRemove } = spec;
    if (lightColor !== undefined && typeof lightColor !== 'number' && typeof lightColor !== 'string') {
      fail('layer.lightColor', lightColor, `${formatOptionValue(lightColor)} is not a colour; expected a number such as 0xffffff or a CSS colour string.`);
    }
    for (const [name, f] of [['onAdd', onAdd], ['onRemove', onRemove]] as const) {
      if (f !== undefined && typeof f !== 'function') fail(`layer.${name}`, f, `${formatOptionValue(f)} is not a function.`);
    }
  }
  return { id, type, minzoom, maxzoom, visible: true, spec: spec as unknown as LayerInterface };
}

function checkRgb(value: unknown, option: string): [number, number, number] {
  const ok = Array.isArray(value) && value.length === 3 && value.every((c) => typeof c === 'number' && Number.isFinite(c) && c >= 0 && c <= 255);
  if (!ok) fail(option, value, `${formatOptionValue(value)} is not an RGB colour; expected [r, g, b] with each from 0 to 255.`);
  return value as [number, number, number];
}
