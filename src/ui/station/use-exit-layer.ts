import { useEffect, useMemo, useState } from 'react';
import type { ExitMarkerLayer } from '../../layers/exit-marker-layer.ts';
import type { Theme } from '../../store.ts';
import { useAppStore } from '../store-context.ts';
import { stationColors } from '../track-style.ts';

type LayerClass = typeof ExitMarkerLayer;

/**
 * The exit markers' layer while a station's exit list is open, else null. The layer's code (and deck.gl's
 * scatterplot) loads the first time exits are shown, not before the map shows.
 */
export function useExitLayer(theme: Theme): ExitMarkerLayer | null {
  const markers = useAppStore((s) => s.exitMarkers);
  const highlighted = useAppStore((s) => s.highlightedExit);
  const [Layer, setLayer] = useState<LayerClass | null>(null);
  const wanted = markers !== null;
  useEffect(() => {
    if (!wanted || Layer) return;
    let cancelled = false;
    void import('../../layers/exit-marker-layer.ts').then((m) => {
      if (!cancelled) setLayer(() => m.ExitMarkerLayer);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, Layer]);
  return useMemo(() => {
    if (!Layer || !markers) return null;
    const { text, halo } = stationColors(theme);
    return new Layer({ id: 'exits', markers, highlighted, colors: { open: [26, 115, 232, 255], closed: [232, 113, 10, 255], text, halo } });
  }, [Layer, markers, highlighted, theme]);
}
