import { describe, expect, it } from 'vitest';
import { forEachCsvRecord, formatGtfsTime, GtfsError, parseGtfsTime, readCsvTable } from '../../src/data/gtfs/index.ts';

function records(text: string): [string[], number][] {
  const out: [string[], number][] = [];
  forEachCsvRecord(text, 'test.txt', (fields, line) => out.push([[...fields], line]));
  return out;
}

function thrown(run: () => unknown): GtfsError {
  try {
    run();
  } catch (error) {
    if (error instanceof GtfsError) return error;
    throw error;
  }
  throw new Error('expected a GtfsError');
}

describe('CSV records', () => {
  it('reads plain fields, empty fields and a missing final line end', () => {
    expect(records('a,b,c\n1,,3\n,,')).toEqual([
      [['a', 'b', 'c'], 1],
      [['1', '', '3'], 2],
      [['', '', ''], 3],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting physical lines', () => {
    const text = 'id,name\n1,"Main St, north"\n2,"The ""Loop"""\n3,"two\nlines"\n4,after\n';
    expect(records(text)).toEqual([
      [['id', 'name'], 1],
      [['1', 'Main St, north'], 2],
      [['2', 'The "Loop"'], 3],
      [['3', 'two\nlines'], 4],
      [['4', 'after'], 6],
    ]);
  });

  it('drops a UTF-8 byte-order mark and accepts CRLF, CR and blank lines', () => {
    expect(records('\uFEFFstop_id,stop_name\r\n1,A\r\n\r\n2,B\r3,C\r\n')).toEqual([
      [['stop_id', 'stop_name'], 1],
      [['1', 'A'], 2],
      [['2', 'B'], 4],
      [['3', 'C'], 5],
    ]);
    expect(records('"x"\r\n"y"')).toEqual([
      [['x'], 1],
      [['y'], 2],
    ]);
  });

  it('keeps a CRLF inside quotes as one line break', () => {
    expect(records('a\r\n"b\r\nc",d\r\ne')).toEqual([
      [['a'], 1],
      [['b\r\nc', 'd'], 2],
      [['e'], 4],
    ]);
  });

  it('rejects an unclosed quote, naming the line where the field starts', () => {
    const error = thrown(() => records('a,b\n1,"open\n2,3\n'));
    expect(error.message).toBe(`test.txt line 2: a quoted field is never closed (no closing '"' before the end of the file).`);
    expect([error.file, error.line]).toEqual(['test.txt', 2]);
  });

  it('rejects text after a closing quote', () => {
    expect(thrown(() => records('a\n"x"y\n')).message).toBe('test.txt line 2: unexpected "y" after a closing quote (a quote inside a quoted field must be doubled).');
  });
});

describe('CSV tables', () => {
  it('gives trimmed values by column name and the line of each row', () => {
    const rows: [string, string, number][] = [];
    readCsvTable(' trip_id , arrival_time\n3785019, 5:49:00\n', 'stop_times.txt', ['trip_id'], (row) => rows.push([row.get('trip_id'), row.get('arrival_time'), row.line]));
    expect(rows).toEqual([['3785019', '5:49:00', 2]]);
  });

  it('names every missing required column', () => {
    const error = thrown(() => readCsvTable('stop_id,stop_name\n1,A\n', 'stops.txt', ['stop_id', 'stop_lat', 'stop_lon'], () => {}));
    expect(error.message).toBe('stops.txt line 1: the header has no "stop_lat", "stop_lon" columns (required).');
    expect(error.field).toBe('stop_lat');
  });

  it('names file, line and field of an empty required value', () => {
    const error = thrown(() => readCsvTable('stop_id,stop_name\n1,A\n2,\n', 'stops.txt', ['stop_id'], (row) => row.require('stop_name')));
    expect(error.message).toBe('stops.txt line 3: required field "stop_name" is empty.');
    expect([error.file, error.line, error.field]).toEqual(['stops.txt', 3, 'stop_name']);
  });

  it('rejects an empty file', () => {
    expect(thrown(() => readCsvTable('', 'routes.txt', [], () => {})).message).toBe('routes.txt: the file is empty (no header line).');
  });
});

describe('GTFS times', () => {
  it('parses H:MM:SS and HH:MM:SS, hours past 24 included', () => {
    expect(parseGtfsTime('5:49:00')).toBe(5 * 3600 + 49 * 60);
    expect(parseGtfsTime('25:10:05')).toBe(25 * 3600 + 10 * 60 + 5);
    expect(parseGtfsTime('5:60:00')).toBeNaN();
    expect(parseGtfsTime('05:49')).toBeNaN();
  });

  it('formats HH:MM modulo 24 h', () => {
    expect(formatGtfsTime(25 * 3600 + 10 * 60 + 59)).toBe('01:10');
    expect(formatGtfsTime(9 * 3600 + 5 * 60)).toBe('09:05');
  });
});
