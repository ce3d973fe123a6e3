import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lightFor, lightMoved, linkLight, LIGHT_CHECK_MS } from '../../src/api/light-link.ts';
import { stagePalette } from '../../src/basemap/stage-palette.ts';
import { createBasemapStyle } from '../../src/basemap/style.ts';
import { SimulationClock } from '../../src/data/clock.ts';
import { LIGHT_STAGES } from '../../src/data/light/light-stages.ts';
import { DEFAULT_TRAIN_LIGHTING, trainLighting } from '../../src/data/light/train-lighting.ts';
import { createAppStore } from '../../src/store.ts';

const JST = (hhmm: string) => Date.parse(`2026-11-25T${hhmm}:00+09:00`);

/** A store in playback from `time`, the machine clock in `real.now`. */
function setup(time: number) {
  const real = { now: Date.parse('2026-11-25T03:00:00Z') }; // the machine's noon in Tokyo
  const clock = new SimulationClock({ time }, () => real.now);
  const viewState = { longitude: 139.767, latitude: 35.6814, zoom: 14, bearing: 0, pitch: 60 };
  const store = createAppStore({ viewState, lang: 'en', theme: 'light', light: lightFor({ clock, viewState, viewMode: 'ground' }, null), clock, trackingMode: 'position' });
  return { real, clock, store };
}

describe('light in the store follows the app clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is dark at 22:00 on the clock even when the machine says noon, and light at noon', () => {
    const night = setup(JST('22:00'));
    const stop = linkLight(night.store, null);
    expect(night.store.getState().light.darkBackground).toBe(true);
    expect(night.store.getState().theme).toBe('dark');
    stop();
    const noon = setup(JST('12:00'));
    linkLight(noon.store, null)();
    expect(noon.store.getState().theme).toBe('light');
    expect(noon.store.getState().light.summary.intensity).toBeGreaterThan(0.9);
  });

  it('follows a clock jump and the underground view, and a pinned theme holds', () => {
    const { store } = setup(JST('12:00'));
    const stop = linkLight(store, null);
    store.getState().setPlaybackTime(JST('22:30'));
    expect(store.getState().theme).toBe('dark');
    store.getState().setPlaybackTime(JST('12:00'));
    store.getState().setViewMode('underground');
    expect(store.getState().light.source).toBe('underground');
    expect(store.getState().theme).toBe('dark');
    stop();
    const pinned = setup(JST('12:00'));
    const stopPinned = linkLight(pinned.store, 'dark');
    expect(pinned.store.getState().light.source).toBe('pinned');
    expect(pinned.store.getState().theme).toBe('dark');
    stopPinned();
  });

  it('updates the store only when something drawn moved: not at 1× within a check, but at 600×', () => {
    const { real, store } = setup(JST('09:00'));
    const stop = linkLight(store, null);
    const first = store.getState().light;
    real.now += LIGHT_CHECK_MS;
    vi.advanceTimersByTime(LIGHT_CHECK_MS);
    expect(store.getState().light).toBe(first);
    store.getState().setPlaybackSpeed(600);
    real.now += 2000;
    vi.advanceTimersByTime(2000);
    expect(store.getState().light).not.toBe(first);
    expect(lightMoved(first, store.getState().light)).toBe(true);
    stop();
  });
});

describe('base map and train lighting from the light', () => {
  it('builds each stage palette once and the style from it; night is darker than day', () => {
    expect(stagePalette(LIGHT_STAGES[0])).toBe(stagePalette(LIGHT_STAGES[0]));
    const day = createBasemapStyle({ tilesUrl: 'pmtiles://x', glyphsUrl: 'g/{fontstack}/{range}.pbf', theme: 'light', stage: 'day', lang: 'en' });
    const night = createBasemapStyle({ tilesUrl: 'pmtiles://x', glyphsUrl: 'g/{fontstack}/{range}.pbf', theme: 'light', stage: 'night', lang: 'en' });
    const background = (s: typeof day) => (s.layers.find((l) => l.type === 'background')?.paint as Record<string, string>)['background-color'];
    expect(background(day)).toBe('#f2f1ee');
    expect(background(night)).toBe('#1d2129');
  });

  it('lights the trains from the sun in the morning (east) and with a glow at night', () => {
    const { store } = setup(JST('09:00'));
    linkLight(store, null)();
    const morning = trainLighting(store.getState().light);
    expect(morning.toSun[0]).toBeGreaterThan(0.3); // the sun in the south-east
    expect(morning.glow).toBe(0);
    expect(Math.max(...morning.sun)).toBeGreaterThan(0.3);
    const night = setup(JST('22:00'));
    linkLight(night.store, null)();
    const dark = trainLighting(night.store.getState().light);
    expect(dark.sun).toEqual([0, 0, 0]);
    expect(dark.glow).toBe(1);
    expect(DEFAULT_TRAIN_LIGHTING.ambient[0]).toBeCloseTo(0.62);
  });
});
