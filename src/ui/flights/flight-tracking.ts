import { flightTrackingTarget } from '../../data/flights/flight-camera.ts';
import type { FlightFeed } from '../../data/flights/flight-feed.ts';
import type { CameraView } from '../../data/tracking-view.ts';
import { selected, type AppStore } from '../../store.ts';
import { CameraFollower } from '../camera-follower.ts';

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
  private readonly camera: CameraFollower;

  constructor(
    private readonly store: AppStore,
    private readonly feed: FlightFeed,
    applyCamera: (view: CameraView) => void,
    private readonly height: () => number,
  ) {
    this.camera = new CameraFollower(applyCamera);
    this.unsubscribeFeed = feed.subscribe(() => this.onFrame());
    this.unsubscribeStore = store.subscribe((s, previous) => {
      const flight = selected(s, 'flight');
      const before = selected(previous, 'flight');
      if (flight?.key !== before?.key || (flight && s.trackingMode !== previous.trackingMode)) {
        this.camera.settle();
        this.camera.reset();
        // Ask for a frame now: the camera moves there without waiting for the next one.
        if (flight) feed.request();
      }
      if (!flight && before && !selected(s, 'train')) applyCamera(s.viewState); // drops the room kept for the panel
    });
    if (selected(store.getState(), 'flight')) feed.request();
  }

  dispose(): void {
    this.unsubscribeFeed();
    this.unsubscribeStore();
  }

  private onFrame() {
    const state = this.store.getState();
    const selection = selected(state, 'flight');
    if (!selection) return;
    const now = state.clock.now();
    const flight = this.feed.flight(selection.key);
    const aircraft = this.feed.scratchState(selection.key, now);
    if (!flight || !aircraft) {
      // Off the map: its course has ended (or it has not started yet, in which case tracking waits).
      if (!flight || now > flight.runwayTime) state.deselect('flight');
      return;
    }
    const pose = { lng: aircraft.lng, lat: aircraft.lat, altitude: aircraft.altitude, bearing: aircraft.heading };
    this.camera.step(state, (seconds) => flightTrackingTarget(state.trackingMode, pose, state.viewState, seconds, this.height()));
  }
}
