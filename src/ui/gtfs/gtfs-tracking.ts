import type { GtfsLinkApi } from '../../data/gtfs/feed-view.ts';
import { easeCamera, trackingTarget, type CameraView } from '../../data/tracking-view.ts';
import { prefersReducedMotion } from '../../reduced-motion.ts';
import type { AppStore } from '../../store.ts';

/** Seconds over which the camera settles after tracking starts or the viewpoint changes (as for trains). */
const SETTLE_TAU = 0.35;
const FOLLOW_TAU = { position: 0.04, other: 0.18 };
/** How often the tracked vehicle's panel is refreshed, ms. */
const DETAILS_INTERVAL = 1000;

/**
 * Drives the camera while a GTFS vehicle is tracked, as the train tracking
 * controller does for trains: every animation frame it takes the vehicle's
 * pose (its motion along the trip's shape) and eases the camera towards the
 * chosen viewpoint's target; it refreshes the vehicle's details for its panel
 * every second. Tracking ends by itself when the vehicle leaves the feed (the
 * GTFS link ends the selection).
 */
export class GtfsTrackingController {
  private frame = 0;
  private timer: ReturnType<typeof setInterval>;
  private last: { view: CameraView; time: number } | null = null;
  private settleUntil = performance.now() + 1500;
  private readonly started = performance.now();
  private readonly unsubscribe: () => void;
  private disposed = false;

  constructor(
    private readonly store: AppStore,
    private readonly link: GtfsLinkApi,
    private readonly applyCamera: (view: CameraView) => void,
  ) {
    this.unsubscribe = store.subscribe((s, previous) => {
      const changed = s.gtfsSelection?.vehicleId !== previous.gtfsSelection?.vehicleId || s.gtfsSelection?.source !== previous.gtfsSelection?.source;
      if (changed || s.trackingMode !== previous.trackingMode) this.settleUntil = performance.now() + 1500;
      if (changed && s.gtfsSelection) void this.refreshDetails();
      if (!s.gtfsSelection && previous.gtfsSelection) {
        this.last = null;
        this.applyCamera(s.viewState); // drops the room kept for the panel
      }
    });
    this.timer = setInterval(() => void this.refreshDetails(), DETAILS_INTERVAL);
    void this.refreshDetails();
    this.frame = requestAnimationFrame(this.onFrame);
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    clearInterval(this.timer);
    this.unsubscribe();
  }

  private readonly onFrame = () => {
    if (this.disposed) return;
    this.frame = requestAnimationFrame(this.onFrame);
    const state = this.store.getState();
    const selection = state.gtfsSelection;
    if (!selection) return;
    const pose = this.link.pose(selection.source, selection.vehicleId, Date.now());
    if (!pose || !Number.isFinite(pose.lng)) return;
    const now = performance.now();
    const current = this.last?.view ?? state.viewState;
    const target = trackingTarget(state.trackingMode, pose, state.viewState, (now - this.started) / 1000);
    const tau = prefersReducedMotion() ? 0 : now < this.settleUntil ? SETTLE_TAU : state.trackingMode === 'position' ? FOLLOW_TAU.position : FOLLOW_TAU.other;
    const dt = this.last ? (now - this.last.time) / 1000 : 1;
    const view = easeCamera(current, target, dt, tau);
    this.last = { view, time: now };
    this.applyCamera(view);
  };

  private async refreshDetails() {
    const selection = this.store.getState().gtfsSelection;
    if (!selection) return;
    const details = await this.link.details(selection.source, selection.vehicleId);
    const now = this.store.getState().gtfsSelection;
    if (details && now?.source === selection.source && now.vehicleId === selection.vehicleId) this.store.setState({ gtfsTrackedDetails: details });
  }
}
