import { easeCamera, trackingTarget, type CameraView } from '../data/tracking-view.ts';
import type { TrainFeed } from '../data/trains/train-feed.ts';
import { prefersReducedMotion } from '../reduced-motion.ts';
import type { AppStore } from '../store.ts';

/** Seconds over which the camera settles after tracking starts or the viewpoint changes. */
const SETTLE_TAU = 0.35;
/** Smoothing once settled: small, so the tracked train stays centred. */
const FOLLOW_TAU = { position: 0.04, other: 0.18 };
/** How often the tracked train's timetable panel is refreshed, ms. */
const DETAILS_INTERVAL = 1000;

/**
 * Drives the camera while a train is tracked: on every new train frame it
 * computes the viewpoint's target from the train's head and eases towards it
 * (time-based, so smooth at any frame rate; immediate with reduced motion).
 * It also switches the view mode when the train enters or leaves a tunnel,
 * follows the train across through-service, ends tracking when the train's
 * journey ends, and refreshes the train's details for the timetable panel.
 * Not React: it runs at frame rate without rendering components.
 */
export class TrackingController {
  private unsubscribeFeed: () => void;
  private unsubscribeStore: () => void;
  private timer: ReturnType<typeof setInterval>;
  private last: { view: CameraView; time: number } | null = null;
  private settleUntil = 0;
  private started = performance.now();

  constructor(
    private readonly store: AppStore,
    private readonly feed: TrainFeed,
    private readonly applyCamera: (view: CameraView) => void,
    private readonly zoom: () => number,
  ) {
    this.unsubscribeFeed = feed.subscribe(() => this.onFrame());
    this.unsubscribeStore = store.subscribe((s, previous) => {
      if (s.selection?.train !== previous.selection?.train || s.trackingMode !== previous.trackingMode) {
        if (!previous.selection || s.trackingMode !== previous.trackingMode) this.settleUntil = performance.now() + 1500;
        if (s.selection && s.selection.train !== previous.selection?.train) void this.refreshDetails();
      }
      if (!s.selection && previous.selection) {
        this.last = null;
        this.applyCamera(s.viewState); // drops the room kept for the tracking panel
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
    const { selection } = state;
    const frame = this.feed.latest();
    if (!selection || !frame) return;
    if (frame.selectedSlot < 0) {
      // The frame was computed before the selection reached the worker, or the train's journey has ended.
      if (frame.time > (this.feed.selectedSince ?? Infinity)) state.select(null);
      return;
    }
    if (frame.selectedTrain !== selection.train) this.store.setState({ selection: { ...selection, train: frame.selectedTrain } });
    const h = frame.selectedSlot * 4;
    const pose = { lng: frame.heads[h], lat: frame.heads[h + 1], bearing: frame.heads[h + 3] };
    const underground = frame.heads[h + 2] < -1;
    if (underground !== (state.viewMode === 'underground')) state.setViewMode(underground ? 'underground' : 'ground');

    const now = performance.now();
    const current = this.last?.view ?? state.viewState;
    const target = trackingTarget(state.trackingMode, pose, state.viewState, (now - this.started) / 1000);
    const settling = now < this.settleUntil;
    const tau = prefersReducedMotion() ? 0 : settling ? SETTLE_TAU : state.trackingMode === 'position' ? FOLLOW_TAU.position : FOLLOW_TAU.other;
    const dt = this.last ? (now - this.last.time) / 1000 : 1;
    const view = easeCamera(current, target, dt, tau);
    this.last = { view, time: now };
    this.applyCamera(view);
  }

  private async refreshDetails() {
    const { selection } = this.store.getState();
    if (!selection) return;
    const details = await this.feed.details(selection.train, this.zoom());
    const now = this.store.getState().selection;
    if (!details || now?.train !== details.train) return;
    this.store.setState({ trackedDetails: details, selection: { ...now, id: details.id } });
  }
}
