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
  /** Main-thread milliseconds spent drawing GTFS data-source vehicles (poses and upload included), and their draws. */
  gtfsVehicleScriptMs: number;
  gtfsVehicleFrames: number;
  /** Frames the rain layer drew, and its main-thread milliseconds (uniforms and draw call). */
  rainFrames: number;
  rainScriptMs: number;
  /** Drops the rain layer drew in its last frame (streaks in a drier sky are left out in its shader). */
  rainDrops: number;
  /** Main-thread milliseconds spent turning radar tiles into rain grids (decoding them and reading their colours runs in a worker). */
  rainDecodeMs: number;
  /** Frames of the aircraft layer (each computes every aircraft at the clock's time). */
  flightFrames: number;
  /** Main-thread milliseconds spent on airplanes (computing and writing every aircraft, upload, draw). */
  flightScriptMs: number;
  /** Aircraft drawn in the newest frame, and flights planned for the day. */
  aircraft: number;
  flightsPlanned: number;
}

export function createRenderStats(): RenderStats {
  return { frames: 0, trainFrames: 0, trainScriptMs: 0, trainComputeMs: 0, trains: 0, cars: 0, gtfsVehicleScriptMs: 0, gtfsVehicleFrames: 0, rainFrames: 0, rainScriptMs: 0, rainDrops: 0, rainDecodeMs: 0, flightFrames: 0, flightScriptMs: 0, aircraft: 0, flightsPlanned: 0 };
}
