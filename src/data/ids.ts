/**
 * Identifier helpers for trains, flights and stations.
 *
 * Identifiers follow the public transportation open data format:
 * - Train: `odpt.Train:{operator}.{line}.{number}`
 * - Flight: `odpt.FlightInformationArrival:{operator}.{airport}.{flight number}`
 *   or `odpt.FlightInformationDeparture:{operator}.{airport}.{flight number}`
 * - Station: `odpt.Station:{operator}.{line}.{station}`
 *
 * The `odpt.X:` prefix is optional on input and absent on output.
 *
 * @module
 */

/** What a selection id refers to. */
export type SelectionKind = 'train' | 'flight' | 'station';

/** Direction of a flight id (which flight-information type it came from). */
export type FlightDirection = 'arrival' | 'departure';

/** A parsed selection id. */
export interface ParsedId {
  /** Train, flight or station. */
  kind: SelectionKind;
  /** The id without any `odpt.X:` prefix, e.g. `'JR-East.Yamanote.400G'`. */
  id: string;
  /**
   * For flights only: `'arrival'` or `'departure'` when the input carried an
   * `odpt.FlightInformationArrival:` / `odpt.FlightInformationDeparture:` prefix;
   * absent for unprefixed flight ids (the direction cannot be told from the shape).
   */
  direction?: FlightDirection;
}

/** The recognised selection prefixes (matched case-insensitively on input). */
export const ODPT_PREFIXES = Object.freeze({
  train: 'odpt.Train:',
  flightArrival: 'odpt.FlightInformationArrival:',
  flightDeparture: 'odpt.FlightInformationDeparture:',
  station: 'odpt.Station:',
} as const);

const PREFIX_TABLE: ReadonlyArray<{ prefix: string; kind: SelectionKind; direction?: FlightDirection }> = [
  { prefix: ODPT_PREFIXES.train, kind: 'train' },
  { prefix: ODPT_PREFIXES.flightArrival, kind: 'flight', direction: 'arrival' },
  { prefix: ODPT_PREFIXES.flightDeparture, kind: 'flight', direction: 'departure' },
  { prefix: ODPT_PREFIXES.station, kind: 'station' },
];

/** Any `odpt.{Type}:` prefix. */
const ANY_ODPT_PREFIX = /^odpt\.[A-Za-z]+:/i;

/** One dot-separated part of an id: ASCII letters, digits, `-` and `_`. */
const PART = /^[A-Za-z0-9_-]+$/;

/** A 3-letter IATA airport code such as HND or NRT (upper case). */
const AIRPORT_CODE = /^[A-Z]{3}$/;

/**
 * A flight number: a 2-character IATA or 3-letter ICAO airline designator,
 * 1 to 4 digits and an optional letter suffix (NH106, JL163, HA863, 7G12, ANA106).
 */
const FLIGHT_NUMBER = /^(?:[A-Z0-9]{2}|[A-Z]{3})\d{1,4}[A-Z]?$/;

/**
 * A train number: digits, optionally preceded by at most two letters
 * (1234G, 301M, A1234, B1045S, T001).
 */
const TRAIN_NUMBER = /^[A-Za-z]{0,2}\d/;

/**
 * Remove a leading `odpt.{Type}:` prefix of any type (e.g. `odpt.Train:`,
 * `odpt.Station:`, `odpt.Railway:`), matched case-insensitively. Strings
 * without such a prefix are returned unchanged (surrounding whitespace is kept).
 */
export function stripOdptPrefix(id: string): string {
  return id.replace(ANY_ODPT_PREFIX, '');
}

/** Split an unprefixed id into exactly 3 valid parts, or `null`. */
function splitParts(body: string): [string, string, string] | null {
  const parts = body.split('.');
  if (parts.length !== 3 || !parts.every((p) => PART.test(p))) return null;
  return parts as [string, string, string];
}

/**
 * Classify an unprefixed 3-part id by its shape. Rule, applied in order:
 * 1. **flight** when the middle part is a 3-letter upper-case airport code and
 *    the last part is a flight number (`NAA.NRT.NH832`, `HND-TIAT.HND.HA863`);
 * 2. **train** when the last part starts with a digit, or with one or two
 *    letters followed by a digit (`JR-East.Yamanote.400G`, `TokyoMetro.Ginza.A1234`);
 * 3. **station** otherwise (`JR-East.Yamanote.Tokyo`, `TokyoMetro.Ginza.Shibuya`).
 */
function classifyUnprefixed(parts: [string, string, string]): SelectionKind {
  const [, middle, last] = parts;
  if (AIRPORT_CODE.test(middle) && FLIGHT_NUMBER.test(last)) return 'flight';
  if (TRAIN_NUMBER.test(last)) return 'train';
  return 'station';
}

/**
 * Parse a train, flight or station id, with or without its `odpt.X:` prefix.
 *
 * - Surrounding whitespace is ignored.
 * - With a known prefix (`odpt.Train:`, `odpt.FlightInformationArrival:`,
 *   `odpt.FlightInformationDeparture:`, `odpt.Station:`; case-insensitive) the
 *   prefix decides the kind; flights get a `direction`.
 * - Without a prefix the kind is decided by shape (see the rule below).
 * - The body must be exactly three non-empty dot-separated parts made of ASCII
 *   letters, digits, `-` and `_`.
 * - Any other `odpt.X:` prefix (e.g. `odpt.Railway:`), or any other `:` in the
 *   input, gives `null`.
 *
 * Shape rule for unprefixed ids, in order: **flight** when the middle part is a
 * 3-letter upper-case airport code and the last part is a flight number
 * (2-character or 3-letter airline designator, 1–4 digits, optional letter);
 * **train** when the last part starts with a digit or with at most two letters
 * followed by a digit; **station** otherwise.
 *
 * @returns the kind and the id without prefix, or `null` when the input is not a valid id.
 */
export function parseSelectionId(input: string): ParsedId | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const lower = text.toLowerCase();
  for (const entry of PREFIX_TABLE) {
    if (lower.startsWith(entry.prefix.toLowerCase())) {
      const body = text.slice(entry.prefix.length);
      if (!splitParts(body)) return null;
      return entry.direction ? { kind: entry.kind, id: body, direction: entry.direction } : { kind: entry.kind, id: body };
    }
  }
  if (text.includes(':')) return null;
  const parts = splitParts(text);
  if (!parts) return null;
  return { kind: classifyUnprefixed(parts), id: text };
}

/**
 * Build the full prefixed id for a parsed id, e.g. for open data API queries:
 * train → `odpt.Train:…`, station → `odpt.Station:…`, flight →
 * `odpt.FlightInformationDeparture:…` when `direction` is `'departure'`, else
 * `odpt.FlightInformationArrival:…`.
 */
export function toOdptId(parsed: ParsedId): string {
  switch (parsed.kind) {
    case 'train':
      return ODPT_PREFIXES.train + parsed.id;
    case 'station':
      return ODPT_PREFIXES.station + parsed.id;
    case 'flight':
      return (parsed.direction === 'departure' ? ODPT_PREFIXES.flightDeparture : ODPT_PREFIXES.flightArrival) + parsed.id;
  }
}
