import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BundleManifest } from './data/bundle/manifest.ts';
import type { ClockMode, SimulationClock } from './data/clock.ts';
import type { LineStatus } from './data/realtime/odpt-parse.ts';
import type { Network } from './data/network.ts';
import type { StationGroup } from './data/station-groups.ts';
import type { ExitMarker } from './data/exits.ts';
import type { TrackingViewpoint } from './data/tracking-view.ts';
import type { TrainDetails } from './data/trains/train-details.ts';
import type { TrainFeed } from './data/trains/train-feed.ts';
import { NO_TRAIN } from './data/trains/train-codes.ts';
import type { LightState } from './data/light/light-state.ts';
import { pinnedLight } from './data/light/view-light.ts';
import { prefersReducedMotion } from './reduced-motion.ts';
import type { Journey } from './data/routing/journey.ts';
import type { FlightsHandle } from './layers/flights-handle.ts';
import type { CustomLayer } from './layers/layer-types.ts';
import type { GtfsFeedView, GtfsLinkApi, GtfsVehicleHover, GtfsVehicleSelection, GtfsVehicleSet } from './data/gtfs/feed-view.ts';
import type { VehicleDetails } from './data/gtfs/next-stop.ts';
import type { RainGrid } from './data/weather/rain-grid.ts';

/** Route search: closed, criteria being edited, or journeys shown. */
export type SearchMode = 'none' | 'edit' | 'route';

/** What the layers panel shows of a plugin and switches. */
export interface PluginEntry {
  id: string;
  names: Record<string, string>;
  iconStyle: string;
  enabled: boolean;
  visible: boolean;
}

/** One end of a route search: a station and its transfer group. */
export interface RouteEnd {
  /** Station chosen (index into `NetworkMeta.stations`). */
  station: number;
  /** Its transfer group (station indices), searched as one place. */
  stations: number[];
}

/** What the route search criteria panel holds. */
export interface RouteCriteria {
  from: RouteEnd | null;
  to: RouteEnd | null;
  /** Departure in seconds of today's service day, or null for now. */
  departure: number | null;
  /** The end a station clicked on the map fills in. */
  picking: 'from' | 'to';
}

/** The selected (tracked) train. */
export interface TrainSelection {
  kind: 'train';
  /** Timetable index the train runs now, or an extra train's code (see `data/trains/train-codes.ts`). */
  train: number;
  /** Train id without prefix, e.g. "JR-East.Yamanote.400G". */
  id: string;
}

/** The selected (tracked) flight. */
export interface FlightSelection {
  kind: 'flight';
  /** Feed key of the flight: `arrival:{id}` or `departure:{id}`. */
  key: string;
  /** Flight id without prefix, e.g. "HND-JAT.HND.JL163". */
  id: string;
  direction: 'arrival' | 'departure';
}

/** A flight under the pointer (or just tapped), with where to show its popup. */
export interface FlightHoverState {
  /** Feed key of the flight. */
  key: string;
  x: number;
  y: number;
}

/** State of the airplanes: not started, no access token, waiting for the first answer, flying, or the feeds failing. */
export type FlightState = 'off' | 'no-token' | 'pending' | 'ok' | 'failing';

/** The selected station group (station panel, highlighted on the map). */
export interface StationSelection extends StationGroup {
  kind: 'station';
  /** Id of the station chosen (without the `odpt.Station:` prefix), e.g. "JR-East.Yamanote.Shinjuku". */
  id: string;
}

/** A station under the pointer (or just tapped on a touch screen): its popup is shown at the station. */
export interface StationHoverState {
  /** Station index (the first of its physical station). */
  station: number;
  /** Its physical station (shape) index. */
  shape: number;
  /** Shown by a tap: it stays until the next touch on the map. */
  touch: boolean;
  /** Where the pointer was (px from the map's top left) when it pointed at the station; absent for a tap. */
  pointer?: { x: number; y: number };
}

/** A train under the pointer, with where to show its popup. */
export interface HoverState {
  details: TrainDetails;
  x: number;
  y: number;
}

