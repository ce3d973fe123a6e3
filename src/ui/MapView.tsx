import { FlyToInterpolator, LinearInterpolator, MapView as DeckMapView, type MapViewState, type PickingInfo } from '@deck.gl/core';
import DeckGL, { type DeckGLRef } from '@deck.gl/react';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { dataLanguageFor, type InterfaceLanguage } from '../data/languages.ts';
import { registerPmtilesProtocol } from '../basemap/protocol.ts';
import { createBasemapStyle, RECOMMENDED_LOCAL_IDEOGRAPH_FONT_FAMILY, withAttribution } from '../basemap/style.ts';
import { RAINVIEWER_ATTRIBUTION } from '../data/weather/rainviewer-config.ts';
import { locksCamera, type CameraView } from '../data/tracking-view.ts';
import { NO_TRAIN } from '../data/trains/train-codes.ts';
import { RailwayLayer } from '../layers/railway-layer.ts';
import { StationLayer } from '../layers/station-layer.ts';
import type { TrainPickingInfo } from '../layers/train-layer.ts';
import type { AircraftPickingInfo } from '../layers/aircraft-layer.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import type { RenderStats } from '../render-stats.ts';
import type { CameraInteraction, CameraRequest, ViewState } from '../store.ts';
import { useAppStore, useStoreApi } from './store-context.ts';
import { stationColors, trackStyle } from './track-style.ts';
import { TrackingController } from './tracking-controller.ts';
import { TransitMapController } from './map-controller.ts';
import { useMapClick } from './use-map-click.ts';
import { useCustomDeckLayers } from './use-custom-layers.ts';
import { useOverlayDeck } from './use-overlay-deck.ts';
import { useAdaptiveBasemapResolution } from './use-adaptive-resolution.ts';
import { pickStation } from '../layers/station-picking.ts';
import { selectStation } from '../select-station.ts';
import { hoverStation, stationClicked, watchPointerKind } from './station/station-hover.ts';
import { useExitLayer } from './station/use-exit-layer.ts';
import { useJourneyLayer } from './route/use-journey-layer.ts';
import { stationGroupOf } from '../data/station-groups.ts';
import { lightStage } from '../data/light/light-stages.ts';
import { trainLighting } from '../data/light/train-lighting.ts';
import { useBasemapSky } from './use-light-sky.ts';
import { StackedBaseMap } from './stacked-base-map.tsx';
import { useGtfsLayerModule } from './gtfs/use-gtfs-layers.ts';
import { useStaggered } from './use-staggered.ts';
import { vehicleLayerId, type GtfsVehicleSelection } from '../data/gtfs/feed-view.ts';
import { useRainLayer } from './use-rain-layer.ts';
import { useOverlayLayerModule } from './use-overlay-layer-module.ts';

maplibregl.setWorkerUrl(workerUrl);
registerPmtilesProtocol(maplibregl);

/** Where the base map comes from: our PMTiles + glyphs, or a hosted style. */
export interface BasemapSource {
  /** Absolute PMTiles URL. */
  pmtilesUrl: string;
  /** Absolute glyph URL template. */
  glyphsUrl: string;
  /** Hosted style URL (replaces the PMTiles style when given). */
  mapStyle?: string;
}

export const MAX_PITCH = 85;
/** Animation frames after a GTFS feed arrives that its routes, its stops, then its stop names start (`use-staggered.ts`). */
const ROUTES_AFTER_FRAMES = 1;
const STOPS_AFTER_FRAMES = 3;
const NAMES_AFTER_FRAMES = 5;
/**
 * The network's canvas draws without multisampling (the track lines and station shapes antialias their edges in
 * their fragment shaders; 4× multisampling multiplies the fragment work of software WebGL) and does not preserve its
 * drawing buffer: it is drawn whole whenever the camera moves, and preserving it costs a copy of the canvas per frame.
 */
