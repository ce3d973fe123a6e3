import type { Calendar } from '../bundle/timetable-format.ts';
import type { SimulationClock } from '../clock.ts';
import type { TrackDimensions } from '../track-position.ts';
import type { CityRealtimeSummary } from '../gtfs/city-realtime-poller.ts';
import type { CityRealtimeFeed } from './trip-delays.ts';
import type { RealtimeReport } from './realtime-overlay.ts';
import type { TrainDetails } from './train-details.ts';
import type { DepartureGroup } from './departures.ts';
import { NO_TRAIN } from './train-codes.ts';
import { frameBuffers, type TrainFrame } from './train-frame-format.ts';
import type { ViewArea, ViewDepth } from '../geometry/view-area.ts';
import type { CityTimetables, FrameRequest, RouteAnswer, RoutePage, TrainWorkerEvents, TrainWorkerMethods, TrainWorkerReady } from './worker-protocol.ts';
import { WorkerChannel } from '../worker/channel.ts';
import type { ChannelPort } from '../worker/wire.ts';

/**
 * Main-thread side of the train simulation: asks the worker for frames at
 * the clock's current time, keeps the newest, and hands used frames back for
 * reuse. At most one frame is in flight, so the worker paces itself to the
 * display and a slow machine skips time instead of queueing work.
 *
 * A question the worker fails to answer fires `onError` and resolves with
 * nothing (no details, no departures, no train, a route answer with the error).
 */
export class TrainFeed {
  private readonly channel: WorkerChannel<TrainWorkerMethods, TrainWorkerEvents>;
  private frame: TrainFrame | null = null;
  private spare: TrainFrame | null = null;
  private inFlight = false;
  private ready = false;
  private listeners = new Set<() => void>();
  private readyWaiters: (() => void)[] = [];
  private selected = NO_TRAIN;
  /** The frame request, reused (posting clones it). */
  private readonly frameRequest: FrameRequest = { time: 0, zoom: 0, area: null, depth: null, selected: NO_TRAIN, recycle: null };
  private disposed = false;
  /** Shortest time between two frame requests, ms (eco mode); 0 to follow the display. */
  private minInterval = 0;
  private lastRequest = -Infinity;
  /** A request held back by {@link minInterval}, and its timer. */
  private deferred: { zoom: number; area: ViewArea | null; depth: ViewDepth | null } | null = null;
  private deferTimer: ReturnType<typeof setTimeout> | null = null;
  /** Service day of the newest frame. */
  calendar: Calendar | null = null;
  serviceDate: string | null = null;

  /** @param worker the train worker (`train-worker.ts`), or a stand-in in tests */
  constructor(
    worker: ChannelPort,
    private readonly clock: SimulationClock,
    private readonly onError: (message: string) => void,
    private readonly onReady?: (info: TrainWorkerReady) => void,
    /** Called for each frame with the main-thread time spent receiving it. */
    private readonly onFrame?: (frame: TrainFrame, receiveMs: number) => void,
  ) {
    this.channel = new WorkerChannel(worker, {
      failureMessage: (detail) => `its worker failed (${detail || 'its script could not be loaded'}).`,
      onPostError: (_method, error) => {
        this.inFlight = false;
        this.report(error);
      },
    });
    this.channel.on('frame', (frame) => this.receive(frame));
    this.channel.on('error', (message) => {
      this.inFlight = false;
      this.onError(message);
    });
  }

  /** Starts the worker on a network and its timetables (and a city bundle's dated timetables and clock zone). */
  init(networkUrl: string, timetableUrls: Record<Calendar, string>, dims: TrackDimensions, city?: CityTimetables): void {
    this.channel.call('init', { networkUrl, timetableUrls, dims, time: this.clock.now(), ...(city ? { city } : {}) }).then(
      (info) => this.becomeReady(info),
      (error: Error) => this.report(error),
    );
  }

