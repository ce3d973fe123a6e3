/**
 * The compact, plain-data flight model that goes into the data bundle: flight
 * courses as 3D polylines, airports, airlines with their colours and flight
 * statuses, names in the data languages. Built by
 * {@link buildFlightModel} from the shared data set; JSON-serialisable as it is.
 *
 * @module
 */

/** The data languages of the app (`api/languages.ts`): the five of SPEC §1 and French, which the data set's airport, airline and status names all have. */
export const DATA_LANGUAGES = Object.freeze(['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant', 'fr'] as const);

/** One of the data languages. */
export type DataLanguage = (typeof DATA_LANGUAGES)[number];

/** A name in every data language (missing ones filled from English, then Japanese, by the builder). */
export type DataTitle = Record<DataLanguage, string>;

/** Whether a flight lands at or takes off from the airport of its course. */
export type FlightKind = 'arrival' | 'departure';

/** Where an airport lies as seen from Tokyo, which decides the course family used (data: `airports.json` `direction`). */
export type AirportDirection = 'N' | 'S';

/** An airport a flight comes from or goes to. */
export interface AirportEntry {
  title: DataTitle;
  direction: AirportDirection;
}

/** An airline: name and the aircraft colours (fuselage, tail), `#RRGGBB`. */
export interface AirlineEntry {
  title: DataTitle;
  color: string;
  tailColor: string;
}

/**
 * One flight course: the path an arriving or departing aircraft flies for one
 * runway, from the data set's `airways`. Arrival courses start in the air and
 * end at the far end of the runway; departure courses start at the runway's
 * start and end in the air.
 */
export interface CourseEntry {
  /** The data's id, `{airport}.{pattern}{runway}.{Arr|Dep}`, e.g. `HND.IX34L.Arr`. */
  id: string;
  /** `HND` or `NRT`. */
  airport: string;
  /** Runway designator, e.g. `34L`, `05`. */
  runway: string;
  /** Procedure letters before the runway in the id (`IX`, `R`, `N`, ...); empty when none. */
  pattern: string;
  kind: FlightKind;
  /** `[lng, lat, altitude m]` points, first to last in flying order. */
  coords: [number, number, number][];
}

/** The whole flight model. */
export interface FlightModel {
  /** Format version of this object. */
  version: 1;
  /** Airports by IATA code (`HND`, `CTS`, ...). */
  airports: Record<string, AirportEntry>;
  /** Airlines by ICAO code (`ANA`, `JAL`, ...), the ids ODPT uses in `odpt:airline`. */
  airlines: Record<string, AirlineEntry>;
  /** Flight status names by ODPT status id (`Arrived`, `Cancelled`, ...). */
  statuses: Record<string, DataTitle>;
  /** Every course of the data set, in source order. */
  courses: CourseEntry[];
}

/** Version written by the current builder. */
export const FLIGHT_MODEL_VERSION = 1 as const;
