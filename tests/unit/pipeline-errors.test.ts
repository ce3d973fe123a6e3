import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeNetwork } from '../../src/data/network.ts';
import { formatDiagnostic, runPipeline, SourceDataError, SourceJsonError } from '../../src/data/pipeline/index.ts';
import { findJsonError } from '../../src/data/pipeline/json.ts';
import { decodeTimetable } from '../../src/data/timetable.ts';
import { diskSource } from '../../scripts/data-bundle.ts';
import { memorySource, miniSource } from './fixtures/mini-source.ts';

const warningsOf = (files: Record<string, unknown>) => runPipeline(memorySource(files)).diagnostics.warnings.map(formatDiagnostic);

describe('pipeline on a small valid data set', () => {
  it('builds without warnings and keeps every record', () => {
    const out = runPipeline(memorySource(miniSource()));
    expect(out.diagnostics.warnings).toEqual([]);
    const network = decodeNetwork(out.network, 'network');
    expect(network.meta.railways.map((r) => r.id)).toEqual(['Test.Line']);
    expect(network.meta.stations[1].exits).toEqual([0]);
    const weekday = decodeTimetable(out.timetables.weekday.bytes, 'weekday');
    expect(weekday.trainCount).toBe(2);
    expect(Array.from(weekday.departure.subarray(0, 3))).toEqual([300, 303, -1]);
    const saturday = decodeTimetable(out.timetables.saturday.bytes, 'saturday');
    // 00:05 belongs to the service day that started the day before: 24:05.
    expect(Array.from(saturday.arrival.subarray(0, 2))).toEqual([-1, 1445]);
  });

  it('places stations along the track in order', () => {
    const network = decodeNetwork(runPipeline(memorySource(miniSource())).network, 'network');
    const [variant] = network.meta.railways[0].variants;
    expect(variant.stationOffsets[0]).toBeLessThan(variant.stationOffsets[1]);
    expect(variant.stationOffsets[1]).toBeLessThan(variant.stationOffsets[2]);
    // 0.02° of longitude at 35.68° N is about 1.8 km.
    expect(variant.stationOffsets[2] - variant.stationOffsets[0]).toBeGreaterThan(1700);
    expect(variant.stationOffsets[2] - variant.stationOffsets[0]).toBeLessThan(1900);
  });
});

describe('bad source data', () => {
  it('names the missing folder and how to set it', () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'tt3d-')), 'nowhere');
    expect(() => diskSource(missing)).toThrow(SourceDataError);
    expect(() => diskSource(missing)).toThrow(`Source data folder ${missing} does not exist. Point to the Tokyo transit data set with --source <folder> or the TRANSIT_DATA environment variable`);
  });

  it('names a missing file', () => {
    const files = miniSource();
    delete files['poi.json'];
    expect(() => runPipeline(memorySource(files))).toThrow('Source file /fixture/poi.json is missing.');
  });

  it('names the file, line and column of malformed JSON', () => {
    const files = miniSource();
    files['stations.json'] = '[\n  {"id": "A",\n   "title": {"en": "A"},}\n]';
    let error: unknown;
    try {
      runPipeline(memorySource(files));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SourceJsonError);
    expect((error as Error).message).toBe('/fixture/stations.json:3:25: malformed JSON: expected a property name, found character "}"');
  });

  it('skips a station of an unknown railway with a warning naming the record and field', () => {
    const files = miniSource();
    (files['stations.json'] as object[]).push({ id: 'Ghost.Line.X', railway: 'Ghost.Line', coord: [139.8, 35.7], title: { en: 'X' } });
    expect(warningsOf(files)).toEqual(['stations.json: record "Ghost.Line.X" field "railway": refers to unknown railway "Ghost.Line"; station skipped']);
  });

  it('skips a timetable with a stop at an unknown station, naming the record and field', () => {
    const files = miniSource();
    const trains = files['train-timetables/test-line.json'] as { tt: { s: string }[] }[];
    trains[1].tt[1].s = 'Test.Line.Nowhere';
    expect(warningsOf(files)).toEqual([
      'train-timetables/test-line.json: record "Test.Line.2.Weekday" field "tt[1].s": refers to unknown station "Test.Line.Nowhere"; timetable skipped',
      // The first train's link to the skipped one is dropped too, silently: the skip was reported.
    ]);
    const out = runPipeline(memorySource(files));
    expect(decodeTimetable(out.timetables.weekday.bytes, 'weekday').trainCount).toBe(1);
  });

  it('skips a railway whose station list names an unknown station', () => {
    const files = miniSource();
    (files['railways.json'] as { stations: string[] }[])[0].stations.push('Test.Line.Z');
    const warnings = warningsOf(files);
    expect(warnings[0]).toBe('railways.json: record "Test.Line" field "stations[3]": refers to unknown station "Test.Line.Z"; railway skipped');
  });

  it('skips a record of the wrong shape with a warning', () => {
    const files = miniSource();
    (files['railways.json'] as object[]).push({ id: 'Bad.Line', title: { en: 'Bad' }, stations: 'nope' });
    expect(warningsOf(files)[0]).toBe('railways.json: record "Bad.Line" field "stations": is not an array of station ids; record skipped');
  });

  it('skips the geometry of a railway that follows a railway defined after it', () => {
    const files = miniSource();
    const coordinates = files['coordinates.json'] as { railways: { sublines: object[] }[] };
    coordinates.railways[0].sublines = [{ type: 'sub', start: { railway: 'Later.Line', offset: 1 }, end: { railway: 'Later.Line', offset: 1 }, coords: [[139.7, 35.68], [139.72, 35.68]] }];
    expect(warningsOf(files)).toEqual([
      'coordinates.json: record "Test.Line" field "sublines[0].start.railway": refers to railway "Later.Line", which is not defined earlier in the file; railway geometry skipped',
      'railways.json: record "Test.Line" field "id": has no track geometry in coordinates.json; railway skipped',
      'train-timetables/test-line.json: record "Test.Line.1.Weekday" field "r": refers to unknown railway "Test.Line"; timetable skipped',
      'train-timetables/test-line.json: record "Test.Line.2.Weekday" field "r": refers to unknown railway "Test.Line"; timetable skipped',
      // Saturday and holiday timetables share this record; it is reported once.
      'train-timetables/test-line.json: record "Test.Line.3.SaturdayHoliday" field "r": refers to unknown railway "Test.Line"; timetable skipped',
    ]);
  });

  it('moves a time that goes backwards and says so', () => {
    const files = miniSource();
    const trains = files['train-timetables/test-line.json'] as { tt: { a?: string; d?: string }[] }[];
    trains[0].tt[2].a = '05:01';
    expect(warningsOf(files)).toEqual([
      'train-timetables/test-line.json: record "Test.Line.1.Weekday" field "tt[2].a": 05:01 is earlier than the time before it; moved to 05:03',
    ]);
  });
});

describe('JSON error positions', () => {
  it.each([
    ['{"a": 1,}', 8, 'expected a property name'],
    ['[1, 2', 5, 'expected "," or "]", found end of file'],
    ['{"a" 1}', 5, 'expected ":"'],
    ['"abc', 4, 'unterminated string'],
    ['[1] x', 4, 'unexpected content after the end of the document'],
  ])('%s fails at offset %i', (text, offset, reason) => {
    const error = findJsonError(text);
    expect(error.offset).toBe(offset);
    expect(error.reason).toContain(reason);
  });
});
