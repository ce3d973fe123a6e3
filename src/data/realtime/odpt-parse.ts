/**
 * Validation and normalisation of `odpt:Train` and `odpt:TrainInformation`
 * answers into our model ({@link TrainPosition}, {@link LineStatus}).
 *
 * - A body that is not JSON, or whose top level is not an array, is an
 *   {@link OdptResponseError} (the whole answer is unusable).
 * - Each record is checked on its own: a record missing a required field, or
 *   with a required field of the wrong form, is skipped and reported as one
 *   problem naming the source, the record index, its id when known, and every
 *   field at fault; an optional field of the wrong form is dropped, the record
 *   kept, and a problem reported. The rest of the answer is used.
 * - Id prefixes (`odpt.Train:`, `odpt.Railway:`, `odpt.Station:`,
 *   `odpt.TrainType:`, `odpt.RailDirection:`, `odpt.Operator:`) are removed;
 *   an id without its prefix is accepted, an id with another type's prefix is
 *   not. Whether an id exists in our network is checked later, not here.
 *
 * @module
 */
import { ODPT_ID_PREFIXES, ODPT_TYPES, type OdptIdPrefix } from './odpt-types.ts';

/** A text in several languages (`ja`, `en`, ...); at least one entry. */
export interface LocalizedText {
  ja?: string;
  en?: string;
  [language: string]: string | undefined;
}

/** A train's real-time position, normalised. */
export interface TrainPosition {
  /** Train id without prefix, e.g. `TokyoMetro.Ginza.A1234`. */
  id: string;
  /** Operator id, e.g. `TokyoMetro` (from `odpt:operator`, else the railway's first part). */
  operator: string;
  /** Railway id, e.g. `TokyoMetro.Ginza`. */
  railway: string;
  /** Train number, e.g. `A1234`. */
  number: string;
  /** Train type id, e.g. `TokyoMetro.Local`. */
  type?: string;
  /** Rail direction id, e.g. `TokyoMetro.Asakusa` or `InnerLoop`. */
  direction?: string;
  /** Station the train stands at or last left, e.g. `TokyoMetro.Ginza.Shibuya`. */
  from: string;
  /** Next station when between stations; `null` when standing at {@link from} (always present). */
  to: string | null;
  /** Origin station ids. */
  origins: string[];
  /** Destination station ids. */
  destinations: string[];
  /** Delay in seconds (0 when the record gives none). */
  delay: number;
  /** Number of cars. */
  carComposition?: number;
  /** When the record was produced (epoch ms). */
  date: number;
  /** Until when it is valid (epoch ms). */
  valid?: number;
}

/** Operation information for one railway, or for a whole operator when {@link railway} is absent. */
export interface LineStatus {
  /** Railway id, e.g. `Toei.Oedo`; absent for operator-wide information. */
  railway?: string;
  /** Operator id of our network, e.g. `JR-East` (aliases such as `jre-is` resolved). */
  operator: string;
  /** Status; absent in normal operation. */
  status?: LocalizedText;
  /** The information text. */
  text: LocalizedText;
  /** When the record was produced (epoch ms). */
  date: number;
  /** When the event happened (epoch ms), when given. */
  timeOfOrigin?: number;
}

/** Records that passed, and one message per record that was skipped or trimmed. */
export interface ParseResult<T> {
  records: T[];
  problems: string[];
}

/** Where an answer came from, for messages: e.g. `odpt:Train from host "odpt" (https://…&acl:consumerKey=***)`. */
export interface ParseContext {
  /** Human-readable source; must already be redacted. */
  source: string;
  /** Operator ids as the host spells them → our operator ids (e.g. `jre-is` → `JR-East`). */
  operatorAliases?: Readonly<Record<string, string>>;
}

/** Why a whole answer was rejected. */
export type OdptResponseErrorKind = 'malformed-json' | 'unexpected-shape';

/** A whole answer that cannot be used (not JSON, or not an array). */
export class OdptResponseError extends Error {
  /** What was wrong. */
  readonly kind: OdptResponseErrorKind;

  constructor(kind: OdptResponseErrorKind, message: string) {
    super(message);
    this.name = 'OdptResponseError';
    this.kind = kind;
  }
}

/**
 * Parses a response body as JSON.
 *
 * @throws OdptResponseError (`malformed-json`) naming the source, the parser's reason and the body's start.
 */
export function parseJsonBody(text: string, context: ParseContext): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const start = text.length === 0 ? 'the body is empty' : `the body starts with ${JSON.stringify(text.slice(0, 60))}`;
    throw new OdptResponseError('malformed-json', `${context.source}: the answer is not valid JSON (${reason}); ${start} (${text.length} characters).`);
  }
}

/**
 * Validates an `odpt:Train` answer (already JSON-parsed) and normalises its records.
 *
 * @throws OdptResponseError (`unexpected-shape`) when the top level is not an array.
 */
export function parseTrains(body: unknown, context: ParseContext): ParseResult<TrainPosition> {
  return parseRecords(body, context, ODPT_TYPES.train, readTrain);
}

