/**
 * What the map's interface gets from the airplanes once they have loaded
 * (after the first view, `api/flight-link.ts`): types only, so that the
 * first view's code names them without loading them.
 *
 * @module
 */
import type { Layer } from '@deck.gl/core';
import type { TrainLighting } from '../data/light/train-lighting.ts';
import type { CameraView } from '../data/tracking-view.ts';
import type { FlightFeed } from '../data/flights/flight-feed.ts';

/** Props the map view gives the aircraft layer. */
export interface AircraftLayerOptions {
  id: string;
  visible: boolean;
  /** Opacity multiplier: 1 in the ground view, the ground trains' dimming in the underground view. */
  groundOpacity: number;
  lighting: TrainLighting;
  onScriptTime: (ms: number) => void;
  /** Called for each frame the layer computes, with the number of aircraft drawn. */
  onFrame: (aircraft: number) => void;
}

/** The loaded airplanes. */
export interface FlightsHandle {
  feed: FlightFeed;
  /** The aircraft layer for the trains' overlay canvas. */
  createLayer(options: AircraftLayerOptions): Layer;
  /**
   * Drives the camera while a flight is tracked (see `ui/flights/flight-tracking.ts`);
   * `height()` is the map's height in pixels. Returns a function that stops it.
   */
  startTracking(apply: (view: CameraView) => void, height: () => number): () => void;
  /** Resolves once the first flight information has been planned (or failed to arrive). */
  ready: Promise<void>;
}
