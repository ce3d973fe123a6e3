import type { ExitMarker } from '../data/exits.ts';
import type { GtfsVehicleSelection } from '../data/gtfs/feed-view.ts';
import type { VehicleDetails } from '../data/gtfs/next-stop.ts';
import type { StationGroup } from '../data/station-groups.ts';
import type { TrackingViewpoint } from '../data/tracking-view.ts';
import type { TrainDetails } from '../data/trains/train-details.ts';
import { NO_TRAIN } from '../data/trains/train-codes.ts';
import type { GetState, SetState } from './slice.ts';

/** The selected (tracked) train. */
export interface TrainSelection {
  kind: 'train';
  /** Timetable index the train runs now, or an extra train's code (see `data/trains/train-codes.ts`). */
  train: number;
  /** Train id without prefix, e.g. "JR-East.Yamanote.400G" (empty until its details have arrived). */
  id: string;
}

/** The selected station group (station panel, highlighted on the map). */
export interface StationSelection extends StationGroup {
  kind: 'station';
  /** Id of the station chosen (without the `odpt.Station:` prefix), e.g. "JR-East.Yamanote.Shinjuku". */
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

/** The selected (tracked) vehicle of a GTFS data source. */
export interface GtfsSelection extends GtfsVehicleSelection {
  kind: 'gtfs';
}

/** What is selected: one thing at a time. A train, flight or GTFS vehicle is tracked (the camera follows it). */
export type Selection = TrainSelection | StationSelection | FlightSelection | GtfsSelection;
export type SelectionKind = Selection['kind'];

/** A train under the pointer, with where to show its popup. */
export interface TrainHover {
  kind: 'train';
  details: TrainDetails;
  x: number;
  y: number;
}

/** A station under the pointer (or just tapped on a touch screen): its popup is shown at the station. */
export interface StationHover {
  kind: 'station';
  /** Station index (the first of its physical station). */
  station: number;
  /** Its physical station (shape) index. */
  shape: number;
  /** Shown by a tap: it stays until the next touch on the map. */
  touch: boolean;
  /** Where the pointer was (px from the map's top left) when it pointed at the station; absent for a tap. */
  pointer?: { x: number; y: number };
}

/** A flight under the pointer (or just tapped), with where to show its popup. */
export interface FlightHover {
  kind: 'flight';
  /** Feed key of the flight. */
  key: string;
  x: number;
  y: number;
}

/** A GTFS vehicle under the pointer, its details and where to show its popup. */
export interface GtfsHover extends GtfsVehicleSelection {
  kind: 'gtfs';
  details: VehicleDetails;
  x: number;
  y: number;
}

/** What the one popup on the map shows. */
export type Hover = TrainHover | StationHover | FlightHover | GtfsHover;
export type HoverKind = Hover['kind'];

/** Details of the tracked train or GTFS vehicle (refreshed while tracking), for its panel. */
export type TrackedDetails = { kind: 'train'; details: TrainDetails } | { kind: 'gtfs'; details: VehicleDetails };

/** The selection, the popup, and the panels that show what is selected. */
export interface SelectionSlice {
  selection: Selection | null;
  /** What the popup shows, or null for no popup. */
  hover: Hover | null;
  /** Details of the tracked train or GTFS vehicle, once they have arrived. */
  trackedDetails: TrackedDetails | null;
  /** Camera viewpoint while tracking. */
  trackingMode: TrackingViewpoint;
  /** Station panel folded to its header. */
  stationPanelCollapsed: boolean;
  /** Tracked train's timetable folded. */
  timetableCollapsed: boolean;
  /** Exits marked on the map while the station panel's exit list is open. */
  exitMarkers: ExitMarker[] | null;
  /** Id of the exit whose marker is highlighted (its list entry is hovered or focused). */
  highlightedExit: string | null;

