/**
 * The map's gesture and camera events (`click`, `mousemove`, `touchstart`, `movestart`, `zoom`, `boxzoomend`,
 * `resize`, …), fired by a {@link Map} as MapLibre fires them, with `lngLat` and `point` where they apply.
 *
 * Pointer events come from the map itself only (not from the controls, panels and markers over it).
 *
 * @module
 */
import { screenViewport } from './viewport.ts';
import { CameraMotionTracker, type CameraMotionEvent } from '../data/camera-motion.ts';
import type { AppStore } from '../store.ts';
import { BOX_ZOOM_EVENTS, type BoxZoomEventType, type MapBoxZoomEventData } from './box-zoom-events.ts';
import type { BoxZoomLink } from './box-zoom.ts';

export { type BoxZoomEventType, type MapBoxZoomEventData } from './box-zoom-events.ts';

/** A point on the map: pixels from the container's top left. */
export interface MapPoint {
  x: number;
  y: number;
}

/** Data of a pointer event on the map. */
export interface MapPointerEventData {
  /** Where it happened on the map. */
  lngLat: { lng: number; lat: number };
  /** Where it happened in the container, in pixels. */
  point: MapPoint;
  /** The browser's event. */
  originalEvent: MouseEvent | TouchEvent | WheelEvent;
}

/** The pointer events a map fires. */
export const POINTER_EVENTS = ['click', 'dblclick', 'contextmenu', 'mousedown', 'mouseup', 'mousemove', 'mouseover', 'mouseout', 'wheel', 'touchstart', 'touchmove', 'touchend', 'touchcancel'] as const;
export type MapPointerEventType = (typeof POINTER_EVENTS)[number];

/** The camera motion events a map fires, and `resize`. */
export const CAMERA_EVENTS = [
  'movestart', 'move', 'moveend', 'dragstart', 'drag', 'dragend', 'zoomstart', 'zoom', 'zoomend',
  'rotatestart', 'rotate', 'rotateend', 'pitchstart', 'pitch', 'pitchend', 'resize',
] as const satisfies readonly (CameraMotionEvent | 'resize')[];

/** Pointer events with their data; box zoom events with the browser's event; camera motion and resize events (no data). */
export type MapGestureEvents = { [K in MapPointerEventType]: MapPointerEventData } & { [K in BoxZoomEventType]: MapBoxZoomEventData } & { [K in CameraMotionEvent | 'resize']: undefined };

/** Every gesture event of a map, once (the keys of {@link MapGestureEvents}). */
export const GESTURE_EVENTS = [...POINTER_EVENTS, ...BOX_ZOOM_EVENTS, ...CAMERA_EVENTS] as const;
// The list and the type name the same events: neither compiles with one missing from the other.
true satisfies (keyof MapGestureEvents extends (typeof GESTURE_EVENTS)[number] ? ((typeof GESTURE_EVENTS)[number] extends keyof MapGestureEvents ? true : false) : false);

/**
 * A click is not a click when the pointer moved more than this (px) since it went down (it was a drag); a box zoom's
 * box appears once the pointer has moved this far (MapLibre's `clickTolerance`).
 */
const CLICK_TOLERANCE_PX = 3;

type Fire = <K extends keyof MapGestureEvents>(type: K, data?: MapGestureEvents[K]) => void;

/**
 * Whether an event's target is the map itself: deck.gl's event root and the canvases, not the controls, panels and
 * markers over it or the base map's attribution.
 */
function onMap(container: HTMLElement, target: EventTarget | null): boolean {
  if (!(target instanceof Element) || !container.contains(target)) return false;
  return (target instanceof HTMLCanvasElement || target.closest('.deck-events-root') !== null) && !target.closest('.maplibregl-ctrl');
}

/**
 * Links the box zoom (`box-zoom.ts`) once it is first wanted, so that a first view does without its code: the module
 * starts loading at the first Shift key and is linked at the first shift-press on the map, which it then handles.
 * @returns a function that stops listening (and unlinks the box zoom if it was linked).
 */
