/**
 * The vehicles of one poll as the vehicle layer's shader reads them: one
 * float texture (RGBA, {@link VEHICLE_TEXTURE_WIDTH} texels a row) written
 * once per poll, from which the GPU finds each vehicle's pose at the frame's
 * time by itself. A frame then costs the main thread one small uniform
 * upload and one draw call, whatever the number of vehicles.
 *
 * Layout: vehicle k has two texels at `2k` and `2k + 1`, (first point, last
 * point, kind index, 1 when tracked) and (red, green, blue, 1) in 0…1; its
 * timed path's points follow all the vehicles, one texel each: (x, y, time,
 * bearing), with x and y in Web Mercator world units (512 to the world, as
 * deck.gl's common space) relative to an origin, so that float32 keeps
 * millimetres; time in seconds from a base time; bearing in radians
 * clockwise from north. The shader's search is {@link texelPoseAt}.
 *
 * @module
 */
import type { VehiclePaths } from './vehicle-paths.ts';

/** Texels per row of the vehicle texture (WebGL 2 guarantees textures of 2048). */
export const VEHICLE_TEXTURE_WIDTH = 2048;
/** Texels per vehicle before the points. */
export const TEXELS_PER_VEHICLE = 2;

/** Web Mercator world units per world, as deck.gl's common space. */
const WORLD = 512;
const DEGREES = Math.PI / 180;

/** Longitude and latitude (degrees) → Web Mercator world units (north up), as deck.gl's `lngLatToWorld`. */
export function mercatorWorld(lng: number, lat: number): [number, number] {
  const phi = lat * DEGREES;
  return [(WORLD * (lng + 180)) / 360, (WORLD * (Math.PI + Math.log(Math.tan(Math.PI / 4 + phi / 2)))) / (2 * Math.PI)];
}

/** What the vehicle texture is made of. */
export interface VehicleTexelInput {
  count: number;
  paths: VehiclePaths;
  /** Index into the shader's vehicle kinds of each vehicle. */
  kinds: Uint8Array;
  /** RGB (0–255) of each vehicle. */
  colors: Uint8Array;
}

/** The texels of a set of vehicles and what the shader needs to read them. */
export interface VehicleTexels {
  /** RGBA texels, whole rows of {@link VEHICLE_TEXTURE_WIDTH}. */
  data: Float32Array;
  /** Rows in use. */
  rows: number;
  /** World units of the positions' origin. */
  origin: [number, number];
  /** Epoch ms of time 0. */
  baseTime: number;
}

/**
 * Writes the texels of `vehicles` (tracked vehicle `selected`, or −1) with positions relative to `origin` (world
 * units) and times in seconds from `baseTime` (epoch ms); reuses `into` when it is large enough.
 */
export function vehicleTexels(vehicles: VehicleTexelInput, selected: number, origin: [number, number], baseTime: number, into?: Float32Array): VehicleTexels {
  const { count, paths, kinds, colors } = vehicles;
  const points = paths.start[count];
  const texels = count * TEXELS_PER_VEHICLE + points;
  const rows = Math.max(1, Math.ceil(texels / VEHICLE_TEXTURE_WIDTH));
  const size = rows * VEHICLE_TEXTURE_WIDTH * 4;
  const data = into && into.length >= size ? into : new Float32Array(size);
  const pointBase = count * TEXELS_PER_VEHICLE;
  for (let k = 0; k < count; k++) {
    const f = k * TEXELS_PER_VEHICLE * 4;
    data[f] = pointBase + paths.start[k];
    data[f + 1] = pointBase + paths.start[k + 1] - 1;
    data[f + 2] = kinds[k];
    data[f + 3] = k === selected ? 1 : 0;
    data[f + 4] = colors[k * 3] / 255;
    data[f + 5] = colors[k * 3 + 1] / 255;
    data[f + 6] = colors[k * 3 + 2] / 255;
    data[f + 7] = 1;
  }
  for (let p = 0; p < points; p++) {
    const f = (pointBase + p) * 4;
    const [x, y] = mercatorWorld(paths.lng[p], paths.lat[p]);
    data[f] = x - origin[0];
    data[f + 1] = y - origin[1];
    data[f + 2] = (paths.time[p] - baseTime) / 1000;
    data[f + 3] = paths.bearing[p] * DEGREES;
  }
  return { data, rows, origin, baseTime };
}

/**
 * Where vehicle `k` is at `seconds` from the base time, read from its texels as the shader reads them: x, y (world
 * units from the origin) and bearing (radians). The point is the last one passed at or before that time (a binary
 * search), then a linear step towards the next; before the first point the vehicle waits on it, after the last it
 * stays there.
 */
export function texelPoseAt(data: Float32Array, k: number, seconds: number): [number, number, number] {
  const f = k * TEXELS_PER_VEHICLE * 4;
  const first = data[f];
  const last = data[f + 1];
  const time = (i: number) => data[i * 4 + 2];
  if (seconds <= time(first)) return [data[first * 4], data[first * 4 + 1], data[first * 4 + 3]];
  let lo = first;
  let hi = last;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (time(mid) <= seconds) lo = mid;
    else hi = mid - 1;
  }
  if (lo >= last) return [data[last * 4], data[last * 4 + 1], data[last * 4 + 3]];
  const span = time(lo + 1) - time(lo);
  const t = span > 0 ? Math.min(1, (seconds - time(lo)) / span) : 1;
  const a = lo * 4;
  const b = a + 4;
  return [data[a] + t * (data[b] - data[a]), data[a + 1] + t * (data[b + 1] - data[a + 1]), data[a + 3]];
}
