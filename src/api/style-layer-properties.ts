/**
 * Which properties of a style layer MapLibre knows, from MapLibre's own style specification (the `latest`
 * reference of `@maplibre/maplibre-gl-style-spec`, the version maplibre-gl validates with). Layers written for
 * Mapbox GL v3 carry paint and layout properties MapLibre refuses the whole layer for (`raster-emissive-strength`,
 * `line-occlusion-opacity`, …): {@link withKnownProperties} leaves them out. (Top-level keys MapLibre does not know,
 * such as Mapbox GL's `slot`, it ignores.) Loaded with the first layer that needs it (see `basemap-layers.ts`):
 * the reference stays out of the first view.
 *
 * @internal
 * @module
 */
import { latest } from '@maplibre/maplibre-gl-style-spec';

/** A property of the reference: whether it takes a `-transition` companion. */
type PropertyReference = { transition?: boolean };

const reference = latest as unknown as Record<string, Record<string, PropertyReference> | undefined>;

/** A style layer with only the paint and layout properties MapLibre knows, and those left out (`paint.raster-emissive-strength`, …). */
export interface KnownProperties {
  layer: Record<string, unknown>;
  dropped: string[];
}

/** `group`'s properties the reference lists for it (`paint_raster`, …), with the `-transition` of the transitionable ones. */
function knownKeys(group: Record<string, PropertyReference> | undefined): Set<string> {
  const keys = new Set<string>();
  for (const [name, property] of Object.entries(group ?? {})) {
    keys.add(name);
    if (property.transition) keys.add(`${name}-transition`);
  }
  return keys;
}

function pick(object: Record<string, unknown>, known: Set<string>, prefix: string, dropped: string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (known.has(key)) kept[key] = value;
    else dropped.push(`${prefix}${key}`);
  }
  return kept;
}

/**
 * `layer` without the `paint` and `layout` properties MapLibre's style specification has not for its type (a type
 * MapLibre has not is left to MapLibre to refuse). The layer given is not changed.
 */
export function withKnownProperties(layer: Record<string, unknown>): KnownProperties {
  const type = String(layer.type);
  const dropped: string[] = [];
  if (!reference.layer?.type || !(type in ((reference.layer.type as { values?: object }).values ?? {}))) return { layer, dropped };
  const out: Record<string, unknown> = { ...layer };
  for (const group of ['paint', 'layout'] as const) {
    const value = layer[group];
    if (typeof value === 'object' && value !== null) out[group] = pick(value as Record<string, unknown>, knownKeys(reference[`${group}_${type}`]), `${group}.`, dropped);
  }
  return { layer: dropped.length ? out : layer, dropped };
}

/** {@link withKnownProperties}'s layer, with a console warning naming the layer and what was left out, if anything. */
export function leaveUnknownOut(layer: Record<string, unknown>): Record<string, unknown> {
  const known = withKnownProperties(layer);
  if (known.dropped.length) console.warn(`Layer "${String(layer.id)}": MapLibre has no ${known.dropped.join(', ')} (Mapbox GL only); the layer is drawn without.`);
  return known.layer;
}
