/**
 * The flights bundle (`flights.bin`): the flight courses of Haneda and
 * Narita, airports, airlines with their aircraft colours and flight status
 * names ({@link FlightModel}), loaded after the first view and only when the
 * app can show airplanes (an access token for the flight information is set).
 * It has no typed-array sections: the model is small (about 60 kB) and plain JSON.
 *
 * @module
 */
import type { FlightModel } from '../flights/flight-model.ts';

/** Metadata of the flights bundle. */
export type FlightsMeta = FlightModel;

export const FLIGHTS_KIND = 'flights';
