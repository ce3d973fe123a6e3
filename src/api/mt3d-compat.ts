/**
 * Small members of {@link Map} in Mini Tokyo 3D's terms: its language codes, its light colour, its selection
 * payloads, and what its clock facade reads.
 *
 * @internal
 * @module
 */
import { lightLevel, type LightSummary } from '../data/light/light-state.ts';
import type { AppState, AppStore } from '../store.ts';
import { selectionIdOf } from './map-selection.ts';
import type { ClockSource } from './mt3d-clock.ts';

/** Mini Tokyo 3D's code of an interface language (`pt-BR` is `pt` there; the others are the same). */
export function mt3dLanguage(lang: string): string {
  return lang === 'pt-BR' ? 'pt' : lang;
}

/** Light colour channels 0–1, as Mini Tokyo 3D's `getLightColor()` gives them. */
export interface LightColor {
  r: number;
  g: number;
  b: number;
}

/** The map's light as `{r, g, b}` 0–1: its colour, dimmed towards 0.4 as the intensity falls (1, 1, 1 by full day). */
export function lightColorOf({ color, intensity }: LightSummary): LightColor {
  const value = Number.parseInt(color.slice(1), 16);
  const level = lightLevel(intensity);
  const channel = (shift: number) => Math.round((((value >> shift) & 0xff) / 255) * level * 1000) / 1000;
  return { r: channel(16), g: channel(8), b: channel(0) };
}

/**
 * What the `selection` and `deselection` events carry of a store selection: the id of a train, flight or GTFS
 * vehicle, or the ids (without prefix) of every station of a selected station group, the chosen one first.
 */
export function selectionValueOf(state: AppState): string | string[] | null {
  const { selection, network } = state;
  if (selection?.kind !== 'station' || !network) return selectionIdOf(state);
  const ids = selection.stations.map((s) => network.meta.stations[s]?.id).filter((id): id is string => Boolean(id));
  return [selection.id, ...ids.filter((id) => id !== selection.id)];
}

/** The map's clock and its actions as `map.clock` reads and changes them. */
export function clockSourceOf(store: AppStore): ClockSource {
  return {
    now: () => store.getState().clock.now(),
    zone: () => store.getState().clockZone,
    speed: () => store.getState().clock.speed,
    setTime: (epochMs) => store.getState().setPlaybackTime(epochMs),
    setSpeed: (speed) => {
      const state = store.getState();
      if (speed === state.clock.speed) return;
      if (state.clockMode === 'realtime') state.setClockMode('playback');
      store.getState().setPlaybackSpeed(speed);
    },
    reset: () => store.getState().setClockMode('realtime'),
  };
}
