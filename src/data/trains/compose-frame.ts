import type { Network } from '../network.ts';
import { createRouteSample, routeAt, sampleRoute, segmentAt, type Route, type RouteSample, type RouteSet } from '../routes.ts';
import type { Timetable } from '../timetable.ts';
import { pixelsPerMercatorMetre, trackScale, type TrackDimensions } from '../track-position.ts';
import { createTrainState, type Schedule } from '../train-schedule.ts';
import { extraTrainHead, type RealtimeOverlay } from './realtime-overlay.ts';
import { extraTrainCode } from './train-codes.ts';
import { CAR, CAR_ENDS, CAR_SPACING, CAR_STRIDE, MARKER, MARKER_STRIDE, type TrainFrame } from './train-frame-format.ts';
import { inViewArea, relativeScaleAt, type ViewArea, type ViewDepth } from '../geometry/view-area.ts';
import { METRES_PER_DEGREE } from '../geometry/track-units.ts';
import { CAR_SHAPE_LIST, RAIL_KIND } from './vehicle-shapes.ts';

/**
 * Cars shorter than this on screen (pixels) are drawn one box per train (see
 * the cars-in-this-box flag of {@link TrainFrame.cars}): the train layer
 * enlarges each car to at least 4 pixels, so neighbouring cars overlap by
 * half or more and no division between them shows, and one box per train
 * costs the GPU and the upload a tenth of one per car.
 */
export const WHOLE_TRAIN_CAR_PIXELS = 2;

/**
 * Between that and this many pixels a car, neighbouring cars are drawn in
 * boxes of several cars, each at least this long on screen: the gaps between
 * cars are a fraction of a pixel there and do not show, and the boxes still
 * follow the curves (a box is one chord of the track, a few pixels long).
 */
export const CAR_BOX_MIN_PIXELS = 8;

/** Cars per box at a car's on-screen length (pixels) for a train of `cars` cars. */
export function carsPerBox(carPixels: number, cars: number): number {
  if (carPixels < WHOLE_TRAIN_CAR_PIXELS) return cars;
  return Math.min(cars, Math.max(1, Math.floor(CAR_BOX_MIN_PIXELS / carPixels)));
}

/**
 * A box of several cars is one straight chord of the track. Where the track
 * under the cars bends by less than this on screen (pixels) a box takes more
 * cars than {@link carsPerBox} gives, up to the whole train: the chord lies on
 * the drawn line, and the box costs the GPU what one car costs.
 */
export const BOX_CHORD_TOLERANCE_PIXELS = 0.5;

const chordStart = createRouteSample();
const chordEnd = createRouteSample();
const chordVertex = createRouteSample();

/**
 * Cars of one box from car `first` of a train, at least `minCars` (as their
 * size gives): the rest of the train, else twice `minCars`, when every vertex
 * of the route under those cars lies within `tolerance` ground metres of the
 * chord from the box's first car's front to its last car's back, and on the
 * same side of the ground (a box is drawn above or below it whole). When it
 * gives more than `minCars`, `out` is set to the middle of that chord, with
 * its heading and slope (towards the route's larger distances).
 */
export function carsInBox(network: Network, route: Route, head: number, direction: number, spacing: number, first: number, minCars: number, cars: number, zoom: number, dims: TrackDimensions, tolerance: number, out: RouteSample): number {
  const rest = cars - first;
  const start = head - direction * first * spacing;
  let n = Math.min(minCars, rest);
  if (rest > minCars && chordHolds(network, route, start, head - direction * cars * spacing, zoom, dims, tolerance)) n = rest;
  else if (2 * minCars < rest && chordHolds(network, route, start, head - direction * (first + 2 * minCars) * spacing, zoom, dims, tolerance)) n = 2 * minCars;
  // The check that held left the chord's ends in chordStart and chordEnd.
  if (n > minCars) chordMiddle(out);
  return n;
}

/** Drawn positions of a route's vertices (lng, lat, altitude, depth each), with the zoom each was computed for. */
interface DrawnVertices {
  values: Float64Array;
  zoom: Float64Array;
}
const drawnVertices = new WeakMap<Route, DrawnVertices>();

/**
 * Where a route's vertices are drawn, as {@link sampleRoute} puts them: each kept until the zoom changes, since the
 * trains of a route check the same vertices frame after frame (and each other's). Fill vertex `j` with
 * {@link drawVertex} when its `zoom` is not the current one.
 */