/** Camera of the map. */
export interface ViewState {
  longitude: number;
  latitude: number;
  zoom: number;
  bearing: number;
  pitch: number;
}

/** A camera change asked for by the API or the UI; the map view applies it with the given transition. */
export interface CameraRequest {
  view: Partial<ViewState>;
  /** 'jump' is immediate. */
  transition: 'jump' | 'ease' | 'fly';
  /** Milliseconds (ignored for jumps). */
  duration?: number;
  /** Increments with each request so equal targets still apply. */
  serial: number;
}

/** Ids of the built-in map layers. `rain` is off unless switched on (it reads a weather service on the internet). */
export const BUILT_IN_LAYERS = ['railways', 'stations', 'station-names', 'trains', 'flights', 'buildings', 'rain'] as const;
export type BuiltInLayer = (typeof BUILT_IN_LAYERS)[number];

export type DataStatus = 'idle' | 'loading' | 'ready' | 'error';
export type ViewMode = 'ground' | 'underground';
export type Theme = 'light' | 'dark';
/** `normal` redraws what moves at the display's rate; `eco` at `ecoFrameRate` frames per second. */
export type EcoMode = 'normal' | 'eco';

/** deck.gl's interaction state of the map's camera (all absent or false at rest). */
export interface CameraInteraction {
  isDragging?: boolean;
  isPanning?: boolean;
  isRotating?: boolean;
  isZooming?: boolean;
  inTransition?: boolean;
}

