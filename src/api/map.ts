import { screenViewport } from './viewport.ts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Root } from 'react-dom/client';
import { SimulationClock, type ClockMode } from '../data/clock.ts';
import { parseHash } from '../data/hash.ts';
import { lightChanged, type LightSummary } from '../data/light/light-state.ts';
import { mapErrorData } from '../data/map-error.ts';
import { modelPosition, modelScale, type ModelPosition } from '../data/model-space.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import { createRenderStats, type RenderStats } from '../render-stats.ts';
import { createAppStore, type AppState, type AppStore, type EcoMode, type SearchMode, type ViewMode, type ViewState } from '../store.ts';
import { ensureLibraryStyles } from './asset-base.ts';
import { defaultUrls, resolveLeniently } from './lenient-options.ts';
import type { CameraOptions, MapEvents } from './map-events.ts';
import { loseWebglContext } from './webgl-context.ts';
import { routeBasemapCamera } from './basemap-camera.ts';
import { raiseBasemapControls } from './basemap-controls.ts';
import { checkCameraOptions } from './camera-checks.ts';
import { Evented } from './evented.ts';
import { linkHash } from './hash-link.ts';
import { linkGestureEvents } from './gesture-events.ts';
import type { DataSourceInfo } from './gtfs-link.ts';
import type { LayerInterface } from '../layers/layer-types.ts';
import { lightFor, linkLight } from './light-link.ts';
import type { PinnedTheme } from '../data/light/view-light.ts';
import { isInterfaceLanguage, matchLanguageTag, INTERFACE_LANGUAGES, type InterfaceLanguage } from '../data/languages.ts';
import { THEMES, type Theme } from './option-types.ts';
import { MapDataSources } from './map-data-sources.ts';
import type { MapHost } from './map-host.ts';
import { MapLayers } from './map-layers.ts';
import { MapPlugins } from './map-plugins.ts';
import { mountApp, prewarmBasemap } from './app-mount.ts';
import { startFeeds } from './map-feeds.ts';
import { loadNetwork } from './network-load.ts';
import { MapSelection, selectionIdOf, type MovingPosition } from './map-selection.ts';
import type { BasemapLayerInterface } from './basemap-layers.ts';
import { Mt3dClock } from './mt3d-clock.ts';
import { clockSourceOf, lightColorOf, mt3dLanguage, selectionValueOf, type LightColor } from './mt3d-compat.ts';
import { ObjectTracking, type TrackedObject } from './mt3d-tracking.ts';
import {
  DEPRECATED_TRACKING_MODES,
  TRACKING_MODES,
  validateBearing,
  validateCenter,
  validateOneOf,
  validatePitch,
  validateZoom,
  type DataSourceOptions,
  type LngLatLike,
  type MapOptions,
  type ResolvedMapOptions,
  type TrackingMode,
} from './options.ts';
import type { PluginInterface } from './plugin.ts';
import { validateFiniteNumber } from './validators.ts';

export type { CameraOptions, MapEvents } from './map-events.ts';
export type { DataSourceInfo } from './gtfs-link.ts';
export type { MovingPosition } from './map-selection.ts';

