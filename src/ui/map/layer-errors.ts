/**
 * deck.gl's `onError` for the map's canvases: a layer that fails (its initialization, an update, an accessor that
 * throws) is reported once as the map's `error` event, naming the layer, instead of only reaching the console.
 *
 * @module
 */
import type { Layer } from '@deck.gl/core';
import type { ReportError } from '../../data/map-error.ts';
import { CUSTOM_LAYER_PREFIX } from '../../layers/layer-types.ts';

/** deck.gl's `onError` prop. */
export type DeckErrorHandler = (error: Error, layer?: Layer | null) => void;

/**
 * A deck.gl `onError` that reports each failure of a layer once: deck.gl retries a failing layer at each update,
 * and an accessor that throws would otherwise fire an `error` per update. A layer added with `Map.addLayer` is
 * named by its id (and is the event's `source`); a sublayer's failure is the failure of the layer it belongs to.
 */
export function layerErrorReporter(report: ReportError): DeckErrorHandler {
  const reported = new Set<string>();
  return (error, layer) => {
    let root = layer ?? null;
    while (root?.parent) root = root.parent;
    const deckId = root?.id ?? '';
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    const key = `${deckId}\n${cause}`;
    if (reported.has(key)) return;
    reported.add(key);
    if (deckId.startsWith(CUSTOM_LAYER_PREFIX)) {
      const id = deckId.slice(CUSTOM_LAYER_PREFIX.length);
      report(`Layer "${id}" could not be drawn: ${error.message}`, { error, source: { type: 'layer', id } });
    } else {
      report(`The map's layer "${deckId || 'unknown'}" could not be drawn: ${error.message}`, { error });
    }
  };
}
