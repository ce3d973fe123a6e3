import { WebMercatorViewport } from '@deck.gl/core';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { formatHash, parseHash } from '../data/hash.ts';
import type { BundleManifest } from '../data/bundle/manifest.ts';
import { SimulationClock, type ClockMode } from '../data/clock.ts';
import { bundleUrl, DataLoadError, decodeNetworkFile, loadBundleFile, loadManifest } from '../data/loader.ts';
import { prefetchedFetch } from '../data/prefetch.ts';
import { NO_TRAIN } from '../data/trains/train-codes.ts';
import { TrainFeed, type WorkerPort } from '../data/trains/train-feed.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../layers/track-uniforms.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import { lightChanged, type LightSummary } from '../data/light/light-state.ts';
import { lightFor, linkLight } from './light-link.ts';
import { createRenderStats, type RenderStats } from '../render-stats.ts';
import { BUILT_IN_LAYERS, createAppStore, type AppStore, type EcoMode, type SearchMode, type ViewMode, type ViewState } from '../store.ts';
import { App } from '../ui/App.tsx';
import { assetBase, ensureLibraryStyles } from './asset-base.ts';
import { Evented } from './evented.ts';
import {
  MapOptionError,
  resolveMapOptions,
  validateBearing,
  validateCenter,
  validatePitch,
  validateZoom,
  type LngLatLike,
  type MapOptions,
  type ResolvedMapOptions,
  type TrackingMode,
  validateOneOf,
  TRACKING_MODES,
  DEPRECATED_TRACKING_MODES,
} from './options.ts';
import { parseSelectionId, toOdptId, type ParsedId } from '../data/ids.ts';
import { selectStation } from '../select-station.ts';

/** Events of {@link Map}. */
export interface MapEvents {
  /** The network is drawn for the first time. */
  load: undefined;
  /** Something failed; `message` says what, where and why. */
  error: { message: string; error?: unknown };
  /**
   * A train, flight or station was selected; `selection` is its id without prefix (`odpt.Train:`,
   * `odpt.FlightInformationArrival:` / `odpt.FlightInformationDeparture:`, `odpt.Station:`).
   */
  selection: { selection: string };
  /** The selection ended. */
  deselection: undefined;
  /** The tracking viewpoint changed. */
  trackingmode: { mode: TrackingMode };
  /** The view switched between ground and underground. */
  viewmode: { mode: ViewMode };
  /** The clock switched between real time and playback. */
  clockmode: { mode: ClockMode };
  /** Eco mode was switched on or off. */
  ecomode: { mode: EcoMode };
  /** The route search panels opened, switched between criteria (`edit`) and journeys (`route`), or closed (`none`). */
  searchmode: { mode: SearchMode };
  /** The light on the map changed (colour, or intensity by 0.005 or more): the same as {@link Map.getLight}. */
  light: LightSummary;
}

/** Camera options of {@link Map.jumpTo}, {@link Map.easeTo} and {@link Map.flyTo}. */
export interface CameraOptions {
  center?: LngLatLike;
  zoom?: number;
  bearing?: number;
  pitch?: number;
  /** Transition length in milliseconds (easeTo, flyTo). */
  duration?: number;
}

const HASH_THROTTLE_MS = 300;
/** Longest wait for the network to be decoded before the map is mounted anyway, ms. */
const MOUNT_WAIT_MS = 400;