/** The one application store: the Map API and the React UI read and write it. */
export interface AppState {
  /** Current camera (updated as the user moves the map; not a render trigger for the map itself). */
  viewState: ViewState;
  cameraRequest: CameraRequest | null;
  /** What the camera is doing: dragged, panned, rotated, zoomed by the user, or in an animated transition. */
  interaction: CameraInteraction;
  /** The base map's MapLibre instance once it is created (for `Map.getMapLibreMap`). */
  basemap: unknown;
  /** Interface language. */
  lang: string;
  /** `dark` while the light asks for light text (`light.darkBackground`); kept in step with `light` by `setLight`. */
  theme: Theme;
  /** The light at the clock's time (sun, pinned theme, or the underground look): see `src/api/light-link.ts`. */
  light: LightState;
  viewMode: ViewMode;
  dataStatus: DataStatus;
  dataError: string | null;
  manifest: BundleManifest | null;
  network: Network | null;
  /** Last update of the static data (timetables, network) and of real-time data, ISO 8601. */
  staticUpdated: string | null;
  dynamicUpdated: string | null;
  /** Set once the map has drawn its first frame with the network. */
  networkDrawn: boolean;
  /** Station names currently drawn on the map (for assistive technology). */
  stationNamesInView: string[];
  /** The simulation clock (an object with its own time; not a render trigger). */
  clock: SimulationClock;
  /** Train positions from the simulation worker, once the network is loaded. */
  trainFeed: TrainFeed | null;
  selection: TrainSelection | null;
  /** The selected station group; a station and a train are never selected together. */
  stationSelection: StationSelection | null;
  /** Station panel folded to its header. */
  stationPanelCollapsed: boolean;
  /** Camera viewpoint while tracking. */
  trackingMode: TrackingViewpoint;
  hover: HoverState | null;
  /** The station under the pointer; never set together with `hover` (one popup at a time). */
  stationHover: StationHoverState | null;
  /** Exits marked on the map while the station panel's exit list is open. */
  exitMarkers: ExitMarker[] | null;
  /** Id of the exit whose marker is highlighted (its list entry is hovered or focused). */
  highlightedExit: string | null;
  /** Details of the tracked train (refreshed while tracking), for the timetable panel. */
  trackedDetails: TrainDetails | null;
  timetableCollapsed: boolean;
  /** Mirror of the clock's mode, for components and events. */
  clockMode: ClockMode;
  /** Mirror of the clock's playback speed (1–600). */
  playbackSpeed: number;
  /** Increments whenever the clock jumps to another time (playback edits), so that what shows the time refreshes. */
  clockJumps: number;
  ecoMode: EcoMode;
  /** Frames per second of what moves in eco mode (1–60). */
  ecoFrameRate: number;
  /** Operation information per line from the real-time service. */
  lineStatuses: LineStatus[];
  /** State of the real-time service: no token at all (timetables only), waiting, working, or failing. */
  realtimeState: 'off' | 'no-token' | 'pending' | 'ok' | 'failing';
  /** Operators shown from timetables only because their host has no token. */
  timetableOnlyOperators: string[];
  /** Built-in layers shown (layer settings). */
  layerVisibility: Record<BuiltInLayer, boolean>;
  /** Layers added through the API, in the order they were added (drawn in that order, over the network). */
  customLayers: CustomLayer[];
  /** Plugins added to the map, in the order added, as the layers panel shows them. */
  plugins: PluginEntry[];
  /** Switches a plugin on or off (set by the `Map`, which runs its callbacks). */
  togglePlugin: (id: string) => void;
  /** Reports a failure as the map's `error` event (set by the `Map`; nothing by default). */
  reportError: (message: string) => void;
  /** Route search panels: closed, criteria, or results (moving layers are hidden while not `none`). */
  searchMode: SearchMode;
  /** The airplanes once loaded (after the first view, with an access token), else null. */
  flights: FlightsHandle | null;
  flightState: FlightState;
  /** Increments with every new flight plan (popups and the tracking panel refresh). */
  flightPlanVersion: number;
  /** The tracked flight; never set together with a train or station selection. */
  flightSelection: FlightSelection | null;
  /** The flight under the pointer; never set together with `hover` or `stationHover`. */
  flightHover: FlightHoverState | null;
  routeCriteria: RouteCriteria;
  /** Journeys found (in departure order, no two with the same key) and the one shown. */
  routeJourneys: Journey[];
  routeJourneyIndex: number;
  /** Loaded GTFS data sources (routes and stops to draw), in the order they were added; changes when one is added or removed. */
  gtfsFeeds: GtfsFeedView[];
  /** The vehicles of each GTFS data source with a realtime feed, by source id; replaced at each poll. */
  gtfsVehicles: Record<string, GtfsVehicleSet>;
  /**
   * Ids of the data sources with a realtime feed, from their request until they are removed or fail: each has its
   * vehicle layer from the request on, so that the layer's GPU program is built while the map is still (see
   * `gtfsVehicleLayers`).
   */
  gtfsRealtimeSources: readonly string[];
  /** The main-thread side of the GTFS worker, once a data source has been added. */
  gtfsLink: GtfsLinkApi | null;
  /** The tracked GTFS vehicle; never set together with `selection` or `stationSelection`. */
  gtfsSelection: GtfsVehicleSelection | null;
  /** The GTFS vehicle under the pointer (its popup); never set together with `hover`. */
  gtfsHover: GtfsVehicleHover | null;
  /** Details of the tracked GTFS vehicle (refreshed while tracking), for its panel. */
  gtfsTrackedDetails: VehicleDetails | null;
  /** Precipitation of the latest radar frame read (see `api/rain-link.ts`), or null. */
  rainGrid: RainGrid | null;

  setViewState(view: ViewState): void;
  requestCamera(view: Partial<ViewState>, transition: CameraRequest['transition'], duration?: number): void;
  setLang(lang: string): void;
  setTheme(theme: Theme): void;
  /** Sets the light and the theme that follows it. */
  setLight(light: LightState): void;
  setViewMode(mode: ViewMode): void;
  select(selection: TrainSelection | null): void;
  /** Selects a station group (ending any train selection, in one update) and unfolds its panel, or ends it with null. */
  selectStation(selection: StationSelection | null): void;
  /** Selects (tracks) a flight, ending any train or station selection, or ends it with null. */
  selectFlight(selection: FlightSelection | null): void;
  /** Ends the selection of a train, a flight or a station. */
  deselect(): void;
  setTrackingMode(mode: TrackingViewpoint): void;
  /** Switches between real time and playback (playback starts from the current time at the current speed). */
  setClockMode(mode: ClockMode): void;
  /** Jumps the playback clock to an instant (epoch ms). */
  setPlaybackTime(epochMs: number): void;
  /** Sets the playback speed (1–600). */
  setPlaybackSpeed(speed: number): void;
  setEcoMode(mode: EcoMode): void;
  /** Opens the route search criteria with a station group as its origin (`from`) or destination (`to`); the station selection ends. */
  openRouteSearch(end: 'from' | 'to', station: RouteEnd): void;
  /** Fills in one end of the criteria (by default the one `routeCriteria.picking` names, as a station clicked on the map does); the other end is picked next. */
  setRouteEnd(value: RouteEnd | null, end?: 'from' | 'to'): void;
  /** Shows journeys found (results panel), journey `current` (default the first) shown. */
  showJourneys(journeys: Journey[], current?: number): void;
  /** Back from the results to the criteria. */
  editRouteSearch(): void;
  /** Closes the route search panels. */
  closeRouteSearch(): void;
  /** Tracks a GTFS vehicle (ending any train or station selection), or ends its tracking with null. */
  selectGtfsVehicle(selection: GtfsVehicleSelection | null): void;
}

