/**
 * Flight information of the open data center API v4: the records as they
 * arrive (`odpt:FlightInformationArrival`, `odpt:FlightInformationDeparture`)
 * and our normalised {@link FlightInfo}.
 *
 * Field names and forms, from the API specification's sample records (NAA at
 * Narita, HND-TIAT at Haneda) and clients of it:
 * - `owl:sameAs` is `odpt.FlightInformationArrival:{operator}.{airport}.{flight number}`
 *   (`odpt.FlightInformationArrival:NAA.NRT.NH832`); the operator is the
 *   publisher (an airport terminal company such as `NAA`, `HND-JAT`,
 *   `HND-TIAT`, or an airline), `odpt:airline` the airline (`odpt.Operator:ANA`).
 * - `odpt:flightNumber` is an array: the operating flight first, then the
 *   code-share numbers (`["HA863", "JL6415"]`); some publishers list code-shares
 *   in `odpt:sharedFlightNumber` instead.
 * - Times are local (Japan) times of day `"HH:MM"` without a date, for the day
 *   of the record: `odpt:scheduledArrivalTime`, `odpt:estimatedArrivalTime`,
 *   `odpt:actualArrivalTime` (and `...DepartureTime`).
 * - `odpt:flightStatus` is `odpt.FlightStatus:{id}` (`Arrived`, `Cancelled`, ...).
 * - Airports are `odpt.Airport:{IATA}`: `odpt:arrivalAirport` and
 *   `odpt:originAirport` of arrivals, `odpt:departureAirport` and
 *   `odpt:destinationAirport` of departures, `odpt:viaAirport` an array.
 *
 * @module
 */
import type { FlightKind } from './flight-model.ts';

/** The two resources. */
export type FlightEndpoint = 'odpt:FlightInformationArrival' | 'odpt:FlightInformationDeparture';

/** Resource of each kind of flight. */
export const FLIGHT_ENDPOINTS: Readonly<Record<FlightKind, FlightEndpoint>> = Object.freeze({
  arrival: 'odpt:FlightInformationArrival',
  departure: 'odpt:FlightInformationDeparture',
});

/** Id prefixes of the fields of flight records. */
export const FLIGHT_ID_PREFIXES = Object.freeze({
  arrival: 'odpt.FlightInformationArrival:',
  departure: 'odpt.FlightInformationDeparture:',
  operator: 'odpt.Operator:',
  airport: 'odpt.Airport:',
  terminal: 'odpt.AirportTerminal:',
  status: 'odpt.FlightStatus:',
} as const);

/** The fields arrival and departure records share on the wire (those the app reads; every optional one may also be `null`). */
interface OdptFlightRecord {
  '@context'?: string;
  '@id': string;
  'dc:date': string;
  'dct:valid'?: string | null;
  'owl:sameAs': string;
  'odpt:operator': string;
  'odpt:airline'?: string | null;
  'odpt:flightNumber': string[];
  'odpt:sharedFlightNumber'?: string[] | null;
  'odpt:flightStatus'?: string | null;
  'odpt:viaAirport'?: string[] | null;
  'odpt:aircraftType'?: string | null;
}

/** One arrival record on the wire. */
export interface OdptFlightArrival extends OdptFlightRecord {
  '@type': 'odpt:FlightInformationArrival';
  'odpt:scheduledArrivalTime': string;
  'odpt:estimatedArrivalTime'?: string | null;
  'odpt:actualArrivalTime'?: string | null;
  'odpt:arrivalAirport': string;
  'odpt:arrivalAirportTerminal'?: string | null;
  'odpt:arrivalGate'?: string | null;
  'odpt:baggageClaim'?: string | null;
  'odpt:originAirport'?: string | null;
}

/** One departure record on the wire. */
export interface OdptFlightDeparture extends OdptFlightRecord {
  '@type': 'odpt:FlightInformationDeparture';
  'odpt:scheduledDepartureTime': string;
  'odpt:estimatedDepartureTime'?: string | null;
  'odpt:actualDepartureTime'?: string | null;
  'odpt:departureAirport': string;
  'odpt:departureAirportTerminal'?: string | null;
  'odpt:departureGate'?: string | null;
  'odpt:checkInCounter'?: string[] | null;
  'odpt:destinationAirport'?: string | null;
}

/** One flight as the app uses it. */
export interface FlightInfo {
  /** `{operator}.{airport}.{flight number}`, no prefix, e.g. `NAA.NRT.NH832`. */
  id: string;
  kind: FlightKind;
  /** Publisher of the record, e.g. `NAA`, `HND-TIAT`. */
  operator: string;
  /** The Tokyo airport the flight lands at or leaves from (`HND`, `NRT`). */
  airport: string;
  /** Airline id (`ANA`), when given. */
  airline?: string;
  /** Operating flight number first, then code-share numbers; at least one. */
  flightNumbers: string[];
  /** Status id (`Arrived`, `Cancelled`, ...), when given. */
  status?: string;
  /** Scheduled time (epoch ms). */
  scheduledTime: number;
  estimatedTime?: number;
  actualTime?: number;
  /** Origin airport of an arrival, destination of a departure (IATA), when given. */
  otherAirport?: string;
  /** Stops on the way (IATA). */
  viaAirports: string[];
  /** Terminal id without prefix, e.g. `NRT.Terminal1`. */
  terminal?: string;
  gate?: string;
  aircraftType?: string;
  /** When the record was produced (epoch ms). */
  date: number;
  /** Until when it is valid (epoch ms), when given. */
  valid?: number;
}