/**
 * Validates an `odpt:TrainInformation` answer (already JSON-parsed) and normalises its records.
 *
 * @throws OdptResponseError (`unexpected-shape`) when the top level is not an array.
 */
export function parseTrainInformation(body: unknown, context: ParseContext): ParseResult<LineStatus> {
  return parseRecords(body, context, ODPT_TYPES.trainInformation, (reader) => readTrainInformation(reader, context.operatorAliases ?? {}));
}

/**
 * Removes `prefix` from an id. An id without any `odpt.X:` prefix is returned
 * as it is; `null` when it carries a different type's prefix or is empty after
 * the prefix.
 */
export function stripIdPrefix(value: string, prefix: string): string | null {
  const bare = value.startsWith(prefix) ? value.slice(prefix.length) : /^odpt\.[A-Za-z]+:/.test(value) ? null : value;
  return bare === null || bare.trim() === '' ? null : bare;
}

/**
 * Validates an answer (already JSON-parsed) whose records are of `type`: each record is read by `read` (null, or a
 * fatal issue, skips it), one problem per record skipped or trimmed. The flight parser uses it too.
 *
 * @throws OdptResponseError (`unexpected-shape`) when the top level is not an array.
 */
export function parseRecords<T>(body: unknown, context: ParseContext, type: string, read: (reader: FieldReader) => T | null): ParseResult<T> {
  if (!Array.isArray(body)) {
    throw new OdptResponseError('unexpected-shape', `${context.source}: expected a JSON array of ${type} records at the top level, got ${describeValue(body)}.`);
  }
  const records: T[] = [];
  const problems: string[] = [];
  body.forEach((item: unknown, index) => {
    const where = `${context.source}: record ${index}`;
    if (!isObject(item)) {
      problems.push(`${where} skipped: expected an object, got ${describeValue(item)}.`);
      return;
    }
    const reader = new FieldReader(item);
    const label = `${where} (${recordLabel(item)})`;
    const typeField = item['@type'];
    if (typeField !== type) reader.issue(true, '@type', `must be "${type}", got ${describeValue(typeField)}`);
    const record = read(reader);
    if (reader.fatalIssues.length > 0 || record === null) {
      problems.push(`${label} skipped: ${reader.fatalIssues.concat(reader.droppedIssues).join('; ')}.`);
      return;
    }
    if (reader.droppedIssues.length > 0) problems.push(`${label} kept without the bad field(s): ${reader.droppedIssues.join('; ')}.`);
    records.push(record);
  });
  return { records, problems };
}

function readTrain(reader: FieldReader): TrainPosition | null {
  const id = reader.id('owl:sameAs', ODPT_ID_PREFIXES.train, true);
  const railway = reader.id('odpt:railway', ODPT_ID_PREFIXES.railway, true);
  const number = reader.string('odpt:trainNumber', true);
  const from = reader.id('odpt:fromStation', ODPT_ID_PREFIXES.station, true);
  const to = reader.id('odpt:toStation', ODPT_ID_PREFIXES.station, false, true);
  const date = reader.date('dc:date', true);
  const delay = reader.number('odpt:delay', 'a number of seconds, 0 or more', (n) => n >= 0, true);
  const operator = reader.id('odpt:operator', ODPT_ID_PREFIXES.operator, false);
  const type = reader.id('odpt:trainType', ODPT_ID_PREFIXES.trainType, false);
  const direction = reader.id('odpt:railDirection', ODPT_ID_PREFIXES.railDirection, false);
  const origins = reader.idList('odpt:originStation', ODPT_ID_PREFIXES.station);
  const destinations = reader.idList('odpt:destinationStation', ODPT_ID_PREFIXES.station);
  const carComposition = reader.number('odpt:carComposition', 'a whole number of cars, 1 or more', (n) => Number.isInteger(n) && n >= 1, false);
  const valid = reader.date('dct:valid', false);
  if (id === undefined || railway === undefined || number === undefined || from === undefined || date === undefined) return null;
  const position: TrainPosition = {
    id,
    operator: operator ?? railway.split('.')[0],
    railway,
    number,
    from,
    to: to ?? null,
    origins,
    destinations,
    delay: delay ?? 0,
    date,
  };
  if (type !== undefined) position.type = type;
  if (direction !== undefined) position.direction = direction;
  if (carComposition !== undefined) position.carComposition = carComposition;
  if (valid !== undefined) position.valid = valid;
  return position;
}

function readTrainInformation(reader: FieldReader, aliases: Readonly<Record<string, string>>): LineStatus | null {
  const operator = reader.id('odpt:operator', ODPT_ID_PREFIXES.operator, true);
  const railway = reader.id('odpt:railway', ODPT_ID_PREFIXES.railway, false, true);
  const text = reader.text('odpt:trainInformationText', true);
  const status = reader.text('odpt:trainInformationStatus', false);
  const date = reader.date('dc:date', true);
  const timeOfOrigin = reader.date('odpt:timeOfOrigin', false);
  if (operator === undefined || text === undefined || date === undefined) return null;
  const line: LineStatus = { operator: aliases[operator] ?? operator, text, date };
  if (railway !== undefined) line.railway = railway;
  if (status !== undefined) line.status = status;
  if (timeOfOrigin !== undefined) line.timeOfOrigin = timeOfOrigin;
  return line;
}