const NETWORK_DEVICE_PROPS = { webgl: { antialias: false, preserveDrawingBuffer: false } };
const FLY = new FlyToInterpolator({ curve: 1.42, speed: 1.2 });
const EASE = new LinearInterpolator(['longitude', 'latitude', 'zoom', 'bearing', 'pitch']);

type DeckViewState = MapViewState & { transitionDuration?: number | 'auto'; transitionInterpolator?: unknown };

function toDeckViewState(view: ViewState, request?: CameraRequest): DeckViewState {
  const base: DeckViewState = { ...view, maxPitch: MAX_PITCH, minZoom: 0, maxZoom: 22 };
  if (!request || request.transition === 'jump') return base;
  return {
    ...base,
    transitionDuration: request.transition === 'fly' ? (request.duration ?? 'auto') : (request.duration ?? 500),
    transitionInterpolator: request.transition === 'fly' ? FLY : EASE,
  };
}

/**
 * The camera of every canvas. Its far plane lies further below the ground than deck.gl's default (1.01× the
 * distance to the ground's far edge): looking straight down, that plane cut away every underground line and train.
 */
export const MAP_VIEW = new DeckMapView({ id: 'map', farZMultiplier: 3 });

/** Ring around the selected station (the highlight colour of the interface). */
const SELECTED_STATION_COLOR = [255, 145, 0, 255];

/**
 * The map: deck.gl layers over a MapLibre base map. deck.gl owns the camera
 * (uncontrolled), so moving the map never re-renders React. The camera object
 * deck.gl was last given lives in a ref: API camera requests replace it and
 * re-render; the tracking controller sets a copy every frame through
 * `deck.setProps` and updates the ref's object to the same values, so React
 * renders of DeckGL hand deck.gl an equal camera and never snap it back.
 */
