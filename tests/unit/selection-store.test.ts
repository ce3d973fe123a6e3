import { describe, expect, it, vi } from 'vitest';
import type { GtfsVehicleSet } from '../../src/data/gtfs/feed-view.ts';
import type { VehicleDetails } from '../../src/data/gtfs/next-stop.ts';
import { NO_TRAIN } from '../../src/data/trains/train-codes.ts';
import type { TrainDetails } from '../../src/data/trains/train-details.ts';
import type { TrainFeed } from '../../src/data/trains/train-feed.ts';
import type { FlightsHandle } from '../../src/layers/flights-handle.ts';
import { hovered, isTracking, selected, trackedGtfsDetails, trackedTrainDetails, type Hover, type Selection, type StationSelection } from '../../src/store.ts';
import { testStore } from './fixtures/test-store.ts';

const store = testStore;

const station: StationSelection = { kind: 'station', id: 'JR-East.Yamanote.Ebisu', group: 1, shapes: [1], stations: [2], center: [139.71, 35.646] };
const train: Selection = { kind: 'train', train: 5, id: 'JR-East.Yamanote.400G' };
const flight: Selection = { kind: 'flight', key: 'departure:HND-JAT.HND.JL163', id: 'HND-JAT.HND.JL163', direction: 'departure' };
const bus: Selection = { kind: 'gtfs', source: 'gtfs-1', vehicleId: '2526' };
const idOf = (selection: Selection | null) => (selection ? (selection.kind === 'gtfs' ? selection.vehicleId : selection.id) : 'none');

const trainDetails = (train: number, id = `X.Y.${train}`) => ({ train, id }) as TrainDetails;
const busDetails = { routeName: '320' } as VehicleDetails;
const popups: Hover[] = [
  { kind: 'train', details: trainDetails(5), x: 1, y: 2 },
  { kind: 'station', station: 2, shape: 1, touch: false, pointer: { x: 1, y: 2 } },
  { kind: 'flight', key: 'arrival:A.B.C', x: 1, y: 2 },
  { kind: 'gtfs', source: 'gtfs-1', vehicleId: '2526', details: busDetails, x: 1, y: 2 },
];

describe('selection in the store', () => {
  it('goes from a train to a station (and back) in one update, never through "nothing selected"', () => {
    const s = store();
    s.getState().select({ kind: 'train', train: 5, id: 'JR-East.Yamanote.400G' });
    const seen: string[] = [];
    s.subscribe((state) => seen.push(idOf(state.selection)));
    s.getState().setStationPanelCollapsed(true);
    seen.length = 0;
    s.getState().select(station);
    expect(seen).toEqual(['JR-East.Yamanote.Ebisu']);
    expect(selected(s.getState(), 'train')).toBeNull();
    expect(s.getState().stationPanelCollapsed).toBe(false);
    s.getState().select({ kind: 'train', train: 6, id: 'JR-East.Yamanote.402G' });
    expect(seen).toEqual(['JR-East.Yamanote.Ebisu', 'JR-East.Yamanote.402G']);
    expect(selected(s.getState(), 'station')).toBeNull();
  });

  it('deselect ends either kind of selection', () => {
    const s = store();
    s.getState().select(station);
    s.getState().deselect();
    expect(selected(s.getState(), 'station')).toBeNull();
    s.getState().select({ kind: 'train', train: 5, id: 'JR-East.Yamanote.400G' });
    s.getState().deselect();
    expect(selected(s.getState(), 'train')).toBeNull();
  });
});

describe('one selection at a time', () => {
  it('holds one of the four kinds; each selection replaces the one before', () => {
    const s = store();
    for (const next of [train, station, flight, bus, train, bus, station, flight]) {
      s.getState().select(next);
      expect(s.getState().selection).toBe(next);
      for (const kind of ['train', 'station', 'flight', 'gtfs'] as const) expect(selected(s.getState(), kind)).toBe(kind === next.kind ? next : null);
      expect(isTracking(s.getState())).toBe(next.kind !== 'station');
    }
  });

  it('tells the train simulation which train is tracked, and that none is once another kind is selected', () => {
    const s = store();
    const feed = { select: vi.fn() };
    s.getState().setTrainFeed(feed as unknown as TrainFeed);
    s.getState().select(train);
    s.getState().select(flight);
    s.getState().select(bus);
    s.getState().select(train);
    s.getState().deselect();
    expect(feed.select.mock.calls.map(([t]) => t)).toEqual([5, NO_TRAIN, 5, NO_TRAIN]);
  });

  it('ends only a selection of the kind named', () => {
    const s = store();
    s.getState().select(flight);
    s.getState().deselect('train');
    s.getState().deselect('station');
    s.getState().deselect('gtfs');
    expect(s.getState().selection).toBe(flight);
    s.getState().deselect('flight');
    expect(s.getState().selection).toBeNull();
  });

  it('keeps details only for what is tracked: a train’s or a vehicle’s, never another’s', () => {
    const s = store();
    s.getState().select({ kind: 'train', train: 5, id: '' });
    expect(s.getState().trainDetailsArrived(trainDetails(7))).toBe(false);
    expect(trackedTrainDetails(s.getState())).toBeNull();
    expect(s.getState().trainDetailsArrived(trainDetails(5, 'JR-East.Yamanote.400G'))).toBe(true);
    expect(trackedTrainDetails(s.getState())?.train).toBe(5);
    expect(s.getState().selection).toEqual(train);
    // Another train: the panel keeps the lines it has until the new train's arrive.
    s.getState().select({ kind: 'train', train: 6, id: '' });
    expect(trackedTrainDetails(s.getState())?.train).toBe(5);
    s.getState().select(bus);
    expect(trackedTrainDetails(s.getState())).toBeNull();
    s.getState().gtfsDetailsArrived({ source: 'gtfs-1', vehicleId: 'other' }, busDetails);
    expect(trackedGtfsDetails(s.getState())).toBeNull();
    s.getState().gtfsDetailsArrived({ source: 'gtfs-1', vehicleId: '2526' }, busDetails);
    expect(trackedGtfsDetails(s.getState())).toBe(busDetails);
    s.getState().select(station);
    expect(s.getState().trackedDetails).toBeNull();
  });

  it('follows the tracked train across through service, and a tracked flight to the ground view', () => {
    const s = store();
    s.getState().select(train);
    s.getState().followTrain(9);
    expect(selected(s.getState(), 'train')).toMatchObject({ train: 9, id: train.id });
    s.getState().setViewMode('underground');
    s.getState().select(flight);
    expect(s.getState().viewMode).toBe('ground');
  });
});