/** ISO 8601 date-time with seconds optional and a mandatory offset (`Z` or `±hh:mm`). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A field converter: the converted value, or `null` when the value has the wrong form. */
export type Convert<T> = (value: unknown) => T | null;

/** An ISO 8601 date-time with an offset as epoch ms (a {@link Convert}). */
export function isoTime(value: unknown): number | null {
  const time = typeof value === 'string' && ISO_DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : time;
}

/**
 * Reads fields of one record and collects what is wrong with them.
 * `fatal` issues skip the record; `dropped` issues lose one optional field.
 */
export class FieldReader {
  readonly fatalIssues: string[] = [];
  readonly droppedIssues: string[] = [];

  constructor(readonly record: Record<string, unknown>) {}

  /** Notes what is wrong with a field: fatal when `required`, else the field is dropped. */
  issue(required: boolean, field: string, why: string): undefined {
    (required ? this.fatalIssues : this.droppedIssues).push(`field "${field}" ${why}`);
    return undefined;
  }

  /** The converted value; absent or `null` is reported only when required, a value of the wrong form as not `expected`. */
  read<T>(field: string, required: boolean, convert: Convert<T>, expected: string): T | undefined {
    const value = this.present(field, required);
    if (value === undefined) return undefined;
    const converted = convert(value);
    return converted === null ? this.issue(required, field, `must be ${expected}, got ${describeValue(value)}`) : converted;
  }

  /** The raw value, `undefined` for absent or null (reported when required). */
  private present(field: string, required: boolean): unknown {
    const value = this.record[field];
    if (value === undefined || value === null) {
      if (required) this.issue(true, field, value === null ? 'is null' : 'is missing');
      return undefined;
    }
    return value;
  }

  string(field: string, required: boolean): string | undefined {
    return this.read(field, required, (value) => (typeof value === 'string' && value.trim() !== '' ? value : null), 'a non-empty string');
  }

  /**
   * An id with `prefix` removed. `fatalIfBad` makes a malformed optional id
   * skip the record (for fields whose loss would change the meaning, such as
   * `odpt:toStation`).
   */
  id(field: string, prefix: OdptIdPrefix, required: boolean, fatalIfBad = required): string | undefined {
    const value = this.present(field, required);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return this.issue(fatalIfBad, field, `must be a string id starting with "${prefix}", got ${describeValue(value)}`);
    const bare = stripIdPrefix(value, prefix);
    if (bare === null) return this.issue(fatalIfBad, field, `must be an id starting with "${prefix}", got ${describeValue(value)}`);
    return bare;
  }

  /** An array of ids; bad entries are dropped one by one. */
  idList(field: string, prefix: OdptIdPrefix): string[] {
    const value = this.present(field, false);
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      this.issue(false, field, `must be an array of ids starting with "${prefix}", got ${describeValue(value)}`);
      return [];
    }
    const ids: string[] = [];
    value.forEach((entry: unknown, index) => {
      const bare = typeof entry === 'string' ? stripIdPrefix(entry, prefix) : null;
      if (bare === null || bare.endsWith('.')) this.issue(false, `${field}[${index}]`, `must be an id starting with "${prefix}", got ${describeValue(entry)}`);
      else ids.push(bare);
    });
    return ids;
  }

  number(field: string, expected: string, accept: (n: number) => boolean, fatalIfBad: boolean): number | undefined {
    const value = this.present(field, false);
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || !accept(value)) {
      return this.issue(fatalIfBad, field, `must be ${expected}, got ${describeValue(value)}`);
    }
    return value;
  }

  date(field: string, required: boolean): number | undefined {
    return this.read(field, required, isoTime, 'an ISO 8601 date-time with an offset (e.g. "2026-11-18T08:00:00+09:00")');
  }

  /** A multilingual text; a plain string is taken as Japanese (older operators send one). */
  text(field: string, required: boolean): LocalizedText | undefined {
    const value = this.present(field, required);
    if (value === undefined) return undefined;
    if (typeof value === 'string' && value.trim() !== '') return { ja: value };
    if (!isObject(value)) return this.issue(required, field, `must be a multilingual object such as {"ja": "…", "en": "…"}, got ${describeValue(value)}`);
    const text: LocalizedText = {};
    for (const [language, entry] of Object.entries(value)) {
      if (typeof entry === 'string' && entry.trim() !== '') text[language] = entry;
    }
    if (Object.keys(text).length === 0) return this.issue(required, field, `has no text in any language (got ${describeValue(value)})`);
    return text;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `owl:sameAs` or `@id` of a record for messages, or `no id`. */
function recordLabel(record: Record<string, unknown>): string {
  const sameAs = record['owl:sameAs'];
  if (typeof sameAs === 'string' && sameAs !== '') return sameAs;
  const id = record['@id'];
  return typeof id === 'string' && id !== '' ? `@id ${id}, no owl:sameAs` : 'no id';
}

/** A short description of a JSON value for messages: `string "180"`, `number -3`, `null`, `an array of 2`, `an object`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
