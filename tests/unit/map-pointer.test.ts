/**
 * The one popup on the map as the pointer moves (src/ui/map/map-pointer.ts): what is pointed at replaces the popup,
 * details that arrive after the pointer has left are not shown, and a station's popup shown by a tap stays until a
 * popup of something moving replaces it.
 */
import { describe, expect, it } from 'vitest';
import type { SimulationClock } from '../../src/data/clock.ts';
import type { GtfsLinkApi } from '../../src/data/gtfs/feed-view.ts';
import type { VehicleDetails } from '../../src/data/gtfs/next-stop.ts';
import type { TrainDetails } from '../../src/data/trains/train-details.ts';
import type { TrainFeed } from '../../src/data/trains/train-feed.ts';
import { createAppStore, type StationHover } from '../../src/store.ts';
import { MapPointer, targetOf, type PointerTarget } from '../../src/ui/map/map-pointer.ts';

/** Answers that the test hands out when it wants (as the workers do, later). */
function deferredAnswers<T>() {
  const waiting: ((value: T) => void)[] = [];
  return { ask: () => new Promise<T>((resolve) => waiting.push(resolve)), answer: (value: T) => waiting.shift()!(value) };
}

function setup() {
  const store = createAppStore({
    viewState: { longitude: 139.767, latitude: 35.6814, zoom: 14, bearing: 0, pitch: 60 },
    lang: 'en',
    theme: 'light',
    clock: { mode: 'realtime', now: () => 0 } as unknown as SimulationClock,
    trackingMode: 'position',
  });
  const trains = deferredAnswers<TrainDetails | null>();
  const vehicles = deferredAnswers<VehicleDetails | null>();
  store.getState().setTrainFeed({ details: trains.ask, select: () => undefined } as unknown as TrainFeed);
  store.getState().setGtfsLink({ details: vehicles.ask, pose: () => null } as GtfsLinkApi);
  const pointer = new MapPointer(store);
  const move = (target: PointerTarget | null) => pointer.move(target, 10, 20, undefined);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { store, pointer, move, trains, vehicles, settle };
}

const train: PointerTarget = { kind: 'train', train: 5 };
const bus: PointerTarget = { kind: 'gtfs', vehicle: { source: 'gtfs-1', vehicleId: '2526' } };
const flight: PointerTarget = { kind: 'flight', key: 'arrival:A.B.1' };
const tapped: StationHover = { kind: 'station', station: 2, shape: 1, touch: true };

describe('the popup under the pointer', () => {
  it('reads what a pick found: an aircraft, a GTFS vehicle, a train, or nothing', () => {
    expect(targetOf({ flight: 'arrival:A.B.1' } as never)).toEqual(flight);
    expect(targetOf({ flight: null, gtfsVehicle: bus.kind === 'gtfs' ? bus.vehicle : null } as never)).toEqual(bus);
    expect(targetOf({ train: 5 } as never)).toEqual(train);
    expect(targetOf({ train: -1 } as never)).toBeNull();
    expect(targetOf({ x: 1, y: 2 } as never)).toBeNull();
  });

  it('shows the popup of what is pointed at, one at a time, and none over nothing', async () => {
    const { store, pointer, move, trains, vehicles, settle } = setup();
    move(train);
    expect(pointer.onObject).toBe(true);
    trains.answer({ train: 5 } as TrainDetails);
    await settle();
    expect(store.getState().hover).toMatchObject({ kind: 'train', x: 10, y: 20 });
    move(flight);
    expect(store.getState().hover).toEqual({ kind: 'flight', key: 'arrival:A.B.1', x: 10, y: 20 });
    move(bus);
    expect(store.getState().hover).toBeNull();
    vehicles.answer({ routeName: '320' } as VehicleDetails);
    await settle();
    expect(store.getState().hover).toMatchObject({ kind: 'gtfs', source: 'gtfs-1', vehicleId: '2526' });
    move(null);
    expect(store.getState().hover).toBeNull();
    expect(pointer.onObject || pointer.onStation).toBe(false);
  });

  it('drops details that arrive after the pointer has left', async () => {
    const { store, move, trains, vehicles, settle } = setup();
    move(train);
    move(null);
    trains.answer({ train: 5 } as TrainDetails);
    move(bus);
    move(flight);
    vehicles.answer({ routeName: '320' } as VehicleDetails);
    await settle();
    expect(store.getState().hover).toMatchObject({ kind: 'flight' });
  });

  it('keeps a tapped station’s popup until a popup of something moving replaces it', async () => {
    const { store, move, trains, settle } = setup();
    store.getState().setHover(tapped);
    move(null);
    expect(store.getState().hover).toBe(tapped);
    move(train);
    expect(store.getState().hover).toBe(tapped);
    trains.answer({ train: 5 } as TrainDetails);
    await settle();
    expect(store.getState().hover).toMatchObject({ kind: 'train' });
  });
});
