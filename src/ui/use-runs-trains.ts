import { vehicleKindOf } from '../data/gtfs/feed-model.ts';
import { useAppStore } from './store-context.ts';

/**
 * Whether the vehicles of line `railway` (index) are trains, to name them so: every line of Tokyo's bundle, and in a
 * bundle built from a GTFS feed the lines of a rail or subway route type (its buses, trams, ferries and cable cars
 * run trips).
 */
export function useRunsTrains(railway: number | undefined): boolean {
  return useAppStore((s) => {
    const routeType = railway === undefined ? undefined : s.manifest?.city?.routeTypes[railway];
    if (routeType === undefined) return true;
    const kind = vehicleKindOf(routeType);
    return kind === 'rail' || kind === 'subway';
  });
}
