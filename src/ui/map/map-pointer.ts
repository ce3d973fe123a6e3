/**
 * What the pointer does on the map: the popup of what it points at, and what a click or a tap selects. The store
 * holds one popup (`hover`) and one selection, so each step below only says which one.
 *
 * @module
 */
import type { PickingInfo, Viewport } from '@deck.gl/core';
import type { GtfsVehicleSelection } from '../../data/gtfs/feed-view.ts';
import { stationGroupOf } from '../../data/station-groups.ts';
import { NO_TRAIN } from '../../data/trains/train-codes.ts';
import type { AircraftPickingInfo } from '../../layers/aircraft-layer.ts';
import { pickStation } from '../../layers/station-picking.ts';
import type { TrainPickingInfo } from '../../layers/train-layer.ts';
import { selectStation } from '../../select-station.ts';
import { hovered, type AppState, type AppStore, type HoverKind } from '../../store.ts';
import { trackStyle } from '../track-style.ts';

/** What moves under the pointer, from a pick of the overlay: an aircraft, a GTFS vehicle or a train. */
export type PointerTarget = { kind: 'flight'; key: string } | { kind: 'gtfs'; vehicle: GtfsVehicleSelection } | { kind: 'train'; train: number };

/** What a pick found that moves, or null. */
export function targetOf(info: PickingInfo): PointerTarget | null {
  const flight = (info as AircraftPickingInfo).flight ?? null;
  if (flight !== null) return { kind: 'flight', key: flight };
  const vehicle = (info as { gtfsVehicle?: GtfsVehicleSelection | null }).gtfsVehicle ?? null;
  if (vehicle) return { kind: 'gtfs', vehicle };
  const train = (info as TrainPickingInfo).train ?? NO_TRAIN;
  return train !== NO_TRAIN ? { kind: 'train', train } : null;
}

/** The station drawn at (x, y) (px from the map's top left) in the view mode shown, or -1. */
function stationAt({ network, viewMode }: AppState, viewport: Viewport | undefined, x: number, y: number): number {
  return network && viewport && x >= 0 && y >= 0 ? pickStation(network, viewport, trackStyle(viewMode), x, y, viewMode === 'underground') : -1;
}

const vehicleKey = (v: GtfsVehicleSelection) => `${v.source}\n${v.vehicleId}`;

/** Whether `target` is what the camera tracks now. */
function isTracked(state: AppState, target: PointerTarget): boolean {
  const selection = state.selection;
  if (!selection || selection.kind !== target.kind) return false;
  if (target.kind === 'flight') return selection.kind === 'flight' && selection.key === target.key;
  if (target.kind === 'gtfs') return selection.kind === 'gtfs' && selection.source === target.vehicle.source && selection.vehicleId === target.vehicle.vehicleId;
  return selection.kind === 'train' && selection.train === target.train;
}

/** What the pointer is on, as a key: details asked for it are shown only while it still is. */
function keyOf(target: PointerTarget | null): string | null {
  if (!target) return null;
  return target.kind === 'flight' ? `flight\n${target.key}` : target.kind === 'gtfs' ? `gtfs\n${vehicleKey(target.vehicle)}` : `train\n${target.train}`;
}

/**
 * Follows the pointer over the map and shows the popup of what it points at: an aircraft's, a GTFS vehicle's or a
 * train's (their details are asked for, and shown if the pointer is still there), else a station's. The popup of a
 * station tapped on a touch screen stays until the next touch (see StationPopup) whatever the mouse does, until a
 * popup of something moving replaces it.
 */
export class MapPointer {
  /** Whether the pointer is on something moving, or on a station (the cursor says that they can be clicked). */
  onObject = false;
  onStation = false;
  private pointedAt: string | null = null;

  constructor(private readonly store: AppStore) {}

