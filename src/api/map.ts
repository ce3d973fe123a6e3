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
import { validateFiniteNumber } from './validators.ts';
import { checkLayer, type LayerInterface, type ThreeLayerInterface } from './layer-types.ts';
import { inZoomRange } from '../data/layer-zoom.ts';
import { checkPlugin, PluginRunner, type CheckedPlugin, type PluginInterface } from './plugin.ts';
import type { MapModes } from '../data/plugin-modes.ts';
import { linkGestureEvents, type MapGestureEvents } from './gesture-events.ts';
import { modelPosition, modelScale, type ModelPosition } from '../data/model-space.ts';
import type { Map as MapLibreMap } from 'maplibre-gl';
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
import { gtfsSelectionId, GTFS_SELECTION_PREFIX, parseGtfsSelectionId } from '../data/gtfs/feed-view.ts';
import type { DataSourceInfo, GtfsLink } from './gtfs-link.ts';
import { fail, formatOptionValue, resolveDataSource, type DataSourceOptions } from './options.ts';

/** Events of {@link Map}: its own, and the gesture and camera events of the map (see {@link MapGestureEvents}). */
export interface MapEvents extends MapGestureEvents {
  /** The network is drawn for the first time. */
  load: undefined;
  /** Something failed; `message` says what, where and why. */
  error: { message: string; error?: unknown };
  /**
   * A train, flight, station or GTFS vehicle was selected; `selection` is its id without prefix (`odpt.Train:`,
   * `odpt.FlightInformationArrival:` / `odpt.FlightInformationDeparture:`, `odpt.Station:`), or
   * `gtfs:<data source id>:<vehicle id>` for a vehicle of a data source.
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
export type { DataSourceInfo } from './gtfs-link.ts';

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

/** The id of what is selected: a train, flight or station (without prefix), or a GTFS vehicle (`gtfs:<source>:<vehicle>`). */
function selectionIdOf(s: ReturnType<AppStore['getState']>): string | null {
  return s.selection?.id || s.flightSelection?.id || s.stationSelection?.id || (s.gtfsSelection ? gtfsSelectionId(s.gtfsSelection) : null);
}

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
  /** Where markers, popups and panels added through the API live (over the map, under the controls). */
  private readonly overlay = typeof document === 'undefined' ? null : Object.assign(document.createElement('div'), { className: 'tt-api-overlay' });
  /** Ids of the data sources added and not removed, with their options (until the GTFS code has loaded). */
  private readonly dataSources = new globalThis.Map<string, { options: DataSourceOptions | null; path: string; fit: boolean; search?: string }>();
  private dataSourceCounter = 0;
  /** The GTFS link once loaded, and the promise of it. */
  private gtfsLink: GtfsLink | null = null;
  private gtfsLoading: Promise<GtfsLink | null> | null = null;

