import type { ClockMode } from '../data/clock.ts';
import type { LightSummary } from '../data/light/light-state.ts';
import type { MapErrorData } from '../data/map-error.ts';
import type { EcoMode, SearchMode, ViewMode } from '../store.ts';
import type { MapGestureEvents } from './gesture-events.ts';
import type { TrackedObject } from './mt3d-tracking.ts';
import type { LngLatLike, TrackingMode } from './options.ts';

/** Events of {@link Map}: its own, and the gesture and camera events of the map (see {@link MapGestureEvents}). */
export interface MapEvents extends MapGestureEvents {
  /** The network is drawn for the first time and the base map's style is loaded ({@link Map.getMapLibreMap} is set). */
  load: undefined;
  /**
   * Something failed; `message` says what, where and why. `source` names the layer, plugin or data source that
   * failed, `url` the address that could not be loaded, `error` the underlying error (each when there is one).
   */
  error: MapErrorData;
  /**
   * A train, flight, station or GTFS vehicle was selected; `selection` is its id without prefix (`odpt.Train:`,
   * `odpt.FlightInformationArrival:` / `odpt.FlightInformationDeparture:`), `gtfs:<data source id>:<vehicle id>`
   * for a vehicle of a data source, or for a station the ids (without `odpt.Station:`) of every station of its
   * group, the chosen one first. For an object a plugin selected with {@link Map.trackObject}, the object's own
   * fields (`id`, `selectionType`, …) instead.
   */
  selection: TrackedObject & { selection?: string | string[] };
  /** The selection ended: `deselection` is what `selection` was (or the plugin's object's fields). */
  deselection: TrackedObject & { deselection?: string | string[] };
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
export interface CameraOptions {
  center?: LngLatLike;
  zoom?: number;
  bearing?: number;
  pitch?: number;
  /** Transition length in milliseconds (easeTo, flyTo). */
  duration?: number;
}
