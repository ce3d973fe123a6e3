/**
 * Validation and normalisation of `odpt:FlightInformationArrival` and
 * `odpt:FlightInformationDeparture` answers into {@link FlightInfo}, with the
 * same fault rules as the train parser (`realtime/odpt-parse.ts`):
 *
 * - a body that is not JSON, or not an array at the top level, is an
 *   {@link OdptResponseError} (the whole answer is unusable);
 * - a record missing a required field, or with one of the wrong form, is
 *   skipped with one problem naming the source, the record's index and id, and
 *   every field at fault; a bad optional field is dropped and reported, the
 *   record kept;
 * - id prefixes are removed; an id without its prefix is accepted, one with
 *   another type's prefix is not.
 *
 * @module
 */
import { parseSelectionId } from '../ids.ts';
import { FieldReader, isoTime, parseRecords, stripIdPrefix, type Convert, type ParseContext, type ParseResult } from '../realtime/odpt-parse.ts';
import type { FlightKind } from './flight-model.ts';
import { FLIGHT_ENDPOINTS, FLIGHT_ID_PREFIXES, type FlightInfo } from './flight-records.ts';
import { nearestInstant, parseTimeOfDay } from './flight-time.ts';

/** Field names that differ between arrivals and departures. */
const FIELDS = {
  arrival: {
    scheduled: 'odpt:scheduledArrivalTime',
    estimated: 'odpt:estimatedArrivalTime',
    actual: 'odpt:actualArrivalTime',
    airport: 'odpt:arrivalAirport',
    other: 'odpt:originAirport',
    terminal: 'odpt:arrivalAirportTerminal',
    gate: 'odpt:arrivalGate',
  },
  departure: {
    scheduled: 'odpt:scheduledDepartureTime',
    estimated: 'odpt:estimatedDepartureTime',
    actual: 'odpt:actualDepartureTime',
    airport: 'odpt:departureAirport',
    other: 'odpt:destinationAirport',
    terminal: 'odpt:departureAirportTerminal',
    gate: 'odpt:departureGate',
  },
} as const;

/** A flight number: airline designator (2 characters or 3 letters), 1–4 digits, optional letter. */
const FLIGHT_NUMBER = /^(?:[A-Z0-9]{2}|[A-Z]{3})\d{1,4}[A-Z]?$/;
const IATA = /^[A-Z]{3}$/;
const OPERATOR = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Validates a flight information answer (already JSON-parsed) of one kind and
 * normalises its records.
 *
 * @throws OdptResponseError (`unexpected-shape`) when the top level is not an array.
 */
export function parseFlightInformation(body: unknown, kind: FlightKind, context: ParseContext): ParseResult<FlightInfo> {
  return parseRecords(body, context, FLIGHT_ENDPOINTS[kind], (reader) => readFlight(reader, kind));
}

/**
 * The bare flight id (`NAA.NRT.NH832`) of `odpt.FlightInformationArrival:NAA.NRT.NH832`
 * or of the bare id itself, or `null` when it is not a flight id of this kind
 * (another type's prefix, not three parts, an airport that is not an IATA code,
 * a flight number that is not one).
 */
export function bareFlightId(value: string, kind: FlightKind): string | null {
  const prefix = FLIGHT_ID_PREFIXES[kind];
  const text = value.trim();
  const hasOwnPrefix = text.toLowerCase().startsWith(prefix.toLowerCase());
  if (!hasOwnPrefix && /^odpt\.[A-Za-z]+:/i.test(text)) return null;
  const parsed = parseSelectionId(hasOwnPrefix ? text : prefix + text);
  if (!parsed || parsed.kind !== 'flight') return null;
  const [, airport, number] = parsed.id.split('.');
  return IATA.test(airport) && FLIGHT_NUMBER.test(number) ? parsed.id : null;
}

