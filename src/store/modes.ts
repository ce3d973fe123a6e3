import type { ClockMode, SimulationClock } from '../data/clock.ts';
import type { InterfaceLanguage } from '../data/languages.ts';
import type { LightState } from '../data/light/light-state.ts';
import type { GetState, SetState } from './slice.ts';

export type ViewMode = 'ground' | 'underground';
export type Theme = 'light' | 'dark';
/** `normal` redraws what moves at the display's rate; `eco` at `ecoFrameRate` frames per second. */
export type EcoMode = 'normal' | 'eco';

/** The clock and the modes the interface switches: language, light and theme, view, playback, eco. */
export interface ModesSlice {
  /** Interface language. */
  lang: InterfaceLanguage;
  /** `dark` while the light asks for light text (`light.darkBackground`); kept in step with `light` by `setLight`. */
  theme: Theme;
  /** The light at the clock's time (sun, pinned theme, or the underground look): see `src/api/light-link.ts`. */
  light: LightState;
  viewMode: ViewMode;
  /**
   * The view mode shown before tracking switched it to the tracked object's level (ground or underground), restored
   * when tracking ends; null when tracking has not switched it, or a person chose a mode since.
   */
  viewModeBeforeTracking: ViewMode | null;
  /** The simulation clock (an object with its own time; not a render trigger). */
  clock: SimulationClock;
  /** Mirror of the clock's mode, for components and events. */
  clockMode: ClockMode;
  /** Mirror of the clock's playback speed (1–600). */
  playbackSpeed: number;
  /** Increments whenever the clock jumps to another time (playback edits), so that what shows the time refreshes. */
  clockJumps: number;
  ecoMode: EcoMode;
  /** Frames per second of what moves in eco mode (1–60). */
  ecoFrameRate: number;

  setLang(lang: InterfaceLanguage): void;
  setTheme(theme: Theme): void;
  /** Sets the light and the theme that follows it. */
  setLight(light: LightState): void;
  setViewMode(mode: ViewMode): void;
  /** Shows the level of the tracked object (switching the view mode, and remembering the one it replaced). */
  followTrackedLevel(mode: ViewMode): void;
  /** Tracking ended: back to the view mode it replaced, if any. */
  restoreViewMode(): void;
  /** Switches between real time and playback (playback starts from the current time at the current speed). */
  setClockMode(mode: ClockMode): void;
  /** Jumps the playback clock to an instant (epoch ms). */
  setPlaybackTime(epochMs: number): void;
  /** Sets the playback speed (1–600). */
  setPlaybackSpeed(speed: number): void;
  setEcoMode(mode: EcoMode): void;
}

/** What the modes start as. */
export interface ModesOptions {
  lang: InterfaceLanguage;
  theme: Theme;
  light: LightState;
  clock: SimulationClock;
  ecoMode?: EcoMode;
  ecoFrameRate?: number;
}

/** The modes slice, starting with `initial` (ground view, the clock's mode and speed). */
export function createModesSlice(set: SetState, get: GetState, initial: ModesOptions): ModesSlice {
  return {
    lang: initial.lang,
    theme: initial.theme,
    light: initial.light,
    viewMode: 'ground',
    viewModeBeforeTracking: null,
    clock: initial.clock,
    clockMode: initial.clock.mode,
    playbackSpeed: initial.clock.speed,
    clockJumps: 0,
    ecoMode: initial.ecoMode ?? 'normal',
    ecoFrameRate: initial.ecoFrameRate ?? 1,
    setLang: (lang) => set({ lang }),
    setTheme: (theme) => set({ theme }),
    setLight: (light) => set({ light, theme: light.darkBackground ? 'dark' : 'light' }),
    setViewMode: (viewMode) => set({ viewMode, viewModeBeforeTracking: null }),
    followTrackedLevel: (mode) => {
      const { viewMode, viewModeBeforeTracking } = get();
      if (mode !== viewMode) set({ viewMode: mode, viewModeBeforeTracking: viewModeBeforeTracking ?? viewMode });
    },
    restoreViewMode: () => {
      const { viewModeBeforeTracking } = get();
      if (viewModeBeforeTracking) set({ viewMode: viewModeBeforeTracking, viewModeBeforeTracking: null });
    },
    setClockMode: (mode) => {
      const { clock } = get();
      clock.setMode(mode);
      set({ clockMode: clock.mode, playbackSpeed: clock.speed });
    },
    setPlaybackTime: (epochMs) => {
      const { clock } = get();
      if (clock.mode !== 'playback') clock.setMode('playback');
      clock.setTime(epochMs);
      set({ clockMode: clock.mode, clockJumps: get().clockJumps + 1 });
    },
    setPlaybackSpeed: (speed) => {
      const { clock } = get();
      clock.setSpeed(speed);
      set({ playbackSpeed: clock.speed });
    },
    setEcoMode: (ecoMode) => set({ ecoMode }),
  };
}
