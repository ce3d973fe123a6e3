import { useLazyModule } from '../use-lazy-module.ts';
import { useAppStore } from '../store-context.ts';

type GtfsLayerModule = typeof import('../../layers/gtfs-layers.ts');

const load = () => import('../../layers/gtfs-layers.ts');

/**
 * The GTFS layers' module once a data source has been loaded, else null: its code (and deck.gl's scatterplot and
 * text layers) loads with the first feed, never for the first view.
 */
export function useGtfsLayerModule(): GtfsLayerModule | null {
  const wanted = useAppStore((s) => s.gtfsFeeds.length > 0);
  return useLazyModule(wanted, load);
}