describe('one popup at a time', () => {
  it('holds one of the four kinds; each popup replaces the one before', () => {
    const s = store();
    for (const popup of [...popups, ...popups.slice().reverse()]) {
      s.getState().setHover(popup);
      for (const kind of ['train', 'station', 'flight', 'gtfs'] as const) expect(hovered(s.getState(), kind)).toBe(kind === popup.kind ? popup : null);
    }
  });

  it('closes only a popup of the kind named', () => {
    const s = store();
    s.getState().setHover(popups[2]);
    s.getState().endHover('station');
    expect(s.getState().hover).toBe(popups[2]);
    s.getState().endHover('flight');
    expect(s.getState().hover).toBeNull();
  });

  it('closes the popup when tracking starts, but not a station’s, nor when a station is selected', () => {
    const s = store();
    for (const tracked of [train, flight, bus]) {
      for (const popup of popups) {
        s.getState().setHover(popup);
        s.getState().select(tracked);
        expect(s.getState().hover).toBe(popup.kind === 'station' ? popup : null);
      }
    }
    s.getState().setHover(popups[0]);
    s.getState().select(station);
    expect(s.getState().hover).toBe(popups[0]);
  });

  it('ends a flight’s selection and popup with the airplanes, and nothing else', () => {
    const s = store();
    s.getState().flightsLoaded({} as FlightsHandle);
    s.getState().select(flight);
    s.getState().setHover(popups[2]);
    s.getState().flightsRemoved();
    expect(s.getState()).toMatchObject({ flights: null, selection: null, hover: null });
    s.getState().select(train);
    s.getState().setHover(popups[1]);
    s.getState().flightsRemoved();
    expect(s.getState().selection).toBe(train);
    expect(s.getState().hover).toBe(popups[1]);
  });

  it('ends the tracking and the popup of a GTFS vehicle that leaves its feed or whose source goes', () => {
    const s = store();
    const vehicles = (...vehicleIds: string[]) => ({ source: 'gtfs-1', vehicleIds }) as unknown as GtfsVehicleSet;
    s.getState().setGtfsVehicles('gtfs-1', vehicles('2526', '2527'));
    s.getState().select(bus);
    s.getState().setHover(popups[3]);
    s.getState().setGtfsVehicles('gtfs-1', vehicles('2526'));
    expect(s.getState()).toMatchObject({ selection: bus, hover: popups[3] });
    s.getState().setGtfsVehicles('gtfs-2', vehicles());
    expect(s.getState()).toMatchObject({ selection: bus, hover: popups[3] });
    s.getState().setGtfsVehicles('gtfs-1', vehicles('2527'));
    expect(s.getState()).toMatchObject({ selection: null, hover: null });
    s.getState().select(bus);
    s.getState().setHover(popups[3]);
    s.getState().removeGtfsSource('gtfs-1');
    expect(s.getState()).toMatchObject({ selection: null, hover: null, gtfsVehicles: { 'gtfs-2': expect.anything() } });
  });
});

describe('the view mode while tracking', () => {
  it('goes back to the mode shown before tracking switched it, when tracking ends', () => {
    const s = store();
    s.getState().select(train);
    s.getState().followTrackedLevel('underground');
    expect(s.getState().viewMode).toBe('underground');
    s.getState().followTrackedLevel('ground');
    s.getState().followTrackedLevel('underground');
    s.getState().deselect();
    expect(s.getState().viewMode).toBe('ground');
    expect(s.getState().viewModeBeforeTracking).toBeNull();
  });

  it('keeps what a person chose: underground before tracking, or a mode switched while tracking', () => {
    const s = store();
    s.getState().setViewMode('underground');
    s.getState().select(train);
    s.getState().followTrackedLevel('underground');
    s.getState().deselect();
    expect(s.getState().viewMode, 'underground already: nothing to restore').toBe('underground');
    s.getState().setViewMode('ground');
    s.getState().select(train);
    s.getState().followTrackedLevel('underground');
    s.getState().setViewMode('ground');
    s.getState().followTrackedLevel('underground');
    s.getState().setViewMode('underground');
    s.getState().deselect();
    expect(s.getState().viewMode, 'the mode the person chose last').toBe('underground');
  });

  it('tracking a flight shows the ground, and selecting a station afterwards restores the view', () => {
    const s = store();
    s.getState().setViewMode('underground');
    s.getState().select(flight);
    expect(s.getState().viewMode).toBe('ground');
    s.getState().select(station);
    expect(s.getState().viewMode).toBe('underground');
  });
});