  constructor(options: MapOptions) {
    super();
    const { options: resolved, notices, errors } = resolveLeniently(options, { defaults: defaultUrls() });
    for (const notice of notices) console.warn(`[map] ${notice}`);
    // Fired after the constructor returns, so that `new Map(...).on('error', ...)` hears it.
    for (const error of errors) setTimeout(() => this.fire('error', { message: error.message, error }), 0);
    if (!resolved) return;
    this.options = resolved;
    resolved.dataSources.forEach((source, i) => this.registerDataSource(source, `dataSources[${i}]`, false));
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
      rain: resolved.rain.visible,
    });
    this.store = store;
    store.setState({ reportError: (message) => this.fire('error', { message }), togglePlugin: (id) => this.togglePlugin(id) });
    this.cleanups.push(store.subscribe((s, previous) => {
      if (s.clockMode !== previous.clockMode || s.searchMode !== previous.searchMode || s.viewMode !== previous.viewMode) this.updatePlugins();
    }));
    resolved.plugins.forEach((plugin, i) => {
      try {
        this.pendingPlugins.push(checkPlugin(plugin, `plugins[${i}]`));
      } catch (e) {
        setTimeout(() => this.fire('error', { message: (e as Error).message, error: e }), 0);
      }
    });

    this.cleanups.push(linkLight(store, pinned));
    this.cleanups.push(linkGestureEvents(resolved.container, store, (type, data) => this.fire(type, data as never), (type) => this.listens(type)));
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
          apiOverlay: this.overlay ?? undefined,
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
      for (const plugin of this.pendingPlugins.splice(0)) this.startPlugin(plugin);
      // Data sources load once the network is on screen, like the trains.
      if (this.dataSources.size > 0) void this.loadGtfs();
      this.linkRainWhenSwitchedOn(this.store!);
    }
    const id = selectionIdOf(s);
    const previousId = selectionIdOf(previous);
    if (id && id !== previousId) this.fire('selection', { selection: id });
    if (!id && previousId) this.fire('deselection');
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

  /**
   * Loads the radar client (`rain-link.ts`, its own chunk) the first time the rain is switched on after the first
   * view, and starts it: until then the map makes no request to the weather service.
   */
  private linkRainWhenSwitchedOn(store: AppStore) {
    let requested = false;
    const load = () => {
      if (requested || this.removed || !store.getState().layerVisibility.rain) return;
      requested = true;
      unsubscribe();
      void import('./rain-link.ts').then(
        ({ linkRain }) => {
          if (!this.removed) this.cleanups.push(linkRain(store, this.options!.rain, (message) => this.fire('error', { message }), this.stats));
        },
        (e: Error) => this.fire('error', { message: `Could not load the rain radar client: ${e.message}` }),
      );
    };
    const unsubscribe = store.subscribe((s, previous) => {
      if (s.layerVisibility !== previous.layerVisibility) load();
    });
    this.cleanups.push(unsubscribe);
    load();
  }

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
  /** Sets the centre at once. */
  setCenter(center: LngLatLike): this {
    return this.jumpTo({ center: validateCenter(center) });
  }
  /** Sets the bearing (degrees, −180–180; other values wrap) at once. */
  setBearing(bearing: number): this {
    return this.jumpTo({ bearing: validateBearing(bearing) });
  }
  /** Sets the pitch (degrees, 0–85) at once. */
  setPitch(pitch: number): this {
    return this.jumpTo({ pitch: validatePitch(pitch) });
  }

  /** The base map's MapLibre instance (null until it is created): for what this API does not cover. */
  getMapLibreMap(): MapLibreMap | null {
    return (this.requireStore().getState().basemap as MapLibreMap | null) ?? null;
  }
  /** The same as {@link Map.getMapLibreMap} (the name in Mini Tokyo 3D's API). */
  getMapboxMap(): MapLibreMap | null {
    return this.getMapLibreMap();
  }

  /**
   * Where a place is in the model space of three.js layers: `x` east, `y` north and `z` up from the model
   * origin (Tokyo Station at sea level), in model units ({@link Map.getModelScale} per metre).
   */
  getModelPosition(lngLat: LngLatLike, altitude = 0): ModelPosition {
    const [lng, lat] = validateCenter(lngLat, 'lngLat');
    return modelPosition(lng, lat, validateFiniteNumber(altitude, 'altitude'));
  }
  /** Model units per metre in the model space of three.js layers (see {@link Map.getModelPosition}). */
  getModelScale(): number {
    return modelScale();
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

  /**
   * Shows (`'visible'`) or hides (`'none'`) a built-in layer (`railways`, `stations`, `station-names`, `trains`,
   * `flights`, `buildings`, `rain` — rain from the weather radar, off by default, drawn in real time and the ground view) or a
   * layer added with {@link Map.addLayer}. An unknown id fires `error`.
   */
  setLayerVisibility(id: string, visibility: 'visible' | 'none'): this {
    const store = this.requireStore();
    const value = validateOneOf(visibility, 'visibility', ['visible', 'none'] as const);
    const { customLayers, layerVisibility } = store.getState();
    if ((BUILT_IN_LAYERS as readonly string[]).includes(id)) {
      store.setState({ layerVisibility: { ...layerVisibility, [id]: value === 'visible' } });
      return this;
    }
    const custom = customLayers.find((l) => l.id === id);
    if (!custom) {
      this.fire('error', { message: `No layer "${id}" exists; the built-in layers are ${BUILT_IN_LAYERS.join(', ')}${customLayers.length ? `, and the added ones ${customLayers.map((l) => l.id).join(', ')}` : ''}.` });
      return this;
    }
    store.setState({ customLayers: customLayers.map((l) => (l === custom ? { ...l, visible: value === 'visible' } : l)) });
    return this;
  }

  /**
   * Adds a layer over the network, above the layers added before: a GeoJSON layer (`type: 'geojson'` and the
   * props of deck.gl's GeoJsonLayer), a 3D Tiles layer (`type: 'tile-3d'`, `data` a tileset URL) or a three.js
   * layer (`type: 'three'`, `onAdd(map, {renderer, scene, camera, THREE})`). `minzoom`/`maxzoom` (0–24) limit
   * the zooms it shows at (hidden below `minzoom` and at `maxzoom` and above). An invalid definition throws;
   * an id already in use fires `error`.
   */
  addLayer(layer: LayerInterface): this {
    const checked = checkLayer(layer);
    const store = this.requireStore();
    const { customLayers } = store.getState();
    if ((BUILT_IN_LAYERS as readonly string[]).includes(checked.id) || customLayers.some((l) => l.id === checked.id)) {
      this.fire('error', { message: `A layer "${checked.id}" already exists; layer ids must be unique. The layer was not added.` });
      return this;
    }
    store.setState({ customLayers: [...customLayers, checked] });
    if (checked.type === 'three') this.addThreeLayer(checked.spec as ThreeLayerInterface);
    return this;
  }

  /** Removes a layer added with {@link Map.addLayer}; an unknown id fires `error`. */
  removeLayer(id: string): this {
    const store = this.requireStore();
    const { customLayers } = store.getState();
    const layer = customLayers.find((l) => l.id === id);
    if (!layer) {
      this.fire('error', { message: `No layer "${id}" to remove: ${customLayers.length ? `the added layers are ${customLayers.map((l) => l.id).join(', ')}` : 'no layer was added'}.` });
      return this;
    }
    store.setState({ customLayers: customLayers.filter((l) => l !== layer) });
    if (layer.type === 'three') void this.threeLayers?.then((overlay) => overlay?.remove(id));
    return this;
  }

  /** Plugins waiting for the map to load, and the running ones. */
  private readonly pendingPlugins: CheckedPlugin[] = [];
  private readonly pluginRunners: PluginRunner[] = [];

  private modesNow(): MapModes {
    const { clockMode, searchMode, viewMode } = this.requireStore().getState();
    return { clockMode, searchMode, viewMode };
  }

  private startPlugin(checked: CheckedPlugin) {
    this.pluginRunners.push(new PluginRunner(checked, this, this.modesNow(), (message) => this.fire('error', { message })));
    this.publishPlugins();
  }

  private publishPlugins() {
    this.store?.setState({ plugins: this.pluginRunners.map((r) => r.entry) });
  }

  private updatePlugins() {
    if (!this.pluginRunners.length) return;
    const modes = this.modesNow();
    for (const runner of this.pluginRunners) runner.modes(modes);
    this.publishPlugins();
  }

  private togglePlugin(id: string) {
    const runner = this.pluginRunners.find((r) => r.checked.id === id);
    if (!runner) return;
    runner.setEnabled(!runner.entry.enabled);
    this.publishPlugins();
  }

  /**
   * Adds a plugin: its switch appears in the layers panel and its callbacks run (`onAdd`, then `onEnabled` when it
   * starts enabled; before the map's `load`, they wait for it). An invalid plugin throws; an id in use fires `error`.
   */
  addPlugin(plugin: PluginInterface): this {
    const checked = checkPlugin(plugin);
    this.requireStore();
    if ([...this.pendingPlugins, ...this.pluginRunners.map((r) => r.checked)].some((p) => p.id === checked.id)) {
      this.fire('error', { message: `A plugin "${checked.id}" already exists; plugin ids must be unique. The plugin was not added.` });
      return this;
    }
    if (this.store!.getState().networkDrawn) this.startPlugin(checked);
    else this.pendingPlugins.push(checked);
    return this;
  }

  /** Removes a plugin (`onDisabled` when it was enabled, then `onRemove`); an unknown id fires `error`. */
  removePlugin(id: string): this {
    const pending = this.pendingPlugins.findIndex((p) => p.id === id);
    if (pending >= 0) {
      this.pendingPlugins.splice(pending, 1);
      return this;
    }
    const index = this.pluginRunners.findIndex((r) => r.checked.id === id);
    if (index < 0) {
      this.fire('error', { message: `No plugin "${id}" to remove: ${this.pluginRunners.length ? `the plugins are ${this.pluginRunners.map((r) => r.checked.id).join(', ')}` : 'no plugin was added'}.` });
      return this;
    }
    const [runner] = this.pluginRunners.splice(index, 1);
    runner.remove();
    this.publishPlugins();
    return this;
  }

  /** The three.js layers' drawing, created with the first one (three.js loads then). */
  private threeLayers: Promise<import('../layers/three-overlay.ts').ThreeOverlay | null> | null = null;

  private addThreeLayer(spec: ThreeLayerInterface) {
    const store = this.requireStore();
    this.threeLayers ??= import('../layers/three-overlay.ts').then(
      ({ ThreeOverlay }) => {
        if (this.removed || !this.overlay) return null;
        const viewState = () => store.getState().viewState;
        const overlay = new ThreeOverlay(this.overlay, this, viewState);
        const applyLight = () => {
          const { light, customLayers } = store.getState();
          overlay.setLight(light.summary.color, light.summary.intensity);
          const zoom = store.getState().viewState.zoom;
          for (const l of customLayers) if (l.type === 'three') overlay.setVisible(l.id, l.visible && inZoomRange(zoom, l));
        };
        const unsubscribe = store.subscribe((s, previous) => {
          if (s.light !== previous.light || s.customLayers !== previous.customLayers || s.viewState.zoom !== previous.viewState.zoom) applyLight();
        });
        this.cleanups.push(() => {
          unsubscribe();
          overlay.dispose();
        });
        queueMicrotask(applyLight);
        return overlay;
      },
      (e: Error) => {
        this.fire('error', { message: `Could not load three.js for layer "${spec.id}": ${e.message}` });
        return null;
      },
    );
    void this.threeLayers.then((overlay) => {
      if (!overlay || !store.getState().customLayers.some((l) => l.id === spec.id)) return;
      try {
        overlay.add(spec as never);
      } catch (e) {
        this.fire('error', { message: `The onAdd of three.js layer "${spec.id}" failed: ${(e as Error).message}`, error: e });
      }
    });
  }

  /** Id (without prefix) of the selected train, flight or station, `gtfs:<data source id>:<vehicle id>` for a tracked GTFS vehicle, or null. */
  getSelection(): string | null {
    return selectionIdOf(this.requireStore().getState());
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
    if (typeof id === 'string' && id.startsWith(GTFS_SELECTION_PREFIX)) {
      this.selectGtfsVehicle(id);
      return this;
    }
    const parsed = parseSelectionId(typeof id === 'string' ? id : '');
    if (!parsed) {
      throw new MapOptionError('selection', id, `Invalid selection ${JSON.stringify(id)}: expected a train id such as "odpt.Train:JR-East.Yamanote.400G", a flight id such as "odpt.FlightInformationDeparture:HND-JAT.HND.JL163", a station id such as "odpt.Station:JR-East.Yamanote.Shinjuku", a GTFS vehicle id "gtfs:<data source id>:<vehicle id>", or null.`);
    }
    if (parsed.kind === 'station') this.selectStationById(parsed.id);
    else if (parsed.kind === 'flight') void this.selectFlight(parsed);
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

  private selectGtfsVehicle(id: string) {
    const store = this.requireStore();
    const vehicle = parseGtfsSelectionId(id, [...this.dataSources.keys()]);
    if (vehicle && this.gtfsLink?.pose(vehicle.source, vehicle.vehicleId, Date.now())) store.getState().selectGtfsVehicle(vehicle);
    else this.fire('error', { message: `GTFS vehicle "${id}" is not on the map (expected gtfs:<data source id>:<vehicle id> of a vehicle shown now); nothing was selected.` });
  }

  /**
   * Adds a GTFS data source (experimental): the routes and stops of the GTFS zip at `gtfsUrl`, and with
   * `vehiclePositionUrl` (a GTFS Realtime VehiclePosition feed, polled every 20 s) its vehicles. `color` (`#` and 3 or
   * 6 hex digits) colours routes without a route_color. Returns the data source's id (`id`, or `gtfs-1`, `gtfs-2`, …).
   * Loading runs in a worker; a feed that cannot be used fires an `error` event naming the file, line and field.
   * @throws MapOptionError for a value of the wrong type, a colour that is not hex, or an id already in use.
   */
  addDataSource(dataSource: DataSourceOptions): string {
    this.requireStore();
    const notices: string[] = [];
    const options = resolveDataSource(dataSource, 'dataSource', notices);
    for (const notice of notices) console.warn(`[map] ${notice}`);
    const id = this.registerDataSource(options, 'dataSource', false);
    if (this.store!.getState().networkDrawn) void this.loadGtfs();
    return id;
  }

  /**
   * Adds the data source of the app URL's query (`gtfsurl`, `gtfsvpurl`, `gtfscolor`; URL-encoded, colour without
   * `#`); the camera fits its extent once loaded when `fit`. Wrong parameters fire `error` events. Used by the app page.
   * @internal
   */
  addDataSourceFromUrl(search: string, fit = true): void {
    if (!this.store) return;
    const id = this.nextDataSourceId();
    this.dataSources.set(id, { options: null, path: 'gtfsurl', fit, search });
    if (this.store.getState().networkDrawn) void this.loadGtfs();
  }

  /** Removes a data source added with `dataSources` or {@link addDataSource}; an unknown id fires an `error` event. */
  removeDataSource(id: string): this {
    this.requireStore();
    if (!this.dataSources.has(id)) {
      const ids = [...this.dataSources.keys()];
      this.fire('error', { message: `No data source ${formatOptionValue(id)} exists; ${ids.length ? `the data sources are ${ids.map((i) => JSON.stringify(i)).join(', ')}` : 'none has been added'}.` });
      return this;
    }
    this.dataSources.delete(id);
    this.gtfsLink?.remove(id);
    return this;
  }

  /** The data sources added and not removed, with their state (`loading`, `loaded`, `failed`) and what they hold. */
  getDataSources(): DataSourceInfo[] {
    this.requireStore();
    const loaded = new globalThis.Map((this.gtfsLink?.list() ?? []).map((info) => [info.id, info]));
    return [...this.dataSources.entries()].map(
      ([id, { options }]) =>
        loaded.get(id) ?? {
          id,
          gtfsUrl: options?.gtfsUrl ?? '',
          vehiclePositionUrl: options?.vehiclePositionUrl ?? null,
          color: options?.color ?? null,
          status: 'loading',
          agencies: [],
          timezone: null,
          bounds: null,
          routeCount: 0,
          stopCount: 0,
          vehicleCount: 0,
        },
    );
  }

  private nextDataSourceId(): string {
    let id: string;
    do id = `gtfs-${++this.dataSourceCounter}`;
    while (this.dataSources.has(id));
    return id;
  }

  private registerDataSource(options: DataSourceOptions, path: string, fit: boolean): string {
    if (options.id !== undefined && this.dataSources.has(options.id)) {
      fail(`${path}.id`, options.id, `${formatOptionValue(options.id)} is already the id of a data source; expected a new id (or none).`);
    }
    const id = options.id ?? this.nextDataSourceId();
    this.dataSources.set(id, { options, path, fit });
    return id;
  }

  /** Loads the GTFS code (the first time) and hands it the data sources not yet handed over. */
  private loadGtfs(): Promise<GtfsLink | null> {
    this.gtfsLoading ??= import('./gtfs-link.ts').then(
      ({ GtfsLink }) => {
        if (this.removed) return null;
        const container = this.options!.container;
        const link = new GtfsLink(this.store!, (message) => this.fire('error', { message }), () => ({ width: container.clientWidth, height: container.clientHeight }));
        this.gtfsLink = link;
        this.cleanups.push(() => link.dispose());
        return link;
      },
      (e: Error) => {
        this.fire('error', { message: `Could not load the GTFS data source code: ${e.message}` });
        return null;
      },
    );
    return this.gtfsLoading.then((link) => {
      if (!link) return null;
      for (const [id, entry] of this.dataSources) {
        if (link.has(id)) continue;
        if (entry.search !== undefined) {
          if (!link.addFromUrl(id, entry.search, entry.fit)) this.dataSources.delete(id);
        } else if (entry.options) link.addOptions(id, entry.options, entry.path, { fit: entry.fit });
      }
      return link;
    });
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

  /** The train feed once the trains have started (they start when the network is drawn); null if the map is removed first. */
  private trainFeedReady(): Promise<ReturnType<AppStore['getState']>['trainFeed'] | null> {
    const store = this.requireStore();
    return new Promise((resolve) => {
      const check = (s: ReturnType<AppStore['getState']>) => {
        if (s.trainFeed || this.removed) {
          unsubscribe();
          resolve(this.removed ? null : s.trainFeed);
        }
      };
      const unsubscribe = store.subscribe(check);
      check(store.getState());
    });
  }

  private async selectTrain(input: string) {
    const parsed = parseSelectionId(input);
    if (!parsed || parsed.kind !== 'train') return;
    const store = this.requireStore();
    // Called before the trains run (right after `new Map`, before `load`): select once they do.
    const feed = store.getState().trainFeed ?? (await this.trainFeedReady());
    if (!feed || this.removed) return;
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
   * it is not running or not drawn. A GTFS vehicle's id (`gtfs:<data source id>:<vehicle id>`) gives where that
   * vehicle is drawn (altitude 0).
   */
  async getTrainPosition(id: string): Promise<{ lng: number; lat: number; altitude: number; bearing: number } | null> {
    if (typeof id === 'string' && id.startsWith(GTFS_SELECTION_PREFIX)) {
      this.requireStore();
      const vehicle = parseGtfsSelectionId(id, [...this.dataSources.keys()]);
      const pose = vehicle && this.gtfsLink?.pose(vehicle.source, vehicle.vehicleId, Date.now());
      return pose ? { lng: pose.lng, lat: pose.lat, altitude: 0, bearing: pose.bearing } : null;
    }
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

  /** @internal The element markers, popups and panels are put in. */
  _overlayElement(): HTMLElement {
    if (!this.overlay) throw new Error('This map has no page to draw into.');
    return this.overlay;
  }

  /** The element the map is drawn in. */
  getContainer(): HTMLElement | null {
    return this.options?.container ?? null;
  }

  /** Removes the map from the page and stops its timers. */
  remove(): void {
    this.removed = true;
    for (const runner of this.pluginRunners.splice(0)) runner.remove();
    this.overlay?.remove();
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
