/**
 * The layers of the GTFS data sources, built from the store's state: one
 * module the map view imports the first time a data source is loaded.
 *
 * @module
 */
import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import { BitmapLabelLayer } from './bitmap-label-layer.ts';
import { vehicleLayerId, type GtfsFeedView, type GtfsVehicleSelection, type GtfsVehicleSet } from '../data/gtfs/feed-view.ts';
import { GtfsRouteLineLayer, GtfsStopLabelLayer, GtfsStopLayer } from './gtfs-feed-layers.ts';
import { GtfsVehicleLayer } from './gtfs-vehicle-layer.ts';
import type { TrackStyle } from './track-uniforms.ts';
import type { TrainLighting } from '../data/light/train-lighting.ts';

export { GtfsVehicleLayer, type GtfsVehiclePickingInfo } from './gtfs-vehicle-layer.ts';
export { prepareVehicleProgram } from './gtfs-vehicle-program.ts';

/**
 * Makes one throwaway instance of each layer class a feed's layers are made of, one class per task, so that deck.gl
 * reads each class's prop types (which it does once per class, on its first instance: 5–25 ms per class here) while
 * the worker reads the feed, not in the busy frames in which the feed's layers first appear.
 */
export function warmLayerClasses(): void {
  const classes: (new (props: { id: string }) => unknown)[] = [GtfsRouteLineLayer, GtfsStopLayer, ScatterplotLayer, GtfsStopLabelLayer, BitmapLabelLayer, GtfsVehicleLayer] as never;
  const next = (i: number) => {
    if (i >= classes.length) return;
    new classes[i]({ id: 'gtfs-warm-up' });
    setTimeout(() => next(i + 1), 0);
  };
  next(0);
}

/** Station colours of the theme (fill, outline, text, halo), RGBA. */
type StopColors = { fill: number[]; outline: number[]; text: number[]; halo: number[] };

/**
 * Route lines of every loaded feed and stops of `stopFeeds` (the same feeds, each from a few frames after its routes:
 * see `ui/use-staggered.ts`), for the network's canvas; stops above every feed's routes.
 */
export function gtfsNetworkLayers(
  feeds: readonly GtfsFeedView[],
  stopFeeds: readonly GtfsFeedView[],
  options: { track: TrackStyle; colors: StopColors; routes: boolean; stops: boolean; opacity: number },
): Layer[] {
  const routes = feeds.map(
    (feed) =>
      new GtfsRouteLineLayer({
        id: `gtfs-routes-${feed.id}`,
        strip: feed.data.routeStrip,
        bbox: feed.data.bbox,
        sourceId: feed.id,
        track: options.track,
        visible: options.routes,
        opacity: options.opacity,
      } as never) as unknown as Layer,
  );
  const stops = stopFeeds.map((feed) => new GtfsStopLayer({ id: `gtfs-stops-${feed.id}`, data: feed.data, colors: options.colors, visible: options.stops, opacity: options.opacity }));
  return [...routes, ...stops];
}

/** Stop names of every loaded feed, drawn over the trains. */
export function gtfsLabelLayers(feeds: readonly GtfsFeedView[], options: { colors: StopColors; visible: boolean }): Layer[] {
  return feeds.map((feed) => new GtfsStopLabelLayer({ id: `gtfs-stop-names-${feed.id}`, data: feed.data, colors: options.colors, visible: options.visible }));
}

/**
 * Vehicles of every data source with a realtime feed, for the overlay canvas: one layer per source in `sources`
 * (and per source with vehicles), drawing nothing until the source's first poll. The layers exist from the request
 * on, so that nothing about them is new in the busy frames in which the feed arrives; their GPU program is built
 * ahead too, at a moment the GPU process is free (`gtfs-vehicle-program.ts`).
 */
export function gtfsVehicleLayers(
  sources: readonly string[],
  vehicles: Readonly<Record<string, GtfsVehicleSet>>,
  options: { selected: GtfsVehicleSelection | null; lighting: TrainLighting; visible: boolean; frameInterval: number; onScriptTime: (ms: number) => void },
): Layer[] {
  const ids = [...new Set([...sources, ...Object.keys(vehicles)])];
  return ids.map(
    (source) =>
      new GtfsVehicleLayer({
        id: vehicleLayerId(source),
        vehicles: vehicles[source] ?? null,
        selected: options.selected?.source === source ? options.selected.vehicleId : null,
        lighting: options.lighting,
        visible: options.visible,
        frameInterval: options.frameInterval,
        onScriptTime: options.onScriptTime,
        pickable: true,
      }),
  );
}