function drawnVerticesOf(route: Route): DrawnVertices {
  let cache = drawnVertices.get(route);
  if (!cache) {
    cache = { values: new Float64Array(route.vertices.length * 4), zoom: new Float64Array(route.vertices.length).fill(NaN) };
    drawnVertices.set(route, cache);
  }
  return cache;
}

function drawVertex(network: Network, route: Route, j: number, zoom: number, dims: TrackDimensions, cache: DrawnVertices): void {
  sampleRoute(network, route, route.lengths[j], zoom, dims, chordVertex);
  cache.values[j * 4] = chordVertex.lng;
  cache.values[j * 4 + 1] = chordVertex.lat;
  cache.values[j * 4 + 2] = chordVertex.altitude;
  cache.values[j * 4 + 3] = chordVertex.depth;
  cache.zoom[j] = zoom;
}

/**
 * Whether the route between distances `a` and `b` is straight within `tolerance` metres and on one side of the
 * ground. Samples the chord's ends into chordStart and chordEnd (by increasing distance).
 */
function chordHolds(network: Network, route: Route, a: number, b: number, zoom: number, dims: TrackDimensions, tolerance: number): boolean {
  const from = Math.min(a, b);
  const to = Math.max(a, b);
  // A loop's seam or a route's end: the cars there are clamped or wrapped, so no chord is assumed.
  if (from < 0 || to > route.length) return false;
  sampleChord(network, route, from, to, zoom, dims);
  const underground = chordStart.depth < -0.25;
  if (underground !== chordEnd.depth < -0.25) return false;
  const { lengths } = route;
  const metresPerLng = METRES_PER_DEGREE * Math.cos((chordStart.lat * Math.PI) / 180);
  const cx = (chordEnd.lng - chordStart.lng) * metresPerLng;
  const cy = (chordEnd.lat - chordStart.lat) * METRES_PER_DEGREE;
  const cz = chordEnd.altitude - chordStart.altitude;
  const chord2 = cx * cx + cy * cy + cz * cz;
  const cache = drawnVerticesOf(route);
  const v = cache.values;
  for (let j = segmentAt(lengths, from) + 1; j < lengths.length && lengths[j] < to; j++) {
    if (cache.zoom[j] !== zoom) drawVertex(network, route, j, zoom, dims, cache);
    const o = j * 4;
    if (v[o + 3] < -0.25 !== underground) return false;
    const px = (v[o] - chordStart.lng) * metresPerLng;
    const py = (v[o + 1] - chordStart.lat) * METRES_PER_DEGREE;
    const pz = v[o + 2] - chordStart.altitude;
    const along = chord2 > 0 ? (px * cx + py * cy + pz * cz) / chord2 : 0;
    const dx = px - along * cx;
    const dy = py - along * cy;
    const dz = pz - along * cz;
    if (dx * dx + dy * dy + dz * dz > tolerance * tolerance) return false;
  }
  return true;
}

/** Samples the route at distances `from` and `to` (from < to) into chordStart and chordEnd. */
function sampleChord(network: Network, route: Route, from: number, to: number, zoom: number, dims: TrackDimensions): void {
  sampleRoute(network, route, from, zoom, dims, chordStart);
  sampleRoute(network, route, to, zoom, dims, chordEnd);
}

/** The heading and slope of the chord from chordStart to chordEnd (towards the route's larger distances), into `out`. */
function chordHeading(out: RouteSample): void {
  const metresPerLng = METRES_PER_DEGREE * Math.cos((chordStart.lat * Math.PI) / 180);
  const east = (chordEnd.lng - chordStart.lng) * metresPerLng;
  const north = (chordEnd.lat - chordStart.lat) * METRES_PER_DEGREE;
  out.bearing = (Math.atan2(east, north) * 180) / Math.PI;
  out.pitch = Math.atan2(chordEnd.altitude - chordStart.altitude, Math.hypot(east, north));
}

/** The middle of the chord from chordStart to chordEnd, with its heading and slope. */
function chordMiddle(out: RouteSample): void {
  out.lng = (chordStart.lng + chordEnd.lng) / 2;
  out.lat = (chordStart.lat + chordEnd.lat) / 2;
  out.altitude = (chordStart.altitude + chordEnd.altitude) / 2;
  out.depth = (chordStart.depth + chordEnd.depth) / 2;
  chordHeading(out);
}

