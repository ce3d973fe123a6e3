import type { LayersList } from '@deck.gl/core';
import { useCallback, useMemo } from 'react';
import { dataLanguageFor } from '../../data/languages.ts';
import type { AppStore } from '../../store.ts';
import type { GtfsLayerModule } from '../gtfs/use-gtfs-layers.ts';
import { useExitLayer } from '../station/use-exit-layer.ts';
import { useAppStore } from '../store-context.ts';
import { stationColors, trackStyle } from '../track-style.ts';
import type { OverlayLayerModule } from '../use-overlay-layer-module.ts';
import { useStaggered } from '../use-staggered.ts';

/** Animation frames after a GTFS feed arrives that its stop names start (after its routes and stops: `use-network-layers.ts`). */
const NAMES_AFTER_FRAMES = 5;

/**
 * What is written over the map, above the trains and the rain on the overlay canvas: the station names (the names
 * drawn are kept in the store for assistive technology), the selected station's exits while its exit list is open,
 * and the GTFS data sources' stop names.
 */
export function useLabelLayers(store: AppStore, overlayModule: OverlayLayerModule | null, gtfs: GtfsLayerModule | null): LayersList {
  const network = useAppStore((s) => s.network);
  const theme = useAppStore((s) => s.theme);
  const lang = useAppStore((s) => s.lang);
  const viewMode = useAppStore((s) => s.viewMode);
  const visible = useAppStore((s) => s.layerVisibility);
  const gtfsFeeds = useAppStore((s) => s.gtfsFeeds);
  const exitLayer = useExitLayer(theme);
  const onLabelsPlaced = useCallback((names: string[]) => store.getState().setStationNamesInView(names), [store]);

  const labelLayers = useMemo(() => {
    if (!network) return [];
    if (!overlayModule) return [exitLayer];
    const { StationLabelLayer } = overlayModule;
    const track = trackStyle(viewMode);
    return [new StationLabelLayer({ id: 'station-names', network, track, lang: dataLanguageFor(lang), colors: stationColors(theme), onLabelsPlaced, visible: visible.stations && visible['station-names'] }), exitLayer];
  }, [network, overlayModule, viewMode, lang, theme, onLabelsPlaced, visible, exitLayer]);
  const gtfsNameFeeds = useStaggered(gtfsFeeds, NAMES_AFTER_FRAMES);
  const gtfsLabelLayers = useMemo(
    () => (gtfs && gtfsNameFeeds.length ? gtfs.gtfsLabelLayers(gtfsNameFeeds, { colors: stationColors(theme), visible: visible.stations && visible['station-names'] }) : []),
    [gtfs, gtfsNameFeeds, theme, visible],
  );
  return useMemo(() => [...labelLayers, ...gtfsLabelLayers], [labelLayers, gtfsLabelLayers]);
}
