import type { Calendar } from '../bundle/timetable-format.ts';
import type { SimulationClock } from '../clock.ts';
import type { TrackDimensions } from '../track-position.ts';
import type { RealtimeReport } from './realtime-overlay.ts';
import type { TrainDetails } from './train-details.ts';
import type { DepartureGroup } from './departures.ts';
import { NO_TRAIN } from './train-codes.ts';
import { frameBuffers, type TrainFrame } from './train-frame-format.ts';
import type { ViewArea, ViewDepth } from '../geometry/view-area.ts';
import type { RoutePage, WorkerRequest, WorkerResponse } from './worker-protocol.ts';
import type { RouteSearchResult } from '../routing/journey.ts';

/** The part of a Worker the feed uses (a real Worker, or a stand-in in tests). */
export interface WorkerPort {
  postMessage(message: WorkerRequest, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null;
  terminate(): void;
}

/**
 * Main-thread side of the train simulation: asks the worker for frames at
 * the clock's current time, keeps the newest, and hands used frames back for
 * reuse. At most one frame is in flight, so the worker paces itself to the
 * display and a slow machine skips time instead of queueing work.
 */
export class TrainFeed {
  private frame: TrainFrame | null = null;
  private spare: TrainFrame | null = null;
  private inFlight = false;
  private ready = false;
  private listeners = new Set<() => void>();
  /** Answers awaited from the worker, by request id. */
  private pending = new Map<number, (answer: never) => void>();
  private readyWaiters: (() => void)[] = [];
  private nextRequestId = 1;
  private selected = NO_TRAIN;
  /** Shortest time between two frame requests, ms (eco mode); 0 to follow the display. */
  private minInterval = 0;
  private lastRequest = -Infinity;
  /** A request held back by {@link minInterval}, and its timer. */
  private deferred: { zoom: number; area: ViewArea | null; depth: ViewDepth | null } | null = null;
  private deferTimer: ReturnType<typeof setTimeout> | null = null;
  /** Service day of the newest frame. */
  calendar: Calendar | null = null;
  serviceDate: string | null = null;

  constructor(
    private readonly worker: WorkerPort,
    private readonly clock: SimulationClock,
    private readonly onError: (message: string) => void,
    private readonly onReady?: (info: { calendar: Calendar; serviceDate: string; trainCount: number }) => void,
    /** Called for each frame with the main-thread time spent receiving it. */
    private readonly onFrame?: (frame: TrainFrame, receiveMs: number) => void,
  ) {
    worker.onmessage = (event) => this.receive(event.data);
  }

  /** Starts the worker on a network and its timetables. */
  init(networkUrl: string, timetableUrls: Record<Calendar, string>, dims: TrackDimensions): void {
    this.worker.postMessage({ type: 'init', networkUrl, timetableUrls, dims, time: this.clock.now() });
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
    this.worker.postMessage({ type: 'frame', time: this.clock.now(), zoom, area: area ?? null, depth: depth ?? null, selected: this.selected, recycle }, recycle ? frameBuffers(recycle) : []);
  }

  /** Details of a train at the current time, for popups and the tracking timetable. */
  details(train: number, zoom: number): Promise<TrainDetails | null> {
    return this.ask((requestId) => ({ type: 'details', requestId, train, time: this.clock.now(), zoom }));
  }

  /** The next `count` departures per line and direction from `stations` (station indices) at the current time; null while the day's timetable loads. */
  departures(stations: number[], count = 2): Promise<DepartureGroup[] | null> {
    return this.ask((requestId) => ({ type: 'departures', requestId, stations, time: this.clock.now(), count }));
  }

  /**
   * Journeys from `from` to `to` (station indices) leaving at or after `departure` (seconds of today's service
   * day), or the ones after or before `reference` (`page`). Builds the routing index on the first search.
   */
  route(from: number[], to: number[], departure: number, page: RoutePage = 'first', reference?: { departure: number; arrival: number }): Promise<{ result: RouteSearchResult | null; error?: string }> {
    return this.ask((requestId) => ({ type: 'route', requestId, from, to, departure, time: this.clock.now(), page, reference }));
  }

  /** Lays real-time reports over the timetables (or switches them off in playback). */
  setRealtime(reports: RealtimeReport[], enabled: boolean): void {
    this.worker.postMessage({ type: 'realtime', reports, enabled, time: this.clock.now() });
  }

  /** The timetable index of train `id` ("{operator}.{line}.{number}") running now, or −1. Waits for the worker to be ready. */
  async find(id: string): Promise<number> {
    if (!this.ready) await new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    return this.ask((requestId) => ({ type: 'find', requestId, id, time: this.clock.now() }));
  }

  dispose(): void {
    if (this.deferTimer !== null) clearTimeout(this.deferTimer);
    this.worker.terminate();
    this.listeners.clear();
  }

  private receive(message: WorkerResponse) {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.calendar = message.calendar;
        this.serviceDate = message.serviceDate;
        this.onReady?.(message);
        for (const resolve of this.readyWaiters.splice(0)) resolve();
        this.notify();
        break;
      case 'frame': {
        const started = performance.now();
        this.inFlight = false;
        this.spare = this.frame;
        this.frame = message.frame;
        this.calendar = message.calendar;
        this.serviceDate = message.serviceDate;
        this.notify();
        this.onFrame?.(message.frame, performance.now() - started);
        break;
      }
      case 'details':
        this.answer(message.requestId, message.details);
        break;
      case 'departures':
        this.answer(message.requestId, message.groups);
        break;
      case 'found':
        this.answer(message.requestId, message.train);
        break;
      case 'route':
        this.answer(message.requestId, { result: message.result, error: message.error });
        break;
      case 'error':
        this.inFlight = false;
        this.onError(message.message);
        break;
    }
  }

  /** Posts a request (built with its id) and resolves with the worker's answer to it. */
  private ask<T>(request: (requestId: number) => WorkerRequest): Promise<T> {
    const requestId = this.nextRequestId++;
    return new Promise<T>((resolve) => {
      this.pending.set(requestId, resolve as (answer: never) => void);
      this.worker.postMessage(request(requestId));
    });
  }

  private answer(requestId: number, answer: unknown) {
    const resolve = this.pending.get(requestId) as ((answer: unknown) => void) | undefined;
    this.pending.delete(requestId);
    resolve?.(answer);
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}