/** The point a share `t` of the way from chordStart to chordEnd, with the chord's heading and slope. */
function chordPoint(out: RouteSample, t: number): void {
  out.lng = chordStart.lng + (chordEnd.lng - chordStart.lng) * t;
  out.lat = chordStart.lat + (chordEnd.lat - chordStart.lat) * t;
  out.altitude = chordStart.altitude + (chordEnd.altitude - chordStart.altitude) * t;
  out.depth = chordStart.depth + (chordEnd.depth - chordStart.depth) * t;
  chordHeading(out);
}

/**
 * Latitude at which car sizes are converted between ground and Web Mercator metres: Tokyo's (its network spans about
 * ±1°). A city bundle's is the middle of its network ({@link FrameContext.sizeLatitude}).
 */
export const SIZE_LATITUDE = 35.68;

/** Everything the composer reads; built once per network and day type. */
export interface FrameContext {
  network: Network;
  timetable: Timetable;
  routes: RouteSet;
  schedule: Schedule;
  dims: TrackDimensions;
  /** RGB of each railway. */
  railwayColors: Uint8Array;
  /** RGB of each vehicle type (its body colour). */
  vehicleColors: Uint8Array;
  /** Kind of vehicle of each railway (a number of `vehicle-shapes.ts`: its cars' size and look); all rail when absent, as in Tokyo. */
  railwayKinds?: Uint8Array;
  /** Real-time delays and extra trains, when available. */
  realtime?: RealtimeOverlay | null;
  /** Latitude car sizes are converted at (see {@link SIZE_LATITUDE}); Tokyo's when absent. */
  sizeLatitude?: number;
}

/** A train this late (seconds) carries the delay marker. */
export const DELAY_MARK_SECONDS = 60;

/** Ground metres of one track unit at a zoom (cars are sized in these units, with their real size as a floor). */
export function unitMetres(zoom: number, dims: TrackDimensions, latitude = SIZE_LATITUDE): number {
  return dims.spacingMetres * trackScale(zoom) * Math.cos((latitude * Math.PI) / 180);
}

/** Car size in ground metres at a zoom: [length, width, height], of a rail car or of a car of another kind (`vehicle-shapes.ts`). */
export function carSize(zoom: number, dims: TrackDimensions, latitude = SIZE_LATITUDE, kind = RAIL_KIND): [number, number, number] {
  const unit = unitMetres(zoom, dims, latitude);
  const { units, metres } = CAR_SHAPE_LIST[kind];
  return [Math.max(units[0] * unit, metres[0]), Math.max(units[1] * unit, metres[1]), Math.max(units[2] * unit, metres[2])];
}

/** Per kind of vehicle, at the frame's zoom: car length, width, height (metres), spacing of car centres (metres) and car length on screen (pixels). */
const KIND_FIELDS = 5;
const kindSizes = new Float64Array(CAR_SHAPE_LIST.length * KIND_FIELDS);
/** The zoom, dimensions and latitude {@link kindSizes} holds. */
let sized: { zoom: number; dims: TrackDimensions | null; latitude: number } = { zoom: NaN, dims: null, latitude: NaN };

function sizeKinds(zoom: number, dims: TrackDimensions, latitude: number): void {
  if (sized.zoom === zoom && sized.dims === dims && sized.latitude === latitude) return;
  sized = { zoom, dims, latitude };
  const pixelsPerMetre = pixelsPerMercatorMetre(zoom);
  const cosLatitude = Math.cos((latitude * Math.PI) / 180);
  for (let kind = 0; kind < CAR_SHAPE_LIST.length; kind++) {
    const [length, width, height] = carSize(zoom, dims, latitude, kind);
    const o = kind * KIND_FIELDS;
    kindSizes[o] = length;
    kindSizes[o + 1] = width;
    kindSizes[o + 2] = height;
    kindSizes[o + 3] = length * CAR_SPACING;
    kindSizes[o + 4] = (length * pixelsPerMetre) / cosLatitude;
  }
}

