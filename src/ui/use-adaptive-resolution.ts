import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { drawingPixelRatio } from '../data/pixel-ratio.ts';
import type { AppStore } from '../store.ts';

/** Below this frame rate while the camera moves, the base map draws at reduced resolution until it rests. */
const SLOW_FRAME_MS = 50;
/** Share of the drawing pixel ratio (the display's, at most 2: `pixel-ratio.ts`) the base map draws at while the camera moves on a slow machine. */
const MOTION_RESOLUTION = 0.5;
/** The camera is at rest once it has not changed for this long, ms (longer than the slowest moving frame). */
const REST_MS = 1200;
/** Camera frames averaged to decide that drawing is slow. */
const SAMPLES = 4;

/**
 * Draws the base map at half resolution while the camera moves, on machines
 * where a camera frame takes longer than {@link SLOW_FRAME_MS}, and sharp again
 * once it rests. The base map is the costliest part of a moving frame there
 * (measured under software WebGL: about half of the GPU time per frame at the
 * default view), and its fine detail is not what the eye follows while the
 * view turns; the network, trains and names keep their full resolution.
 */
export function useAdaptiveBasemapResolution(basemap: RefObject<MapRef | null>, store: AppStore): void {
  useEffect(() => {
    let lastChange = 0;
    const intervals: number[] = [];
    let reduced = false;
    let restTimer: ReturnType<typeof setTimeout> | null = null;
    const setRatio = (ratio: number | null) => {
      const map = basemap.current?.getMap();
      if (!map) return;
      map.setPixelRatio(ratio ?? drawingPixelRatio());
      // Resizing the canvas clears it: drawn again in this task, or the browser shows a frame without the base map,
      // the page's background in its place (measured at rest, where the switch back runs in a timer's task).
      map.redraw();
    };
    const rest = () => {
      restTimer = null;
      intervals.length = 0;
      if (reduced) {
        reduced = false;
        setRatio(null);
      }
    };
    const unsubscribe = store.subscribe((s, previous) => {
      if (s.viewState === previous.viewState) return;
      const now = performance.now();
      if (lastChange > 0 && now - lastChange < REST_MS) {
        intervals.push(now - lastChange);
        if (intervals.length > SAMPLES) intervals.shift();
      }
      lastChange = now;
      if (!reduced && intervals.length === SAMPLES && intervals.reduce((a, b) => a + b, 0) / SAMPLES > SLOW_FRAME_MS) {
        reduced = true;
        setRatio(drawingPixelRatio() * MOTION_RESOLUTION);
      }
      if (restTimer) clearTimeout(restTimer);
      restTimer = setTimeout(rest, REST_MS);
    });
    return () => {
      unsubscribe();
      if (restTimer) clearTimeout(restTimer);
    };
  }, [basemap, store]);
}