  /** The pointer is at (x, y) on `target` (null: nothing moving there); `viewport` is the map's. */
  move(target: PointerTarget | null, x: number, y: number, viewport: Viewport | undefined): void {
    const state = this.store.getState();
    this.onObject = target !== null;
    this.onStation = false;
    const key = (this.pointedAt = keyOf(target));
    if (target && isTracked(state, target)) {
      // The tracking panel shows what its popup would: one copy at a time.
      if (state.hover && !(state.hover.kind === 'station' && state.hover.touch)) state.endHover();
    } else if (target?.kind === 'flight') {
      const current = hovered(state, 'flight');
      if (current?.key !== target.key || current.x !== x || current.y !== y) state.setHover({ kind: 'flight', key: target.key, x, y });
    } else if (target?.kind === 'gtfs' && state.gtfsLink) {
      this.keepOnly('gtfs');
      const current = hovered(this.store.getState(), 'gtfs');
      if (current && vehicleKey(current) === vehicleKey(target.vehicle)) {
        if (current.x !== x || current.y !== y) state.setHover({ ...current, x, y });
        return;
      }
      void state.gtfsLink.details(target.vehicle.source, target.vehicle.vehicleId).then((details) => {
        if (details && this.pointedAt === key && !isTracked(this.store.getState(), target)) this.store.getState().setHover({ kind: 'gtfs', ...target.vehicle, details, x, y });
      });
    } else if (target?.kind === 'train' && state.trainFeed) {
      this.keepOnly('train');
      void state.trainFeed.details(target.train, state.viewState.zoom).then((details) => {
        if (details && this.pointedAt === key && !isTracked(this.store.getState(), target)) this.store.getState().setHover({ kind: 'train', details, x, y });
      });
    } else {
      this.keepOnly('station');
      this.onStation = this.hoverStation(viewport, x, y);
    }
  }

  /** Closes the popup unless it is of `kind` (which the pointer is on) or a tapped station's. */
  private keepOnly(kind: HoverKind) {
    const { hover, endHover } = this.store.getState();
    if (hover && hover.kind !== kind && !(hover.kind === 'station' && hover.touch)) endHover();
  }

  /** Shows the popup of the station at (x, y), or hides a station's popup; returns whether a station is there. */
  private hoverStation(viewport: Viewport | undefined, x: number, y: number): boolean {
    const state = this.store.getState();
    const current = hovered(state, 'station');
    if (current?.touch) return false;
    const station = stationAt(state, viewport, x, y);
    if (station < 0) {
      state.endHover('station');
      return false;
    }
    const shape = state.network!.meta.stations[station].shape;
    if (current?.shape !== shape) state.setHover({ kind: 'station', station, shape, touch: false, pointer: { x, y } });
    return true;
  }
}

/**
 * A click or a tap at `info` on `target`: tracks an aircraft, a GTFS vehicle or a train; else selects the station
 * there (or, while the route search criteria are open, fills in the end being picked); else ends the selection.
 */
export function clickAt(store: AppStore, target: PointerTarget | null, info: PickingInfo, viewport: Viewport | undefined, touch: boolean): void {
  const state = store.getState();
  const planned = target?.kind === 'flight' ? state.flights?.feed.flight(target.key) : null;
  if (target?.kind === 'flight' && planned) return state.select({ kind: 'flight', key: target.key, id: planned.id, direction: planned.kind });
  if (target?.kind === 'gtfs') return state.select({ kind: 'gtfs', source: target.vehicle.source, vehicleId: target.vehicle.vehicleId });
  if (target?.kind === 'train') return clickTrain(store, target.train);
  const station = stationAt(state, viewport, info.x, info.y);
  const group = station >= 0 && state.searchMode === 'edit' ? stationGroupOf(state.network!.meta, station) : null;
  if (group) return state.setRouteEnd({ station, stations: group.stations });
  if (station >= 0 && viewport && selectStation(store, station, viewport)) return stationClicked(store, station, touch);
  state.deselect();
}

/** Tracks a train; once its details arrive, the view switches to its level (ground or underground). */
function clickTrain(store: AppStore, train: number) {
  const state = store.getState();
  const popup = hovered(state, 'train');
  state.select({ kind: 'train', train, id: popup?.details.train === train ? popup.details.id : '' });
  void state.trainFeed?.details(train, state.viewState.zoom).then((details) => {
    if (!details || !store.getState().trainDetailsArrived(details)) return;
    store.getState().followTrackedLevel(details.underground ? 'underground' : 'ground');
  });
}

/**
 * After a station was selected by a click or a tap: a tap shows the station's popup (a touch screen has no hover,
 * and the popup is where its photo is); a mouse click hides it, as tracking hides a train's popup (the panel shows
 * the names and lines).
 */
function stationClicked(store: AppStore, station: number, touch: boolean): void {
  const shape = store.getState().network?.meta.stations[station]?.shape ?? -1;
  store.getState().setHover(touch && shape >= 0 ? { kind: 'station', station, shape, touch: true } : null);
}