/** Longest wait for the network to be decoded before the map is mounted anyway, ms. */
const MOUNT_WAIT_MS = 400;

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
  /** Lets go of MapLibre's worker, started early for this map (see `prewarmBasemap`). */
  private releaseBasemapWorker: (() => void) | null = null;
  private removed = false;
  /** The `theme` option, or the last {@link Map.setTheme} (null: the light follows the sun). */
  private pinnedTheme: PinnedTheme | null = null;
  private readonly stats = createRenderStats();
  /** Where markers, popups and panels added through the API live (over the map, under the controls). */
  private readonly overlay = typeof document === 'undefined' ? null : Object.assign(document.createElement('div'), { className: 'tt-api-overlay' });
  /** What the parts of the map below use of it. */
  private readonly host: MapHost = {
    map: this,
    store: () => this.requireStore(),
    reportError: (message, details) => this.fire('error', mapErrorData(message, details)),
    removed: () => this.removed,
    onRemove: (cleanup) => this.cleanups.push(cleanup),
    container: () => this.getContainer(),
  };
  /** Settles once the flight link has loaded (or failed to); the airplanes start once the network is drawn. */
  private readonly flightsLinked = deferred();
  private readonly dataSources = new MapDataSources(this.host);
  private readonly plugins = new MapPlugins(this.host);
  private readonly layers = new MapLayers(this.host, this.overlay);
  private readonly selections = new MapSelection(this.host, this.dataSources, this.flightsLinked.promise);
  private readonly tracking = new ObjectTracking({
    select: (id) => this.selections.set(id),
    deselect: () => this.selections.set(null),
    fire: (type, data) => this.fire(type, data),
  });
  private clockFacade: Mt3dClock | null = null;
  /** Whether to move to a city bundle's camera once its manifest is loaded. */
  private cityCamera = false;

  constructor(options: MapOptions) {
    super();
    const { options: resolved, notices, errors } = resolveLeniently(options, { defaults: defaultUrls() });
    for (const notice of notices) console.warn(`[map] ${notice}`);
    // Fired after the constructor returns, so that `new Map(...).on('error', ...)` hears it.
    for (const error of errors) setTimeout(() => this.host.reportError(error.message, { error }), 0);
    if (!resolved) return;
    this.options = resolved;
    this.dataSources.registerFromOptions(resolved.dataSources);
    ensureLibraryStyles();
    if (resolved.accessToken === undefined && resolved.mapStyle && /mapbox:\/\/|api\.mapbox\.com/.test(resolved.mapStyle)) {
      setTimeout(() => this.host.reportError(`Missing option "accessToken": the map style ${resolved.mapStyle} needs a map access token (starting with "pk.").`), 0);
    }

    const hashView = resolved.hash ? parseHash(location.hash) : null;
    // A city bundle opens on its whole network unless the options or the URL say where to look.
    this.cityCamera = !hashView && options.center === undefined && options.zoom === undefined;
    const viewState: ViewState = hashView
      ? { longitude: hashView.lng, latitude: hashView.lat, zoom: hashView.zoom, bearing: hashView.bearing, pitch: hashView.pitch }
      : { longitude: resolved.center[0], latitude: resolved.center[1], zoom: resolved.zoom, bearing: resolved.bearing, pitch: resolved.pitch };
    const clock = new SimulationClock({ time: resolved.time });
    const pinned = resolved.theme === 'auto' ? null : resolved.theme;
    this.pinnedTheme = pinned;
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
      reportError: this.host.reportError,
      togglePlugin: (id) => this.plugins.toggle(id),
    });
    this.store = store;
    this.cleanups.push(store.subscribe((s, previous) => {
      if (s.clockMode !== previous.clockMode || s.searchMode !== previous.searchMode || s.viewMode !== previous.viewMode) this.plugins.updateModes();
    }));
    this.plugins.queueFromOptions(resolved.plugins);
    if (resolved.plugins.length) this.layers.basemap.preload();

    this.cleanups.push(linkLight(store, () => this.pinnedTheme));
    const fireGesture: Parameters<typeof linkGestureEvents>[3] = (type, data) => {
      this.fire(type, data as never);
      // As on Mini Tokyo 3D's map, a click on the map ends a plugin's selection (`trackObject`); what it picked, if
      // anything, is selected by the map itself.
      if (type === 'click') this.tracking.end();
    };
    this.cleanups.push(linkGestureEvents(resolved.container, this.overlay ?? resolved.container, store, fireGesture, (type) => type === 'click' || this.listens(type)));
    if (resolved.hash) this.cleanups.push(linkHash(store));
    this.cleanups.push(store.subscribe((s, previous) => this.fireStoreEvents(s, previous)));

    // Load the network first and mount the map once it is decoded (or after MOUNT_WAIT_MS): creating the map's WebGL
    // contexts holds the main thread for a second or more under software WebGL, and the download and decoding would
    // otherwise wait for it. The base map's worker starts now: it too would otherwise wait for the map to be made.
    this.releaseBasemapWorker = prewarmBasemap();
    const decoded = loadNetwork(resolved.dataUrl, store, () => this.removed, (message, error) => this.host.reportError(message, { error }));
    const mount = () => {
      if (!this.removed) this.root = mountApp(resolved, options, { store, stats: this.stats, overlay: this.overlay });
    };
    void Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, MOUNT_WAIT_MS))]).then(mount);
  }

  /** Turns store changes into the public events. */
  private fireStoreEvents(s: AppState, previous: AppState) {
    const city = s.manifest?.city;
    if (city && !previous.manifest && this.cityCamera) this.jumpTo({ center: city.camera.center, zoom: city.camera.zoom });
    if (s.networkDrawn && !previous.networkDrawn) {
      performance.mark(PERFORMANCE_MARKS.networkDrawn);
      // Trains start once the network is on screen: the worker's start-up (its script, the timetable download and
      // decoding) would otherwise compete with the first view.
      if (s.manifest && !this.removed) {
        startFeeds(this.host, { options: this.options!, manifest: s.manifest, base: document.baseURI, stats: this.stats, selections: this.selections }).finally(() => this.flightsLinked.resolve());
      }
      if (this.options!.selection?.kind === 'station') this.selections.selectStation(this.options!.selection.id);
      // Data sources load once the network is on screen, like the trains.
      this.dataSources.start();
      this.linkRainWhenSwitchedOn(this.store!);
    }
    // `load` and the plugins wait for the base map too, so that getMapLibreMap() is set for them (as in Mini Tokyo 3D).
    if (s.networkDrawn && s.basemap && !(previous.networkDrawn && previous.basemap)) {
      this.layers.basemap.attach(s.basemap as MapLibreMap);
      this.cleanups.push(routeBasemapCamera(s.basemap as MapLibreMap, (options, transition) => this.camera(options, transition)));
      if (this.overlay) this.cleanups.push(raiseBasemapControls(s.basemap as MapLibreMap, this.overlay));
      this.fire('load');
      this.plugins.startPending();
    }
    const id = selectionIdOf(s);
    const previousId = selectionIdOf(previous);
    if (id && id !== previousId) {
      this.tracking.end();
      this.fire('selection', { selection: selectionValueOf(s)! });
    }
    if (!id && previousId) this.fire('deselection', { deselection: selectionValueOf(previous)! });
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
          if (!this.removed) this.cleanups.push(linkRain(store, this.options!.rain, (message) => this.host.reportError(message), this.stats));
        },
        (e: Error) => this.host.reportError(`Could not load the rain radar client: ${e.message}`, { error: e }),
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

  private requireStore(): AppStore {
    if (!this.store) throw new Error('This map has no container to draw into (see the error event for the reason).');
    return this.store;
  }

  /** The store's state now (its actions write it). */
  private state(): AppState {
    return this.requireStore().getState();
  }

  /** Centre of the map as {lng, lat}. */
  getCenter(): { lng: number; lat: number } {
    const { longitude, latitude } = this.state().viewState;
    return { lng: longitude, lat: latitude };
  }
  getZoom(): number {
    return this.state().viewState.zoom;
  }
  getBearing(): number {
    return this.state().viewState.bearing;
  }
  getPitch(): number {
    return this.state().viewState.pitch;
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

  /** The base map's MapLibre instance (set from `load` on, and before any plugin starts): for what this API does not cover. */
  getMapLibreMap(): MapLibreMap | null {
    return (this.state().basemap as MapLibreMap | null) ?? null;
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
    const { view, duration } = checkCameraOptions(options, `${transition}To`);
    this.state().requestCamera(view, transition, duration); // the store turns it into a jump under reduced motion
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
    this.layers.setVisibility(id, visibility);
    return this;
  }

  /**
   * Adds a layer over the network, above the layers added before: a GeoJSON layer (`type: 'geojson'` and the
   * props of deck.gl's GeoJsonLayer), a 3D Tiles layer (`type: 'tile-3d'`, `data` a tileset URL) or a three.js
   * layer (`type: 'three'`, `onAdd(map, {renderer, scene, camera, THREE})`). `minzoom`/`maxzoom` (0–24) limit
   * the zooms it shows at (hidden below `minzoom` and at `maxzoom` and above). A MapLibre style layer (`fill`,
   * `line`, `raster`, `symbol`, …, with a source id or a source object) or custom layer (`type: 'custom'`,
   * `render(gl, matrix)` as in Mapbox GL, or MapLibre's `render(gl, options)`) goes into the base map's style,
   * before the layer `beforeId` (or the base map's first labels when it has no such layer), and stays there when
   * the style is rebuilt. An invalid definition throws; an id already in use fires `error`.
   */
  addLayer(layer: LayerInterface | BasemapLayerInterface, beforeId?: string): this {
    this.layers.add(layer, beforeId);
    return this;
  }

  /** Removes a layer added with {@link Map.addLayer}; an unknown id fires `error`. */
  removeLayer(id: string): this {
    this.layers.remove(id);
    return this;
  }

  /**
   * Adds a plugin: its switch appears in the layers panel and its callbacks run (`onAdd`, then `onEnabled` when it
   * starts enabled; before the map's `load`, they wait for it). An invalid plugin throws; an id in use fires `error`.
   */
  addPlugin(plugin: PluginInterface): this {
    this.plugins.add(plugin);
    return this;
  }

  /** Removes a plugin (`onDisabled` when it was enabled, then `onRemove`); an unknown id fires `error`. */
  removePlugin(id: string): this {
    this.plugins.remove(id);
    return this;
  }

  /** Id (without prefix) of the selected train, flight or station, `gtfs:<data source id>:<vehicle id>` for a tracked GTFS vehicle, or null. */
  getSelection(): string | null {
    return this.selections.get();
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
    this.selections.set(id);
    return this;
  }

  /**
   * Where flight `id` (`odpt.FlightInformationArrival:` or `odpt.FlightInformationDeparture:` prefix optional) is
   * drawn now: longitude, latitude, altitude (metres above the runway) and heading (degrees), or null when it is not
   * on the map (not in the air or on the runway near now, or airplanes not shown).
   */
  async getFlightPosition(id: string): Promise<MovingPosition | null> {
    return this.selections.flightPosition(id);
  }

  /**
   * Adds a GTFS data source (experimental): the routes and stops of the GTFS zip at `gtfsUrl`, and with
   * `vehiclePositionUrl` (a GTFS Realtime VehiclePosition feed, polled every 20 s) its vehicles. `color` (`#` and 3 or
   * 6 hex digits) colours routes without a route_color. Returns the data source's id (`id`, or `gtfs-1`, `gtfs-2`, …).
   * Loading runs in a worker; a feed that cannot be used fires an `error` event naming the file, line and field.
   * @throws MapOptionError for a value of the wrong type, a colour that is not hex, or an id already in use.
   */
  addDataSource(dataSource: DataSourceOptions): string {
    return this.dataSources.add(dataSource);
  }

  /**
   * Adds the data source of the app URL's query (`gtfsurl`, `gtfsvpurl`, `gtfscolor`; URL-encoded, colour without
   * `#`); the camera fits its extent once loaded when `fit`. Wrong parameters fire `error` events. Used by the app page.
   * @internal
   */
  addDataSourceFromUrl(search: string, fit = true): void {
    if (this.store) this.dataSources.addFromUrl(search, fit);
  }

  /** Removes a data source added with `dataSources` or {@link addDataSource}; an unknown id fires an `error` event. */
  removeDataSource(id: string): this {
    this.dataSources.remove(id);
    return this;
  }

  /** The data sources added and not removed, with their state (`loading`, `loaded`, `failed`) and what they hold. */
  getDataSources(): DataSourceInfo[] {
    return this.dataSources.list();
  }

  /**
   * Where train `id` (`odpt.Train:` prefix optional) is drawn now: its head's
   * longitude, latitude, altitude (metres) and heading (degrees), or null when
   * it is not running or not drawn. A GTFS vehicle's id (`gtfs:<data source id>:<vehicle id>`) gives where that
   * vehicle is drawn (altitude 0).
   */
  async getTrainPosition(id: string): Promise<MovingPosition | null> {
    return this.selections.trainPosition(id);
  }

  /** The tracking viewpoint. */
  getTrackingMode(): TrackingMode {
    return this.state().trackingMode;
  }

  /** Sets the tracking viewpoint (one of the eight; "heading" is accepted and means "topback"). */
  setTrackingMode(mode: TrackingMode | 'heading'): this {
    const resolved = mode === 'heading' ? DEPRECATED_TRACKING_MODES.heading : validateOneOf(mode, 'trackingMode', TRACKING_MODES);
    this.state().setTrackingMode(resolved);
    return this;
  }

  /** The interface language in use (the `lang` option, or the browser's language, resolved to a supported one). */
  getLanguage(): string {
    return this.state().lang;
  }

  /** Switches the interface language (a supported language, or a tag such as `ja-JP` that matches one). */
  setLanguage(lang: InterfaceLanguage | (string & {})): this {
    const match = isInterfaceLanguage(lang) ? lang : typeof lang === 'string' ? matchLanguageTag(lang) : undefined;
    this.state().setLang(match ?? validateOneOf(lang, 'lang', INTERFACE_LANGUAGES));
    return this;
  }

  /** Pins the interface theme (`light`, `dark`) or lets it follow the sun again (`auto`), as the `theme` option. */
  setTheme(theme: Theme): this {
    const value = validateOneOf(theme, 'theme', THEMES);
    this.pinnedTheme = value === 'auto' ? null : value;
    const state = this.state();
    state.setLight(lightFor(state, this.pinnedTheme));
    return this;
  }

  /** `realtime` (the present, with real-time delays) or `playback` (a chosen time and speed, timetables only). */
  getClockMode(): ClockMode {
    return this.state().clockMode;
  }

  /** Switches the clock between real time and playback (playback starts from the time shown, at 1×). */
  setClockMode(mode: ClockMode): this {
    this.state().setClockMode(validateOneOf(mode, 'clockMode', ['realtime', 'playback'] as const));
    return this;
  }

  /** The route search panels: `none` (closed), `edit` (criteria) or `route` (journeys shown). */
  getSearchMode(): SearchMode {
    return this.state().searchMode;
  }

  /** `normal` (what moves is redrawn at the display's rate) or `eco` (at `ecoFrameRate` frames per second). */
  getEcoMode(): EcoMode {
    return this.state().ecoMode;
  }

  /** Switches eco mode on (`eco`) or off (`normal`); camera moves stay smooth either way. */
  setEcoMode(mode: EcoMode): this {
    this.state().setEcoMode(validateOneOf(mode, 'ecoMode', ['normal', 'eco'] as const));
    return this;
  }

  /** "ground" or "underground". */
  getViewMode(): ViewMode {
    return this.state().viewMode;
  }

  setViewMode(mode: ViewMode): this {
    this.state().setViewMode(validateOneOf(mode, 'viewMode', ['ground', 'underground'] as const));
    return this;
  }

  /**
   * Screen position (pixels from the container's top left) of a longitude/latitude (and altitude in metres), where
   * it is drawn: as MapLibre's `project`, it accounts for the camera's padding (while a vehicle is tracked, the
   * camera's centre is drawn above the tracking panel, not at the middle of the container).
   */
  project(lngLat: LngLatLike, altitude = 0): { x: number; y: number } {
    const [lng, lat] = validateCenter(lngLat, 'lngLat');
    const { clientWidth: width, clientHeight: height } = this.options!.container;
    const [x, y] = screenViewport(this.state(), width, height).project([lng, lat, altitude]);
    return { x, y };
  }

  /** @internal The element markers, popups and panels are put in. */
  _overlayElement(): HTMLElement {
    if (!this.overlay) throw new Error('This map has no page to draw into.');
    return this.overlay;
  }

  /** The interface language as Mini Tokyo 3D's code (`pt` for Brazilian Portuguese; the others as {@link Map.getLanguage}). */
  get lang(): string {
    return mt3dLanguage(this.getLanguage());
  }

  /** The map's clock with the members of Mini Tokyo 3D's `Clock` (`getTime`, `getTimeString`, `setSpeed`, …). */
  get clock(): Mt3dClock {
    this.clockFacade ??= new Mt3dClock(clockSourceOf(this.requireStore()));
    return this.clockFacade;
  }

  /** The element the map is drawn in (as {@link Map.getContainer}). */
  get container(): HTMLElement | null {
    return this.getContainer();
  }

  /**
   * Selects an object of a plugin's own (`{id, selectionType, …}`): `selection` fires with its fields, and
   * `deselection` with them when the selection ends (any other selection, a click on the map, or `trackObject()`).
   * With no argument, ends the selection, the plugin's or the map's. `{type: 'train' | 'flight' | 'station', id}`
   * selects that.
   */
  trackObject(object?: TrackedObject | null): void {
    this.tracking.track(object);
  }

  /** The light on the map as `{r, g, b}`, each 0–1: 1, 1, 1 by full day, about 0.4 at night. */
  getLightColor(): LightColor {
    return lightColorOf(this.getLight());
  }

  /** The element the map is drawn in. */
  getContainer(): HTMLElement | null {
    return this.options?.container ?? null;
  }

  /** Removes the map from the page and stops its timers. */
  remove(): void {
    this.removed = true;
    const canvases = this.options ? [...this.options.container.querySelectorAll('canvas')] : [];
    this.plugins.removeAll();
    this.overlay?.remove();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.root?.unmount();
    this.root = null;
    // Once the base map has let go of MapLibre's worker: React defers the unmount above to the end of its own render
    // when remove() runs inside one (a React component's cleanup), so the worker is let go in the next task.
    const release = this.releaseBasemapWorker;
    this.releaseBasemapWorker = null;
    if (release) setTimeout(release, 0);
    for (const canvas of canvases) loseWebglContext(canvas);
  }
}

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
