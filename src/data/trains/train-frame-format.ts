import type { Calendar } from '../bundle/timetable-format.ts';

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
  /** Boxes drawn (cars, or whole trains when zoomed far out): those of the trains in the requested view area, and of the selected train. */
  carCount: number;
  /** Trains running (heads and ids of all of them, in view or not). */
  trainCount: number;
  /** Milliseconds the worker spent computing the frame. */
  computeMs: number;
  /** Day type of the service day the frame was computed on (`weekday` before the first day is loaded). */
  calendar: Calendar;
  /** That service day, `YYYY-MM-DD` ('' before the first day is loaded). */
  serviceDate: string;
  /** Slot (index into `trains`) of the selected train, or −1 when it is not running. */
  selectedSlot: number;
  /** Timetable the selected train runs now (it changes when the train continues onto another line), or −1. */
  selectedTrain: number;
  /** Size of a rail car in metres at this zoom: [length, width, height] (other kinds of vehicle: see `vehicle-shapes.ts`). */
  carSize: [number, number, number];
  /** Ground metres of one track unit at this zoom: cars of every kind are their shape's units times this, their real size at least. */
  unitMetres: number;
  /**
   * Per car, interleaved ({@link CAR_STRIDE} bytes, the layout of the train layer's data texture):
   * float32 [lng, lat, altitude] high parts, float32 the same low parts (64-bit precision on the GPU),
   * float32 bearing (radians, clockwise from north), float32 pitch (radians, up positive),
   * 4 bytes body colour RGBA, 4 bytes flags [underground 0/255, delayed 0/255, selected 0/255, cars in this box],
   * 1 byte kind of vehicle (a number of `vehicle-shapes.ts`), 1 byte ends of its vehicle this box holds ({@link CAR_ENDS}),
   * 6 bytes padding.
   * An entry is one car (cars in this box = 1) or, when zoomed far out, a whole train of N cars drawn as one
   * box centred on its middle (cars in this box = N). `cars` and `carBytes` view the same memory.
   */
  cars: Float32Array;
  carBytes: Uint8Array;
  /** Per car: index into `trains`. */
  carTrain: Int32Array;
  /** Per train: timetable index. */
  trains: Int32Array;
  /** Per train: [lng, lat, altitude, bearing (degrees)] of the head. */
  heads: Float64Array;
  /** Delay markers (trains a minute or more late, real-time mode), interleaved ({@link MARKER_STRIDE} bytes): positions above the head car, high/low parts as for cars, then 4 bytes [underground 0/255, 0, 0, 0]. */
  markerCount: number;
  markers: Float32Array;
  markerBytes: Uint8Array;
  /** The one buffer every array above views (posted between threads by transfer, without copying). */
  buffer: ArrayBuffer;
}

/** Distance between car centres, in car lengths (a small gap between cars). */
export const CAR_SPACING = 1.04;

/**
 * Bytes per car in {@link TrainFrame.cars}: 42 bytes of data and 6 of padding, so that a car is exactly three
 * RGBA32 texels of the train layer's data texture.
 */
export const CAR_STRIDE = 48;
/** Float offsets within a car: position high parts, low parts, bearing and pitch; byte offsets of colour, flags, kind and ends. */
export const CAR = { high: 0, low: 3, bearing: 6, pitch: 7, colorByte: 32, flagsByte: 36, kindByte: 40 } as const;
/** Bits of a car's ends byte (after its kind byte): the box holds the front of its vehicle, its back (both: the whole vehicle). */
export const CAR_ENDS = { front: 1, back: 2 } as const;
/** Bytes per delay marker in {@link TrainFrame.markers}. */
export const MARKER_STRIDE = 28;
/** Float offsets within a marker; byte offset of its flags. */
export const MARKER = { high: 0, low: 3, flagsByte: 24 } as const;

/** Allocates a frame for up to `cars` cars and `trains` trains, every array in one buffer. */
export function allocateTrainFrame(cars: number, trains: number): TrainFrame {
  // Float64 heads first (8-byte alignment), then the 4-byte aligned parts.
  const headsBytes = trains * 4 * 8;
  const carsOffset = headsBytes;
  const carTrainOffset = carsOffset + cars * CAR_STRIDE;
  const trainsOffset = carTrainOffset + cars * 4;
  const markersOffset = trainsOffset + trains * 4;
  const buffer = new ArrayBuffer(markersOffset + trains * MARKER_STRIDE);
  return {
    id: 0,
    time: 0,
    zoom: 0,
    carCount: 0,
    trainCount: 0,
    computeMs: 0,
    calendar: 'weekday',
    serviceDate: '',
    selectedSlot: -1,
    selectedTrain: -1,
    carSize: [0, 0, 0],
    unitMetres: 0,
    cars: new Float32Array(buffer, carsOffset, (cars * CAR_STRIDE) / 4),
    carBytes: new Uint8Array(buffer, carsOffset, cars * CAR_STRIDE),
    carTrain: new Int32Array(buffer, carTrainOffset, cars),
    trains: new Int32Array(buffer, trainsOffset, trains),
    heads: new Float64Array(buffer, 0, trains * 4),
    markerCount: 0,
    markers: new Float32Array(buffer, markersOffset, (trains * MARKER_STRIDE) / 4),
    markerBytes: new Uint8Array(buffer, markersOffset, trains * MARKER_STRIDE),
    buffer,
  };
}

/** The transferable buffers of a frame (to post it between threads without copying): one. */
export function frameBuffers(frame: TrainFrame): ArrayBuffer[] {
  return [frame.buffer];
}

/** [lng, lat, altitude] of a car (high + low parts). */
export function carPosition(frame: TrainFrame, car: number): [number, number, number] {
  const o = (car * CAR_STRIDE) / 4;
  const f = frame.cars;
  return [f[o] + f[o + 3], f[o + 1] + f[o + 4], f[o + 2] + f[o + 5]];
}

/** Flag byte `k` of a car (0 underground, 1 delayed, 2 selected: 0 or 255; 3: cars in this box). */
export function carFlag(frame: TrainFrame, car: number, k: 0 | 1 | 2 | 3): number {
  return frame.carBytes[car * CAR_STRIDE + CAR.flagsByte + k];
}
