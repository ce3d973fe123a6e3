/**
 * Counters of the drawing loop, read by `npm run bench` through `Map.getRenderStats()`.
 * A plain object (not the store) so that updating it every frame costs nothing.
 */
export interface RenderStats {
  /** Frames drawn by the deck.gl overlay of trains (it redraws with every train frame and camera change). */
  frames: number;
  /** Train frames received from the simulation worker. */
  trainFrames: number;
  /** Main-thread milliseconds spent on trains (receiving frames, updating and drawing the train layer). */
  trainScriptMs: number;
  /** Worker milliseconds spent computing train frames. */
  trainComputeMs: number;
  /** Trains, and boxes drawn (cars; whole trains when zoomed far out), in the newest frame. */
  trains: number;
  cars: number;
  /** Frames of the aircraft layer (each computes every aircraft at the clock's time). */
  flightFrames: number;
  /** Main-thread milliseconds spent on airplanes (computing and writing every aircraft, upload, draw). */
  flightScriptMs: number;
  /** Aircraft drawn in the newest frame, and flights planned for the day. */
  aircraft: number;
  flightsPlanned: number;
}

export function createRenderStats(): RenderStats {
  return { frames: 0, trainFrames: 0, trainScriptMs: 0, trainComputeMs: 0, trains: 0, cars: 0, flightFrames: 0, flightScriptMs: 0, aircraft: 0, flightsPlanned: 0 };
}
