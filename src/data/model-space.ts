/**
 * The model space of three.js layers: metres-true units east, north and up from a fixed origin
 * (Tokyo Station at sea level), in Web Mercator units scaled so that one unit is one Mercator unit
 * (the whole world's width is 1), as MapLibre's `MercatorCoordinate` measures.
 *
 * @module
 */

/** Longitude and latitude of the model origin (Tokyo Station). */
export const MODEL_ORIGIN: readonly [number, number] = [139.7671, 35.6812];

/** Mean Earth circumference at the equator, metres (the one Web Mercator uses). */
const EARTH_CIRCUMFERENCE_M = 2 * Math.PI * 6378137;

/** A position in model space: east (`x`), north (`y`) and up (`z`) of the origin, in model units. */
export interface ModelPosition {
  x: number;
  y: number;
  z: number;
}

function mercatorX(lng: number): number {
  return (180 + lng) / 360;
}
function mercatorY(lat: number): number {
  return (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360;
}

/** Model units per metre at the origin's latitude. */
export function modelScale(): number {
  return 1 / (EARTH_CIRCUMFERENCE_M * Math.cos((MODEL_ORIGIN[1] * Math.PI) / 180));
}

/** The model-space position of a place and altitude (metres above sea level). */
export function modelPosition(lng: number, lat: number, altitude = 0): ModelPosition {
  return {
    x: mercatorX(lng) - mercatorX(MODEL_ORIGIN[0]),
    // Mercator y grows southward; model y grows northward.
    y: mercatorY(MODEL_ORIGIN[1]) - mercatorY(lat),
    z: altitude * modelScale(),
  };
}