/** Resolves options; an invalid option is reported and replaced by its default so the map still starts. */
function resolveLeniently(input: MapOptions, env: Parameters<typeof resolveMapOptions>[1]) {
  const errors: MapOptionError[] = [];
  let attempt: Record<string, unknown> = typeof input === 'object' && input !== null ? { ...input } : (input as never);
  for (;;) {
    try {
      const { options, notices } = resolveMapOptions(attempt, env);
      return { options, notices, errors };
    } catch (e) {
      if (!(e instanceof MapOptionError)) throw e;
      errors.push(e);
      const key = e.option.split(/[.[]/)[0];
      if (key === 'container' || key === 'options' || !(key in attempt)) return { options: null, notices: [], errors };
      attempt = { ...attempt };
      delete attempt[key];
    }
  }
}

function defaultUrls() {
  const base = assetBase();
  return {
    dataUrl: new URL('data/', base).href,
    basemapUrl: new URL('basemap/tokyo.pmtiles', base).href,
    glyphsUrl: decodeURI(new URL('basemap/fonts/{fontstack}/{range}.pbf', base).href),
  };
}

/**
 * A real-time 3D map of Tokyo public transport, mounted into a container
 * element. Invalid options fire an `error` event naming the option, the value
 * and the allowed values, and fall back to the default (an invalid container
 * leaves nothing to mount into).
 */
export class Map extends Evented<MapEvents> {
  private store: AppStore | null = null;
  private root: Root | null = null;
  private options: ResolvedMapOptions | null = null;
  private cleanups: (() => void)[] = [];
  private removed = false;
  private readonly stats = createRenderStats();

  constructor(options: MapOptions) {
    super();
    const { options: resolved, notices, errors } = resolveLeniently(options, { defaults: defaultUrls() });
    for (const notice of notices) console.warn(`[map] ${notice}`);
    // Fired after the constructor returns, so that `new Map(...).on('error', ...)` hears it.
    for (const error of errors) setTimeout(() => this.fire('error', { message: error.message, error }), 0);
    if (!resolved) return;
    this.options = resolved;
    ensureLibraryStyles();
    if (resolved.accessToken === undefined && resolved.mapStyle && /mapbox:\/\/|api\.mapbox\.com/.test(resolved.mapStyle)) {
      setTimeout(() => this.fire('error', { message: `Missing option "accessToken": the map style ${resolved.mapStyle} needs a map access token (starting with "pk.").` }), 0);
    }

    const hashView = resolved.hash ? parseHash(location.hash) : null;
    const viewState: ViewState = hashView
      ? { longitude: hashView.lng, latitude: hashView.lat, zoom: hashView.zoom, bearing: hashView.bearing, pitch: hashView.pitch }
      : { longitude: resolved.center[0], latitude: resolved.center[1], zoom: resolved.zoom, bearing: resolved.bearing, pitch: resolved.pitch };
    const clock = new SimulationClock({ time: resolved.time });
    const pinned = resolved.theme === 'auto' ? null : resolved.theme;
    const light = lightFor({ clock, viewState, viewMode: 'ground' }, pinned);
    const store = createAppStore({
      viewState,
      lang: resolved.lang,
      theme: light.darkBackground ? 'dark' : 'light',
      light,
      clock,
      trackingMode: resolved.trackingMode,
      ecoMode: resolved.ecoMode,
      ecoFrameRate: resolved.ecoFrameRate,
    });
    this.store = store;

    this.cleanups.push(linkLight(store, pinned));
    if (resolved.hash) this.syncHash(store);
    this.cleanups.push(store.subscribe((s, previous) => this.fireStoreEvents(s, previous)));

    // Load the network first and mount the map once it is decoded (or after MOUNT_WAIT_MS): creating the map's WebGL
    // contexts holds the main thread for a second or more under software WebGL, and the download and decoding would
    // otherwise wait for it.
    const data = this.requestData(resolved.dataUrl);
    const decoded = this.loadData(resolved.dataUrl, data);
    const mount = () => {
      if (this.removed) return;
      this.root = createRoot(resolved.container);
      this.root.render(
        createElement(App, {
          store,
          basemap: { pmtilesUrl: resolved.basemapUrl, glyphsUrl: resolved.glyphsUrl, mapStyle: resolved.mapStyle },
          stats: this.stats,
          controls: {
            clockControl: resolved.clockControl,
            navigationControl: resolved.navigationControl,
            modeControl: resolved.modeControl,
            configControl: resolved.configControl,
            searchControl: resolved.searchControl,
            fullscreenControl: resolved.fullscreenControl,
          },
        }),
      );
    };
    void Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, MOUNT_WAIT_MS))]).then(mount);
  }

  /** Turns store changes into the public events. */
  private fireStoreEvents(s: ReturnType<AppStore['getState']>, previous: ReturnType<AppStore['getState']>) {
    if (s.networkDrawn && !previous.networkDrawn) {
      performance.mark(PERFORMANCE_MARKS.networkDrawn);
      this.fire('load');
      // Trains start once the network is on screen: the worker's start-up (its script, the timetable download and
      // decoding) would otherwise compete with the first view.
      if (s.manifest && !this.removed) this.startTrains(this.options!.dataUrl, s.manifest, document.baseURI);
      if (this.options!.selection?.kind === 'station') this.selectStationById(this.options!.selection.id);
    }
    const id = s.selection?.id || s.flightSelection?.id || s.stationSelection?.id || null;
    const previousId = previous.selection?.id || previous.flightSelection?.id || previous.stationSelection?.id || null;
    if (id && id !== previousId) this.fire('selection', { selection: id });
    if (!s.selection && !s.flightSelection && !s.stationSelection && (previous.selection || previous.flightSelection || previous.stationSelection)) this.fire('deselection');
    if (s.trackingMode !== previous.trackingMode) this.fire('trackingmode', { mode: s.trackingMode });
    if (s.viewMode !== previous.viewMode) this.fire('viewmode', { mode: s.viewMode });
    if (s.clockMode !== previous.clockMode) this.fire('clockmode', { mode: s.clockMode });
    if (s.ecoMode !== previous.ecoMode) this.fire('ecomode', { mode: s.ecoMode });
    if (s.searchMode !== previous.searchMode) this.fire('searchmode', { mode: s.searchMode });
    if (s.light !== previous.light && lightChanged(this.lastLight, s.light.summary)) {
      this.lastLight = s.light.summary;
      this.fire('light', { ...s.light.summary });
    }
  }

  private lastLight: LightSummary | null = null;

  /** The light on the map now: its colour (`#rrggbb`) and intensity (0 = none, 1 = full day). */
  getLight(): LightSummary {
    const summary = this.store?.getState().light.summary;
    return summary ? { ...summary } : { color: '#ffffff', intensity: 1 };
  }

  /** Whether the map is dark under the interface (night, dusk, a dark theme or the underground view), so light text is needed. */
  hasDarkBackground(): boolean {
    return this.store?.getState().light.darkBackground ?? false;
  }

  /** Requests the manifest and then the network file (taking the app page's prefetched responses when there are any). */
  private requestData(dataUrl: string) {
    const base = document.baseURI;
    const fetchImpl = prefetchedFetch();
    const manifest = loadManifest(dataUrl, base, fetchImpl);
    const network = manifest.then((m) => loadBundleFile(dataUrl, m.network.file, base, fetchImpl));
    network.catch(() => undefined); // reported by loadData
    return { manifest, network };
  }

  /** Waits for the network and decodes it; settles when the network is decoded or failed. */
  private async loadData(dataUrl: string, data: ReturnType<Map['requestData']>): Promise<void> {
    const store = this.store!;
    store.setState({ dataStatus: 'loading' });
    try {
      const manifest = await data.manifest;
      const { url, bytes } = await data.network;
      performance.mark(PERFORMANCE_MARKS.networkFetched);
      const network = decodeNetworkFile(bytes, url);
      performance.mark(PERFORMANCE_MARKS.networkParsed);
      performance.measure(PERFORMANCE_MARKS.networkParse, PERFORMANCE_MARKS.networkFetched, PERFORMANCE_MARKS.networkParsed);
      if (this.removed) return;
      store.setState({ manifest, network, dataStatus: 'ready', staticUpdated: manifest.sourceModified });
    } catch (e) {
      const message = e instanceof DataLoadError ? e.message : `Could not load the data from ${dataUrl}: ${(e as Error).message}`;
      store.setState({ dataStatus: 'error', dataError: message });
      this.fire('error', { message, error: e });
    }
  }

  /** Starts the train simulation worker on the loaded bundle. */
  private startTrains(dataUrl: string, manifest: BundleManifest, base: string) {
    const store = this.store!;
    const worker = new Worker(new URL('../data/trains/train-worker.ts', import.meta.url), { type: 'module', name: 'trains' });
    const stats = this.stats;
    const feed = new TrainFeed(
      worker as unknown as WorkerPort,
      store.getState().clock,
      (message) => this.fire('error', { message }),
      undefined,
      (frame, receiveMs) => {
        stats.trainFrames++;
        stats.trainScriptMs += receiveMs;
        stats.trainComputeMs += frame.computeMs;
        stats.trains = frame.trainCount;
        stats.cars = frame.carCount;
      },
    );
    const url = (file: string) => bundleUrl(dataUrl, file, base);
    feed.init(
      url(manifest.network.file),
      { weekday: url(manifest.timetables.weekday.file), saturday: url(manifest.timetables.saturday.file), holiday: url(manifest.timetables.holiday.file) },
      { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES },
    );
    store.setState({ trainFeed: feed });
    const applyEcoMode = ({ ecoMode, ecoFrameRate }: ReturnType<AppStore['getState']>) => feed.setFrameRateLimit(ecoMode === 'eco' ? ecoFrameRate : 0);
    applyEcoMode(store.getState());
    const unsubscribeEco = store.subscribe((s, previous) => {
      if (s.ecoMode !== previous.ecoMode || s.ecoFrameRate !== previous.ecoFrameRate) applyEcoMode(s);
    });
    this.cleanups.push(() => {
      unsubscribeEco();
      feed.dispose();
    });
    // The ODPT client is not needed for the first view: its code loads with the train worker.
    const { secrets, realtime = {} } = this.options!;
    void import('./realtime-link.ts').then(
      ({ linkRealtime }) => {
        if (!this.removed) this.cleanups.push(linkRealtime(store, feed, secrets, realtime, (message) => this.fire('error', { message })));
      },
      (e: Error) => this.fire('error', { message: `Could not load the real-time client: ${e.message}` }),
    );
    const selection = this.options!.selection;
    if (selection?.kind === 'train') void this.selectTrain(selection.id);
    this.startFlights(manifest, base);
  }

  /** Starts the airplanes (after the first view; nothing more loads without an access token). */
  private startFlights(manifest: BundleManifest, base: string) {
    const store = this.store!;
    const { secrets, flights = {} } = this.options!;
    const stats = this.stats;
    void import('./flight-link.ts').then(
      ({ linkFlights }) => {
        if (this.removed) return;
        this.cleanups.push(
          linkFlights({
            store,
            manifest,
            base,
            secrets,
            options: flights,
            onError: (message) => this.fire('error', { message }),
            onPlan: (count) => (stats.flightsPlanned = count),
          }),
        );
      },
      (e: Error) => {
        store.setState({ flightState: 'failing' });
        this.fire('error', { message: `Could not load the airplanes: ${e.message}` });
      },
    ).finally(() => this.flightsLinked.resolve());
    const selection = this.options!.selection;
    if (selection?.kind === 'flight') void this.selectFlight(selection);
  }

  /** Settles once the flight link has loaded (or failed to); the airplanes start once the network is drawn. */
  private readonly flightsLinked = deferred();

  private syncHash(store: AppStore) {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let written = location.hash;
    const write = () => {
      timer = null;
      const { longitude, latitude, zoom, bearing, pitch } = store.getState().viewState;
      written = formatHash({ zoom, lat: latitude, lng: longitude, bearing, pitch });
      history.replaceState(history.state, '', written);
    };
    const unsubscribe = store.subscribe((s, previous) => {
      if (s.viewState !== previous.viewState && !timer) timer = setTimeout(write, HASH_THROTTLE_MS);
    });
    const onHashChange = () => {
      if (location.hash === written) return;
      const view = parseHash(location.hash);
      if (view) store.getState().requestCamera({ longitude: view.lng, latitude: view.lat, zoom: view.zoom, bearing: view.bearing, pitch: view.pitch }, 'jump');
    };
    window.addEventListener('hashchange', onHashChange);
    this.cleanups.push(() => {
      unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
      if (timer) clearTimeout(timer);
    });
  }

  private requireStore(): AppStore {
    if (!this.store) throw new Error('This map has no container to draw into (see the error event for the reason).');
    return this.store;
  }

  /** Centre of the map as {lng, lat}. */
  getCenter(): { lng: number; lat: number } {
    const { longitude, latitude } = this.requireStore().getState().viewState;
    return { lng: longitude, lat: latitude };
  }
  getZoom(): number {
    return this.requireStore().getState().viewState.zoom;
  }
  getBearing(): number {
    return this.requireStore().getState().viewState.bearing;
  }
  getPitch(): number {
    return this.requireStore().getState().viewState.pitch;
  }
  /** Sets the zoom (0–22) at once. */
  setZoom(zoom: number): this {
    return this.jumpTo({ zoom: validateZoom(zoom) });
  }

  private camera(options: CameraOptions, transition: 'jump' | 'ease' | 'fly'): this {
    const view: Partial<ViewState> = {};
    if (options.center !== undefined) [view.longitude, view.latitude] = validateCenter(options.center);
    if (options.zoom !== undefined) view.zoom = validateZoom(options.zoom);
    if (options.bearing !== undefined) view.bearing = validateBearing(options.bearing);
    if (options.pitch !== undefined) view.pitch = validatePitch(options.pitch);
    this.requireStore().getState().requestCamera(view, transition, options.duration); // the store turns it into a jump under reduced motion
    return this;
  }
  /** Moves the camera at once. */
  jumpTo(options: CameraOptions): this {
    return this.camera(options, 'jump');
  }
  /** Moves the camera with a smooth transition (immediate when the user prefers reduced motion). */
  easeTo(options: CameraOptions): this {
    return this.camera(options, 'ease');
  }
  /** Flies the camera along a zoom-out/zoom-in curve (curve 1.42, speed 1.2). */
  flyTo(options: CameraOptions): this {
    return this.camera(options, 'fly');
  }

  /** Counters of the drawing loop since the map was created (for benchmarks and diagnostics). */
  getRenderStats(): RenderStats {
    return { ...this.stats };
  }

  /** Shows (`'visible'`) or hides (`'none'`) a built-in layer: `railways`, `stations`, `station-names`, `trains`, `flights` or `buildings`. */
  setLayerVisibility(id: string, visibility: 'visible' | 'none'): this {
    const store = this.requireStore();
    if (!(BUILT_IN_LAYERS as readonly string[]).includes(id)) {
      this.fire('error', { message: `No layer "${id}" exists; the built-in layers are ${BUILT_IN_LAYERS.join(', ')}.` });
      return this;
    }
    const value = validateOneOf(visibility, 'visibility', ['visible', 'none'] as const);
    store.setState({ layerVisibility: { ...store.getState().layerVisibility, [id]: value === 'visible' } });
    return this;
  }

  /** Id (without prefix) of the selected train, flight or station, or null. */
  getSelection(): string | null {
    const state = this.requireStore().getState();
    return state.selection?.id || state.flightSelection?.id || state.stationSelection?.id || null;
  }

  /**
   * Selects and tracks a train by id (`odpt.Train:{operator}.{line}.{number}`, prefix optional), selects and tracks
   * a flight by id (`odpt.FlightInformationArrival:{operator}.{airport}.{flight number}` or
   * `odpt.FlightInformationDeparture:…`, prefix optional: without it, the arrival or departure on the map now),
   * selects a station's group by id (`odpt.Station:{operator}.{line}.{station}`, prefix optional; the camera flies
   * there and the station panel opens), or ends the selection with null. A train that is not running now, a flight
   * that is not in the air or on the runway now (or no airplanes without an access token), or an unknown station,
   * fires an `error` event.
   */
  setSelection(id: string | null): this {
    if (id === null) {
      this.requireStore().getState().deselect();
      return this;
    }
    const parsed = parseSelectionId(id);
    if (parsed?.kind === 'station') this.selectStationById(parsed.id);
    else if (parsed?.kind === 'flight') void this.selectFlight(parsed);
    else void this.selectTrain(id);
    return this;
  }

  /** The loaded airplanes once their first flight information is in, or null with the reason. */
  private async flightsReady(): Promise<{ feed: NonNullable<ReturnType<AppStore['getState']>['flights']>['feed'] } | { reason: string }> {
    const store = this.requireStore();
    await this.flightsLinked.promise;
    // The link sets `flights` once the flights file has loaded; wait for it or for a state that means it never will.
    const handle = store.getState().flights ?? (await new Promise<ReturnType<AppStore['getState']>['flights']>((resolve) => {
      const check = (s: ReturnType<AppStore['getState']>) => {
        if (s.flights || s.flightState === 'no-token' || s.flightState === 'failing' || this.removed) {
          unsubscribe();
          resolve(s.flights);
        }
      };
      const unsubscribe = store.subscribe(check);
      check(store.getState());
    }));
    if (!handle) {
      const state = store.getState().flightState;
      return { reason: state === 'no-token' ? 'no flight information is shown without an access token (secrets.odpt)' : 'the flight information could not be loaded' };
    }
    await handle.ready;
    return { feed: handle.feed };
  }

  private async selectFlight(parsed: ParsedId) {
    const input = toOdptId(parsed);
    const ready = await this.flightsReady();
    if (this.removed) return;
    if ('reason' in ready) {
      this.fire('error', { message: `Flight "${parsed.id}" cannot be selected: ${ready.reason}.` });
      return;
    }
    const key = ready.feed.find(parsed.direction ? input : parsed.id);
    const planned = key ? ready.feed.flight(key) : null;
    if (!key || !planned || !ready.feed.stateOf(key)) {
      this.fire('error', { message: `Flight "${parsed.id}" is not in the air or on the runway at the current time; nothing was selected.` });
      return;
    }
    this.requireStore().getState().selectFlight({ kind: 'flight', key, id: planned.id, direction: planned.kind });
  }

  /**
   * Where flight `id` (`odpt.FlightInformationArrival:` or `odpt.FlightInformationDeparture:` prefix optional) is
   * drawn now: longitude, latitude, altitude (metres above the runway) and heading (degrees), or null when it is not
   * on the map (not in the air or on the runway near now, or airplanes not shown).
   */
  async getFlightPosition(id: string): Promise<{ lng: number; lat: number; altitude: number; bearing: number } | null> {
    const parsed = parseSelectionId(id);
    const feed = this.requireStore().getState().flights?.feed;
    if (!parsed || parsed.kind !== 'flight' || !feed) return null;
    const key = feed.find(parsed.direction ? toOdptId(parsed) : parsed.id);
    const state = key ? feed.stateOf(key) : null;
    return state ? { lng: state.lng, lat: state.lat, altitude: state.altitude, bearing: state.heading } : null;
  }

  private selectStationById(id: string) {
    const store = this.requireStore();
    const network = store.getState().network;
    if (!network) return;
    const station = network.stationIndex.get(id);
    const container = this.getContainer();
    const size = container ? { width: container.clientWidth, height: container.clientHeight } : undefined;
    if (station === undefined || !selectStation(store, station, size)) this.fire('error', { message: `Station "${id}" is not on the map; nothing was selected.` });
  }

  private async selectTrain(input: string) {
    const parsed = parseSelectionId(input);
    if (!parsed || parsed.kind !== 'train') {
      this.fire('error', {
        message: `Invalid selection "${input}": expected a train id such as "odpt.Train:JR-East.Yamanote.400G", a flight id such as "odpt.FlightInformationDeparture:HND-JAT.HND.JL163" or a station id such as "odpt.Station:JR-East.Yamanote.Shinjuku".`,
      });
      return;
    }
    const store = this.requireStore();
    const feed = store.getState().trainFeed;
    if (!feed) return;
    const train = await feed.find(parsed.id);
    if (train === NO_TRAIN) {
      this.fire('error', { message: `Train "${parsed.id}" is not running at the current time; nothing was selected.` });
      return;
    }
    store.getState().select({ kind: 'train', train, id: parsed.id });
  }

  /**
   * Where train `id` (`odpt.Train:` prefix optional) is drawn now: its head's
   * longitude, latitude, altitude (metres) and heading (degrees), or null when
   * it is not running or not drawn.
   */
  async getTrainPosition(id: string): Promise<{ lng: number; lat: number; altitude: number; bearing: number } | null> {
    const parsed = parseSelectionId(id);
    const feed = this.requireStore().getState().trainFeed;
    if (!parsed || parsed.kind !== 'train' || !feed) return null;
    const train = await feed.find(parsed.id);
    const frame = feed.latest();
    if (train === NO_TRAIN || !frame) return null;
    for (let k = 0; k < frame.trainCount; k++) {
      if (frame.trains[k] !== train) continue;
      const [lng, lat, altitude, bearing] = frame.heads.subarray(k * 4, k * 4 + 4);
      return { lng, lat, altitude, bearing };
    }
    return null;
  }

  /** The tracking viewpoint. */
  getTrackingMode(): TrackingMode {
    return this.requireStore().getState().trackingMode;
  }

  /** Sets the tracking viewpoint (one of the eight; "heading" is accepted and means "topback"). */
  setTrackingMode(mode: TrackingMode | 'heading'): this {
    const resolved = mode === 'heading' ? DEPRECATED_TRACKING_MODES.heading : validateOneOf(mode, 'trackingMode', TRACKING_MODES);
    this.requireStore().getState().setTrackingMode(resolved);
    return this;
  }

  /** The interface language in use (the `lang` option, or the browser's language, resolved to a supported one). */
  getLanguage(): string {
    return this.requireStore().getState().lang;
  }

  /** `realtime` (the present, with real-time delays) or `playback` (a chosen time and speed, timetables only). */
  getClockMode(): ClockMode {
    return this.requireStore().getState().clockMode;
  }

  /** Switches the clock between real time and playback (playback starts from the time shown, at 1×). */
  setClockMode(mode: ClockMode): this {
    this.requireStore().getState().setClockMode(validateOneOf(mode, 'clockMode', ['realtime', 'playback'] as const));
    return this;
  }

  /** The route search panels: `none` (closed), `edit` (criteria) or `route` (journeys shown). */
  getSearchMode(): SearchMode {
    return this.requireStore().getState().searchMode;
  }

  /** `normal` (what moves is redrawn at the display's rate) or `eco` (at `ecoFrameRate` frames per second). */
  getEcoMode(): EcoMode {
    return this.requireStore().getState().ecoMode;
  }

  /** Switches eco mode on (`eco`) or off (`normal`); camera moves stay smooth either way. */
  setEcoMode(mode: EcoMode): this {
    this.requireStore().getState().setEcoMode(validateOneOf(mode, 'ecoMode', ['normal', 'eco'] as const));
    return this;
  }

  /** "ground" or "underground". */
  getViewMode(): ViewMode {
    return this.requireStore().getState().viewMode;
  }

  setViewMode(mode: ViewMode): this {
    this.requireStore().getState().setViewMode(validateOneOf(mode, 'viewMode', ['ground', 'underground'] as const));
    return this;
  }

  /** Screen position (pixels from the container's top left) of a longitude/latitude (and altitude in metres). */
  project(lngLat: LngLatLike, altitude = 0): { x: number; y: number } {
    const [lng, lat] = validateCenter(lngLat, 'lngLat');
    const { longitude, latitude, zoom, bearing, pitch } = this.requireStore().getState().viewState;
    const { clientWidth: width, clientHeight: height } = this.options!.container;
    const [x, y] = new WebMercatorViewport({ width, height, longitude, latitude, zoom, bearing, pitch }).project([lng, lat, altitude]);
    return { x, y };
  }

  /** The element the map is drawn in. */
  getContainer(): HTMLElement | null {
    return this.options?.container ?? null;
  }

  /** Removes the map from the page and stops its timers. */
  remove(): void {
    this.removed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.root?.unmount();
    this.root = null;
  }
}

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
