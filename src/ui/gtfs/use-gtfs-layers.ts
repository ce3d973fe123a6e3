import { useLazyModule } from '../use-lazy-module.ts';
import { useAppStore } from '../store-context.ts';

/** The GTFS layers' module (`src/layers/gtfs-layers.ts`). */
export type GtfsLayerModule = typeof import('../../layers/gtfs-layers.ts');

/** In a task of its own (not the request's), then with the layer classes warmed (see `warmLayerClasses`). */
const load = () =>
  new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => import('../../layers/gtfs-layers.ts'))
    .then((module) => {
      module.warmLayerClasses();
      return module;
    });

/**
 * The GTFS layers' module once a data source has been added, else null: its code (and deck.gl's scatterplot and
 * text layers) loads with the first data source's request, while the worker reads the feed (the vehicle layers are
 * built before the feed arrives, see `gtfsVehicleLayers`), never for the first view.
 */
export function useGtfsLayerModule(): GtfsLayerModule | null {
  const wanted = useAppStore((s) => s.gtfsLink !== null);
  return useLazyModule(wanted, load);
}