  latest(): TrainFrame | null {
    return this.frame;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Simulated time at which the current selection was made (frames older than this may not show it yet). */
  selectedSince: number | null = null;

  /** Marks a train as selected (drawn highlighted, reported in frames); NO_TRAIN for none. */
  select(train: number): void {
    this.selected = train;
    this.selectedSince = train !== NO_TRAIN ? this.clock.now() : null;
  }

  /**
   * Limits the frame rate of what moves (eco mode): at most `framesPerSecond`
   * frames a second, or the display's rate with 0. Requests in between are
   * held back and the latest is sent when its time comes.
   */
  setFrameRateLimit(framesPerSecond: number): void {
    this.minInterval = framesPerSecond > 0 ? 1000 / framesPerSecond : 0;
    if (this.deferTimer !== null) {
      clearTimeout(this.deferTimer);
      this.deferTimer = null;
      const held = this.deferred;
      this.deferred = null;
      if (held) this.request(held.zoom, held.area, held.depth);
    }
  }

  request(zoom: number, area?: ViewArea | null, depth?: ViewDepth | null): void {
    if (!this.ready || this.inFlight) return;
    const wait = this.lastRequest + this.minInterval - performance.now();
    if (wait > 0) {
      this.deferred = { zoom, area: area ?? null, depth: depth ?? null };
      this.deferTimer ??= setTimeout(() => {
        this.deferTimer = null;
        const held = this.deferred;
        this.deferred = null;
        if (held) this.request(held.zoom, held.area, held.depth);
      }, wait);
      return;
    }
    this.lastRequest = performance.now();
    this.inFlight = true;
    const recycle = this.spare;
    this.spare = null;
    const next = this.frameRequest;
    next.time = this.clock.now();
    next.zoom = zoom;
    next.area = area ?? null;
    next.depth = depth ?? null;
    next.selected = this.selected;
    next.recycle = recycle;
    this.channel.post('frame', next, recycle ? frameBuffers(recycle) : undefined);
    next.area = next.depth = next.recycle = null;
  }

  /** Details of a train at the current time, for popups and the tracking timetable. */
  details(train: number, zoom: number): Promise<TrainDetails | null> {
    return this.ask(this.channel.call('details', { train, time: this.clock.now(), zoom }), null);
  }

  /** The next `count` departures per line and direction from `stations` (station indices) at the current time; null while the day's timetable loads. */
  departures(stations: number[], count = 2): Promise<DepartureGroup[] | null> {
    return this.ask(this.channel.call('departures', { stations, time: this.clock.now(), count }), null);
  }

  /**
   * Journeys from `from` to `to` (station indices) leaving at or after `departure` (seconds of today's service
   * day), or the ones after or before `reference` (`page`). Builds the routing index on the first search.
   */
  route(from: number[], to: number[], departure: number, page: RoutePage = 'first', reference?: { departure: number; arrival: number }): Promise<RouteAnswer> {
    return this.channel.call('route', { from, to, departure, time: this.clock.now(), page, reference }).catch((error: Error) => {
      this.report(error);
      return { result: null, error: error.message };
    });
  }

  /** Lays real-time reports over the timetables (or switches them off in playback). */
  setRealtime(reports: RealtimeReport[], enabled: boolean): void {
    this.channel.post('realtime', { reports, enabled, time: this.clock.now() });
  }

  /**
   * Lays a city bundle's GTFS Realtime feed `url` (trip updates or vehicle positions) over the timetables (null drops
   * its data, absent keeps it while `enabled` changes). Rejects when the worker fails; the caller reports it.
   */
  applyCityRealtime(url: string, feed: CityRealtimeFeed | null | undefined, enabled: boolean): Promise<CityRealtimeSummary> {
    return this.channel.call('cityRealtime', { url, ...(feed === undefined ? {} : { feed }), enabled, time: this.clock.now() });
  }

  /** The timetable index of train `id` ("{operator}.{line}.{number}") running now, or −1. Waits for the worker to be ready. */
  async find(id: string): Promise<number> {
    if (!this.ready) await new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    return this.ask(this.channel.call('find', { id, time: this.clock.now() }), NO_TRAIN);
  }

  /** Stops the worker; questions still waiting resolve with nothing. */
  dispose(): void {
    this.disposed = true;
    if (this.deferTimer !== null) clearTimeout(this.deferTimer);
    this.channel.terminate('the train simulation was stopped.');
    this.listeners.clear();
  }

  private becomeReady(info: TrainWorkerReady) {
    this.ready = true;
    this.calendar = info.calendar;
    this.serviceDate = info.serviceDate;
    this.onReady?.(info);
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    this.notify();
  }

  private receive(frame: TrainFrame) {
    const started = performance.now();
    this.inFlight = false;
    this.spare = this.frame;
    this.frame = frame;
    this.calendar = frame.calendar;
    this.serviceDate = frame.serviceDate;
    this.notify();
    this.onFrame?.(frame, performance.now() - started);
  }

  /** The worker's answer, or `fallback` after reporting why there is none. */
  private ask<T>(answer: Promise<T>, fallback: T): Promise<T> {
    return answer.catch((error: Error) => {
      this.report(error);
      return fallback;
    });
  }

  /** Reports a failure of the worker (not after {@link dispose}: questions then just end). */
  private report(error: Error) {
    if (!this.disposed) this.onError(`Train simulation: ${error.message}`);
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}
