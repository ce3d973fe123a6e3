import { lazy, Suspense, useDeferredValue, useEffect, useRef, type ComponentType } from 'react';
import type { RenderStats } from '../render-stats.ts';
import type { AppState, AppStore } from '../store.ts';
import { AppInfo } from './AppInfo.tsx';
import { Clock } from './Clock.tsx';
import { InterfaceIntl } from './i18n/part-intl.tsx';
import { useScriptFont } from './i18n/script-fonts.ts';
import { MapView, type BasemapSource } from './MapView.tsx';
import { NavigationControls } from './NavigationControls.tsx';
import { ModeControls, TrackingModeControl } from './ModeControls.tsx';
import { SearchControl } from './SearchControl.tsx';
import { LayersControl } from './LayersControl.tsx';
import { ShareButton } from './ShareButton.tsx';
import { StationsInView } from './StationsInView.tsx';
import { StatusOverlay } from './StatusOverlay.tsx';
import { StoreContext, useAppStore, useStoreApi } from './store-context.ts';
import { useFocusReturn } from './use-focus-return.ts';
import './styles.css';

/** Which parts of the interface are shown. */
export interface AppControls {
  clockControl: boolean;
  navigationControl: boolean;
  modeControl: boolean;
  configControl: boolean;
  searchControl: boolean;
  fullscreenControl: boolean;
}

/** The train popup loads when a train is first pointed at or tapped, the tracking panel when one is first tracked. */
const TrainPopup = lazy(() => import('./TrainPopup.tsx').then((m) => ({ default: m.TrainPopup })));
const TrackingPanel = lazy(() => import('./TrackingPanel.tsx').then((m) => ({ default: m.TrackingPanel })));
/** The station panel loads when a station is first selected (not before the map shows). */
const StationPanel = lazy(() => import('./station/StationPanel.tsx'));
/** The station popup loads when a station is first pointed at or tapped. */
const StationPopup = lazy(() => import('./station/StationPopup.tsx'));
/** The route search panels load when the route search is first opened. */
const RoutePanels = lazy(() => import('./route/RoutePanels.tsx'));
/** The flight popup and tracking panel load when an aircraft is first pointed at or tracked. */
const FlightPopup = lazy(() => import('./flights/FlightPopup.tsx'));
const FlightPanel = lazy(() => import('./flights/FlightPanel.tsx'));
/** The GTFS data sources' vehicle popup and tracking panel load when the first data source is requested. */
const loadGtfsPanels = () => import('./gtfs/GtfsPanels.tsx');
const GtfsPanels = lazy(loadGtfsPanels);

/**
 * The GTFS panels once a data source is loaded; a component of its own so that a feed arriving re-renders only it.
 * Their code is fetched at the request, and they mount after the busy frame in which the feed arrives.
 */
function GtfsPanelsSlot() {
  const requested = useAppStore((s) => s.gtfsLink !== null);
  // Deferred: the panels mount in a render of their own, after the frame in which the feed arrives.
  const shown = useDeferredValue(useAppStore((s) => s.gtfsFeeds.length > 0));
  useEffect(() => {
    if (!requested) return;
    // A task of its own: the request's own task (the worker's start, the store's update) is busy enough.
    const timer = setTimeout(() => void loadGtfsPanels(), 0);
    return () => clearTimeout(timer);
  }, [requested]);
  return <Loaded when={shown} part={GtfsPanels} />;
}

/**
 * A part loaded on demand and shown while `shown` holds of the store: a component of its own, so that pointing at a
 * train or a station, or selecting one, re-renders only it (not the shell and the map under it).
 */
function Slot({ shown, part }: { shown: (s: AppState) => boolean; part: ComponentType }) {
  return <Loaded when={useAppStore(shown)} part={part} />;
}

const hovering = (kind: NonNullable<AppState['hover']>['kind']) => (s: AppState) => s.hover?.kind === kind;
const selecting = (kind: NonNullable<AppState['selection']>['kind']) => (s: AppState) => s.selection?.kind === kind;
const trainHovered = hovering('train');
const stationHovered = hovering('station');
const flightHovered = hovering('flight');
const trainSelected = selecting('train');
const stationSelected = selecting('station');
const flightSelected = selecting('flight');
const routeSearching = (s: AppState) => s.searchMode !== 'none';

/** A part of the interface whose code loads on demand, shown `when` (nothing while its code loads). */
function Loaded({ when, part: Part }: { when: boolean; part: ComponentType }) {
  return when ? (
    <Suspense fallback={null}>
      <Part />
    </Suspense>
  ) : null;
}

export interface AppProps {
  store: AppStore;
  basemap: BasemapSource;
  controls: AppControls;
  stats: RenderStats;
  /** The element the API's markers, popups and panels live in (owned by the `Map`, placed over the map here). */
  apiOverlay?: HTMLElement;
}

function Shell({ basemap, controls, stats, apiOverlay }: Omit<AppProps, 'store'>) {
  const lang = useAppStore((s) => s.lang);
  const theme = useAppStore((s) => s.theme);
  const viewMode = useAppStore((s) => s.viewMode);
  const store = useStoreApi();
  const root = useRef<HTMLDivElement>(null);
  useFocusReturn(root);
  useScriptFont(lang);
  useEffect(() => {
    // Escape stops tracking when the key is pressed in the map or with nothing focused (the full-window app page).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !store.getState().selection || event.defaultPrevented) return;
      const target = event.target as Node | null;
      if (target === document.body || target === document.documentElement || (target && root.current?.contains(target))) store.getState().deselect();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store]);
  return (
    <InterfaceIntl>
      <div ref={root} className="tt-app" data-theme={theme} data-view-mode={viewMode} lang={lang}>
        {/* The controls come first in the tab order; the map (canvases, attribution) after them. */}
        {controls.clockControl && <Clock />}
        <div className="tt-controls">
          {controls.searchControl && <SearchControl />}
          {controls.navigationControl && <NavigationControls />}
          <ModeControls fullscreen={controls.fullscreenControl} modes={controls.modeControl} />
          {controls.configControl && <LayersControl />}
          {controls.configControl && <TrackingModeControl />}
          {controls.configControl && <AppInfo />}
        </div>
        <ShareButton />
        <MapView basemap={basemap} stats={stats} />
        {apiOverlay && <div className="tt-api-host" ref={(host) => void (host && host.appendChild(apiOverlay))} />}
        <Slot shown={trainHovered} part={TrainPopup} />
        <Slot shown={stationHovered} part={StationPopup} />
        <Slot shown={flightHovered} part={FlightPopup} />
        <Slot shown={trainSelected} part={TrackingPanel} />
        <Slot shown={flightSelected} part={FlightPanel} />
        <Slot shown={stationSelected} part={StationPanel} />
        <GtfsPanelsSlot />
        <Slot shown={routeSearching} part={RoutePanels} />
        <StatusOverlay />
        <StationsInView />
      </div>
    </InterfaceIntl>
  );
}

/** The whole map application for one container. */
export function App({ store, ...rest }: AppProps) {
  return (
    <StoreContext.Provider value={store}>
      <Shell {...rest} />
    </StoreContext.Provider>
  );
}