export function MapView({ basemap, stats }: { basemap: BasemapSource; stats: RenderStats }) {
  const store = useStoreApi();
  const network = useAppStore((s) => s.network);
  const theme = useAppStore((s) => s.theme);
  const light = useAppStore((s) => s.light);
  const stage = lightStage(light).id;
  const lang = useAppStore((s) => s.lang) as InterfaceLanguage;
  const viewMode = useAppStore((s) => s.viewMode);
  const cameraRequest = useAppStore((s) => s.cameraRequest);
  const trainFeed = useAppStore((s) => s.trainFeed);
  const tracking = useAppStore((s) => (s.selection || s.flightSelection || s.gtfsSelection ? s.trackingMode : null));
  const flights = useAppStore((s) => s.flights);
  const visible = useAppStore((s) => s.layerVisibility);
  const buildings = visible.buildings;
  const networkDrawn = useAppStore((s) => s.networkDrawn);
  const overlayModule = useOverlayLayerModule(networkDrawn);
  const selectedShapes = useAppStore((s) => s.stationSelection?.shapes ?? null);
  // While the route search panels are open, what moves is hidden and the network dimmed under the journey.
  const searching = useAppStore((s) => s.searchMode !== 'none');
  // GTFS data sources: their layers' code loads with the first feed.
  const gtfs = useGtfsLayerModule();
  const gtfsFeeds = useAppStore((s) => s.gtfsFeeds);
  const gtfsVehicles = useAppStore((s) => s.gtfsVehicles);
  const gtfsRealtimeSources = useAppStore((s) => s.gtfsRealtimeSources);
  const gtfsSelection = useAppStore((s) => s.gtfsSelection);
  const gtfsLink = useAppStore((s) => s.gtfsLink);
  const ecoInterval = useAppStore((s) => (s.ecoMode === 'eco' ? 1000 / s.ecoFrameRate : 0));
  const camera = useRef<DeckViewState>(toDeckViewState(store.getState().viewState));
  const deckRef = useRef<DeckGLRef>(null);
  const basemapRef = useRef<MapRef>(null);
  useAdaptiveBasemapResolution(basemapRef, store);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const drawn = useRef(false);

  useEffect(() => {
    if (!cameraRequest) return;
    camera.current = toDeckViewState({ ...store.getState().viewState, ...cameraRequest.view }, cameraRequest);
    if (cameraRequest.transition === 'jump') store.getState().setViewState({ ...store.getState().viewState, ...cameraRequest.view }); // deck.gl reports no view-state change for a jump
    rerender();
  }, [cameraRequest, store]);

  /** Moves the camera for a tracking controller (trains, flights). */
  const applyTrackingCamera = useCallback(
    (view: CameraView) => {
      // DeckGL's own re-renders hand deck.gl `camera.current` again: keep it equal to the applied view so they don't snap back.
      // Keep the vehicle clear of the tracking panel at the bottom.
      const panel = document.querySelector<HTMLElement>('[data-testid="tracking-panel"], [data-testid="flight-panel"], [data-testid="gtfs-tracking-panel"]');
      const padding = { top: 0, left: 0, right: 0, bottom: panel ? Math.min(panel.offsetHeight + 12, window.innerHeight * 0.5) : 0 };
      Object.assign(camera.current, view, { transitionDuration: 0, padding });
      deckRef.current?.deck?.setProps({ initialViewState: { ...camera.current } });
      store.getState().setViewState(view);
    },
    [store],
  );

  useEffect(() => {
    if (!trainFeed) return;
    const controller = new TrackingController(store, trainFeed, applyTrackingCamera, () => store.getState().viewState.zoom);
    return () => controller.dispose();
  }, [trainFeed, store, applyTrackingCamera]);

  useEffect(() => {
    if (!flights) return;
    return flights.startTracking(applyTrackingCamera, () => deckRef.current?.deck?.getCanvas()?.clientHeight || window.innerHeight);
  }, [flights, applyTrackingCamera]);

  // A tracked GTFS vehicle: its camera controller loads with the first one tracked.
  const tracksGtfsVehicle = gtfsSelection !== null && gtfsLink !== null;
  useEffect(() => {
    const link = store.getState().gtfsLink;
    if (!tracksGtfsVehicle || !link) return;
    let controller: { dispose(): void } | null = null;
    let cancelled = false;
    void import('./gtfs/gtfs-tracking.ts').then(({ GtfsTrackingController }) => {
      if (!cancelled) controller = new GtfsTrackingController(store, link, applyTrackingCamera);
    });
    return () => {
      cancelled = true;
      controller?.dispose();
    };
  }, [tracksGtfsVehicle, store, applyTrackingCamera]);

  // RainViewer asks to be credited on the map while its radar is used.
  const rainCredit = visible.rain;
  const mapStyle = useMemo(() => {
    if (basemap.mapStyle) return basemap.mapStyle;
    const style = createBasemapStyle({ tilesUrl: `pmtiles://${basemap.pmtilesUrl}`, glyphsUrl: basemap.glyphsUrl, theme, stage, lang, buildings });
    return rainCredit ? withAttribution(style, 'rainviewer-credit', RAINVIEWER_ATTRIBUTION) : style;
  }, [basemap, theme, stage, lang, buildings, rainCredit]);
  useBasemapSky(basemapRef, light.sky, mapStyle);

  const onLabelsPlaced = useCallback(
    (names: string[]) => {
      const previous = store.getState().stationNamesInView;
      if (names.length !== previous.length || names.some((n, i) => n !== previous[i])) store.setState({ stationNamesInView: names });
    },
    [store],
  );

  // Layers added through the API (GeoJSON, 3D Tiles), over the network in the order added.
  const customLayers = useCustomDeckLayers();
  // The network's shapes, on the map's own deck.gl canvas: redrawn only when the camera or they change.
  const networkLayers = useMemo(() => {
    if (!network) return [];
    const track = trackStyle(viewMode);
    return [
      new RailwayLayer({ id: 'railways', network, track, visible: visible.railways, opacity: searching ? 0.25 : 1 }),
      new StationLayer({ id: 'stations', network, track, colors: stationColors(theme), highlightShapes: selectedShapes, highlightColor: SELECTED_STATION_COLOR, visible: visible.stations, opacity: searching ? 0.5 : 1 }),
    ];
  }, [network, viewMode, theme, visible, selectedShapes, searching]);
  // A data source's routes follow the railways' switch, its stops the stations' (a feed arriving leaves the network's layers as they are).
  // A new feed's layers start in turn, a few frames apart: routes (not in the busy task in which the feed arrives and
  // React renders what shows it), then stops, then stop names (see `use-staggered.ts`).
  const gtfsRouteFeeds = useStaggered(gtfsFeeds, ROUTES_AFTER_FRAMES);
  const gtfsStopFeeds = useStaggered(gtfsFeeds, STOPS_AFTER_FRAMES);
  const gtfsNameFeeds = useStaggered(gtfsFeeds, NAMES_AFTER_FRAMES);
  const gtfsNetworkLayers = useMemo(
    () =>
      gtfs && gtfsRouteFeeds.length
        ? gtfs.gtfsNetworkLayers(gtfsRouteFeeds, gtfsStopFeeds, { track: trackStyle(viewMode), colors: stationColors(theme), routes: visible.railways, stops: visible.stations, opacity: searching ? 0.25 : 1 })
        : [],
    [gtfs, gtfsRouteFeeds, gtfsStopFeeds, viewMode, theme, visible, searching],
  );
  const layers = useMemo(
    () => (gtfsNetworkLayers.length || customLayers.length ? [...networkLayers, ...gtfsNetworkLayers, ...customLayers] : networkLayers),
    [networkLayers, gtfsNetworkLayers, customLayers],
  );

  // The rain falls over the trains.
  const rainLayer = useRainLayer(stats);
  // What moves every frame, on the trains' overlay canvas (see useOverlayDeck).
  const trainLayers = useMemo(() => {
    if (!network || !overlayModule) return [];
    const { TrainLayer, DelayMarkerLayer } = overlayModule;
    const track = trackStyle(viewMode);
    const addScriptTime = (ms: number) => {
      stats.trainScriptMs += ms;
    };
    const addFlightScriptTime = (ms: number) => {
      stats.flightScriptMs += ms;
    };
    const onAircraft = (count: number) => {
      stats.flightFrames++;
      stats.aircraft = count;
      if (count > 0 && !performance.getEntriesByName(PERFORMANCE_MARKS.aircraftDrawn).length) performance.mark(PERFORMANCE_MARKS.aircraftDrawn);
    };
    return [
      trainFeed &&
        new TrainLayer({
          id: 'trains',
          source: trainFeed,
          groundOpacity: track.groundOpacity,
          undergroundOpacity: track.undergroundOpacity,
          pickable: true,
          visible: visible.trains && !searching,
          lighting: trainLighting(light),
          onScriptTime: addScriptTime,
        }),
      trainFeed &&
        new DelayMarkerLayer({
          id: 'delay-markers',
          source: trainFeed,
          groundOpacity: track.groundOpacity,
          undergroundOpacity: track.undergroundOpacity,
          visible: visible.trains && !searching,
          onScriptTime: addScriptTime,
        }),
      // The airplanes, once loaded (after the first view, with an access token): dimmed in the underground view like ground trains.
      flights &&
        flights.createLayer({
          id: 'aircraft',
          visible: visible.flights && !searching,
          groundOpacity: track.groundOpacity,
          lighting: trainLighting(light),
          onScriptTime: addFlightScriptTime,
          onFrame: onAircraft,
        }),
    ];
  }, [network, overlayModule, viewMode, trainFeed, flights, visible, stats, light, searching]);
  // A data source's vehicles follow the trains' switch; each poll replaces only these layers.
  const gtfsVehicleLayers = useMemo(
    () =>
      gtfs
        ? gtfs.gtfsVehicleLayers(gtfsRealtimeSources, gtfsVehicles, {
            selected: gtfsSelection,
            lighting: trainLighting(light),
            visible: visible.trains && !searching,
            frameInterval: ecoInterval,
            onScriptTime: (ms) => {
              stats.gtfsVehicleScriptMs += ms;
              stats.gtfsVehicleFrames++;
            },
          })
        : [],
    [gtfs, gtfsRealtimeSources, gtfsVehicles, gtfsSelection, light, visible, searching, ecoInterval, stats],
  );

  // Station names above the trains and the rain, on the same canvas (see `useOverlayDeck`). The selected station's
  // exits (while its exit list is open) sit with the names; the route search journey under them.
  const exitLayer = useExitLayer(theme);
  const journeyTrack = useMemo(() => trackStyle(viewMode), [viewMode]);
  const journeyLayer = useJourneyLayer(journeyTrack);
  const labelLayers = useMemo(() => {
    if (!network) return [];
    if (!overlayModule) return [exitLayer];
    const { StationLabelLayer } = overlayModule;
    const track = trackStyle(viewMode);
    return [new StationLabelLayer({ id: 'station-names', network, track, lang: dataLanguageFor(lang), colors: stationColors(theme), onLabelsPlaced, visible: visible.stations && visible['station-names'] }), exitLayer];
  }, [network, overlayModule, viewMode, lang, theme, onLabelsPlaced, visible, exitLayer]);
  const gtfsLabelLayers = useMemo(
    () => (gtfs && gtfsNameFeeds.length ? gtfs.gtfsLabelLayers(gtfsNameFeeds, { colors: stationColors(theme), visible: visible.stations && visible['station-names'] }) : []),
    [gtfs, gtfsNameFeeds, theme, visible],
  );
  const overlayLayers = useMemo(
    () => [...trainLayers, ...gtfsVehicleLayers, rainLayer, journeyLayer, ...labelLayers, ...gtfsLabelLayers],
    [trainLayers, gtfsVehicleLayers, rainLayer, journeyLayer, labelLayers, gtfsLabelLayers],
  );

  const onViewStateChange = useCallback(
    ({ viewState }: { viewState: MapViewState }) => {
      const { longitude, latitude, zoom, bearing = 0, pitch = 0 } = viewState;
      store.getState().setViewState({ longitude, latitude, zoom, bearing, pitch });
    },
    [store],
  );

  const trainsDrawn = useRef(false);
  const onAfterRender = useCallback(() => {
    if (!drawn.current && store.getState().network) {
      drawn.current = true;
      store.setState({ networkDrawn: true });
    }
  }, [store]);

  const overlayParent = useRef<HTMLDivElement>(null);
  // The tracking camera pads the map's view (see `apply`): the overlay must use the same padding to line up.
  const overlayCamera = useCallback(
    (): MapViewState => ({ ...toDeckViewState(store.getState().viewState), padding: (camera.current as { padding?: unknown }).padding }) as MapViewState,
    [store],
  );
  const onCameraChange = useCallback((onChange: () => void) => store.subscribe((s, previous) => s.viewState !== previous.viewState && onChange()), [store]);
  const onOverlayRender = useCallback(() => {
    stats.frames++;
    if (!trainsDrawn.current && stats.cars > 0) {
      trainsDrawn.current = true;
      performance.mark(PERFORMANCE_MARKS.trainsDrawn);
    }
  }, [stats]);
  // The overlays start once the network is drawn: their WebGL start-up would otherwise delay it.
  const overlay = useOverlayDeck('tt-overlay', overlayParent, overlayLayers, overlayCamera, onCameraChange, onOverlayRender, networkDrawn, MAP_VIEW);
  // A data source with a realtime feed: its vehicles' GPU program is built now, in this task, not in the animation
  // frame that first draws the layer (see `layers/gtfs-vehicle-program.ts`).
  useLayoutEffect(() => {
    if (gtfs && gtfsRealtimeSources.length > 0 && overlay.current) gtfs.prepareVehicleProgram(overlay.current);
  }, [gtfs, gtfsRealtimeSources, overlay]);
  /** Picks a train, an aircraft or a GTFS vehicle on the overlay at a point of the map (px from its top left). */
  const pickTrain = useCallback(
    (x: number, y: number, radius = 0): PickingInfo | null =>
      overlay.current?.pickObject({ x, y, radius, layerIds: ['trains', 'aircraft', ...Object.keys(store.getState().gtfsVehicles).map(vehicleLayerId)] }) ?? null,
    [overlay, store],
  );
  const hoveringTrain = useRef(false);
  const hoveredGtfsVehicle = useRef<string | null>(null);
  const hoveringStation = useRef(false);
  const pointerKind = useRef<ReturnType<typeof watchPointerKind> | null>(null);
  useEffect(() => {
    pointerKind.current = watchPointerKind();
    return () => pointerKind.current?.dispose();
  }, []);

  const onBasemapIdle = useCallback(() => {
    if (!performance.getEntriesByName(PERFORMANCE_MARKS.basemapIdle).length) performance.mark(PERFORMANCE_MARKS.basemapIdle);
  }, []);

  const onHover = useCallback(
    (mapInfo: PickingInfo) => {
      const info = (mapInfo.x >= 0 && mapInfo.y >= 0 && pickTrain(mapInfo.x, mapInfo.y)) || mapInfo;
      const flight = (info as AircraftPickingInfo).flight ?? null;
      if (flight !== null) {
        // An aircraft: its popup, and no other.
        hoveringTrain.current = true;
        hoveringStation.current = false;
        const current = store.getState().flightHover;
        if (current?.key !== flight || current.x !== info.x || current.y !== info.y) store.setState({ flightHover: { key: flight, x: info.x, y: info.y }, hover: null, stationHover: null });
        return;
      }
      if (store.getState().flightHover) store.setState({ flightHover: null });
      const train = (info as TrainPickingInfo).train ?? NO_TRAIN;
      const vehicle = (info as { gtfsVehicle?: GtfsVehicleSelection | null }).gtfsVehicle ?? null;
      hoveringTrain.current = train !== NO_TRAIN || vehicle !== null;
      const { trainFeed: feed, hover, gtfsHover, gtfsLink: link } = store.getState();
      if (vehicle && link) {
        // A vehicle of a GTFS data source: its popup, with details from the GTFS worker.
        hoveringStation.current = false;
        const key = `${vehicle.source}\n${vehicle.vehicleId}`;
        hoveredGtfsVehicle.current = key;
        if (hover || store.getState().stationHover?.touch === false) store.setState({ hover: null, stationHover: null });
        if (gtfsHover && `${gtfsHover.source}\n${gtfsHover.vehicleId}` === key) {
          if (gtfsHover.x !== info.x || gtfsHover.y !== info.y) store.setState({ gtfsHover: { ...gtfsHover, x: info.x, y: info.y } });
          return;
        }
        void link.details(vehicle.source, vehicle.vehicleId).then((details) => {
          if (details && hoveredGtfsVehicle.current === key) store.setState({ gtfsHover: { ...vehicle, details, x: info.x, y: info.y }, hover: null, stationHover: null });
        });
        return;
      }
      hoveredGtfsVehicle.current = null;
      if (gtfsHover) store.setState({ gtfsHover: null });
      if (train === NO_TRAIN || !feed) {
        if (hover) store.setState({ hover: null });
        // One popup at a time: a station's where no train is under the pointer.
        hoveringStation.current = hoverStation(store, deckRef.current?.deck?.getViewports()[0], mapInfo.x, mapInfo.y);
        return;
      }
      hoveringStation.current = false;
      if (store.getState().stationHover?.touch === false) store.setState({ stationHover: null });
      void feed.details(train, store.getState().viewState.zoom).then((details) => {
        if (details && hoveringTrain.current) store.setState({ hover: { details, x: info.x, y: info.y }, stationHover: null });
      });
    },
    [store, pickTrain],
  );

  const onClick = useCallback(
    (info: PickingInfo) => {
      const train = (info as TrainPickingInfo).train ?? NO_TRAIN;
      const state = store.getState();
      const flight = (info as AircraftPickingInfo).flight ?? null;
      const planned = flight !== null ? state.flights?.feed.flight(flight) : null;
      if (flight !== null && planned) return state.selectFlight({ kind: 'flight', key: flight, id: planned.id, direction: planned.kind });
      const vehicle = (info as { gtfsVehicle?: GtfsVehicleSelection | null }).gtfsVehicle ?? null;
      if (vehicle) return state.selectGtfsVehicle(vehicle);
      if (train === NO_TRAIN) {
        const viewport = deckRef.current?.deck?.getViewports()[0];
        const { network: net, viewMode: mode } = state;
        const station = net && viewport && info.x >= 0 ? pickStation(net, viewport, trackStyle(mode), info.x, info.y, mode === 'underground') : -1;
        // While the route search criteria are open, a clicked station fills in the end being picked.
        const group = station >= 0 && state.searchMode === 'edit' && net ? stationGroupOf(net.meta, station) : null;
        if (group) return state.setRouteEnd({ station, stations: group.stations });
        if (station >= 0 && viewport && selectStation(store, station, viewport)) return stationClicked(store, station, pointerKind.current?.touch ?? false);
        state.deselect();
        return;
      }
      state.select({ kind: 'train', train, id: state.hover?.details.train === train ? state.hover.details.id : '' });
      void state.trainFeed?.details(train, state.viewState.zoom).then((details) => {
        if (!details || store.getState().selection?.train !== train) return;
        store.setState({ trackedDetails: details, selection: { kind: 'train', train, id: details.id } });
        // Clicking a train of the other level switches the view to its level.
        if (details.underground !== (store.getState().viewMode === 'underground')) store.getState().setViewMode(details.underground ? 'underground' : 'ground');
      });
    },
    [store],
  );

  const onInteractionStateChange = useCallback((interaction: CameraInteraction) => store.setState({ interaction: { ...interaction } }), [store]);
  const onBasemapLoad = useCallback((e: { target: unknown }) => store.setState({ basemap: e.target }), [store]);

  const [deckReady, setDeckReady] = useState(false);
  const onDeckLoad = useCallback(() => setDeckReady(true), []);
  useMapClick(deckRef, deckReady, pickTrain, onClick);

  const controller = useMemo(() => {
    if (tracking && locksCamera(tracking)) return false;
    // Shift + drag is a box zoom (src/api/box-zoom.ts), off while something is tracked, as panning is.
    return { type: TransitMapController, keyboard: true, dragRotate: true, touchRotate: true, inertia: 250, dragPan: tracking === null, boxZoom: tracking === null };
  }, [tracking]);

  return (
    <>
      <DeckGL
        ref={deckRef}
        initialViewState={camera.current}
        controller={controller}
        views={MAP_VIEW}
        layers={layers}
        onViewStateChange={onViewStateChange as never}
        onAfterRender={onAfterRender}
        onHover={onHover}
        onLoad={onDeckLoad}
        onInteractionStateChange={onInteractionStateChange}
        deviceProps={NETWORK_DEVICE_PROPS}
        getCursor={({ isDragging }) => (isDragging ? 'grabbing' : hoveringTrain.current || hoveringStation.current ? 'pointer' : 'grab')}
      >
        <StackedBaseMap ref={basemapRef} onIdle={onBasemapIdle} onLoad={onBasemapLoad} mapStyle={mapStyle} localIdeographFontFamily={RECOMMENDED_LOCAL_IDEOGRAPH_FONT_FAMILY} maxPitch={MAX_PITCH} attributionControl={{ compact: true }} />
      </DeckGL>
      <div ref={overlayParent} className="tt-overlay" />
    </>
  );
}
