import { useMemo } from 'react';
import type { ExitMarkerLayer } from '../../layers/exit-marker-layer.ts';
import type { Theme } from '../../store.ts';
import { useAppStore } from '../store-context.ts';
import { stationColors } from '../track-style.ts';
import { useLazyModule } from '../use-lazy-module.ts';

const load = () => import('../../layers/exit-marker-layer.ts');

/**
 * The exit markers' layer while a station's exit list is open, else null. The layer's code (and deck.gl's
 * scatterplot) loads the first time exits are shown, not before the map shows.
 */
export function useExitLayer(theme: Theme): ExitMarkerLayer | null {
  const markers = useAppStore((s) => s.exitMarkers);
  const highlighted = useAppStore((s) => s.highlightedExit);
  const module = useLazyModule(markers !== null, load);
  return useMemo(() => {
    if (!module || !markers) return null;
    const { text, halo } = stationColors(theme);
    return new module.ExitMarkerLayer({ id: 'exits', markers, highlighted, colors: { open: [26, 115, 232, 255], closed: [232, 113, 10, 255], text, halo } });
  }, [module, markers, highlighted, theme]);
}
