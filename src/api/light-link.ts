/**
 * Keeps the store's light in step with the app's clock (not the machine's):
 * the sun over the map centre, a pinned theme, or the underground view's own
 * look. The state is recomputed a few times a second and written to the store
 * only when something a person could see moved, so subscribers re-render
 * rarely at 1× and a few times a second at 600×.
 *
 * @module
 */
import { computeLight, type LightState } from '../data/light/light-state.ts';
import { lightStage } from '../data/light/light-stages.ts';
import { lightForView, pinnedLight, type PinnedTheme } from '../data/light/view-light.ts';
import type { AppState, AppStore } from '../store.ts';

/** How often the light is recomputed, ms. */
export const LIGHT_CHECK_MS = 250;
/** Sun movement (degrees) that is worth a new state for the trains' shading. */
const SUN_STEP_DEGREES = 0.5;

/** The light the store should hold now; `pinned` is the `theme` option or `?theme=` (null: follow the sun). */
export function lightFor(state: Pick<AppState, 'clock' | 'viewState' | 'viewMode'>, pinned: PinnedTheme | null): LightState {
  const place = { lng: state.viewState.longitude, lat: state.viewState.latitude };
  const at = state.clock.now();
  const base = pinned ? pinnedLight(pinned, at, place) : computeLight(at, place);
  return lightForView(base, state.viewMode);
}

/** Whether `next` differs from `previous` in something drawn: sources, stage, summary, sky or the sun's place. */
export function lightMoved(previous: LightState, next: LightState): boolean {
  if (previous.source !== next.source || previous.darkBackground !== next.darkBackground) return true;
  if (lightStage(previous).id !== lightStage(next).id) return true;
  if (previous.summary.color !== next.summary.color || Math.abs(previous.summary.intensity - next.summary.intensity) >= 0.005) return true;
  if (previous.sky['sky-color'] !== next.sky['sky-color'] || previous.sky['horizon-color'] !== next.sky['horizon-color']) return true;
  const turn = Math.abs(((next.sun.azimuth - previous.sun.azimuth + 540) % 360) - 180);
  return Math.abs(next.sun.altitude - previous.sun.altitude) >= SUN_STEP_DEGREES || turn >= SUN_STEP_DEGREES;
}

/**
 * Starts following the clock: at once, every {@link LIGHT_CHECK_MS}, and when
 * the clock jumps or the view mode changes. `pinned` may be a function, read at
 * each check (the map's `setTheme`). Returns the stop function.
 */
export function linkLight(store: AppStore, pinned: PinnedTheme | null | (() => PinnedTheme | null)): () => void {
  const pin = typeof pinned === 'function' ? pinned : () => pinned;
  const update = (force = false) => {
    const state = store.getState();
    const next = lightFor(state, pin());
    if (force || lightMoved(state.light, next)) state.setLight(next);
  };
  update(true);
  const timer = setInterval(() => update(), LIGHT_CHECK_MS);
  const unsubscribe = store.subscribe((s, previous) => {
    if (s.clockJumps !== previous.clockJumps || s.viewMode !== previous.viewMode || s.clockMode !== previous.clockMode) update();
  });
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
