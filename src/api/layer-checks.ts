/**
 * The checks of the layer definitions that {@link Map.addLayer} takes (their types are in `layers/layer-types.ts`).
 *
 * @module
 */
import { LAYER_TYPES, type CustomLayer, type LayerInterface } from '../layers/layer-types.ts';
import { BASEMAP_LAYER_TYPES, type BasemapLayerInterface } from './basemap-layers.ts';
import { fail, formatOptionValue, validateNumberInRange, validateObject, validateOneOf, validateOptionalFunctions, validateString } from './validators.ts';

/**
 * Checks a layer definition.
 * @throws MapOptionError naming the property (`layer.minzoom`, …), the value and what is allowed.
 */
export function checkLayer(value: unknown): CustomLayer {
  const spec = validateObject(value, 'layer', 'a layer object with id and type');
  const id = validateString(spec.id, 'layer.id', 'a layer id');
  const type = validateOneOf(spec.type, 'layer.type', [...LAYER_TYPES, ...BASEMAP_LAYER_TYPES]) as CustomLayer['type'];
  const minzoom = spec.minzoom === undefined ? 0 : validateNumberInRange(spec.minzoom, 'layer.minzoom', 0, 24);
  const maxzoom = spec.maxzoom === undefined ? 24 : validateNumberInRange(spec.maxzoom, 'layer.maxzoom', 0, 24);
  if (type === 'tile-3d') {
    validateString(spec.data, 'layer.data', 'the URL of a tileset.json');
    if (spec.opacity !== undefined) validateNumberInRange(spec.opacity, 'layer.opacity', 0, 1);
    if (spec.lightColor !== undefined) checkRgb(spec.lightColor, 'layer.lightColor');
    if (spec.loadOptions !== undefined) validateObject(spec.loadOptions, 'layer.loadOptions', 'an object of loaders.gl options');
    validateOptionalFunctions(spec, 'layer', ['onTileLoad', 'onTileError', 'onTilesetLoad']);
  }
  if (type === 'three') {
    const { lightColor } = spec;
    const threeColor = typeof lightColor === 'object' && lightColor !== null && (lightColor as { isColor?: unknown }).isColor === true;
    if (lightColor !== undefined && typeof lightColor !== 'number' && typeof lightColor !== 'string' && !threeColor) {
      fail('layer.lightColor', lightColor, `${formatOptionValue(lightColor)} is not a colour; expected a number such as 0xffffff or a CSS colour string.`);
    }
    validateOptionalFunctions(spec, 'layer', ['onAdd', 'onRemove']);
  }
  return { id, type, minzoom, maxzoom, visible: true, spec: spec as unknown as LayerInterface };
}

function checkRgb(value: unknown, option: string): [number, number, number] {
  const ok = Array.isArray(value) && value.length === 3 && value.every((c) => typeof c === 'number' && Number.isFinite(c) && c >= 0 && c <= 255);
  if (!ok) fail(option, value, `${formatOptionValue(value)} is not an RGB colour; expected [r, g, b] with each from 0 to 255.`);
  return value as [number, number, number];
}

/** Whether a layer type goes into the base map's style (a MapLibre style layer or a custom layer). */
export function isBasemapLayerType(type: unknown): boolean {
  return (BASEMAP_LAYER_TYPES as readonly unknown[]).includes(type);
}

/**
 * Checks a base map layer's id, `beforeId` and, for a custom layer, its callbacks (MapLibre checks the rest of a
 * style layer and reports what it refuses).
 * @throws MapOptionError naming the property, the value and what is allowed.
 */
export function checkBasemapLayer(value: unknown, beforeId: unknown): BasemapLayerInterface {
  const spec = validateObject(value, 'layer', 'a layer object with id and type');
  validateString(spec.id, 'layer.id', 'a layer id');
  if (beforeId !== undefined) validateString(beforeId, 'beforeId', 'the id of a layer of the base map');
  if (spec.type === 'custom') {
    validateOptionalFunctions(spec, 'layer', ['onAdd', 'onRemove', 'prerender', 'render']);
  }
  return spec as unknown as BasemapLayerInterface;
}
