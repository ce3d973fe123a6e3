/**
 * The box zoom gesture, as MapLibre's: shift + drag with the primary button draws a box on the map (an element of
 * class `maplibregl-boxzoom`); releasing the button eases the camera to what the box holds. Escape during the drag,
 * or a release before the box appears, cancels it. Off while a train, flight or vehicle is tracked (the tracking
 * camera owns the centre then).
 *
 * Events: `boxzoomstart` when the box appears, `boxzoomend` when it is released (the camera then moves),
 * `boxzoomcancel` when it is cancelled (also for a shift-click, as in MapLibre).
 *
 * @module
 */
import { screenViewport } from './viewport.ts';
import { boxRect, boxZoomTarget, groundPoint, startsBoxZoom, type ScreenPoint } from '../data/box-zoom.ts';
import { isTracking, type AppStore } from '../store.ts';
import { ZOOM_RANGE } from './option-types.ts';
import type { BoxZoomEventType, MapBoxZoomEventData } from './box-zoom-events.ts';

/** The class of the box element (MapLibre's, styled by its style sheet). */
export const BOX_CLASS = 'maplibregl-boxzoom';
/** The class the container has while a box is drawn (MapLibre's; the crosshair cursor). */
export const CROSSHAIR_CLASS = 'maplibregl-crosshair';

/** What {@link linkBoxZoom} works with. */
export interface BoxZoomHost {
  /** The map's element: presses on it start a box; points are measured from its top left. */
  container: HTMLElement;
  /** Where the box element is put (an element over the map that lets pointer events through). */
  boxParent: HTMLElement;
  store: AppStore;
  /** Whether a press on this target is on the map itself (not on a control, panel or marker). */
  onMap(target: EventTarget | null): boolean;
  /** Pixels the pointer must move before the box appears. */
  tolerance: number;
  fire(type: BoxZoomEventType, data: MapBoxZoomEventData): void;
}

/** Whether box zoom is on: not while something is tracked. */
function allowed(store: AppStore): boolean {
  return !isTracking(store.getState());
}

/** A box zoom linked to a map: {@link BoxZoomLink.press} takes a press the map had before the link was made. */
export interface BoxZoomLink {
  /** Handles a press the map had before the link was made, and its release if that came too. */
  press(down: MouseEvent, up: MouseEvent | null): void;
  /** Stops listening (and removes a box being drawn). */
  unlink(): void;
}

/** Listens for box zoom gestures on the container. */
export function linkBoxZoom(host: BoxZoomHost): BoxZoomLink {
  const { container, boxParent, store, tolerance, fire } = host;
  let start: ScreenPoint | null = null;
  let last: ScreenPoint | null = null;
  let box: HTMLDivElement | null = null;
  let userSelect = '';

  const pointOf = (event: MouseEvent): ScreenPoint => {
    const rect = container.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  /** Ends the gesture: no box, no listeners, text selectable again. */
  const reset = () => {
    if (start) document.documentElement.style.userSelect = userSelect;
    start = last = null;
    box?.remove();
    box = null;
    container.classList.remove(CROSSHAIR_CLASS);
    window.removeEventListener('mousemove', onMove, true);
    window.removeEventListener('mouseup', onUp, true);
    window.removeEventListener('keydown', onKey, true);
  };

  const onDown = (event: MouseEvent) => {
    if (start || !startsBoxZoom(event) || !host.onMap(event.target) || !allowed(store)) return;
    start = last = pointOf(event);
    // No text selection while the box is drawn (as MapLibre's `disableDrag`).
    userSelect = document.documentElement.style.userSelect;
    document.documentElement.style.userSelect = 'none';
    window.addEventListener('mousemove', onMove, true);
    window.addEventListener('mouseup', onUp, true);
    window.addEventListener('keydown', onKey, true);
  };

  const onMove = (event: MouseEvent) => {
    if (!start || !last) return;
    const point = pointOf(event);
    if ((point.x === last.x && point.y === last.y) || (!box && Math.hypot(point.x - start.x, point.y - start.y) < tolerance)) return;
    last = point;
    if (!box) {
      box = document.createElement('div');
      box.className = BOX_CLASS;
      box.style.pointerEvents = 'none';
      box.dataset.testid = 'box-zoom';
      boxParent.appendChild(box);
      container.classList.add(CROSSHAIR_CLASS);
      fire('boxzoomstart', { originalEvent: event });
    }
    // The box's parent may not start at the container's top left.
    const offset = boxParent.getBoundingClientRect();
    const origin = container.getBoundingClientRect();
    const rect = boxRect(start, point);
    box.style.transform = `translate(${rect.left + origin.left - offset.left}px,${rect.top + origin.top - offset.top}px)`;
    box.style.width = `${rect.width}px`;
    box.style.height = `${rect.height}px`;
  };

  const onUp = (event: MouseEvent) => {
    if (!start || event.button !== 0) return;
    const drawn = box !== null;
    const rect = boxRect(start, pointOf(event));
    reset();
    const target = drawn ? targetOf(rect) : null;
    if (!target) {
      fire('boxzoomcancel', { originalEvent: event });
      return;
    }
    fire('boxzoomend', { originalEvent: event });
    // An eased move, as MapLibre's `fitScreenCoordinates` (a jump when the user prefers reduced motion).
    store.getState().requestCamera(target, 'ease');
  };

  const onKey = (event: KeyboardEvent) => {
    if (!start || event.key !== 'Escape') return;
    // The key cancels the box only (not the selection or a panel as well).
    event.preventDefault();
    event.stopPropagation();
    reset();
    fire('boxzoomcancel', { originalEvent: event });
  };

  const targetOf = (rect: ReturnType<typeof boxRect>) => {
    const { zoom } = store.getState().viewState;
    const width = container.clientWidth;
    const height = container.clientHeight;
    const viewport = screenViewport(store.getState(), width, height);
    const centre = groundPoint(viewport, rect.left + rect.width / 2, rect.top + rect.height / 2);
    return boxZoomTarget(rect, { width, height, zoom, minZoom: ZOOM_RANGE.min, maxZoom: ZOOM_RANGE.max }, centre);
  };

  container.addEventListener('mousedown', onDown, true);
  return {
    press: (down, up) => {
      onDown(down);
      if (up) onUp(up);
    },
    unlink: () => {
      container.removeEventListener('mousedown', onDown, true);
      reset();
    },
  };
}
