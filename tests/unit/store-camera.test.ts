/**
 * Camera requests in the store: every animated move (API calls, zoom and
 * compass buttons) becomes a jump when the user prefers reduced motion.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulationClock } from '../../src/data/clock.ts';
import { createAppStore } from '../../src/store.ts';

function makeStore() {
  return createAppStore({
    viewState: { longitude: 139.767, latitude: 35.6814, zoom: 14, bearing: 0, pitch: 60 },
    lang: 'en',
    theme: 'light',
    clock: new SimulationClock({ time: Date.parse('2026-11-24T08:00:00+09:00') }),
    trackingMode: 'position',
  });
}

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
}

describe('camera requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the requested transition normally', () => {
    preferReducedMotion(false);
    const store = makeStore();
    store.getState().requestCamera({ zoom: 15 }, 'ease', 300);
    expect(store.getState().cameraRequest).toMatchObject({ view: { zoom: 15 }, transition: 'ease', duration: 300, serial: 1 });
    store.getState().requestCamera({ zoom: 12 }, 'fly');
    expect(store.getState().cameraRequest).toMatchObject({ transition: 'fly', serial: 2 });
  });

  it('turns eases and flights into jumps when the user prefers reduced motion', () => {
    preferReducedMotion(true);
    const store = makeStore();
    store.getState().requestCamera({ zoom: 15 }, 'ease', 300);
    expect(store.getState().cameraRequest).toMatchObject({ view: { zoom: 15 }, transition: 'jump' });
    store.getState().requestCamera({ bearing: 0 }, 'fly', 400);
    expect(store.getState().cameraRequest?.transition).toBe('jump');
  });

  it('works where matchMedia does not exist (Node, old browsers)', () => {
    vi.stubGlobal('matchMedia', undefined);
    const store = makeStore();
    store.getState().requestCamera({ zoom: 15 }, 'ease', 300);
    expect(store.getState().cameraRequest?.transition).toBe('ease');
  });
});
