import { useEffect, useState } from 'react';
import { useAppStore } from '../store-context.ts';

type GtfsLayerModule = typeof import('../../layers/gtfs-layers.ts');

/**
 * The GTFS layers' module once a data source has been loaded, else null: its code (and deck.gl's scatterplot and
 * text layers) loads with the first feed, never for the first view.
 */
export function useGtfsLayerModule(): GtfsLayerModule | null {
  const wanted = useAppStore((s) => s.gtfsFeeds.length > 0);
  const [module, setModule] = useState<GtfsLayerModule | null>(null);
  useEffect(() => {
    if (!wanted || module) return;
    let cancelled = false;
    void import('../../layers/gtfs-layers.ts').then((m) => {
      if (!cancelled) setModule(m);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, module]);
  return module;
}
