/**
 * What each kind of vehicle looks like in the train layer: the size of one
 * of its cars and how many make a vehicle. A kind is a GTFS route_type's
 * (`vehicleKindOf`), numbered as {@link VEHICLE_KINDS}; Tokyo's trains are
 * all rail. A bus is one short box, a tram a few short, low sections, a
 * ferry two wide, low halves of one hull (its bow drawn pointed), a cable car
 * one small car.
 *
 * @module
 */
import { vehicleKindOf, type VehicleKind } from '../gtfs/feed-model.ts';
import { VEHICLE_KINDS } from '../gtfs/feed-view.ts';

/** One car (section) of a kind of vehicle. */
export interface CarShape {
  /** Real length, width and height, metres: the least it is drawn (close up). */
  metres: readonly [number, number, number];
  /**
   * The same in track units at zoom 14 (see `trackScale`): further out, cars are drawn at least this large, so that
   * they read at city scale.
   */
  units: readonly [number, number, number];
  /** Cars of one vehicle: the `carComposition` of a city bundle's lines of this kind. */
  cars: number;
  /** Whether its cars are drawn end to end without a gap (one body: a ferry's hull), rather than as separate cars. */
  joined: boolean;
}

const rail: CarShape = { metres: [20, 2.95, 3.8], units: [0.42, 0.5, 0.34], cars: 6, joined: false };

/** The car of each kind of vehicle. */
export const CAR_SHAPES: Readonly<Record<VehicleKind, CarShape>> = {
  rail,
  // Metro and underground trains as rail.
  subway: rail,
  bus: { metres: [12, 2.55, 3.2], units: [0.6, 0.42, 0.3], cars: 1, joined: false },
  tram: { metres: [9.5, 2.65, 3.4], units: [0.3, 0.45, 0.3], cars: 3, joined: false },
  ferry: { metres: [20, 10, 3.5], units: [0.6, 0.9, 0.24], cars: 2, joined: true },
  cable: { metres: [8, 2.6, 3], units: [0.36, 0.42, 0.3], cars: 1, joined: false },
  other: { metres: [10, 2.6, 3], units: [0.42, 0.42, 0.3], cars: 1, joined: false },
};

/** The kinds' cars in the order of {@link VEHICLE_KINDS} (a frame's car kind byte indexes it). */
export const CAR_SHAPE_LIST: readonly CarShape[] = VEHICLE_KINDS.map((kind) => CAR_SHAPES[kind]);

/** Kind number (index into {@link VEHICLE_KINDS}) of rail: Tokyo's trains, and the lines of a bundle that names none. */
export const RAIL_KIND = VEHICLE_KINDS.indexOf('rail');
/** Kind number of a ferry (the shader draws its hull with a pointed bow). */
export const FERRY_KIND = VEHICLE_KINDS.indexOf('ferry');

/** The kind number of each line of a bundle from the GTFS route_type of each (`CityManifest.routeTypes`). */
export function lineKinds(routeTypes: readonly number[]): Uint8Array {
  return Uint8Array.from(routeTypes, (type) => VEHICLE_KINDS.indexOf(vehicleKindOf(type)));
}
