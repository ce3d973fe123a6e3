import { FlyToInterpolator, LinearInterpolator, type MapViewState } from '@deck.gl/core';
import type { DeckGLRef } from '@deck.gl/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, type RefObject } from 'react';
import { locksCamera, type CameraView } from '../../data/tracking-view.ts';
import { isTracking, type AppStore, type CameraInteraction, type CameraPadding, type CameraRequest, type ViewState } from '../../store.ts';
import { TransitMapController } from '../map-controller.ts';
import { useAppStore } from '../store-context.ts';

export const MAX_PITCH = 85;
const FLY = new FlyToInterpolator({ curve: 1.42, speed: 1.2 });
const EASE = new LinearInterpolator(['longitude', 'latitude', 'zoom', 'bearing', 'pitch']);

type DeckViewState = MapViewState & { transitionDuration?: number | 'auto'; transitionInterpolator?: unknown; padding?: unknown };

function toDeckViewState(view: ViewState, request?: CameraRequest): DeckViewState {
  const base: DeckViewState = { ...view, maxPitch: MAX_PITCH, minZoom: 0, maxZoom: 22 };
  if (!request || request.transition === 'jump') return base;
  return {
    ...base,
    transitionDuration: request.transition === 'fly' ? (request.duration ?? 'auto') : (request.duration ?? 500),
    transitionInterpolator: request.transition === 'fly' ? FLY : EASE,
  };
}

/** The tracking panels at the bottom of the map (trains, aircraft, GTFS vehicles). */
const TRACKING_PANEL = '[data-testid="tracking-panel"], [data-testid="flight-panel"], [data-testid="gtfs-tracking-panel"]';

/**
 * The camera's padding while something is tracked: the map from the top of the tracking panel down, so that the
 * tracked vehicle is framed in the part of the map that shows (at most half the map's height); none otherwise.
 */
function trackingPadding(store: AppStore, canvas: HTMLCanvasElement | null): CameraPadding {
  const panel = isTracking(store.getState()) ? document.querySelector<HTMLElement>(TRACKING_PANEL) : null;
  if (!panel || !canvas) return { top: 0, bottom: 0, left: 0, right: 0 };
  const map = canvas.getBoundingClientRect();
  const room = map.bottom - panel.getBoundingClientRect().top + PANEL_MARGIN;
  return { top: 0, bottom: Math.round(Math.max(0, Math.min(room, map.height / 2))), left: 0, right: 0 };
}

/** Pixels kept between the tracking panel and the framed part of the map. */
const PANEL_MARGIN = 12;

/** The map's camera as the deck.gl canvases and the tracking controllers use it (see {@link useMapCamera}). */
export interface MapCamera {
  /** What the map's `<DeckGL>` is given as its camera (replaced by camera requests). */
  initialViewState: DeckViewState;
  /** deck.gl's controller props: none while a tracking viewpoint holds the camera. */
  controller: false | Record<string, unknown>;
  onViewStateChange: (change: { viewState: MapViewState }) => void;
  onInteractionStateChange: (interaction: CameraInteraction) => void;
  /** Moves the camera for a tracking controller (trains, flights, GTFS vehicles). */
  applyTrackingCamera: (view: CameraView) => void;
  /** The camera of the overlay canvas, and a subscription to its changes (see `useOverlayDeck`). */
  overlayCamera: () => MapViewState;
  onCameraChange: (onChange: () => void) => () => void;
}

/**
 * deck.gl owns the camera (uncontrolled), so moving the map never re-renders React. The camera object deck.gl was
 * last given lives in a ref, and follows the camera as deck.gl reports it: camera requests (API, buttons) replace it
 * and re-render; a tracking controller sets a copy every frame through `deck.setProps` and updates the ref's object
 * to the same values, so React renders of DeckGL hand deck.gl an equal camera and never snap it back. The store's
 * `viewState` follows the camera.
 */
export function useMapCamera(store: AppStore, deckRef: RefObject<DeckGLRef | null>): MapCamera {
  const camera = useRef<DeckViewState>(toDeckViewState(store.getState().viewState));
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const cameraRequest = useAppStore((s) => s.cameraRequest);
  const tracking = useAppStore((s) => (isTracking(s) ? s.trackingMode : null));

  useEffect(() => {
    if (!cameraRequest) return;
    const { viewState, setViewState } = store.getState();
    camera.current = toDeckViewState({ ...viewState, ...cameraRequest.view }, cameraRequest);
    // Handed to deck.gl now, not at React's next render: a deck.gl frame in between (of a key's or a drag's
    // transition) would write its camera into this new object first, and the request would be lost.
    deckRef.current?.deck?.setProps({ initialViewState: camera.current });
    if (cameraRequest.transition === 'jump') setViewState({ ...viewState, ...cameraRequest.view }); // deck.gl reports no view-state change for a jump
    rerender();
  }, [cameraRequest, store, deckRef]);

  const applyTrackingCamera = useCallback(
    (view: CameraView) => {
      const padding = trackingPadding(store, deckRef.current?.deck?.getCanvas() ?? null);
      Object.assign(camera.current, view, { transitionDuration: 0, padding });
      deckRef.current?.deck?.setProps({ initialViewState: { ...camera.current } });
      store.getState().setCameraPadding(padding);
      store.getState().setViewState(view);
    },
    [store, deckRef],
  );

  const onViewStateChange = useCallback(
    ({ viewState }: { viewState: MapViewState }) => {
      const { longitude, latitude, zoom, bearing = 0, pitch = 0 } = viewState;
      // deck.gl takes a camera it is given only when it differs from the one it was given before (compared by value):
      // that one follows the camera, so that a request for where the camera was last sent (the same jumpTo twice, with
      // a drag or a key press between them) still moves it, and a jump during a transition stops it.
      Object.assign(camera.current, { longitude, latitude, zoom, bearing, pitch });
      store.getState().setViewState({ longitude, latitude, zoom, bearing, pitch });
    },
    [store],
  );
  const onInteractionStateChange = useCallback((interaction: CameraInteraction) => store.getState().setInteraction(interaction), [store]);

  const controller = useMemo(() => {
    if (tracking && locksCamera(tracking)) return false as const;
    // Shift + drag is a box zoom (src/api/box-zoom.ts), off while something is tracked, as panning is.
    return { type: TransitMapController, keyboard: true, dragRotate: true, touchRotate: true, inertia: 250, dragPan: tracking === null, boxZoom: tracking === null };
  }, [tracking]);

  // The tracking camera pads the map's view (see `applyTrackingCamera`): the overlay uses the same padding to line up.
  const overlayCamera = useCallback((): MapViewState => ({ ...toDeckViewState(store.getState().viewState), padding: camera.current.padding }) as MapViewState, [store]);
  const onCameraChange = useCallback((onChange: () => void) => store.subscribe((s, previous) => s.viewState !== previous.viewState && onChange()), [store]);

  return { initialViewState: camera.current, controller, onViewStateChange, onInteractionStateChange, applyTrackingCamera, overlayCamera, onCameraChange };
}
