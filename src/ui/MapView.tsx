import { MapView as DeckMapView } from '@deck.gl/core';
import DeckGL, { type DeckGLRef } from '@deck.gl/react';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// A file beside the chunk (`no-inline`: library builds would inline it as base64), which a consumer's bundler copies.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url&no-inline';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { registerPmtilesProtocol } from '../basemap/protocol.ts';
import { RECOMMENDED_LOCAL_IDEOGRAPH_FONT_FAMILY } from '../basemap/style.ts';
import { cappedPixelRatio } from '../data/pixel-ratio.ts';
import { HorizonClipEffect } from '../layers/horizon-clip.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import type { RenderStats } from '../render-stats.ts';
import { useGtfsLayerModule } from './gtfs/use-gtfs-layers.ts';
import { layerErrorReporter } from './map/layer-errors.ts';
import { useBasemapStyle, type BasemapSource } from './map/use-basemap-style.ts';
import { MAX_PITCH, useMapCamera } from './map/use-map-camera.ts';
import { useMapPicking } from './map/use-map-picking.ts';
import { useNetworkLayers } from './map/use-network-layers.ts';
import { useOverlayLayers } from './map/use-overlay-layers.ts';
import { useTrackingCameras } from './map/use-tracking-cameras.ts';
import { StackedBaseMap } from './stacked-base-map.tsx';
import { useMapLabel } from './map/use-map-label.ts';
import { useStoreApi } from './store-context.ts';
import { useAdaptiveBasemapResolution } from './use-adaptive-resolution.ts';

export type { BasemapSource } from './map/use-basemap-style.ts';

maplibregl.setWorkerUrl(workerUrl);
registerPmtilesProtocol(maplibregl);

/** Maps of the page holding MapLibre's prewarmed worker (see {@link prewarmBasemap}). */
let prewarmHolders = 0;

/**
 * Starts the base map's worker (MapLibre's, shared by every map of the page) before the map itself is made, which
 * happens once the network is drawn: its script's download and compilation then no longer delay the first tiles.
 * @returns the function that lets go of it, to call once, when the map and its base map are removed: the worker ends with
 *   the last map of the page (MapLibre keeps a prewarmed worker until it is cleared)
 */
export function prewarmBasemap(): () => void {
  if (typeof Worker !== 'function') return () => undefined;
  if (prewarmHolders++ === 0) maplibregl.prewarm();
  return () => {
    if (--prewarmHolders === 0) maplibregl.clearPrewarmedResources();
  };
}

/**
 * The network's canvas draws without multisampling (the track lines and station shapes antialias their edges in
 * their fragment shaders; 4× multisampling multiplies the fragment work of software WebGL) and does not preserve its
 * drawing buffer: it is drawn whole whenever the camera moves, and preserving it costs a copy of the canvas per frame.
 */
const NETWORK_DEVICE_PROPS = { webgl: { antialias: false, preserveDrawingBuffer: false } };

/**
 * Zoom levels past a vector source's deepest tiles that MapLibre draws by scaling those tiles up, rather than by
 * slicing them: all of them. Slicing (MapLibre's default below the map's top four zooms) asks for the deepest tile once
 * per slice and decodes it whole each time in the worker, then uploads and places labels per slice: at zoom 14 over
 * Tokyo's archive (tiles to 13) a phone's first view decoded 4 tiles 12 times. Scaled up, as MapLibre did before
 * version 5.12, that view decodes each once; it draws more vertices (each tile whole), which the GPU clips. On the
 * phone bench: longest task after the trains 449 → 359 ms, heap 18.1 → 16.7 MB (medians of 3, 1 Dec 2026).
 */
const BASEMAP_OVERSCALE_ZOOMS = 22;

/**
 * A double tap (or click) as MapLibre recognises one: two presses of at most 500 ms each, at most 500 ms apart, within
 * 30 px. deck.gl's own limits (250 ms, 300 ms, 10 px) are measured between the times the page got round to the
 * events, so on a busy phone a double tap was often not recognised and did not zoom.
 */
const EVENT_RECOGNIZERS = { dblclick: { time: 500, interval: 500, posThreshold: 30 } };

/**
 * The camera of every canvas. Its far plane lies further below the ground than deck.gl's default (1.01× the
 * distance to the ground's far edge): looking straight down, that plane cut away every underground line and train.
 */
export const MAP_VIEW = new DeckMapView({ id: 'map', farZMultiplier: 3 });

