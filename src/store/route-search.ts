import type { Journey } from '../data/routing/journey.ts';
import type { GetState, SetState } from './slice.ts';

/** Route search: closed, criteria being edited, or journeys shown. */
export type SearchMode = 'none' | 'edit' | 'route';

/** One end of a route search: a station and its transfer group. */
export interface RouteEnd {
  /** Station chosen (index into `NetworkMeta.stations`). */
  station: number;
  /** Its transfer group (station indices), searched as one place. */
  stations: number[];
}

/** What the route search criteria panel holds. */
export interface RouteCriteria {
  from: RouteEnd | null;
  to: RouteEnd | null;
  /** Departure in seconds of today's service day, or null for now. */
  departure: number | null;
  /** The end a station clicked on the map fills in. */
  picking: 'from' | 'to';
}

/** The route search panels and what they hold. */
export interface RouteSearchSlice {
  /** Route search panels: closed, criteria, or results (moving layers are hidden while not `none`). */
  searchMode: SearchMode;
  routeCriteria: RouteCriteria;
  /** Journeys found (in departure order, no two with the same key) and the one shown. */
  routeJourneys: Journey[];
  routeJourneyIndex: number;

  /** Opens the route search criteria with a station group as its origin (`from`) or destination (`to`); the selection and the popup end. */
  openRouteSearch(end: 'from' | 'to', station: RouteEnd): void;
  /** Fills in one end of the criteria (by default the one `routeCriteria.picking` names, as a station clicked on the map does); the other end is picked next. */
  setRouteEnd(value: RouteEnd | null, end?: 'from' | 'to'): void;
  /** Makes `end` the one a station clicked on the map fills in. */
  pickRouteEnd(end: 'from' | 'to'): void;
  /** Swaps origin and destination. */
  swapRouteEnds(): void;
  /** Departure in seconds of today's service day, or null for now. */
  setRouteDeparture(departure: number | null): void;
  /** Shows journeys found (results panel), journey `current` (default the first) shown. */
  showJourneys(journeys: Journey[], current?: number): void;
  /** More journeys were found (earlier or later ones): the list, and the one shown. */
  pageJourneys(journeys: Journey[], current: number): void;
  /** Shows another of the journeys found. */
  showJourney(index: number): void;
  /** Back from the results to the criteria. */
  editRouteSearch(): void;
  /** Closes the route search panels. */
  closeRouteSearch(): void;
}

/** The route search slice: closed, nothing filled in. */
export function createRouteSearchSlice(set: SetState, get: GetState): RouteSearchSlice {
  const criteria = (change: Partial<RouteCriteria>) => set({ routeCriteria: { ...get().routeCriteria, ...change } });
  return {
    searchMode: 'none',
    routeCriteria: { from: null, to: null, departure: null, picking: 'to' },
    routeJourneys: [],
    routeJourneyIndex: 0,
    openRouteSearch: (end, station) => {
      get().deselect();
      const other = end === 'from' ? 'to' : 'from';
      const kept = get().routeCriteria[other];
      set({
        searchMode: 'edit',
        hover: null,
        routeCriteria: { ...get().routeCriteria, [end]: station, [other]: kept && !kept.stations.includes(station.station) ? kept : null, picking: other },
        routeJourneys: [],
        routeJourneyIndex: 0,
      });
    },
    setRouteEnd: (value, end) => {
      const which = end ?? get().routeCriteria.picking;
      criteria({ [which]: value, picking: value ? (which === 'from' ? 'to' : 'from') : which });
    },
    pickRouteEnd: (end) => criteria({ picking: end }),
    swapRouteEnds: () => {
      const { from, to } = get().routeCriteria;
      criteria({ from: to, to: from, picking: to ? 'to' : 'from' });
    },
    setRouteDeparture: (departure) => criteria({ departure }),
    showJourneys: (routeJourneys, current = 0) => set({ searchMode: 'route', routeJourneys, routeJourneyIndex: current }),
    pageJourneys: (routeJourneys, current) => set({ routeJourneys, routeJourneyIndex: current }),
    showJourney: (index) => set({ routeJourneyIndex: index }),
    editRouteSearch: () => set({ searchMode: 'edit' }),
    closeRouteSearch: () => set({ searchMode: 'none', routeJourneys: [], routeJourneyIndex: 0 }),
  };
}
