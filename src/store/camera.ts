import { prefersReducedMotion } from '../reduced-motion.ts';
import type { GetState, SetState } from './slice.ts';

/** Camera of the map. */
export interface ViewState {
  longitude: number;
  latitude: number;
  zoom: number;
  bearing: number;
  pitch: number;
}

/**
 * Room (CSS pixels) the camera keeps clear at each edge of the map, as MapLibre's padding: the camera's centre is
 * drawn at the centre of the rest. While a vehicle is tracked, the room of the tracking panel at the bottom.
 */
export interface CameraPadding {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** No padding. */
const NO_PADDING: CameraPadding = { top: 0, bottom: 0, left: 0, right: 0 };

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

/** deck.gl's interaction state of the map's camera (all absent or false at rest). */
export interface CameraInteraction {
  isDragging?: boolean;
  isPanning?: boolean;
  isRotating?: boolean;
  isZooming?: boolean;
  inTransition?: boolean;
}

/** The camera and the base map. */
export interface CameraSlice {
  /** Current camera (updated as the user moves the map; not a render trigger for the map itself). */
  viewState: ViewState;
  /** The camera's padding: where on screen its centre is drawn (see {@link CameraPadding}). */
  cameraPadding: CameraPadding;
  cameraRequest: CameraRequest | null;
  /** What the camera is doing: dragged, panned, rotated, zoomed by the user, or in an animated transition. */
  interaction: CameraInteraction;
  /** The base map's MapLibre instance once it is created (for `Map.getMapLibreMap`). */
  basemap: unknown;

  setViewState(view: ViewState): void;
  /** Records the camera's padding (kept when equal to the one recorded). */
  setCameraPadding(padding: CameraPadding): void;
  /** Asks the map view to move the camera; an ease or a flight is a jump when the user prefers reduced motion. */
  requestCamera(view: Partial<ViewState>, transition: CameraRequest['transition'], duration?: number): void;
  /** Records deck.gl's interaction state of the camera. */
  setInteraction(interaction: CameraInteraction): void;
  /** Records the base map's MapLibre instance once it has loaded. */
  setBasemap(map: unknown): void;
}

/** The camera slice, starting at `viewState`. */
export function createCameraSlice(set: SetState, get: GetState, viewState: ViewState): CameraSlice {
  return {
    viewState,
    cameraRequest: null,
    interaction: {},
    basemap: null,
    cameraPadding: NO_PADDING,
    setViewState: (view) => set({ viewState: view }),
    setCameraPadding: (padding) => {
      const current = get().cameraPadding;
      if (padding.top !== current.top || padding.bottom !== current.bottom || padding.left !== current.left || padding.right !== current.right) set({ cameraPadding: { ...padding } });
    },
    requestCamera: (view, transition, duration) => {
      const effective = prefersReducedMotion() ? 'jump' : transition;
      // A jump is where it goes at once, so getters read the new camera immediately (as MapLibre's do).
      const cameraRequest = { view, transition: effective, duration, serial: (get().cameraRequest?.serial ?? 0) + 1 };
      set(effective === 'jump' ? { cameraRequest, viewState: { ...get().viewState, ...view } } : { cameraRequest });
    },
    setInteraction: (interaction) => set({ interaction: { ...interaction } }),
    setBasemap: (basemap) => set({ basemap }),
  };
}
