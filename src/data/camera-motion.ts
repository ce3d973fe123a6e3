/**
 * Turns the camera's changes into the start / during / end events a MapLibre map fires
 * (`movestart`, `move`, `moveend`, and the same for drag, zoom, rotate and pitch).
 *
 * The map's camera is driven by deck.gl, whose controller reports what it is doing (dragging, zooming,
 * in a transition…) separately from the new view states. A change while nothing is going on is a jump:
 * its start and change events fire at once, its end events a moment later (so that a transition the controller
 * reports just after its first frame, or the inertia after a drag, is the same motion).
 *
 * @module
 */

/** A camera position. */
export interface CameraPose {
  longitude: number;
  latitude: number;
  zoom: number;
  bearing: number;
  pitch: number;
}

/** What the camera's controller is doing (deck.gl's interaction state). */
export interface CameraActivity {
  isDragging?: boolean;
  isPanning?: boolean;
  isRotating?: boolean;
  isZooming?: boolean;
  inTransition?: boolean;
}

/** The camera motion events, in MapLibre's names. */
export type CameraMotionEvent =
  | 'movestart' | 'move' | 'moveend'
  | 'dragstart' | 'drag' | 'dragend'
  | 'zoomstart' | 'zoom' | 'zoomend'
  | 'rotatestart' | 'rotate' | 'rotateend'
  | 'pitchstart' | 'pitch' | 'pitchend';

type Motion = 'move' | 'drag' | 'zoom' | 'rotate' | 'pitch';
/**
 * Zoom, bearing and pitch changes smaller than this are rounding (deck.gl's transitions interpolate a value that does
 * not change as `t·b + (1 − t)·a`, which gives 30.000000000000004 for 30 → 30): they are no zoom, rotation or tilt.
 */
const UNCHANGED = 1e-9;
/** Ends fire in this order, `moveend` last (as MapLibre does). */
const END_ORDER: readonly Motion[] = ['drag', 'zoom', 'rotate', 'pitch', 'move'];

/** Follows camera changes and activity, and emits the motion events in order. */
export class CameraMotionTracker {
  private readonly open = new Set<Motion>();
  private busy = false;
  private dragging = false;
  private pendingEnd: unknown = null;

  /**
   * @param emit - receives each event.
   * @param defer - runs the end of a motion a moment after the controller comes to rest, so that what follows at once
   *   (the inertia after a drag) belongs to the same motion; `setTimeout(f, 0)` by default.
   */
  constructor(
    private readonly emit: (type: CameraMotionEvent) => void,
    private readonly defer: (f: () => void) => unknown = (f) => setTimeout(f, 0),
  ) {}

  /** The controller's activity changed; when it comes to rest, the open motions end. */
  activity(state: CameraActivity): void {
    this.dragging = Boolean(state.isDragging);
    this.busy = Boolean(state.isDragging || state.isPanning || state.isRotating || state.isZooming || state.inTransition);
    if (!this.dragging && this.open.has('drag')) this.end('drag');
    this.endSoon();
  }

  /** Ends the open motions a moment from now unless the controller gets busy again before. */
  private endSoon() {
    if (this.busy || this.open.size === 0 || this.pendingEnd !== null) return;
    this.pendingEnd = this.defer(() => {
      this.pendingEnd = null;
      if (!this.busy) this.endAll();
    });
  }

  /** The camera changed from `previous` to `next`. */
  change(previous: CameraPose, next: CameraPose): void {
    const moved: Motion[] = ['move'];
    if (this.dragging) moved.push('drag');
    if (Math.abs(next.zoom - previous.zoom) > UNCHANGED) moved.push('zoom');
    if (Math.abs(next.bearing - previous.bearing) > UNCHANGED) moved.push('rotate');
    if (Math.abs(next.pitch - previous.pitch) > UNCHANGED) moved.push('pitch');
    for (const motion of moved) {
      if (this.open.has(motion)) continue;
      this.open.add(motion);
      this.emit(`${motion}start`);
    }
    for (const motion of moved) this.emit(motion);
    this.endSoon();
  }

  private end(motion: Motion) {
    this.open.delete(motion);
    this.emit(`${motion}end`);
  }

  private endAll() {
    for (const motion of END_ORDER) if (this.open.has(motion)) this.end(motion);
  }
}
