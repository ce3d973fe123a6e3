import { useEffect, useMemo, useState } from 'react';
import type { Layer } from '@deck.gl/core';
import { inZoomRange } from '../data/layer-zoom.ts';
import type { CustomLayer } from '../layers/layer-types.ts';
import { useAppStore } from './store-context.ts';

type CustomLayersModule = typeof import('../layers/custom-deck-layers.ts');

/** Which added layers show at the current zoom, as a key that changes only when that does. */
function shownKey(layers: CustomLayer[], zoom: number): string {
  return layers.map((l) => (inZoomRange(zoom, l) ? '1' : '0')).join('');
}

/**
 * The deck.gl layers of the GeoJSON and 3D Tiles layers added through the API, in the order added, each shown
 * within its zoom range. Their code loads when the first one is added.
 */
export function useCustomDeckLayers(): Layer[] {
  const onError = useAppStore((s) => s.reportError);
  const layers = useAppStore((s) => s.customLayers);
  const shown = useAppStore((s) => shownKey(s.customLayers, s.viewState.zoom));
  const light = useAppStore((s) => s.light.summary);
  const deckTypes = layers.some((l) => l.type !== 'three');
  const [module, setModule] = useState<CustomLayersModule | null>(null);
  useEffect(() => {
    if (!deckTypes || module) return;
    let cancelled = false;
    import('../layers/custom-deck-layers.ts').then(
      (m) => !cancelled && setModule(m),
      (e: Error) => onError(`Could not load the code of added layers: ${e.message}`, { error: e }),
    );
    return () => {
      cancelled = true;
    };
  }, [deckTypes, module, onError]);
  return useMemo(() => {
    if (!module) return [];
    const hex = light.color.replace('#', '');
    const color = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
    const out: Layer[] = [];
    layers.forEach((layer, i) => {
      const deckLayer = module.customDeckLayer(layer, shown[i] === '1', { color, intensity: light.intensity }, onError);
      if (deckLayer) out.push(deckLayer);
    });
    return out;
  }, [module, layers, shown, light, onError]);
}
