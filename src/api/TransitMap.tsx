import { useEffect, useRef, type CSSProperties } from 'react';
import { Map, type MapEvents } from './map.ts';
import type { MapOptions } from './option-types.ts';
import type { EventedListener } from './evented.ts';

/** Listeners of a {@link TransitMap}, by event name (`load`, `selection`, `click`, …). */
export type TransitMapListeners = { [K in keyof MapEvents]?: EventedListener<MapEvents, K, Map> };

/** Props of {@link TransitMap}: the map's options (but `container`), plus React's. */
export interface TransitMapProps extends Omit<MapOptions, 'container'> {
  /** Class of the element the map fills. */
  className?: string;
  /** Style of that element (give it a size: the map fills it). */
  style?: CSSProperties;
  /** Listeners, kept current across renders. */
  on?: TransitMapListeners;
  /** Receives the `Map` once it is created (and null when it is removed), for its methods. */
  onMap?: (map: Map | null) => void;
}

/**
 * The map as a React component: `<TransitMap lang="ja" style={{height: 600}} on={{selection: (e) => …}} />`.
 *
 * The map is created once, with the options of the first render (as MapLibre's React wrappers do); change it
 * afterwards through the `Map` that `onMap` receives (`jumpTo`, `setViewMode`, …). It is removed on unmount.
 */
export function TransitMap({ className, style, on, onMap, ...options }: TransitMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const listeners = useRef(on);
  listeners.current = on;
  const initial = useRef(options);
  const mapCallback = useRef(onMap);
  mapCallback.current = onMap;

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    // The map mounts into an empty element of its own inside ours (React owns ours).
    const inner = document.createElement('div');
    inner.style.cssText = 'position:absolute;inset:0';
    container.appendChild(inner);
    const map = new Map({ ...initial.current, container: inner });
    const forward = (type: keyof MapEvents) => (event: unknown) => (listeners.current?.[type] as ((e: unknown) => void) | undefined)?.(event);
    const types = Object.keys(listeners.current ?? {}) as (keyof MapEvents)[];
    for (const type of types) map.on(type, forward(type) as never);
    mapCallback.current?.(map);
    return () => {
      mapCallback.current?.(null);
      map.remove();
      inner.remove();
    };
  }, []);

  return <div ref={element} className={className} style={{ position: 'relative', ...style }} />;
}
