import type { FlightsHandle } from '../layers/flights-handle.ts';
import type { GetState, SetState } from './slice.ts';

/** State of the airplanes: not started, no access token, waiting for the first answer, flying, or the feeds failing. */
export type FlightState = 'off' | 'no-token' | 'pending' | 'ok' | 'failing';

/** The airplanes. */
export interface FlightsSlice {
  /** The airplanes once loaded (after the first view, with an access token), else null. */
  flights: FlightsHandle | null;
  flightState: FlightState;
  /** Increments with every new flight plan (popups and the tracking panel refresh). */
  flightPlanVersion: number;

  /** Sets the airplanes' state, and the time of the latest real-time data when an answer brought it. */
  setFlightState(state: FlightState, dynamicUpdated?: string): void;
  setFlightPlanVersion(version: number): void;
  flightsLoaded(flights: FlightsHandle): void;
  /** The airplanes are gone: a tracked flight and a flight's popup end with them. */
  flightsRemoved(): void;
}

/** The airplanes' slice: not started. */
export function createFlightsSlice(set: SetState, get: GetState): FlightsSlice {
  return {
    flights: null,
    flightState: 'off',
    flightPlanVersion: 0,
    setFlightState: (flightState, dynamicUpdated) => set(dynamicUpdated === undefined ? { flightState } : { flightState, dynamicUpdated }),
    setFlightPlanVersion: (flightPlanVersion) => set({ flightPlanVersion }),
    flightsLoaded: (flights) => set({ flights }),
    flightsRemoved: () => {
      get().deselect('flight');
      get().endHover('flight');
      set({ flights: null });
    },
  };
}
