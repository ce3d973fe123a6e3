import { useEffect, useState } from 'react';

/**
 * A module loaded with `load` (a dynamic `import()`) the first time `wanted`
 * is true, else null: how code that the first view does not need is kept out
 * of it. Pass a stable `load` (a module-level function).
 */
export function useLazyModule<M>(wanted: boolean, load: () => Promise<M>): M | null {
  const [module, setModule] = useState<M | null>(null);
  useEffect(() => {
    if (!wanted || module) return;
    let cancelled = false;
    void load().then((m) => {
      if (!cancelled) setModule(() => m);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, module, load]);
  return module;
}