  /**
   * Selects something, ending what was selected before, in one update. A station unfolds its panel; a flight shows
   * the ground view; tracking closes the popup unless it is a station's (the panel shows the same).
   */
  select(selection: Selection): void;
  /** Ends the selection, or only a selection of `kind`. */
  deselect(kind?: SelectionKind): void;
  /** The tracked train runs on as another timetable entry (through service). */
  followTrain(train: number): void;
  /** Takes the details of a train for its panel (and its id), if it is the one tracked; returns whether it is. */
  trainDetailsArrived(details: TrainDetails): boolean;
  /** Takes the details of a GTFS vehicle for its panel, if it is the one tracked. */
  gtfsDetailsArrived(vehicle: GtfsVehicleSelection, details: VehicleDetails): void;
  /** Shows a popup (replacing any other) or none. */
  setHover(hover: Hover | null): void;
  /** Closes the popup, or only a popup of `kind`. */
  endHover(kind?: HoverKind): void;
  setTrackingMode(mode: TrackingViewpoint): void;
  setStationPanelCollapsed(collapsed: boolean): void;
  setTimetableCollapsed(collapsed: boolean): void;
  /** Marks exits on the map, or none (which also ends the highlight). */
  showExitMarkers(markers: ExitMarker[] | null): void;
  highlightExit(id: string | null): void;
}

/** The selection if it is of `kind`, else null. */
export function selected<K extends SelectionKind>(state: { selection: Selection | null }, kind: K): Extract<Selection, { kind: K }> | null {
  const { selection } = state;
  return selection?.kind === kind ? (selection as Extract<Selection, { kind: K }>) : null;
}

/** The popup if it is of `kind`, else null. */
export function hovered<K extends HoverKind>(state: { hover: Hover | null }, kind: K): Extract<Hover, { kind: K }> | null {
  const { hover } = state;
  return hover?.kind === kind ? (hover as Extract<Hover, { kind: K }>) : null;
}

/** Details of the tracked train, or null while something else or nothing is tracked. */
export function trackedTrainDetails(state: { selection: Selection | null; trackedDetails: TrackedDetails | null }): TrainDetails | null {
  const tracked = state.trackedDetails;
  return state.selection?.kind === 'train' && tracked?.kind === 'train' ? tracked.details : null;
}

/** Details of the tracked GTFS vehicle, or null while something else or nothing is tracked. */
export function trackedGtfsDetails(state: { selection: Selection | null; trackedDetails: TrackedDetails | null }): VehicleDetails | null {
  const tracked = state.trackedDetails;
  return state.selection?.kind === 'gtfs' && tracked?.kind === 'gtfs' ? tracked.details : null;
}

/** Whether something moving is tracked (the camera follows it): a train, a flight or a GTFS vehicle. */
export function isTracking(state: { selection: Selection | null }): boolean {
  return state.selection !== null && state.selection.kind !== 'station';
}

const sameVehicle = (a: GtfsVehicleSelection, b: GtfsVehicleSelection) => a.source === b.source && a.vehicleId === b.vehicleId;

/** The selection slice: nothing selected, no popup, tracking from viewpoint `trackingMode`. */
export function createSelectionSlice(set: SetState, get: GetState, trackingMode: TrackingViewpoint): SelectionSlice {
  return {
    selection: null,
    hover: null,
    trackedDetails: null,
    trackingMode,
    stationPanelCollapsed: false,
    timetableCollapsed: false,
    exitMarkers: null,
    highlightedExit: null,
    select: (selection) => {
      const { selection: previous, hover, trackedDetails, trainFeed, viewMode, viewModeBeforeTracking } = get();
      if (selection.kind === 'train' || previous?.kind === 'train') trainFeed?.select(selection.kind === 'train' ? selection.train : NO_TRAIN);
      set({
        selection,
        // Another train keeps the panel's lines until its own arrive (the panel stays open).
        trackedDetails: selection.kind === 'train' && trackedDetails?.kind === 'train' ? trackedDetails : null,
        hover: selection.kind === 'station' || hover?.kind === 'station' ? hover : null,
        ...(selection.kind === 'station' ? { stationPanelCollapsed: false } : {}),
        // Aircraft fly above the ground: tracking one shows the ground view.
        ...(selection.kind === 'flight' && viewMode === 'underground' ? { viewMode: 'ground' as const, viewModeBeforeTracking: viewModeBeforeTracking ?? viewMode } : {}),
      });
      if (selection.kind === 'station') get().restoreViewMode();
    },
    deselect: (kind) => {
      const { selection, trainFeed } = get();
      if (!selection || (kind && selection.kind !== kind)) return;
      if (selection.kind === 'train') trainFeed?.select(NO_TRAIN);
      set({ selection: null, trackedDetails: null });
      get().restoreViewMode();
    },
    followTrain: (train) => {
      const selection = selected(get(), 'train');
      if (selection && selection.train !== train) set({ selection: { ...selection, train } });
    },
    trainDetailsArrived: (details) => {
      const selection = selected(get(), 'train');
      if (selection?.train !== details.train) return false;
      set({ trackedDetails: { kind: 'train', details }, selection: selection.id === details.id ? selection : { ...selection, id: details.id } });
      return true;
    },
    gtfsDetailsArrived: (vehicle, details) => {
      const selection = selected(get(), 'gtfs');
      if (selection && sameVehicle(selection, vehicle)) set({ trackedDetails: { kind: 'gtfs', details } });
    },
    setHover: (hover) => set({ hover }),
    endHover: (kind) => {
      const { hover } = get();
      if (hover && (!kind || hover.kind === kind)) set({ hover: null });
    },
    setTrackingMode: (mode) => set({ trackingMode: mode }),
    setStationPanelCollapsed: (collapsed) => set({ stationPanelCollapsed: collapsed }),
    setTimetableCollapsed: (collapsed) => set({ timetableCollapsed: collapsed }),
    showExitMarkers: (markers) => set(markers ? { exitMarkers: markers } : { exitMarkers: null, highlightedExit: null }),
    highlightExit: (id) => {
      if (get().highlightedExit !== id) set({ highlightedExit: id });
    },
  };
}
