import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type CSSProperties } from 'react';
import { Map, type CameraOptions, type MapEvents } from './map.ts';
import type { MapOptions } from './option-types.ts';
import type { EventedListener } from './evented.ts';

/** Listeners of a {@link TransitMap}, by event name (`load`, `selection`, `click`, …). */
export type TransitMapListeners = { [K in keyof MapEvents]?: EventedListener<MapEvents, K, Map> };

/** The events as callback props: `onLoad`, `onSelection`, `onClockmode`, … (`on` + the event's name, capitalised). */
export type TransitMapCallbacks = { [K in keyof MapEvents as `on${Capitalize<K & string>}`]?: EventedListener<MapEvents, K, Map> };

/** Options that a change of prop after mounting applies to the map; the others are read once, when it is created. */
export type TransitMapLiveOptions = 'lang' | 'theme' | 'center' | 'zoom' | 'bearing' | 'pitch' | 'ecoMode' | 'trackingMode';

/** Props of {@link TransitMap}: the map's options (but `container`), its events as callbacks, plus React's. */
export interface TransitMapProps extends Omit<MapOptions, 'container'>, TransitMapCallbacks {
  /** Class of the element the map fills. */
  className?: string;
  /** Style of that element (give it a size: the map fills it). */
  style?: CSSProperties;
  /** Listeners by event name, kept current across renders (the same as the `on…` callback props). */
  on?: TransitMapListeners;
  /** Receives the `Map` once it is created (and null when it is removed), for its methods. */
  onMap?: (map: Map | null) => void;
}

const CALLBACK = /^on[A-Z]/;

/** The `on…` callback props by event name (`onLoad` → `load`). */
function callbackListeners(props: object): TransitMapListeners {
  const listeners: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (CALLBACK.test(key) && key !== 'onMap' && typeof value === 'function') listeners[key.slice(2).toLowerCase()] = value;
  }
  return listeners as TransitMapListeners;
}

/** Same value, for options that may be arrays (`center`). */
function same(a: unknown, b: unknown): boolean {
  return a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]));
}

/**
 * The map as a React component, on the host app's React (a peer dependency):
 * `<TransitMap lang="ja" style={{height: 600}} onSelection={(e) => …} ref={mapRef} />`.
 *
 * - Options are props. The map is created with those of the first render; later changes of `lang`, `theme`,
 *   `center`, `zoom`, `bearing`, `pitch`, `ecoMode` and `trackingMode` are applied to it ({@link TransitMapLiveOptions});
 *   the other options are read once (change them through the `Map`, or remount with a new `key`).
 * - Events are callback props (`onLoad`, `onError`, `onSelection`, …) or the `on` object; both stay current.
 * - The `Map` comes through `ref` (null until it is created) and `onMap`.
 * - Unmounting removes the map: its workers, WebGL contexts and timers. StrictMode's double mount creates it twice
 *   and removes the first.
 */
export const TransitMap = forwardRef<Map | null, TransitMapProps>(function TransitMap(props, ref) {
  const { className, style, on, onMap, ...options } = props;
  const element = useRef<HTMLDivElement>(null);
  const listeners = useRef<TransitMapListeners>({});
  listeners.current = { ...callbackListeners(options), ...on };
  const latest = useRef(options);
  latest.current = options;
  const mapCallback = useRef(onMap);
  mapCallback.current = onMap;
  const [map, setMap] = useState<Map | null>(null);
  useImperativeHandle(ref, () => map!, [map]);

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    // The map mounts into an empty element of its own inside ours (React owns ours).
    const inner = document.createElement('div');
    inner.style.cssText = 'position:absolute;inset:0';
    container.appendChild(inner);
    const mapOptions: Record<string, unknown> = { container: inner };
    for (const [key, value] of Object.entries(latest.current)) if (!CALLBACK.test(key)) mapOptions[key] = value;
    const created = new Map(mapOptions as unknown as MapOptions);
    // Every event is forwarded to the current listener of its name, if any, so listeners added later are heard too.
    const events: (keyof MapEvents)[] = ['load', 'error', 'selection', 'deselection', 'trackingmode', 'viewmode', 'clockmode', 'ecomode', 'searchmode', 'light'];
    const names = new Set<keyof MapEvents>([...events, ...(Object.keys(listeners.current) as (keyof MapEvents)[])]);
    for (const type of names) created.on(type, ((event: unknown) => (listeners.current[type] as ((e: unknown) => void) | undefined)?.(event)) as never);
    setMap(created);
    mapCallback.current?.(created);
    return () => {
      mapCallback.current?.(null);
      setMap(null);
      created.remove();
      inner.remove();
    };
  }, []);

  // Props changed after mounting, applied to the map (the first run only records them).
  const applied = useRef<Partial<Record<TransitMapLiveOptions, unknown>> | null>(null);
  const { lang, theme, center, zoom, bearing, pitch, ecoMode, trackingMode } = options;
  useEffect(() => {
    if (!map) {
      applied.current = null; // a new map starts from the props it was created with
      return;
    }
    const live = { lang, theme, center, zoom, bearing, pitch, ecoMode, trackingMode };
    const before = applied.current;
    applied.current = live;
    if (!before) return;
    const changed = (key: TransitMapLiveOptions) => live[key] !== undefined && !same(live[key], before[key]);
    if (changed('lang')) map.setLanguage(lang!);
    if (changed('theme')) map.setTheme(theme!);
    if (changed('ecoMode')) map.setEcoMode(ecoMode!);
    if (changed('trackingMode')) map.setTrackingMode(trackingMode!);
    const camera: CameraOptions = {};
    if (changed('center')) camera.center = center;
    if (changed('zoom')) camera.zoom = zoom;
    if (changed('bearing')) camera.bearing = bearing;
    if (changed('pitch')) camera.pitch = pitch;
    if (Object.keys(camera).length) map.jumpTo(camera);
  }, [map, lang, theme, center, zoom, bearing, pitch, ecoMode, trackingMode]);

  return <div ref={element} className={className} style={{ position: 'relative', ...style }} />;
});
