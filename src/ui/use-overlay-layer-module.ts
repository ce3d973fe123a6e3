import { useLazyModule } from './use-lazy-module.ts';

/** The module of the layers drawn over the network (see `src/layers/overlay-layers.ts`). */
export type OverlayLayerModule = typeof import('../layers/overlay-layers.ts');

const load = () => import('../layers/overlay-layers.ts');

/** The overlay layers' module once `wanted` (the network is drawn), else null: never part of the first view. */
export function useOverlayLayerModule(wanted: boolean): OverlayLayerModule | null {
  return useLazyModule(wanted, load);
}
