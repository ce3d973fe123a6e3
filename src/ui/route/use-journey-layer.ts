import { useMemo } from 'react';
import type { JourneyLayer } from '../../layers/journey-layer.ts';
import type { TrackStyle } from '../../layers/track-uniforms.ts';
import { useAppStore } from '../store-context.ts';
import { useLazyModule } from '../use-lazy-module.ts';

const load = () => import('../../layers/journey-layer.ts');

/**
 * The shown route search journey's layer while the results panel is open, else null. The layer's code loads with
 * the first journey shown, not before the map shows.
 */
export function useJourneyLayer(track: TrackStyle): JourneyLayer | null {
  const network = useAppStore((s) => s.network);
  const journey = useAppStore((s) => (s.searchMode === 'route' ? (s.routeJourneys[s.routeJourneyIndex] ?? null) : null));
  const module = useLazyModule(journey !== null, load);
  return useMemo(() => (module && network && journey ? new module.JourneyLayer({ id: 'journey', network, journey, track }) : null), [module, network, journey, track]);
}
