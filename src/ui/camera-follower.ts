import { easeCamera, type CameraView, type TrackingViewpoint } from '../data/tracking-view.ts';
import { prefersReducedMotion } from '../reduced-motion.ts';

/** Seconds over which the camera settles after tracking starts or the viewpoint changes. */
const SETTLE_TAU = 0.35;
/** Smoothing once settled: small, so the tracked vehicle stays centred. */
const FOLLOW_TAU = { position: 0.04, other: 0.18 };
/** How long the camera settles, ms. */
const SETTLE_MS = 1500;

/**
 * The camera of a tracking controller (trains, flights, GTFS vehicles): each step eases it towards the viewpoint's
 * target, time-based so that it is smooth at any frame rate (immediate with reduced motion), quickly while it
 * settles and smoothly once it follows.
 */
export class CameraFollower {
  private last: { view: CameraView; time: number } | null = null;
  private settleUntil = 0;
  private readonly started = performance.now();

  constructor(private readonly applyCamera: (view: CameraView) => void) {}

  /** Settles anew: tracking started, or the viewpoint or what is tracked changed. */
  settle(): void {
    this.settleUntil = performance.now() + SETTLE_MS;
  }

  /** Tracking ended: the next step starts from the camera as it is. */
  reset(): void {
    this.last = null;
  }

  /**
   * Moves the camera one step towards `target(seconds)`, computed for the camera `state.viewState` and the
   * seconds since tracking started (the orbiting viewpoints turn with them).
   */
  step(state: { viewState: CameraView; trackingMode: TrackingViewpoint }, target: (seconds: number) => CameraView): void {
    const now = performance.now();
    const current = this.last?.view ?? state.viewState;
    const goal = target((now - this.started) / 1000);
    const tau = prefersReducedMotion() ? 0 : now < this.settleUntil ? SETTLE_TAU : state.trackingMode === 'position' ? FOLLOW_TAU.position : FOLLOW_TAU.other;
    const dt = this.last ? (now - this.last.time) / 1000 : 1;
    const view = easeCamera(current, goal, dt, tau);
    this.last = { view, time: now };
    this.applyCamera(view);
  }
}