function linkBoxZoomOnFirstUse(container: HTMLElement, link: (module: typeof import('./box-zoom.ts')) => BoxZoomLink): () => void {
  let loading: Promise<typeof import('./box-zoom.ts')> | null = null;
  let linked: BoxZoomLink | null = null;
  let stopped = false;
  const load = () => (loading ??= import('./box-zoom.ts'));
  const stopWaiting = () => {
    window.removeEventListener('keydown', onKey, true);
    container.removeEventListener('mousedown', onDown, true);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Shift') void load();
  };
  const onDown = (event: MouseEvent) => {
    if (!event.shiftKey) return;
    stopWaiting();
    // The button may be released before the module comes (a shift-click): the box zoom is then given both.
    let release: MouseEvent | null = null;
    const onUp = (up: MouseEvent) => void (release ??= up);
    window.addEventListener('mouseup', onUp, true);
    void load().then((module) => {
      window.removeEventListener('mouseup', onUp, true);
      if (stopped) return;
      linked = link(module);
      linked.press(event, release);
    });
  };
  window.addEventListener('keydown', onKey, true);
  container.addEventListener('mousedown', onDown, true);
  return () => {
    stopped = true;
    stopWaiting();
    linked?.unlink();
  };
}

/**
 * Listens to the container and the store and fires the gesture events; draws the box of a box zoom in `boxParent`
 * (an element over the map that lets pointer events through).
 * @returns a function that stops listening.
 */
export function linkGestureEvents(container: HTMLElement, boxParent: HTMLElement, store: AppStore, fire: Fire, listens: (type: keyof MapGestureEvents) => boolean): () => void {
  const unproject = (x: number, y: number) => {
    const [lng, lat] = screenViewport(store.getState(), container.clientWidth, container.clientHeight).unproject([x, y]);
    return { lng, lat };
  };
  let down: MapPoint | null = null;
  const onPointer = (event: Event) => {
    const type = event.type as MapPointerEventType;
    if (!onMap(container, event.target)) return;
    const rect = container.getBoundingClientRect();
    const source = 'touches' in event ? ((event as TouchEvent).changedTouches[0] ?? null) : (event as MouseEvent);
    if (!source) return;
    const point = { x: source.clientX - rect.left, y: source.clientY - rect.top };
    if (type === 'mousedown') down = point;
    if (type === 'click' && down && Math.hypot(point.x - down.x, point.y - down.y) > CLICK_TOLERANCE_PX) return;
    if (!listens(type)) return;
    fire(type, { lngLat: unproject(point.x, point.y), point, originalEvent: event as MouseEvent });
  };
  const options = { capture: true, passive: true } as const;
  for (const type of POINTER_EVENTS) container.addEventListener(type, onPointer, options);

  const unlinkBoxZoom = linkBoxZoomOnFirstUse(container, (module) =>
    module.linkBoxZoom({ container, boxParent, store, tolerance: CLICK_TOLERANCE_PX, onMap: (target) => onMap(container, target), fire }),
  );

  const motion = new CameraMotionTracker((type) => fire(type));
  const unsubscribe = store.subscribe((s, previous) => {
    if (s.interaction !== previous.interaction) motion.activity(s.interaction);
    if (s.viewState !== previous.viewState) motion.change(previous.viewState, s.viewState);
  });

  let size = { width: container.clientWidth, height: container.clientHeight };
  const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => {
    const next = { width: container.clientWidth, height: container.clientHeight };
    if (next.width === size.width && next.height === size.height) return;
    size = next;
    fire('resize');
  });
  resize?.observe(container);

  return () => {
    for (const type of POINTER_EVENTS) container.removeEventListener(type, onPointer, options);
    unlinkBoxZoom();
    unsubscribe();
    resize?.disconnect();
  };
}