export type AppStore = StoreApi<AppState>;

/** Creates the store for one map instance. */
export function createAppStore(initial: {
  viewState: ViewState;
  lang: string;
  theme: Theme;
  /** Initial light; default: the pinned look of `theme` at the clock's time. */
  light?: LightState;
  clock: SimulationClock;
  trackingMode: TrackingViewpoint;
  ecoMode?: EcoMode;
  ecoFrameRate?: number;
  /** Whether the rain layer is switched on at start (default false). */
  rain?: boolean;
}): AppStore {
  return createStore<AppState>()((set, get) => ({
    viewState: initial.viewState,
    cameraRequest: null,
    interaction: {},
    basemap: null,
    lang: initial.lang,
    theme: initial.theme,
    light: initial.light ?? pinnedLight(initial.theme, initial.clock.now(), { lng: initial.viewState.longitude, lat: initial.viewState.latitude }),
    viewMode: 'ground',
    dataStatus: 'idle',
    dataError: null,
    manifest: null,
    network: null,
    staticUpdated: null,
    dynamicUpdated: null,
    networkDrawn: false,
    stationNamesInView: [],
    clock: initial.clock,
    trainFeed: null,
    selection: null,
    stationSelection: null,
    stationPanelCollapsed: false,
    trackingMode: initial.trackingMode,
    hover: null,
    stationHover: null,
    exitMarkers: null,
    highlightedExit: null,
    trackedDetails: null,
    timetableCollapsed: false,
    layerVisibility: { railways: true, stations: true, 'station-names': true, trains: true, flights: true, buildings: true, rain: initial.rain ?? false },
    customLayers: [],
    reportError: () => undefined,
    plugins: [],
    togglePlugin: () => undefined,
    clockMode: initial.clock.mode,
    playbackSpeed: initial.clock.speed,
    clockJumps: 0,
    ecoMode: initial.ecoMode ?? 'normal',
    ecoFrameRate: initial.ecoFrameRate ?? 1,
    lineStatuses: [],
    realtimeState: 'off',
    timetableOnlyOperators: [],
    searchMode: 'none',
    routeCriteria: { from: null, to: null, departure: null, picking: 'to' },
    routeJourneys: [],
    routeJourneyIndex: 0,
    flights: null,
    flightState: 'off',
    flightPlanVersion: 0,
    flightSelection: null,
    flightHover: null,
    gtfsFeeds: [],
    gtfsVehicles: {},
    gtfsRealtimeSources: [],
    gtfsLink: null,
    gtfsSelection: null,
    gtfsHover: null,
    gtfsTrackedDetails: null,
    rainGrid: null,
    setViewState: (viewState) => set({ viewState }),
    requestCamera: (view, transition, duration) => {
      const effective = prefersReducedMotion() ? 'jump' : transition;
      // A jump is where it goes at once, so getters read the new camera immediately (as MapLibre's do).
      const cameraRequest = { view, transition: effective, duration, serial: (get().cameraRequest?.serial ?? 0) + 1 };
      set(effective === 'jump' ? { cameraRequest, viewState: { ...get().viewState, ...view } } : { cameraRequest });
    },
    setLang: (lang) => set({ lang }),
    setTheme: (theme) => set({ theme }),
    setLight: (light) => set({ light, theme: light.darkBackground ? 'dark' : 'light' }),
    setViewMode: (viewMode) => set({ viewMode }),
    select: (selection) => {
      get().trainFeed?.select(selection?.train ?? NO_TRAIN);
      // The train's popup closes when tracking starts: the tracking panel shows the same and the popup would go stale.
      set(selection ? { selection, stationSelection: null, hover: null, flightSelection: null, flightHover: null, gtfsSelection: null, gtfsTrackedDetails: null } : { selection: null, trackedDetails: null });
    },
    selectStation: (stationSelection) => {
      if (!stationSelection) return set({ stationSelection: null });
      get().trainFeed?.select(NO_TRAIN);
      set({ stationSelection, stationPanelCollapsed: false, selection: null, trackedDetails: null, flightSelection: null, gtfsSelection: null, gtfsTrackedDetails: null });
    },
    selectFlight: (flightSelection) => {
      if (!flightSelection) return set({ flightSelection: null });
      get().trainFeed?.select(NO_TRAIN);
      // Aircraft fly above the ground: tracking one shows the ground view. Its popup closes as for trains.
      set({ flightSelection, selection: null, trackedDetails: null, stationSelection: null, hover: null, flightHover: null, gtfsSelection: null, gtfsTrackedDetails: null, ...(get().viewMode === 'underground' ? { viewMode: 'ground' as const } : {}) });
    },
    deselect: () => {
      if (get().selection) get().select(null);
      if (get().flightSelection) set({ flightSelection: null });
      if (get().stationSelection) set({ stationSelection: null });
      if (get().gtfsSelection) get().selectGtfsVehicle(null);
    },
    setTrackingMode: (trackingMode) => set({ trackingMode }),
    setClockMode: (mode) => {
      const { clock } = get();
      clock.setMode(mode);
      set({ clockMode: clock.mode, playbackSpeed: clock.speed });
    },
    setPlaybackTime: (epochMs) => {
      const { clock } = get();
      if (clock.mode !== 'playback') clock.setMode('playback');
      clock.setTime(epochMs);
      set({ clockMode: clock.mode, clockJumps: get().clockJumps + 1 });
    },
    setPlaybackSpeed: (speed) => {
      const { clock } = get();
      clock.setSpeed(speed);
      set({ playbackSpeed: clock.speed });
    },
    setEcoMode: (ecoMode) => set({ ecoMode }),
    openRouteSearch: (end, station) => {
      if (get().selection) get().select(null);
      if (get().flightSelection) set({ flightSelection: null, flightHover: null });
      if (get().gtfsSelection) get().selectGtfsVehicle(null);
      const other = end === 'from' ? 'to' : 'from';
      const kept = get().routeCriteria[other];
      set({
        searchMode: 'edit',
        stationSelection: null,
        hover: null,
        routeCriteria: { ...get().routeCriteria, [end]: station, [other]: kept && !kept.stations.includes(station.station) ? kept : null, picking: other },
        routeJourneys: [],
        routeJourneyIndex: 0,
      });
    },
    setRouteEnd: (value, end) => {
      const criteria = get().routeCriteria;
      const which = end ?? criteria.picking;
      set({ routeCriteria: { ...criteria, [which]: value, picking: value ? (which === 'from' ? 'to' : 'from') : which } });
    },
    showJourneys: (routeJourneys, current = 0) => set({ searchMode: 'route', routeJourneys, routeJourneyIndex: current }),
    editRouteSearch: () => set({ searchMode: 'edit' }),
    closeRouteSearch: () => set({ searchMode: 'none', routeJourneys: [], routeJourneyIndex: 0 }),
    selectGtfsVehicle: (gtfsSelection) => {
      if (!gtfsSelection) return set({ gtfsSelection: null, gtfsTrackedDetails: null });
      if (get().selection) get().select(null);
      set({ gtfsSelection, gtfsTrackedDetails: null, gtfsHover: null, stationSelection: null, hover: null, flightSelection: null, flightHover: null });
    },
  }));
}
