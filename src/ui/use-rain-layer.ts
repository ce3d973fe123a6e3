import { useEffect, useMemo, useRef, useState } from 'react';
import type { RainLayer } from '../layers/rain-layer.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import type { RenderStats } from '../render-stats.ts';
import { rainFrameRate, rainWanted } from '../data/weather/rain-visibility.ts';
import { useAppStore } from './store-context.ts';

type RainModule = typeof import('../layers/rain-layer.ts');

/** Streak colours: deep blue over a light map, pale blue-white over a dark one (dusk, night, dark theme). */
const RAIN_ON_LIGHT: [number, number, number, number] = [30, 75, 190, 200];
const RAIN_ON_DARK: [number, number, number, number] = [200, 215, 255, 170];
const SNOW_ON_LIGHT: [number, number, number, number] = [85, 115, 185, 235];
const SNOW_ON_DARK: [number, number, number, number] = [255, 255, 255, 230];

/**
 * The rain layer while the rain is wanted (see `rain-visibility.ts`) and a
 * radar grid is there, else null. Its code loads when it is first needed,
 * never before the map shows. While the route search panels are open it is
 * hidden, as everything that moves.
 */
export function useRainLayer(stats: RenderStats): RainLayer | null {
  const grid = useAppStore((s) => s.rainGrid);
  const wanted = useAppStore((s) => rainWanted(s) && s.searchMode === 'none');
  const frameRate = useAppStore(rainFrameRate);
  const dark = useAppStore((s) => s.light.darkBackground);
  const [module, setModule] = useState<RainModule | null>(null);
  const drawn = useRef(false);
  const needed = wanted && grid !== null;
  useEffect(() => {
    if (!needed || module) return;
    let cancelled = false;
    void import('../layers/rain-layer.ts').then((m) => {
      if (!cancelled) setModule(m);
    });
    return () => {
      cancelled = true;
    };
  }, [needed, module]);
  return useMemo(() => {
    if (!module || !grid || !wanted) return null;
    const onDraw = (ms: number, drops: number) => {
      stats.rainFrames++;
      stats.rainScriptMs += ms;
      stats.rainDrops = drops;
      if (!drawn.current && drops > 0) {
        drawn.current = true;
        performance.mark(PERFORMANCE_MARKS.rainDrawn);
      }
    };
    return new module.RainLayer({
      id: 'rain',
      grid,
      ...module.rainLayerCoordinates(grid),
      rainColor: dark ? RAIN_ON_DARK : RAIN_ON_LIGHT,
      snowColor: dark ? SNOW_ON_DARK : SNOW_ON_LIGHT,
      frameRate,
      onDraw,
    });
  }, [module, grid, wanted, frameRate, dark, stats]);
}
