/**
 * What the parts of a {@link Map} — its added layers, plugins, selection and data sources, each in its own
 * module — use of the map they belong to.
 *
 * @internal
 * @module
 */
import type { ReportError } from '../data/map-error.ts';
import type { AppStore } from '../store.ts';
import type { Map } from './map.ts';

/** The map seen from one of its parts. */
export interface MapHost {
  /** The map itself (handed to plugins and three.js layers). */
  readonly map: Map;
  /** The map's store; throws when the map has no container to draw into. */
  store(): AppStore;
  /** Fires the map's `error` event. */
  reportError: ReportError;
  /** Whether {@link Map.remove} was called. */
  removed(): boolean;
  /** Runs `cleanup` when the map is removed. */
  onRemove(cleanup: () => void): void;
  /** The element the map is drawn in, or null. */
  container(): HTMLElement | null;
}
