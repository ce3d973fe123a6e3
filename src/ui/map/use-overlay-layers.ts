import type { Deck, Effect, MapViewState, View } from '@deck.gl/core';
import { useCallback, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { PERFORMANCE_MARKS } from '../../performance-marks.ts';
import type { RenderStats } from '../../render-stats.ts';
import type { AppStore } from '../../store.ts';
import type { GtfsLayerModule } from '../gtfs/use-gtfs-layers.ts';
import { useJourneyLayer } from '../route/use-journey-layer.ts';
import { useAppStore } from '../store-context.ts';
import { trackStyle } from '../track-style.ts';
import { useOverlayDeck } from '../use-overlay-deck.ts';
import { useOverlayLayerModule } from '../use-overlay-layer-module.ts';
import { useRainLayer } from '../use-rain-layer.ts';
import { useLabelLayers } from './use-label-layers.ts';
import { useMovingLayers } from './use-moving-layers.ts';

/** How the overlay follows the map's camera (see `useMapCamera`). */
export interface OverlayCamera {
  overlayCamera: () => MapViewState;
  onCameraChange: (onChange: () => void) => () => void;
}

/**
 * The overlay canvas over the map (see `useOverlayDeck`), created once the network is drawn (its WebGL start-up
 * would otherwise delay it), with its layers from bottom to top: what moves, the rain, the route search journey,
 * and the names. Returns the overlay's deck (for picking).
 */
export function useOverlayLayers(
  store: AppStore,
  parent: RefObject<HTMLDivElement | null>,
  camera: OverlayCamera,
  view: View,
  effects: Effect[],
  stats: RenderStats,
  gtfs: GtfsLayerModule | null,
): RefObject<Deck<View | null> | null> {
  const networkDrawn = useAppStore((s) => s.networkDrawn);
  const viewMode = useAppStore((s) => s.viewMode);
  const gtfsRealtimeSources = useAppStore((s) => s.gtfsRealtimeSources);
  const overlayModule = useOverlayLayerModule(networkDrawn);
  const movingLayers = useMovingLayers(stats, overlayModule, gtfs);
  const rainLayer = useRainLayer(stats);
  const journeyTrack = useMemo(() => trackStyle(viewMode), [viewMode]);
  const journeyLayer = useJourneyLayer(journeyTrack);
  const labelLayers = useLabelLayers(store, overlayModule, gtfs);
  const layers = useMemo(() => [...movingLayers, rainLayer, journeyLayer, ...labelLayers], [movingLayers, rainLayer, journeyLayer, labelLayers]);

  const trainsDrawn = useRef(false);
  const onRender = useCallback(() => {
    stats.frames++;
    if (!trainsDrawn.current && stats.cars > 0) {
      trainsDrawn.current = true;
      performance.mark(PERFORMANCE_MARKS.trainsDrawn);
    }
  }, [stats]);
  const overlay = useOverlayDeck('tt-overlay', parent, layers, camera.overlayCamera, camera.onCameraChange, onRender, networkDrawn, view, effects);
  // A data source with a realtime feed: its vehicles' GPU program is built now, in this task, not in the animation
  // frame that first draws the layer (see `layers/gtfs-vehicle-program.ts`).
  useLayoutEffect(() => {
    if (gtfs && gtfsRealtimeSources.length > 0 && overlay.current) gtfs.prepareVehicleProgram(overlay.current);
  }, [gtfs, gtfsRealtimeSources, overlay]);
  return overlay;
}
