import { useEffect, useMemo, useState } from 'react';
import type { JourneyLayer } from '../../layers/journey-layer.ts';
import type { TrackStyle } from '../../layers/track-uniforms.ts';
import { useAppStore } from '../store-context.ts';

type LayerClass = typeof JourneyLayer;

/**
 * The shown route search journey's layer while the results panel is open, else null. The layer's code loads with
 * the first journey shown, not before the map shows.
 */
export function useJourneyLayer(track: TrackStyle): JourneyLayer | null {
  const network = useAppStore((s) => s.network);
  const journey = useAppStore((s) => (s.searchMode === 'route' ? (s.routeJourneys[s.routeJourneyIndex] ?? null) : null));
  const [Layer, setLayer] = useState<LayerClass | null>(null);
  const wanted = journey !== null;
  useEffect(() => {
    if (!wanted || Layer) return;
    let cancelled = false;
    void import('../../layers/journey-layer.ts').then((m) => {
      if (!cancelled) setLayer(() => m.JourneyLayer);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, Layer]);
  return useMemo(() => (Layer && network && journey ? new Layer({ id: 'journey', network, journey, track }) : null), [Layer, network, journey, track]);
}
