/**
 * Builds the {@link FlightModel} from the shared data set's records
 * (`airports.json`, `flight-statuses.json`, `operators.json`,
 * `coordinates.json` → `airways`), as `loadSource` of the pipeline reads them.
 *
 * Records that cannot be used are skipped and reported in the pipeline's
 * {@link Diagnostics}; records that can be repaired (a missing language, a
 * course altitude that goes the wrong way) are repaired and reported.
 *
 * @module
 */
import type { Diagnostics } from '../pipeline/diagnostics.ts';
import type { SourceAirport, SourceAirway, SourceOperator, SourceTitled } from '../pipeline/source-types.ts';
import { parseCourseId } from './course-id.ts';
import {
  DATA_LANGUAGES,
  FLIGHT_MODEL_VERSION,
  type AirlineEntry,
  type AirportDirection,
  type AirportEntry,
  type CourseEntry,
  type DataTitle,
  type FlightModel,
} from './flight-model.ts';

/** The source records the flight model is made of (a subset of the pipeline's `SourceData`). */
export interface FlightSource {
  airports: readonly SourceAirport[];
  flightStatuses: readonly SourceTitled[];
  operators: readonly SourceOperator[];
  airways: readonly SourceAirway[];
}

const COLOR = /^#[0-9A-Fa-f]{6}$/;
/** Longitude/latitude box the courses of the Tokyo airports must lie in. */
const AREA = { west: 138.5, east: 141.5, south: 34.5, north: 37 };

/**
 * Turns the source records into the compact flight model. Never throws on bad
 * records: each is skipped or repaired with a warning in `diagnostics`.
 */
export function buildFlightModel(source: FlightSource, diagnostics: Diagnostics): FlightModel {
  return {
    version: FLIGHT_MODEL_VERSION,
    airports: buildAirports(source.airports, diagnostics),
    airlines: buildAirlines(source.operators, diagnostics),
    statuses: Object.fromEntries(source.flightStatuses.map((s) => [s.id, dataTitle(s, 'flight-statuses.json', diagnostics)])),
    courses: source.airways.map((a) => buildCourse(a, diagnostics)).filter((c): c is CourseEntry => c !== null),
  };
}

function buildAirports(airports: readonly SourceAirport[], diagnostics: Diagnostics): Record<string, AirportEntry> {
  const out: Record<string, AirportEntry> = {};
  for (const airport of airports) {
    if (!/^[A-Z]{3}$/.test(airport.id)) {
      diagnostics.warn({ file: 'airports.json', record: airport.id, field: 'id', message: 'is not a 3-letter IATA airport code; skipped' });
      continue;
    }
    const given = airport.direction;
    const direction: AirportDirection = given === 'N' || given === 'S' ? given : 'S';
    if (given !== direction) {
      diagnostics.warn({ file: 'airports.json', record: airport.id, field: 'direction', message: `must be "N" or "S", got ${JSON.stringify(given)}; "S" used` });
    }
    out[airport.id] = { title: dataTitle(airport, 'airports.json', diagnostics), direction };
  }
  return out;
}

function buildAirlines(operators: readonly SourceOperator[], diagnostics: Diagnostics): Record<string, AirlineEntry> {
  const out: Record<string, AirlineEntry> = {};
  for (const operator of operators) {
    // operators.json may also hold operators that are not airlines; only airlines carry aircraft colours.
    if (operator.color === undefined && operator.tailcolor === undefined) continue;
    const color = checkedColor(operator, 'color', diagnostics);
    const tailColor = checkedColor(operator, 'tailcolor', diagnostics);
    out[operator.id] = { title: dataTitle(operator, 'operators.json', diagnostics), color: color ?? tailColor ?? '#FFFFFF', tailColor: tailColor ?? color ?? '#FFFFFF' };
  }
  return out;
}

function checkedColor(operator: SourceOperator, field: 'color' | 'tailcolor', diagnostics: Diagnostics): string | undefined {
  const value = operator[field];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && COLOR.test(value)) return value.toUpperCase();
  diagnostics.warn({ file: 'operators.json', record: operator.id, field, message: `must be a colour like "#D81F26", got ${JSON.stringify(value)}; ignored` });
  return undefined;
}

/** The title in the data languages; a missing one is taken from English, else Japanese, and reported. */
function dataTitle(record: SourceTitled, file: string, diagnostics: Diagnostics): DataTitle {
  const title = record.title as Partial<Record<string, string>>;
  const fallback = title.en ?? title.ja ?? record.id;
  const missing = DATA_LANGUAGES.filter((language) => !title[language]);
  if (missing.length > 0) {
    diagnostics.warn({ file, record: record.id, field: 'title', message: `has no ${missing.join(', ')} name; ${title.en ? 'the English' : title.ja ? 'the Japanese' : 'the id'} used instead` });
  }
  return Object.fromEntries(DATA_LANGUAGES.map((language) => [language, title[language] || fallback])) as DataTitle;
}

function buildCourse(airway: SourceAirway, diagnostics: Diagnostics): CourseEntry | null {
  const warn = (field: string, message: string) => diagnostics.warn({ file: 'coordinates.json', record: `airways/${airway.id}`, field, message });
  const parts = parseCourseId(airway.id);
  if (!parts) {
    warn('id', 'is not a course id of the form "HND.IX34L.Arr" (airport, procedure letters, runway, Arr or Dep); skipped');
    return null;
  }
  const coords: [number, number, number][] = [];
  for (const [index, point] of airway.coords.entries()) {
    const [lng, lat, altitude = 0] = point;
    if (!(lng >= AREA.west && lng <= AREA.east && lat >= AREA.south && lat <= AREA.north) || !(altitude >= 0 && altitude < 15_000)) {
      warn(`coords[${index}]`, `[${point.join(', ')}] is not a [longitude, latitude, altitude m] point near Tokyo; course skipped`);
      return null;
    }
    coords.push([round(lng, 7), round(lat, 7), round(altitude, 1)]);
  }
  const departure = parts.kind === 'departure';
  const groundEnd = departure ? coords[0] : coords[coords.length - 1];
  const airEnd = departure ? coords[coords.length - 1] : coords[0];
  if (coords.length < 3 || groundEnd[2] !== 0 || airEnd[2] <= 0) {
    warn('coords', `a ${parts.kind} course must ${departure ? 'start on the runway (altitude 0) and end in the air' : 'start in the air and end on the runway (altitude 0)'} with at least 3 points; skipped`);
    return null;
  }
  repairProfile(coords, departure, warn);
  return { id: airway.id, airport: parts.airport, runway: parts.runway, pattern: parts.pattern, kind: parts.kind, coords };
}

/**
 * Makes the altitude profile monotone in flying order: a departure never
 * descends, an approach never climbs (the data has a few such blips, e.g.
 * `HND.IY34R.Arr` goes 400 → 450 → 400 m). Each repaired point is reported.
 */
function repairProfile(coords: [number, number, number][], departure: boolean, warn: (field: string, message: string) => void): void {
  for (let i = 1; i < coords.length; i++) {
    const previous = coords[i - 1][2];
    const altitude = coords[i][2];
    if (departure ? altitude < previous : altitude > previous) {
      warn(`coords[${i}]`, `altitude ${altitude} m ${departure ? 'descends below' : 'climbs above'} the previous point's ${previous} m on a ${departure ? 'departure' : 'approach'}; set to ${previous} m`);
      coords[i][2] = previous;
    }
  }
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
