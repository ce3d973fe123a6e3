/**
 * CSV reading for GTFS files (RFC 4180 as GTFS uses it): comma-separated,
 * fields optionally in double quotes with `""` for a quote, line breaks inside
 * quotes, LF, CRLF or CR line ends, an optional UTF-8 byte-order mark, blank
 * lines skipped. Line numbers are physical lines (the header is line 1), so an
 * error points where an editor would.
 *
 * @module
 */
import { GtfsError, where } from './gtfs-error.ts';

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;
const BOM = 0xfeff;

/**
 * Calls `onRecord` with the raw fields of every record of `text` and the line
 * it starts on. The `fields` array is reused between calls: copy what you keep.
 *
 * @throws GtfsError for a quoted field that is never closed or is followed by
 *   something other than a comma or a line end.
 */
export function forEachCsvRecord(text: string, file: string, onRecord: (fields: string[], line: number) => void): void {
  const n = text.length;
  let i = text.charCodeAt(0) === BOM ? 1 : 0;
  let line = 1;
  const fields: string[] = [];
  while (i < n) {
    fields.length = 0;
    const recordLine = line;
    for (;;) {
      if (text.charCodeAt(i) === QUOTE) {
        let value = '';
        let start = i + 1;
        for (;;) {
          const close = text.indexOf('"', start);
          if (close < 0) {
            throw new GtfsError(`${where(file, recordLine)}: a quoted field is never closed (no closing '"' before the end of the file).`, { file, line: recordLine });
          }
          line += lineBreaks(text, start, close);
          value += text.slice(start, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            start = close + 2;
            continue;
          }
          i = close + 1;
          break;
        }
        const next = text.charCodeAt(i);
        if (i < n && next !== COMMA && next !== LF && next !== CR) {
          throw new GtfsError(`${where(file, line)}: unexpected ${JSON.stringify(text[i])} after a closing quote (a quote inside a quoted field must be doubled).`, { file, line });
        }
        fields.push(value);
      } else {
        let end = i;
        while (end < n) {
          const c = text.charCodeAt(end);
          if (c === COMMA || c === LF || c === CR) break;
          end++;
        }
        fields.push(text.slice(i, end));
        i = end;
      }
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === COMMA) {
        i++;
        continue;
      }
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    if (fields.length === 1 && fields[0] === '') continue;
    onRecord(fields, recordLine);
  }
}

/** Line breaks (LF, CRLF or lone CR) in `text` from `start` to before `end`. */
function lineBreaks(text: string, start: number, end: number): number {
  let count = 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === LF || (c === CR && text.charCodeAt(k + 1) !== LF)) count++;
  }
  return count;
}

/** One data row of a GTFS table; the same object is reused for every row. */
export class CsvRow {
  /** Raw fields of the row. */
  fields: string[] = [];
  /** Line the row starts on. */
  line = 0;

  constructor(
    /** File name, for messages. */
    readonly file: string,
    private readonly columns: ReadonlyMap<string, number>,
  ) {}

  /** Whether the file has this column. */
  has(column: string): boolean {
    return this.columns.has(column);
  }

  /** The value of a column with surrounding white space removed; `''` when empty or absent. */
  get(column: string): string {
    const index = this.columns.get(column);
    if (index === undefined) return '';
    const value = this.fields[index];
    return value === undefined ? '' : value.trim();
  }

  /** The value of a column that must not be empty. @throws GtfsError naming file, line and field. */
  require(column: string): string {
    const value = this.get(column);
    if (value === '') throw this.error(column, `required field "${column}" is empty`);
    return value;
  }

  /** An error about a field of this row: `stops.txt line 12: <what> (field "x")`. */
  error(column: string, what: string): GtfsError {
    return new GtfsError(`${where(this.file, this.line)}: ${what}.`, { file: this.file, line: this.line, field: column });
  }
}

/**
 * Reads a GTFS table: checks that the header has every `required` column,
 * then calls `onRow` for each data row.
 *
 * @throws GtfsError for a missing column (naming it) or a CSV syntax error;
 *   errors thrown by `onRow` pass through.
 */
export function readCsvTable(text: string, file: string, required: readonly string[], onRow: (row: CsvRow) => void): void {
  let row: CsvRow | null = null;
  forEachCsvRecord(text, file, (fields, line) => {
    if (row === null) {
      const columns = new Map<string, number>();
      fields.forEach((name, index) => {
        const key = name.trim();
        if (!columns.has(key)) columns.set(key, index);
      });
      const missing = required.filter((name) => !columns.has(name));
      if (missing.length > 0) {
        const list = missing.map((name) => `"${name}"`).join(', ');
        throw new GtfsError(`${where(file, line)}: the header has no ${list} column${missing.length > 1 ? 's' : ''} (required).`, { file, line, field: missing[0] });
      }
      row = new CsvRow(file, columns);
      return;
    }
    row.fields = fields;
    row.line = line;
    onRow(row);
  });
  if (row === null) throw new GtfsError(`${file}: the file is empty (no header line).`, { file });
}
