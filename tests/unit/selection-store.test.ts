import { describe, expect, it } from 'vitest';
import type { SimulationClock } from '../../src/data/clock.ts';
import { createAppStore, type StationSelection } from '../../src/store.ts';

const store = () =>
  createAppStore({
    viewState: { longitude: 139.767, latitude: 35.6814, zoom: 14, bearing: 0, pitch: 60 },
    lang: 'en',
    theme: 'light',
    clock: { mode: 'playback', now: () => 0 } as unknown as SimulationClock,
    trackingMode: 'position',
  });

const station: StationSelection = { kind: 'station', id: 'JR-East.Yamanote.Ebisu', group: 1, shapes: [1], stations: [2], center: [139.71, 35.646] };

describe('selection in the store', () => {
  it('goes from a train to a station (and back) in one update, never through "nothing selected"', () => {
    const s = store();
    s.getState().select({ kind: 'train', train: 5, id: 'JR-East.Yamanote.400G' });
    const seen: string[] = [];
    s.subscribe((state) => seen.push(state.selection?.id ?? state.stationSelection?.id ?? 'none'));
    s.setState({ stationPanelCollapsed: true });
    seen.length = 0;
    s.getState().selectStation(station);
    expect(seen).toEqual(['JR-East.Yamanote.Ebisu']);
    expect(s.getState().selection).toBeNull();
    expect(s.getState().stationPanelCollapsed).toBe(false);
    s.getState().select({ kind: 'train', train: 6, id: 'JR-East.Yamanote.402G' });
    expect(seen).toEqual(['JR-East.Yamanote.Ebisu', 'JR-East.Yamanote.402G']);
    expect(s.getState().stationSelection).toBeNull();
  });

  it('deselect ends either kind of selection', () => {
    const s = store();
    s.getState().selectStation(station);
    s.getState().deselect();
    expect(s.getState().stationSelection).toBeNull();
    s.getState().select({ kind: 'train', train: 5, id: 'JR-East.Yamanote.400G' });
    s.getState().deselect();
    expect(s.getState().selection).toBeNull();
  });
});
