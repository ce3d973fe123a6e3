import type { LayersList } from '@deck.gl/core';
import { useMemo } from 'react';
import { trainLighting } from '../../data/light/train-lighting.ts';
import { PERFORMANCE_MARKS } from '../../performance-marks.ts';
import type { RenderStats } from '../../render-stats.ts';
import { selected } from '../../store.ts';
import type { GtfsLayerModule } from '../gtfs/use-gtfs-layers.ts';
import { useAppStore } from '../store-context.ts';
import { trackStyle } from '../track-style.ts';
import type { OverlayLayerModule } from '../use-overlay-layer-module.ts';

/**
 * What moves every frame, for the overlay canvas: the trains and their delay markers, the airplanes (once loaded:
 * after the first view, with an access token) and the GTFS data sources' vehicles. They animate inside their layers
 * (React renders only when something a person would notice changes); the route search panels hide them.
 */
export function useMovingLayers(stats: RenderStats, overlayModule: OverlayLayerModule | null, gtfs: GtfsLayerModule | null): LayersList {
  const network = useAppStore((s) => s.network);
  const light = useAppStore((s) => s.light);
  const viewMode = useAppStore((s) => s.viewMode);
  const trainFeed = useAppStore((s) => s.trainFeed);
  const flights = useAppStore((s) => s.flights);
  const visible = useAppStore((s) => s.layerVisibility);
  const searching = useAppStore((s) => s.searchMode !== 'none');
  const gtfsVehicles = useAppStore((s) => s.gtfsVehicles);
  const gtfsRealtimeSources = useAppStore((s) => s.gtfsRealtimeSources);
  const gtfsSelection = useAppStore((s) => selected(s, 'gtfs'));
  const ecoInterval = useAppStore((s) => (s.ecoMode === 'eco' ? 1000 / s.ecoFrameRate : 0));

  const trainLayers = useMemo(() => {
    if (!network || !overlayModule) return [];
    const { TrainLayer, DelayMarkerLayer } = overlayModule;
    const track = trackStyle(viewMode);
    const addScriptTime = (ms: number) => {
      stats.trainScriptMs += ms;
    };
    const addFlightScriptTime = (ms: number) => {
      stats.flightScriptMs += ms;
    };
    const onAircraft = (count: number) => {
      stats.flightFrames++;
      stats.aircraft = count;
      if (count > 0 && !performance.getEntriesByName(PERFORMANCE_MARKS.aircraftDrawn).length) performance.mark(PERFORMANCE_MARKS.aircraftDrawn);
    };
    const shown = visible.trains && !searching;
    return [
      trainFeed &&
        new TrainLayer({
          id: 'trains',
          source: trainFeed,
          groundOpacity: track.groundOpacity,
          undergroundOpacity: track.undergroundOpacity,
          pickable: true,
          visible: shown,
          lighting: trainLighting(light),
          onScriptTime: addScriptTime,
        }),
      trainFeed &&
        new DelayMarkerLayer({
          id: 'delay-markers',
          source: trainFeed,
          groundOpacity: track.groundOpacity,
          undergroundOpacity: track.undergroundOpacity,
          visible: shown,
          onScriptTime: addScriptTime,
        }),
      // The airplanes are dimmed in the underground view like ground trains.
      flights &&
        flights.createLayer({
          id: 'aircraft',
          visible: visible.flights && !searching,
          groundOpacity: track.groundOpacity,
          lighting: trainLighting(light),
          onScriptTime: addFlightScriptTime,
          onFrame: onAircraft,
        }),
    ];
  }, [network, overlayModule, viewMode, trainFeed, flights, visible, stats, light, searching]);
  // A data source's vehicles follow the trains' switch; each poll replaces only these layers.
  const gtfsVehicleLayers = useMemo(
    () =>
      gtfs
        ? gtfs.gtfsVehicleLayers(gtfsRealtimeSources, gtfsVehicles, {
            selected: gtfsSelection,
            lighting: trainLighting(light),
            visible: visible.trains && !searching,
            frameInterval: ecoInterval,
            onScriptTime: (ms) => {
              stats.gtfsVehicleScriptMs += ms;
              stats.gtfsVehicleFrames++;
            },
          })
        : [],
    [gtfs, gtfsRealtimeSources, gtfsVehicles, gtfsSelection, light, visible, searching, ecoInterval, stats],
  );
  return useMemo(() => [...trainLayers, ...gtfsVehicleLayers], [trainLayers, gtfsVehicleLayers]);
}
