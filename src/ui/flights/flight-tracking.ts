import { flightTrackingTarget } from '../../data/flights/flight-camera.ts';
import type { FlightFeed } from '../../data/flights/flight-feed.ts';
import { easeCamera, type CameraView } from '../../data/tracking-view.ts';
import { prefersReducedMotion } from '../../reduced-motion.ts';
import type { AppStore } from '../../store.ts';

/** Seconds over which the camera settles after tracking starts or the viewpoint changes. */
const SETTLE_TAU = 0.35;
/** Smoothing once settled (as for trains). */
const FOLLOW_TAU = { position: 0.04, other: 0.18 };

/**
 * Drives the camera while a flight is tracked, as the train tracking
 * controller does for trains: on every aircraft frame it computes the
 * viewpoint's target for the aircraft, at its altitude (see
 * `data/flights/flight-camera.ts`), and eases towards it. Tracking ends when
 * the flight leaves the map (climbed out of its course, or off the runway).
 */
export class FlightTrackingController {
  private readonly unsubscribeFeed: () => void;
  private readonly unsubscribeStore: () => void;
  private last: { view: CameraView; time: number } | null = null;
  private settleUntil = 0;
  private readonly started = performance.now();

  constructor(
    private readonly store: AppStore,
    private readonly feed: FlightFeed,
    private readonly applyCamera: (view: CameraView) => void,
    private readonly height: () => number,
  ) {
    this.unsubscribeFeed = feed.subscribe(() => this.onFrame());
    this.unsubscribeStore = store.subscribe((s, previous) => {
      if (s.flightSelection?.key !== previous.flightSelection?.key || (s.flightSelection && s.trackingMode !== previous.trackingMode)) {
        this.settleUntil = performance.now() + 1500;
        this.last = null;
        // Ask for a frame now: the camera moves there without waiting for the next one.
        if (s.flightSelection) feed.request();
      }
      if (!s.flightSelection && previous.flightSelection && !s.selection) this.applyCamera(s.viewState); // drops the room kept for the panel
    });
    if (store.getState().flightSelection) feed.request();
  }

  dispose(): void {
    this.unsubscribeFeed();
    this.unsubscribeStore();
  }

  private onFrame() {
    const state = this.store.getState();
    const selection = state.flightSelection;
    if (!selection) return;
    const now = state.clock.now();
    const flight = this.feed.flight(selection.key);
    const aircraft = this.feed.scratchState(selection.key, now);
    if (!flight || !aircraft) {
      // Off the map: its course has ended (or it has not started yet, in which case tracking waits).
      if (!flight || now > flight.runwayTime) state.selectFlight(null);
      return;
    }
    const time = performance.now();
    const current = this.last?.view ?? state.viewState;
    const pose = { lng: aircraft.lng, lat: aircraft.lat, altitude: aircraft.altitude, bearing: aircraft.heading };
    const target = flightTrackingTarget(state.trackingMode, pose, state.viewState, (time - this.started) / 1000, this.height());
    const settling = time < this.settleUntil;
    const tau = prefersReducedMotion() ? 0 : settling ? SETTLE_TAU : state.trackingMode === 'position' ? FOLLOW_TAU.position : FOLLOW_TAU.other;
    const dt = this.last ? (time - this.last.time) / 1000 : 1;
    const view = easeCamera(current, target, dt, tau);
    this.last = { view, time };
    this.applyCamera(view);
  }
}
