/**
 * The one error type of the GTFS data layer: a message saying what is wrong,
 * where (file, line, field) and why, with the same facts as fields so callers
 * can react without parsing the text.
 *
 * @module
 */

/** Where in a feed a problem was found. */
export interface GtfsErrorLocation {
  /** The feed file, e.g. `stops.txt`, or the URL of a fetched resource. */
  file?: string;
  /** 1-based physical line in `file` where the offending row starts. */
  line?: number;
  /** The field (column) concerned. */
  field?: string;
}

/** A problem with a GTFS feed or a GTFS Realtime feed; `message` is one or two sentences, ready for an `error` event. */
export class GtfsError extends Error {
  readonly file?: string;
  readonly line?: number;
  readonly field?: string;

  constructor(message: string, location: GtfsErrorLocation = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GtfsError';
    this.file = location.file;
    this.line = location.line;
    this.field = location.field;
  }
}

/** `stops.txt line 12` or `stops.txt`: the prefix of row messages. */
export function where(file: string, line?: number): string {
  return line === undefined ? file : `${file} line ${line}`;
}

/** The message of any thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
