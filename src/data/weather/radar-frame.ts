/**
 * Which radar frame the rain layer draws at a given clock time.
 *
 * RainViewer keeps two hours of past frames, and the product shows rain in
 * real time only (as the existing product does): in playback there is none.
 *
 * @module
 */
import type { RadarCatalogue, RadarFrame } from './radar-catalogue.ts';

/** The app's clock, as far as the rain cares. */
export interface RadarClock {
  mode: 'realtime' | 'playback';
  /** Clock time (epoch ms). */
  time: number;
}

/** Why no frame is drawn. */
export type NoRadarReason =
  /** Playback: radar data exists for the last two hours only, and rain is shown in real time only. */
  | 'playback'
  /** No catalogue has been read yet (or every read failed so far). */
  | 'no-catalogue'
  /** Every frame is later than the clock (the device clock is behind). */
  | 'no-frame-yet'
  /** The newest frame is older than the limit: the service has not answered for a while. */
  | 'stale';

/** The frame to draw, or why none. */
export type RadarFrameChoice = { frame: RadarFrame; ageMs: number } | { frame: null; reason: NoRadarReason; message: string };

/** Frames older than this are not drawn (ms): rain from long ago would mislead. */
export const DEFAULT_MAX_RADAR_AGE_MS = 30 * 60_000;

/** In real time, the latest past frame at or before the clock (within `maxAgeMs`); in playback none. */
export function radarFrameAt(catalogue: RadarCatalogue | null, clock: RadarClock, maxAgeMs = DEFAULT_MAX_RADAR_AGE_MS): RadarFrameChoice {
  if (clock.mode === 'playback') {
    return { frame: null, reason: 'playback', message: 'no rain in playback: the radar keeps only the last two hours, so rain is shown in real time only.' };
  }
  if (catalogue === null) return { frame: null, reason: 'no-catalogue', message: 'no rain yet: the radar catalogue has not been read.' };
  let chosen: RadarFrame | null = null;
  for (const frame of catalogue.past) if (frame.time <= clock.time) chosen = frame;
  if (chosen === null) {
    const first = new Date(catalogue.past[0].time).toISOString();
    return { frame: null, reason: 'no-frame-yet', message: `no rain: every radar frame (the first at ${first}) is later than the clock (${new Date(clock.time).toISOString()}).` };
  }
  const ageMs = clock.time - chosen.time;
  if (ageMs > maxAgeMs) {
    return { frame: null, reason: 'stale', message: `no rain: the newest radar frame is ${Math.round(ageMs / 60_000)} minutes old (limit ${Math.round(maxAgeMs / 60_000)}).` };
  }
  return { frame: chosen, ageMs };
}