/** A head at least a body's length from the start of a route (in the direction of travel), where the body fits. */
function wholeBodyHead(head: number, direction: number, body: number, length: number): number {
  return direction > 0 ? Math.max(head, Math.min(body, length)) : Math.min(head, Math.max(length - body, 0));
}

const place = createTrainState();
let active = new Int32Array(4096);
const sample = createRouteSample();

/** Writes [lng, lat, alt] at float offset `o` as float32 high parts, then the remainders (64-bit precision on the GPU). */
function writeSplit(out: Float32Array, o: number, lng: number, lat: number, alt: number) {
  const hx = Math.fround(lng);
  const hy = Math.fround(lat);
  const hz = Math.fround(alt);
  out[o] = hx;
  out[o + 1] = hy;
  out[o + 2] = hz;
  out[o + 3] = lng - hx;
  out[o + 4] = lat - hy;
  out[o + 5] = alt - hz;
}

/** Per-train scratch of one frame (grown as needed, reused between frames). */
const slots = {
  train: new Int32Array(0),
  railway: new Int32Array(0),
  head: new Float64Array(0),
  direction: new Int8Array(0),
  order: new Float64Array(0),
  delay: new Float32Array(0),
  sorted: new Int32Array(0),
};

function ensureSlots(n: number) {
  if (slots.train.length >= n) return;
  slots.train = new Int32Array(n);
  slots.railway = new Int32Array(n);
  slots.head = new Float64Array(n);
  slots.direction = new Int8Array(n);
  slots.order = new Float64Array(n);
  slots.delay = new Float32Array(n);
  slots.sorted = new Int32Array(n);
}

/** Distance along the zoom's route of a train's head, from its schedule state. */
function headDistance(ctx: FrameContext, zoom: number): number {
  const variant = ctx.network.meta.railways[place.railway].variants[routeAt(ctx.routes, place.railway, zoom).variant];
  const from = variant.stationOffsets[place.fromIndex];
  return from + (variant.stationOffsets[place.toIndex] - from) * place.fraction;
}

/**
 * Collects the trains to draw at second `t` with their heads: timetabled
 * trains (late ones evaluated at t − delay, so they run late on one time
 * axis) and extra trains reported without a timetable. Returns the count.
 */
function collectTrains(ctx: FrameContext, t: number, zoom: number, now: number): number {
  const { schedule, realtime } = ctx;
  if (active.length < schedule.maxActive) active = new Int32Array(schedule.maxActive);
  const activeCount = schedule.activeTrainsInto(t, active);
  const delayed = realtime?.enabled ? realtime.delayedTrains : null;
  ensureSlots(activeCount + (delayed?.length ?? 0) + (realtime?.enabled ? realtime.extras.length : 0));
  let n = 0;
  const add = (train: number, delay: number) => {
    schedule.trainStateAt(train, t - delay, place);
    slots.train[n] = train;
    slots.railway[n] = place.railway;
    slots.direction[n] = place.direction;
    slots.head[n] = headDistance(ctx, zoom);
    slots.delay[n] = delay;
    if (delay > 0) schedule.trainStateAt(train, t, place);
    slots.order[n] = headDistance(ctx, zoom) * place.direction;
    n++;
  };
  const canceled = realtime?.enabled && realtime.canceledCount > 0 ? realtime.canceled : null;
  for (let k = 0; k < activeCount; k++) {
    const train = active[k];
    if ((!delayed || realtime!.delays[train] === 0) && !canceled?.[train]) add(train, 0);
  }
  if (delayed) {
    for (let k = 0; k < delayed.length; k++) {
      const train = delayed[k];
      const delay = realtime!.delays[train];
      if (schedule.isActive(train, t - delay)) add(train, delay);
    }
    for (const extra of realtime!.extras) {
      const variant = ctx.network.meta.railways[extra.railway].variants[routeAt(ctx.routes, extra.railway, zoom).variant];
      slots.train[n] = extraTrainCode(extra.key);
      slots.railway[n] = extra.railway;
      slots.direction[n] = extra.toIndex >= extra.fromIndex ? 1 : -1;
      slots.head[n] = extraTrainHead(extra, variant.stationOffsets, now);
      slots.order[n] = slots.head[n] * slots.direction[n];
      slots.delay[n] = extra.delay;
      n++;
    }
  }
  return n;
}

