import { describe, expect, it } from 'vitest';
import type { Journey } from '../../src/data/routing/journey.ts';
import type { StationSelection } from '../../src/store.ts';
import { testStore } from './fixtures/test-store.ts';

const store = testStore;

const shinjuku: StationSelection = { kind: 'station', id: 'JR-East.Yamanote.Shinjuku', group: 1, shapes: [1], stations: [10, 11], center: [139.7, 35.69] };
const journey = (key: string) => ({ key, departure: 0, arrival: 1 }) as unknown as Journey;

describe('route search mode in the store', () => {
  it('goes none → edit (from the station panel) → route (journeys) → edit (back) → none (close)', () => {
    const s = store();
    const modes: string[] = [];
    s.subscribe((state, previous) => state.searchMode !== previous.searchMode && modes.push(state.searchMode));
    expect(s.getState().searchMode).toBe('none');
    s.getState().select(shinjuku);
    s.getState().openRouteSearch('to', { station: 10, stations: shinjuku.stations });
    expect(s.getState()).toMatchObject({ searchMode: 'edit', selection: null, routeCriteria: { to: { station: 10 }, from: null, picking: 'from' } });
    s.getState().setRouteEnd({ station: 20, stations: [20] });
    expect(s.getState().routeCriteria).toMatchObject({ from: { station: 20 }, to: { station: 10 } });
    s.getState().showJourneys([journey('a'), journey('b')], 1);
    expect(s.getState()).toMatchObject({ searchMode: 'route', routeJourneyIndex: 1 });
    s.getState().editRouteSearch();
    expect(s.getState().searchMode).toBe('edit');
    expect(s.getState().routeJourneys).toHaveLength(2);
    s.getState().closeRouteSearch();
    expect(s.getState()).toMatchObject({ searchMode: 'none', routeJourneys: [] });
    expect(modes).toEqual(['edit', 'route', 'edit', 'none']);
  });

  it('“From here” keeps the other end unless it is the same station group, and clears the journeys', () => {
    const s = store();
    s.getState().openRouteSearch('to', { station: 30, stations: [30] });
    s.getState().showJourneys([journey('a')]);
    s.getState().openRouteSearch('from', { station: 10, stations: [10, 11] });
    expect(s.getState()).toMatchObject({ searchMode: 'edit', routeJourneys: [], routeCriteria: { from: { station: 10 }, to: { station: 30 }, picking: 'to' } });
    s.getState().openRouteSearch('to', { station: 11, stations: [10, 11] });
    expect(s.getState().routeCriteria.from).toBeNull();
  });

  it('ends tracking when the route search opens', () => {
    const s = store();
    s.getState().select({ kind: 'train', train: 3, id: 'X.Y.1' });
    s.getState().openRouteSearch('from', { station: 10, stations: [10] });
    expect(s.getState().selection).toBeNull();
  });
});
