import { useEffect, useState } from 'react';
import { chunkFailure } from './chunk-failure.ts';
import { useAppStore } from './store-context.ts';

/**
 * A module loaded with `load` (a dynamic `import()`) the first time `wanted`
 * is true, else null: how code that the first view does not need is kept out
 * of it. Pass a stable `load` (a module-level function). A module that cannot
 * be loaded fires the map's `error` event (naming its address) and stays null.
 */
export function useLazyModule<M>(wanted: boolean, load: () => Promise<M>): M | null {
  const [module, setModule] = useState<M | null>(null);
  const reportError = useAppStore((s) => s.reportError);
  useEffect(() => {
    if (!wanted || module) return;
    let cancelled = false;
    load().then(
      (m) => {
        if (!cancelled) setModule(() => m);
      },
      (e: unknown) => {
        if (!cancelled) reportError(...chunkFailure(e));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, module, load, reportError]);
  return module;
}