function readFlight(reader: FieldReader, kind: FlightKind): FlightInfo | null {
  const fields = FIELDS[kind];
  const id = reader.read('owl:sameAs', true, (v) => (typeof v === 'string' ? bareFlightId(v, kind) : null), `an id "${FLIGHT_ID_PREFIXES[kind]}{operator}.{airport}.{flight number}"`);
  const date = reader.date('dc:date', true);
  const operator = reader.read('odpt:operator', true, prefixed(FLIGHT_ID_PREFIXES.operator, OPERATOR), 'an operator id "odpt.Operator:NAA"');
  const flightNumbers = reader.read('odpt:flightNumber', true, flightNumberList, 'a non-empty array of flight numbers such as ["NH832"]');
  const airport = reader.read(fields.airport, true, prefixed(FLIGHT_ID_PREFIXES.airport, IATA), 'an airport id "odpt.Airport:HND"');
  const scheduledText = reader.read(fields.scheduled, true, timeOfDay, 'a time of day "HH:MM"');
  const estimatedText = reader.read(fields.estimated, false, timeOfDay, 'a time of day "HH:MM"');
  const actualText = reader.read(fields.actual, false, timeOfDay, 'a time of day "HH:MM"');
  const valid = reader.read('dct:valid', false, isoTime, 'an ISO 8601 date-time with an offset');
  const airline = reader.read('odpt:airline', false, prefixed(FLIGHT_ID_PREFIXES.operator, OPERATOR), 'an operator id "odpt.Operator:ANA"');
  const shared = reader.read('odpt:sharedFlightNumber', false, flightNumberList, 'an array of flight numbers');
  const status = reader.read('odpt:flightStatus', false, prefixed(FLIGHT_ID_PREFIXES.status, /^[A-Za-z]+$/), 'a status id "odpt.FlightStatus:Arrived"');
  const otherAirport = reader.read(fields.other, false, prefixed(FLIGHT_ID_PREFIXES.airport, IATA), 'an airport id "odpt.Airport:CTS"');
  const via = reader.read('odpt:viaAirport', false, (v) => list(v, prefixed(FLIGHT_ID_PREFIXES.airport, IATA)), 'an array of airport ids');
  const terminal = reader.read(fields.terminal, false, prefixed(FLIGHT_ID_PREFIXES.terminal, /^[A-Za-z0-9_.-]+$/), 'a terminal id "odpt.AirportTerminal:NRT.Terminal1"');
  const gate = reader.string(fields.gate, false);
  const aircraftType = reader.string('odpt:aircraftType', false);

  if (id !== undefined && operator !== undefined && airport !== undefined) {
    const [idOperator, idAirport] = id.split('.');
    if (idOperator !== operator) reader.issue(true, 'owl:sameAs', `names operator "${idOperator}" but odpt:operator is "${operator}"`);
    if (idAirport !== airport) reader.issue(true, 'owl:sameAs', `names airport "${idAirport}" but ${fields.airport} is "${airport}"`);
  }
  if (id === undefined || date === undefined || operator === undefined || flightNumbers === undefined || airport === undefined || scheduledText === undefined) return null;

  const scheduledTime = nearestInstant(scheduledText, date);
  const info: FlightInfo = {
    id,
    kind,
    operator,
    airport,
    flightNumbers: [...flightNumbers, ...(shared ?? []).filter((n) => !flightNumbers.includes(n))],
    scheduledTime,
    viaAirports: via ?? [],
    date,
  };
  if (estimatedText !== undefined) info.estimatedTime = nearestInstant(estimatedText, scheduledTime);
  if (actualText !== undefined) info.actualTime = nearestInstant(actualText, scheduledTime);
  if (airline !== undefined) info.airline = airline;
  if (status !== undefined) info.status = status;
  if (otherAirport !== undefined) info.otherAirport = otherAirport;
  if (terminal !== undefined) info.terminal = terminal;
  if (gate !== undefined) info.gate = gate;
  if (aircraftType !== undefined) info.aircraftType = aircraftType;
  if (valid !== undefined) info.valid = valid;
  return info;
}

/** An id with `prefix` (or without any prefix) whose bare part has `form`. */
function prefixed(prefix: string, form: RegExp): Convert<string> {
  return (value) => {
    const bare = typeof value === 'string' ? stripIdPrefix(value, prefix) : null;
    return bare !== null && form.test(bare) ? bare : null;
  };
}

function list<T>(value: unknown, convert: Convert<T>): T[] | null {
  if (!Array.isArray(value)) return null;
  const out: T[] = [];
  for (const entry of value) {
    const converted = convert(entry);
    if (converted === null) return null;
    out.push(converted);
  }
  return out;
}

function flightNumberList(value: unknown): string[] | null {
  const numbers = list(value, (v) => (typeof v === 'string' && FLIGHT_NUMBER.test(v) ? v : null));
  return numbers && numbers.length > 0 ? [...new Set(numbers)] : null;
}

function timeOfDay(value: unknown): number | null {
  return typeof value === 'string' ? parseTimeOfDay(value) : null;
}
