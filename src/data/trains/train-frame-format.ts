/**
 * One frame of train positions, computed off the main thread and drawn by
 * the train layer as one box per car. Arrays are sized for `capacity` cars;
 * only the first `carCount` entries are valid.
 */
export interface TrainFrame {
  /** Increments with each frame. */
  id: number;
  /** Simulated time of the frame, epoch milliseconds. */
  time: number;
  /** Zoom the positions were computed for. */
  zoom: number;
  /** Cars drawn: those of the trains in the requested view area, and of the selected train. */
  carCount: number;
  /** Trains running (heads and ids of all of them, in view or not). */
  trainCount: number;
  /** Milliseconds the worker spent computing the frame. */
  computeMs: number;
  /** Slot (index into `trains`) of the selected train, or −1 when it is not running. */
  selectedSlot: number;
  /** Timetable the selected train runs now (it changes when the train continues onto another line), or −1. */
  selectedTrain: number;
  /** Car size in metres at this zoom: [length, width, height]. */
  carSize: [number, number, number];
  /** Per car: [lng, lat, altitude] split into float32 high and low parts (64-bit precision on the GPU). */
  positionsHigh: Float32Array;
  positionsLow: Float32Array;
  /** Per car: [bearing (radians, clockwise from north), pitch (radians, up positive)]. */
  orientations: Float32Array;
  /** Per car: body colour RGBA. */
  colors: Uint8ClampedArray;
  /** Per car: [underground 0/255, delayed 0/255, selected 0/255, end car 0/255 (front or back)]. */
  flags: Uint8ClampedArray;
  /** Per car: index into `trains`. */
  carTrain: Int32Array;
  /** Per train: timetable index. */
  trains: Int32Array;
  /** Per train: [lng, lat, altitude, bearing (degrees)] of the head. */
  heads: Float64Array;
  /** Delay markers (trains a minute or more late, real-time mode): positions above the head car, high/low parts. */
  markerCount: number;
  markersHigh: Float32Array;
  markersLow: Float32Array;
  /** Per marker: 255 when the train is underground. */
  markerFlags: Uint8ClampedArray;
}

/** Allocates a frame for up to `cars` cars and `trains` trains. */
export function allocateTrainFrame(cars: number, trains: number): TrainFrame {
  return {
    id: 0,
    time: 0,
    zoom: 0,
    carCount: 0,
    trainCount: 0,
    computeMs: 0,
    selectedSlot: -1,
    selectedTrain: -1,
    carSize: [0, 0, 0],
    positionsHigh: new Float32Array(cars * 3),
    positionsLow: new Float32Array(cars * 3),
    orientations: new Float32Array(cars * 2),
    colors: new Uint8ClampedArray(cars * 4),
    flags: new Uint8ClampedArray(cars * 4),
    carTrain: new Int32Array(cars),
    trains: new Int32Array(trains),
    heads: new Float64Array(trains * 4),
    markerCount: 0,
    markersHigh: new Float32Array(trains * 3),
    markersLow: new Float32Array(trains * 3),
    markerFlags: new Uint8ClampedArray(trains),
  };
}

/** The transferable buffers of a frame (to post it between threads without copying). */
export function frameBuffers(frame: TrainFrame): ArrayBuffer[] {
  return [
    frame.positionsHigh,
    frame.positionsLow,
    frame.orientations,
    frame.colors,
    frame.flags,
    frame.carTrain,
    frame.trains,
    frame.heads,
    frame.markersHigh,
    frame.markersLow,
    frame.markerFlags,
  ].map(
    (a) => a.buffer as ArrayBuffer,
  );
}