/**
 * Keeps trains on the same railway and direction in their order: a train
 * may not pass the one ahead of it (as a late train ahead would otherwise
 * let an on-time one run through it); it waits a car-length gap behind.
 */
function keepOrder(n: number, gap: number) {
  const { sorted, railway, direction, order, head } = slots;
  for (let i = 0; i < n; i++) sorted[i] = i;
  const group = (i: number) => railway[i] * 2 + (direction[i] > 0 ? 1 : 0);
  const view = sorted.subarray(0, n).sort((a, b) => group(a) - group(b) || order[b] - order[a]);
  let previous = -1;
  let limit = 0;
  for (let k = 0; k < n; k++) {
    const i = view[k];
    if (previous < 0 || group(previous) !== group(i)) limit = Infinity;
    const position = head[i] * direction[i];
    const allowed = Math.min(position, limit);
    head[i] = allowed * direction[i];
    limit = allowed - gap;
    previous = i;
  }
}

/**
 * Computes every car of every train to draw at service-day second `t` and
 * zoom into `frame` (whose arrays must be large enough; see
 * {@link frameCapacity}). Cars follow the curve of the track behind the head.
 * `selected` is a timetable index; the train of its run is highlighted and
 * reported in `selectedSlot`/`selectedTrain`, following it across
 * through-service. `now` (simulated epoch ms) drives extra trains.
 * With `area`, cars are computed only for the selected train and trains
 * whose head is inside (the caller adds a margin for the train's length);
 * heads and ids are reported for every train. With `depth` (a tilted view),
 * a train's cars are grouped by their size where the train is drawn, so far
 * towards the horizon they go in boxes of several, as when zoomed out.
 */
