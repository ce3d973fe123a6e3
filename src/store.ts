/**
 * The one application store: the Map API and the React UI read it, and write it only through its actions. Its
 * state is made of slices, each in `src/store/` with its fields and actions: camera, clock and modes, selection and
 * popup, route search, network and trains, flights, GTFS data sources, failing live feeds, layers and plugins.
 *
 * @module
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SimulationClock } from './data/clock.ts';
import type { InterfaceLanguage } from './data/languages.ts';
import type { LightState } from './data/light/light-state.ts';
import { pinnedLight } from './data/light/view-light.ts';
import type { TrackingViewpoint } from './data/tracking-view.ts';
import { createCameraSlice, type CameraSlice, type ViewState } from './store/camera.ts';
import { createFeedFaultsSlice, type FeedFaultsSlice } from './store/feed-faults.ts';
import { createFlightsSlice, type FlightsSlice } from './store/flights.ts';
import { createGtfsSlice, type GtfsSlice } from './store/gtfs.ts';
import { createLayersSlice, type LayersSlice, type MapCallbacks } from './store/layers.ts';
import { createModesSlice, type EcoMode, type ModesSlice, type Theme } from './store/modes.ts';
import { createNetworkSlice, type NetworkSlice } from './store/network.ts';
import { createRouteSearchSlice, type RouteSearchSlice } from './store/route-search.ts';
import { createSelectionSlice, type SelectionSlice } from './store/selection.ts';

export type { CameraInteraction, CameraPadding, CameraRequest, ViewState } from './store/camera.ts';
export { BUILT_IN_LAYERS, type BuiltInLayer, type PluginEntry } from './store/layers.ts';
export type { EcoMode, Theme, ViewMode } from './store/modes.ts';
export type { LiveFeed } from './store/feed-faults.ts';
export type { RouteEnd, SearchMode } from './store/route-search.ts';
export {
  hovered,
  isTracking,
  selected,
  trackedGtfsDetails,
  trackedTrainDetails,
  type Hover,
  type HoverKind,
  type Selection,
  type StationHover,
  type StationSelection,
} from './store/selection.ts';

/** The state of one map: every slice's fields and actions. */
export type AppState = CameraSlice & ModesSlice & SelectionSlice & RouteSearchSlice & NetworkSlice & FlightsSlice & GtfsSlice & FeedFaultsSlice & LayersSlice;

export type AppStore = StoreApi<AppState>;

/** What a map's store starts with. */
export interface AppStoreOptions extends Partial<MapCallbacks> {
  viewState: ViewState;
  lang: InterfaceLanguage;
  theme: Theme;
  /** Initial light; default: the pinned look of `theme` at the clock's time. */
  light?: LightState;
  clock: SimulationClock;
  trackingMode: TrackingViewpoint;
  ecoMode?: EcoMode;
  ecoFrameRate?: number;
  /** Whether the rain layer is switched on at start (default false). */
  rain?: boolean;
}

/** Creates the store for one map instance. */
export function createAppStore(options: AppStoreOptions): AppStore {
  const { viewState, theme, clock } = options;
  const light = options.light ?? pinnedLight(theme, clock.now(), { lng: viewState.longitude, lat: viewState.latitude });
  return createStore<AppState>()((set, get) => ({
    ...createCameraSlice(set, get, viewState),
    ...createModesSlice(set, get, { ...options, light }),
    ...createSelectionSlice(set, get, options.trackingMode),
    ...createRouteSearchSlice(set, get),
    ...createNetworkSlice(set, get),
    ...createFlightsSlice(set, get),
    ...createGtfsSlice(set, get),
    ...createFeedFaultsSlice(set, get),
    ...createLayersSlice(set, get, options),
  }));
}
