import { describe, expect, it } from 'vitest';
import { SimulationClock } from '../../src/data/clock.ts';
import type { TrainDetails } from '../../src/data/trains/train-details.ts';
import { createAppStore } from '../../src/store.ts';

/** A store over a clock whose real time is `real.now` (moved by the test). */
function setup(time?: number) {
  const real = { now: Date.parse('2026-11-25T00:00:00Z') };
  const clock = new SimulationClock({ time }, () => real.now);
  const store = createAppStore({
    viewState: { longitude: 139.767, latitude: 35.6814, zoom: 14, bearing: 0, pitch: 60 },
    lang: 'en',
    theme: 'light',
    clock,
    trackingMode: 'position',
  });
  return { real, clock, store };
}

describe('clock, playback and eco mode in the store', () => {
  it('switches to playback at the present and back to real time; the mirror follows', () => {
    const { real, clock, store } = setup();
    expect(store.getState().clockMode).toBe('realtime');
    store.getState().setClockMode('playback');
    expect(store.getState().clockMode).toBe('playback');
    expect(clock.now()).toBe(real.now);
    store.getState().setPlaybackSpeed(60);
    real.now += 1000;
    expect(clock.now()).toBe(real.now - 1000 + 60_000);
    expect(store.getState().playbackSpeed).toBe(60);
    store.getState().setClockMode('realtime');
    expect(store.getState()).toMatchObject({ clockMode: 'realtime', playbackSpeed: 1 });
    expect(clock.now()).toBe(real.now);
  });

  it('jumps the playback clock (an edit confirmed with OK) and counts the jump', () => {
    const target = Date.parse('2026-11-28T02:00:00+09:00');
    const { real, clock, store } = setup(Date.parse('2026-11-24T08:00:00+09:00'));
    store.getState().setPlaybackSpeed(10);
    store.getState().setPlaybackTime(target);
    expect(clock.now()).toBe(target);
    expect(store.getState().clockJumps).toBe(1);
    real.now += 1000;
    expect(clock.now()).toBe(target + 10_000);
  });

  it('rejects a speed out of range and keeps the previous one', () => {
    const { store } = setup(0);
    store.getState().setPlaybackSpeed(5);
    expect(() => store.getState().setPlaybackSpeed(0)).toThrow(/out of range/);
    expect(store.getState().playbackSpeed).toBe(5);
  });

  it('switches eco mode', () => {
    const { store } = setup();
    expect(store.getState().ecoMode).toBe('normal');
    store.getState().setEcoMode('eco');
    expect(store.getState().ecoMode).toBe('eco');
  });

  it('closes the train popup when tracking starts', () => {
    const { store } = setup();
    store.getState().setHover({ kind: 'train', details: { train: 5 } as TrainDetails, x: 10, y: 10 });
    store.getState().select({ kind: 'train', train: 5, id: 'JR-East.Yamanote.400G' });
    expect(store.getState().hover).toBeNull();
  });
});
