import { trackingTarget, type CameraView } from '../data/tracking-view.ts';
import type { TrainFeed } from '../data/trains/train-feed.ts';
import { selected, type AppStore } from '../store.ts';
import { CameraFollower } from './camera-follower.ts';

/** How often the tracked train's timetable panel is refreshed, ms. */
const DETAILS_INTERVAL = 1000;

/**
 * Drives the camera while a train is tracked: on every new train frame it
 * computes the viewpoint's target from the train's head and eases towards it
 * (see `CameraFollower`). It also switches the view mode when the train enters
 * or leaves a tunnel, follows the train across through-service, ends tracking
 * when the train's journey ends, and refreshes the train's details for the
 * timetable panel. Not React: it runs at frame rate without rendering components.
 */
export class TrackingController {
  private readonly unsubscribeFeed: () => void;
  private readonly unsubscribeStore: () => void;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly camera: CameraFollower;

  constructor(
    private readonly store: AppStore,
    private readonly feed: TrainFeed,
    applyCamera: (view: CameraView) => void,
    private readonly zoom: () => number,
  ) {
    this.camera = new CameraFollower(applyCamera);
    this.unsubscribeFeed = feed.subscribe(() => this.onFrame());
    this.unsubscribeStore = store.subscribe((s, previous) => {
      const train = selected(s, 'train');
      const before = selected(previous, 'train');
      if (train?.train !== before?.train || s.trackingMode !== previous.trackingMode) {
        if (!before || s.trackingMode !== previous.trackingMode) this.camera.settle();
        if (train && train.train !== before?.train) void this.refreshDetails();
      }
      if (!train && before) {
        this.camera.reset();
        applyCamera(s.viewState); // drops the room kept for the tracking panel
      }
    });
    this.timer = setInterval(() => void this.refreshDetails(), DETAILS_INTERVAL);
  }

  dispose(): void {
    this.unsubscribeFeed();
    this.unsubscribeStore();
    clearInterval(this.timer);
  }

  private onFrame() {
    const state = this.store.getState();
    const selection = selected(state, 'train');
    const frame = this.feed.latest();
    if (!selection || !frame) return;
    if (frame.selectedSlot < 0) {
      // The frame was computed before the selection reached the worker, or the train's journey has ended.
      if (frame.time > (this.feed.selectedSince ?? Infinity)) state.deselect('train');
      return;
    }
    state.followTrain(frame.selectedTrain);
    const h = frame.selectedSlot * 4;
    const pose = { lng: frame.heads[h], lat: frame.heads[h + 1], bearing: frame.heads[h + 3] };
    const underground = frame.heads[h + 2] < -1;
    state.followTrackedLevel(underground ? 'underground' : 'ground');
    this.camera.step(state, (seconds) => trackingTarget(state.trackingMode, pose, state.viewState, seconds));
  }

  private async refreshDetails() {
    const selection = selected(this.store.getState(), 'train');
    if (!selection) return;
    const details = await this.feed.details(selection.train, this.zoom());
    if (details) this.store.getState().trainDetailsArrived(details);
  }
}
