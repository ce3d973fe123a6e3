/**
 * The aircraft of one instant as the aircraft layer draws them: one
 * interleaved record per aircraft, written by the flight feed on the main
 * thread and uploaded to the GPU in one buffer write.
 *
 * @module
 */

/**
 * Layout of one aircraft, in 32-bit words: position (longitude, latitude,
 * altitude m) as float32 high parts then remainders (64-bit precision on the
 * GPU), heading, pitch and bank in radians, fuselage and tail colours as RGBA
 * bytes, and a flags word (byte 0: 255 when selected).
 */
export const AIRCRAFT = Object.freeze({ high: 0, low: 3, heading: 6, pitch: 7, bank: 8, body: 9, tail: 10, flags: 11 });
/** 32-bit words per aircraft. */
export const AIRCRAFT_WORDS = 12;
/** Bytes per aircraft. */
export const AIRCRAFT_STRIDE = AIRCRAFT_WORDS * 4;

/** The aircraft of one instant. */
export interface AircraftFrame {
  count: number;
  /** `count × AIRCRAFT_WORDS` words (with room for more), as floats… */
  floats: Float32Array;
  /** …and the same memory as words (colours, flags). */
  words: Uint32Array;
  /** The flight drawn at each index (for picking). */
  ids: string[];
  /** Whether anything differs from the frame last marked drawn (positions, attitudes, flights, selection). */
  changed: boolean;
}

/** Where the aircraft layer gets its aircraft. */
export interface AircraftSource {
  /** The aircraft at the current instant (computed on the call; the frame is reused by the next call). */
  frame(): AircraftFrame;
  /** Says that the layer has uploaded the frame (the next `frame()` reports only what changed since). */
  drawn(): void;
  /** Asks to be called back (through `subscribe`) when the next frame is due. */
  request(): void;
  /** Registers the callback; returns an unsubscribe function. */
  subscribe(onTick: () => void): () => void;
}
