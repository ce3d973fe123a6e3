import { useEffect, useMemo, useState } from 'react';

/**
 * The items of `items` that have been there for at least `frames` animation
 * frames: a newly added item joins only after that many frames, a removed one
 * leaves at once. Used to spread the start of a data source's layers over
 * several frames: each layer's start (its GPU program, buffers, glyphs) is
 * tens of milliseconds under software WebGL, and all of them in the frame the
 * feed arrives blocked the page for over 100 ms.
 */
export function useStaggered<T extends { id: string }>(items: readonly T[], frames: number): readonly T[] {
  const [ready, setReady] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (items.every((item) => ready.has(item.id))) return;
    let handle = 0;
    let left = frames;
    const step = () => {
      if (--left > 0) handle = requestAnimationFrame(step);
      else setReady(new Set(items.map((item) => item.id)));
    };
    handle = requestAnimationFrame(step);
    return () => cancelAnimationFrame(handle);
  }, [items, frames, ready]);
  return useMemo(() => (items.every((item) => ready.has(item.id)) ? items : items.filter((item) => ready.has(item.id))), [items, ready]);
}
