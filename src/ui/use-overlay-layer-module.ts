import { useEffect, useState } from 'react';

/** The module of the layers drawn over the network (see `src/layers/overlay-layers.ts`). */
export type OverlayLayerModule = typeof import('../layers/overlay-layers.ts');

/** The overlay layers' module once `wanted` (the network is drawn), else null: never part of the first view. */
export function useOverlayLayerModule(wanted: boolean): OverlayLayerModule | null {
  const [module, setModule] = useState<OverlayLayerModule | null>(null);
  useEffect(() => {
    if (!wanted || module) return;
    let cancelled = false;
    void import('../layers/overlay-layers.ts').then((m) => {
      if (!cancelled) setModule(m);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, module]);
  return module;
}
