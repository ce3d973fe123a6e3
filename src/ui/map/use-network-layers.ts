import type { Layer } from '@deck.gl/core';
import { useMemo } from 'react';
import { RailwayLayer } from '../../layers/railway-layer.ts';
import { StationLayer } from '../../layers/station-layer.ts';
import { selected } from '../../store.ts';
import type { GtfsLayerModule } from '../gtfs/use-gtfs-layers.ts';
import { useAppStore } from '../store-context.ts';
import { stationColors, trackStyle } from '../track-style.ts';
import { useCustomDeckLayers } from '../use-custom-layers.ts';
import { useStaggered } from '../use-staggered.ts';

/** Animation frames after a GTFS feed arrives that its routes, then its stops start (`use-staggered.ts`). */
const ROUTES_AFTER_FRAMES = 1;
const STOPS_AFTER_FRAMES = 3;

/** Ring around the selected station (the highlight colour of the interface). */
const SELECTED_STATION_COLOR = [255, 145, 0, 255];

/**
 * The layers of the map's own deck.gl canvas, redrawn only when the camera or they change: the network's railways
 * and stations (dimmed while the route search panels are open), the GTFS data sources' routes and stops over them,
 * and the layers added through the API (GeoJSON, 3D Tiles) over those in the order added.
 */
export function useNetworkLayers(gtfs: GtfsLayerModule | null): Layer[] {
  const network = useAppStore((s) => s.network);
  const theme = useAppStore((s) => s.theme);
  const viewMode = useAppStore((s) => s.viewMode);
  const visible = useAppStore((s) => s.layerVisibility);
  const selectedShapes = useAppStore((s) => selected(s, 'station')?.shapes ?? null);
  const searching = useAppStore((s) => s.searchMode !== 'none');
  const gtfsFeeds = useAppStore((s) => s.gtfsFeeds);
  const customLayers = useCustomDeckLayers();

  const networkLayers = useMemo(() => {
    if (!network) return [];
    const track = trackStyle(viewMode);
    return [
      new RailwayLayer({ id: 'railways', network, track, visible: visible.railways, opacity: searching ? 0.25 : 1 }),
      new StationLayer({ id: 'stations', network, track, colors: stationColors(theme), highlightShapes: selectedShapes, highlightColor: SELECTED_STATION_COLOR, visible: visible.stations, opacity: searching ? 0.5 : 1 }),
    ];
  }, [network, viewMode, theme, visible, selectedShapes, searching]);
  // A data source's routes follow the railways' switch, its stops the stations' (a feed arriving leaves the network's layers as they are).
  // A new feed's layers start in turn, a few frames apart: routes (not in the busy task in which the feed arrives and
  // React renders what shows it), then stops (then stop names, on the overlay).
  const gtfsRouteFeeds = useStaggered(gtfsFeeds, ROUTES_AFTER_FRAMES);
  const gtfsStopFeeds = useStaggered(gtfsFeeds, STOPS_AFTER_FRAMES);
  const gtfsNetworkLayers = useMemo(
    () =>
      gtfs && gtfsRouteFeeds.length
        ? gtfs.gtfsNetworkLayers(gtfsRouteFeeds, gtfsStopFeeds, { track: trackStyle(viewMode), colors: stationColors(theme), routes: visible.railways, stops: visible.stations, opacity: searching ? 0.25 : 1 })
        : [],
    [gtfs, gtfsRouteFeeds, gtfsStopFeeds, viewMode, theme, visible, searching],
  );
  return useMemo(
    () => (gtfsNetworkLayers.length || customLayers.length ? [...networkLayers, ...gtfsNetworkLayers, ...customLayers] : networkLayers),
    [networkLayers, gtfsNetworkLayers, customLayers],
  );
}