export function composeFrame(ctx: FrameContext, t: number, zoom: number, selected: number, frame: TrainFrame, now = 0, area: ViewArea | null = null, depth: ViewDepth | null = null): TrainFrame {
  const { network, timetable, routes, schedule, dims, railwayColors, vehicleColors, railwayKinds, realtime, sizeLatitude = SIZE_LATITUDE } = ctx;
  sizeKinds(zoom, dims, sizeLatitude);
  const n = collectTrains(ctx, t, zoom, now);
  if (realtime?.enabled && (realtime.delayedTrains.length || realtime.extras.length)) keepOrder(n, kindSizes[RAIL_KIND * KIND_FIELDS + 3] * 2);
  let car = 0;
  let trainSlot = 0;
  let markers = 0;
  const selectedRun = selected >= 0 ? schedule.runOf(selected) : -1;
  frame.selectedSlot = -1;
  frame.selectedTrain = -1;
  for (let k = 0; k < n; k++) {
    const train = slots.train[k];
    const railwayIndex = slots.railway[k];
    const railway = network.meta.railways[railwayIndex];
    const cars = railway.carComposition;
    if (car + cars > frame.carTrain.length || trainSlot >= frame.trains.length) break;
    const isSelected = train >= 0 ? selectedRun >= 0 && schedule.runOf(train) === selectedRun : train === selected;
    if (isSelected && frame.selectedSlot < 0) {
      frame.selectedSlot = trainSlot;
      frame.selectedTrain = train;
    }
    const kind = railwayKinds ? railwayKinds[railwayIndex] : RAIL_KIND;
    const ko = kind * KIND_FIELDS;
    const length = kindSizes[ko];
    const spacing = kindSizes[ko + 3];
    const route = routeAt(routes, railwayIndex, zoom);
    const direction = slots.direction[k];
    // One body (a ferry's hull) is not folded up at the start of its route: it starts there whole.
    const joined = CAR_SHAPE_LIST[kind].joined;
    const head = joined && !route.loop ? wholeBodyHead(slots.head[k], direction, cars * spacing, route.length) : slots.head[k];
    const vehicle = train >= 0 ? timetable.vehicle[train] : -1;
    const colors = vehicle >= 0 ? vehicleColors : railwayColors;
    const ci = (vehicle >= 0 ? vehicle : railwayIndex) * 3;
    const late = slots.delay[k] >= DELAY_MARK_SECONDS ? 255 : 0;
    frame.trains[trainSlot] = train;
    // The head first: every train reports it, in view or not.
    sampleRoute(network, route, head - direction * 0.5 * spacing, zoom, dims, sample);
    const headBearing = sample.bearing + (direction < 0 ? 180 : 0);
    const h = trainSlot * 4;
    frame.heads[h] = sample.lng;
    frame.heads[h + 1] = sample.lat;
    frame.heads[h + 2] = sample.altitude;
    frame.heads[h + 3] = headBearing;
    if (area && !isSelected && !inViewArea(area, sample.lng, sample.lat)) {
      trainSlot++;
      continue;
    }
    if (late) {
      writeSplit(frame.markers, (markers * MARKER_STRIDE) / 4 + MARKER.high, sample.lng, sample.lat, sample.altitude + kindSizes[ko + 2] * 1.6);
      frame.markerBytes[markers * MARKER_STRIDE + MARKER.flagsByte] = sample.depth < -0.25 ? 255 : 0;
      markers++;
    }
    // Zoomed out, cars are a few pixels long: boxes of several cars (one box per train when they are smudges), each centred on its cars.
    const carPixels = kindSizes[ko + 4];
    const pixels = depth ? carPixels * relativeScaleAt(depth, sample.lng, sample.lat) : carPixels;
    const perBox = carsPerBox(pixels, cars);
    const tolerance = (BOX_CHORD_TOLERANCE_PIXELS * length) / Math.max(pixels, 1e-6);
    // One body's cars (a ferry's hull) lie on the chord from its front to its back, all with its heading: it is rigid.
    const rigid = joined && !route.loop && perBox < cars;
    const bodyFrom = Math.min(head, head - direction * cars * spacing);
    if (rigid) sampleChord(network, route, bodyFrom, bodyFrom + cars * spacing, zoom, dims);
    for (let first = 0, inBox = 0; first < cars; first += inBox) {
      // A box of more cars than their size gives is a chord: carsInBox has put `sample` on it.
      inBox = !rigid && perBox > 1 && perBox < cars ? carsInBox(network, route, head, direction, spacing, first, perBox, cars, zoom, dims, tolerance, sample) : Math.min(perBox, cars - first);
      if (rigid) chordPoint(sample, (head - direction * (first + inBox / 2) * spacing - bodyFrom) / (cars * spacing));
      else if (inBox <= perBox && (first > 0 || inBox > 1)) sampleRoute(network, route, head - direction * (first + inBox / 2) * spacing, zoom, dims, sample);
      const bearing = sample.bearing + (direction < 0 ? 180 : 0);
      const f = (car * CAR_STRIDE) / 4;
      const b = car * CAR_STRIDE;
      writeSplit(frame.cars, f + CAR.high, sample.lng, sample.lat, sample.altitude);
      frame.cars[f + CAR.bearing] = (bearing * Math.PI) / 180;
      frame.cars[f + CAR.pitch] = direction < 0 ? -sample.pitch : sample.pitch;
      const bytes = frame.carBytes;
      bytes[b + CAR.colorByte] = colors[ci];
      bytes[b + CAR.colorByte + 1] = colors[ci + 1];
      bytes[b + CAR.colorByte + 2] = colors[ci + 2];
      bytes[b + CAR.colorByte + 3] = 255;
      bytes[b + CAR.flagsByte] = sample.depth < -0.25 ? 255 : 0;
      bytes[b + CAR.flagsByte + 1] = late;
      bytes[b + CAR.flagsByte + 2] = isSelected ? 255 : 0;
      bytes[b + CAR.flagsByte + 3] = inBox;
      bytes[b + CAR.kindByte] = kind;
      bytes[b + CAR.kindByte + 1] = (first === 0 ? CAR_ENDS.front : 0) | (first + inBox >= cars ? CAR_ENDS.back : 0);
      frame.carTrain[car] = trainSlot;
      car++;
    }
    trainSlot++;
  }
  frame.carCount = car;
  frame.trainCount = trainSlot;
  frame.markerCount = markers;
  frame.zoom = zoom;
  frame.carSize = carSize(zoom, dims, sizeLatitude);
  frame.unitMetres = unitMetres(zoom, dims, sizeLatitude);
  return frame;
}

/** Car and train capacity a frame needs for a network (the busiest instant has about 2,500 trains). */
export function frameCapacity(network: Network): { cars: number; trains: number } {
  const maxCars = Math.max(...network.meta.railways.map((r) => r.carComposition));
  const trains = 4000;
  return { cars: trains * maxCars, trains };
}
