/**
 * Filter expressions shared by the base map's layers.
 *
 * @module
 */
import type { ExpressionSpecification } from 'maplibre-gl';

/** A group of feature classes drawn in one constant colour, by a layer of its own named after the group. */
export type ClassColor = readonly [name: string, classes: readonly string[], color: string];

/** `['match', ['get', 'class'], [...], true, false]` */
export function classIn(classes: readonly string[]): ExpressionSpecification {
  return ['match', ['get', 'class'], [...classes], true, false];
}

/** Line features only. */
export function isLine(): ExpressionSpecification {
  return ['==', ['geometry-type'], 'LineString'];
}

/** Polygon features only. */
export function isPolygon(): ExpressionSpecification {
  return ['==', ['geometry-type'], 'Polygon'];
}

/** Features not in a tunnel (`brunnel` other than `tunnel`). */
export function notTunnel(): ExpressionSpecification {
  return ['!=', ['get', 'brunnel'], 'tunnel'];
}

/** Railway platforms are tagged as paths; the app draws stations itself. */
export function notPlatform(): ExpressionSpecification {
  return ['!=', ['get', 'subclass'], 'platform'];
}