/** The effects of every canvas: nothing drawn beyond the base map's horizon (see `horizon-clip.ts`). */
export const MAP_EFFECTS = [new HorizonClipEffect()];

const onBasemapIdle = () => {
  if (!performance.getEntriesByName(PERFORMANCE_MARKS.basemapIdle).length) performance.mark(PERFORMANCE_MARKS.basemapIdle);
};

/**
 * The map: a MapLibre base map under the network's own deck.gl canvas (the stacked composition), and an overlay
 * canvas over both with what moves and the names (see `useOverlayDeck`). Each part is a hook: the camera
 * (`useMapCamera`, and `useTrackingCameras` while something is tracked), the base map's style, the network's
 * layers, the overlay's layers, and the pointer (`useMapPicking`: popups and clicks).
 */
export function MapView({ basemap, stats }: { basemap: BasemapSource; stats: RenderStats }) {
  const store = useStoreApi();
  const deckRef = useRef<DeckGLRef>(null);
  const basemapRef = useRef<MapRef>(null);
  const overlayParent = useRef<HTMLDivElement>(null);
  const [deckReady, setDeckReady] = useState(false);
  // The screen's density when the map was made: at most 2 (see `pixel-ratio.ts`).
  const [pixelRatio] = useState(cappedPixelRatio);

  const camera = useMapCamera(store, deckRef);
  useTrackingCameras(store, camera.applyTrackingCamera, deckRef);
  useAdaptiveBasemapResolution(basemapRef, store);
  const mapStyle = useBasemapStyle(basemap, basemapRef);
  // GTFS data sources: their layers' code loads with the first data source.
  const gtfs = useGtfsLayerModule();
  const layers = useNetworkLayers(gtfs);
  const overlay = useOverlayLayers(store, overlayParent, camera, MAP_VIEW, MAP_EFFECTS, stats, gtfs);
  const { onHover, getCursor } = useMapPicking(store, deckRef, overlay, deckReady);
  useMapLabel(deckRef, deckReady);

  const onAfterRender = useCallback(() => {
    if (store.getState().network) store.getState().setNetworkDrawn();
  }, [store]);
  const onDeckLoad = useCallback(() => setDeckReady(true), []);
  const onBasemapLoad = useCallback((e: { target: unknown }) => store.getState().setBasemap(e.target), [store]);
  const onLayerError = useMemo(() => layerErrorReporter((message, details) => store.getState().reportError(message, details)), [store]);
  const stopFolding = useRef<(() => void) | null>(null);
  const setBasemapRef = useCallback((map: MapRef | null) => {
    basemapRef.current = map;
    stopFolding.current?.();
    stopFolding.current = null;
    if (!map) return;
    // The map is one Tab stop, deck.gl's event root (which handles the keys): the base map's canvas is not another.
    map.getMap().getCanvas().tabIndex = -1;
    // Loaded with the base map, which comes after the first view.
    void import('./map/fold-attribution.ts').then(({ foldAttributionOnFirstUse }) => {
      if (basemapRef.current === map) stopFolding.current = foldAttributionOnFirstUse(map.getMap());
    });
  }, []);

  return (
    <>
      <DeckGL
        ref={deckRef}
        initialViewState={camera.initialViewState}
        controller={camera.controller}
        views={MAP_VIEW}
        effects={MAP_EFFECTS}
        layers={layers}
        onViewStateChange={camera.onViewStateChange as never}
        onAfterRender={onAfterRender}
        onHover={onHover}
        onLoad={onDeckLoad}
        onInteractionStateChange={camera.onInteractionStateChange}
        onError={onLayerError}
        deviceProps={NETWORK_DEVICE_PROPS}
        getCursor={getCursor}
        useDevicePixels={pixelRatio ?? true}
        eventRecognizerOptions={EVENT_RECOGNIZERS}
      >
        <StackedBaseMap ref={setBasemapRef} onIdle={onBasemapIdle} onLoad={onBasemapLoad} mapStyle={mapStyle} localIdeographFontFamily={RECOMMENDED_LOCAL_IDEOGRAPH_FONT_FAMILY} maxPitch={MAX_PITCH} pixelRatio={pixelRatio} zoomLevelsToOverscale={BASEMAP_OVERSCALE_ZOOMS} attributionControl={{ compact: true }} />
      </DeckGL>
      <div ref={overlayParent} className="tt-overlay" />
    </>
  );
}
