import type { GtfsLinkApi } from '../../data/gtfs/feed-view.ts';
import { trackingTarget, type CameraView } from '../../data/tracking-view.ts';
import { selected, type AppStore } from '../../store.ts';
import { CameraFollower } from '../camera-follower.ts';

/** How often the tracked vehicle's panel is refreshed, ms. */
const DETAILS_INTERVAL = 1000;

/**
 * Drives the camera while a GTFS vehicle is tracked, as the train tracking
 * controller does for trains: every animation frame it takes the vehicle's
 * pose (its motion along the trip's shape) and eases the camera towards the
 * chosen viewpoint's target; it refreshes the vehicle's details for its panel
 * every second. Tracking ends by itself when the vehicle leaves the feed (the
 * store ends the selection).
 */
export class GtfsTrackingController {
  private frame = 0;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly camera: CameraFollower;
  private readonly unsubscribe: () => void;
  private disposed = false;

  constructor(
    private readonly store: AppStore,
    private readonly link: GtfsLinkApi,
    applyCamera: (view: CameraView) => void,
  ) {
    this.camera = new CameraFollower(applyCamera);
    this.camera.settle();
    this.unsubscribe = store.subscribe((s, previous) => {
      const vehicle = selected(s, 'gtfs');
      const before = selected(previous, 'gtfs');
      const changed = vehicle?.vehicleId !== before?.vehicleId || vehicle?.source !== before?.source;
      if (changed || s.trackingMode !== previous.trackingMode) this.camera.settle();
      if (changed && vehicle) void this.refreshDetails();
      if (!vehicle && before) {
        this.camera.reset();
        applyCamera(s.viewState); // drops the room kept for the panel
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
    const selection = selected(state, 'gtfs');
    if (!selection) return;
    const pose = this.link.pose(selection.source, selection.vehicleId, Date.now());
    if (!pose || !Number.isFinite(pose.lng)) return;
    this.camera.step(state, (seconds) => trackingTarget(state.trackingMode, pose, state.viewState, seconds));
  };

  private async refreshDetails() {
    const selection = selected(this.store.getState(), 'gtfs');
    if (!selection) return;
    const details = await this.link.details(selection.source, selection.vehicleId);
    if (details) this.store.getState().gtfsDetailsArrived(selection, details);
  }
}
