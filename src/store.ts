import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BundleManifest } from './data/bundle/manifest.ts';
import type { ClockMode, SimulationClock } from './data/clock.ts';
import type { LineStatus } from './data/realtime/odpt-parse.ts';
import type { Network } from './data/network.ts';
import type { StationGroup } from './data/station-groups.ts';
import type { TrackingViewpoint } from './data/tracking-view.ts';
import type { TrainDetails } from './data/trains/train-details.ts';
import type { TrainFeed } from './data/trains/train-feed.ts';
import { NO_TRAIN } from './data/trains/train-codes.ts';
import { prefersReducedMotion } from './reduced-motion.ts';

/** The selected (tracked) train. */
export interface TrainSelection {
  kind: 'train';
  /** Timetable index the train runs now, or an extra train's code (see `data/trains/train-codes.ts`). */
  train: number;
  /** Train id without prefix, e.g. "JR-East.Yamanote.400G". */
  id: string;
}

/** The selected station group (station panel, highlighted on the map). */
export interface StationSelection extends StationGroup {
  kind: 'station';
  /** Id of the station chosen (without the `odpt.Station:` prefix), e.g. "JR-East.Yamanote.Shinjuku". */
  id: string;
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

/** Ids of the built-in map layers. */
export const BUILT_IN_LAYERS = ['railways', 'stations', 'trains'] as const;
export type BuiltInLayer = (typeof BUILT_IN_LAYERS)[number];

export type DataStatus = 'idle' | 'loading' | 'ready' | 'error';
export type ViewMode = 'ground' | 'underground';
export type Theme = 'light' | 'dark';

/** The one application store: the Map API and the React UI read and write it. */
export interface AppState {
  /** Current camera (updated as the user moves the map; not a render trigger for the map itself). */
  viewState: ViewState;
  cameraRequest: CameraRequest | null;
  /** Interface language. */
  lang: string;
  theme: Theme;
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
  /** Details of the tracked train (refreshed while tracking), for the timetable panel. */
  trackedDetails: TrainDetails | null;
  timetableCollapsed: boolean;
  /** Mirror of the clock's mode, for components and events. */
  clockMode: ClockMode;
  /** Operation information per line from the real-time service. */
  lineStatuses: LineStatus[];
  /** State of the real-time service: no token at all (timetables only), waiting, working, or failing. */
  realtimeState: 'off' | 'no-token' | 'pending' | 'ok' | 'failing';
  /** Operators shown from timetables only because their host has no token. */
  timetableOnlyOperators: string[];
  /** Built-in layers shown (layer settings). */
  layerVisibility: Record<BuiltInLayer, boolean>;

  setViewState(view: ViewState): void;
  requestCamera(view: Partial<ViewState>, transition: CameraRequest['transition'], duration?: number): void;
  setLang(lang: string): void;
  setTheme(theme: Theme): void;
  setViewMode(mode: ViewMode): void;
  select(selection: TrainSelection | null): void;
  /** Selects a station group (ending any train selection, in one update) and unfolds its panel, or ends it with null. */
  selectStation(selection: StationSelection | null): void;
  /** Ends the selection of a train or a station. */
  deselect(): void;
  setTrackingMode(mode: TrackingViewpoint): void;
}

export type AppStore = StoreApi<AppState>;

/** Creates the store for one map instance. */
export function createAppStore(initial: {
  viewState: ViewState;
  lang: string;
  theme: Theme;
  clock: SimulationClock;
  trackingMode: TrackingViewpoint;
}): AppStore {
  return createStore<AppState>()((set, get) => ({
    viewState: initial.viewState,
    cameraRequest: null,
    lang: initial.lang,
    theme: initial.theme,
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
    trackedDetails: null,
    timetableCollapsed: false,
    layerVisibility: { railways: true, stations: true, trains: true },
    clockMode: initial.clock.mode,
    lineStatuses: [],
    realtimeState: 'off',
    timetableOnlyOperators: [],
    setViewState: (viewState) => set({ viewState }),
    requestCamera: (view, transition, duration) =>
      set({ cameraRequest: { view, transition: prefersReducedMotion() ? 'jump' : transition, duration, serial: (get().cameraRequest?.serial ?? 0) + 1 } }),
    setLang: (lang) => set({ lang }),
    setTheme: (theme) => set({ theme }),
    setViewMode: (viewMode) => set({ viewMode }),
    select: (selection) => {
      get().trainFeed?.select(selection?.train ?? NO_TRAIN);
      set(selection ? { selection, stationSelection: null } : { selection: null, trackedDetails: null });
    },
    selectStation: (stationSelection) => {
      if (!stationSelection) return set({ stationSelection: null });
      get().trainFeed?.select(NO_TRAIN);
      set({ stationSelection, stationPanelCollapsed: false, selection: null, trackedDetails: null });
    },
    deselect: () => {
      if (get().selection) get().select(null);
      if (get().stationSelection) set({ stationSelection: null });
    },
    setTrackingMode: (trackingMode) => set({ trackingMode }),
  }));
}
