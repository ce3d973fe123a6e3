import { describe, expect, it } from 'vitest';
import { buildFlightModel, DATA_LANGUAGES, oppositeRunway, parseCourseId, runwayKey } from '../../src/data/flights/index.ts';
import { Diagnostics, formatDiagnostic } from '../../src/data/pipeline/diagnostics.ts';
import { readSource, realFlightModel, realFlightSource } from './fixtures/flights/real-model.ts';

const { model, diagnostics } = realFlightModel();

describe('flight model built from the real data set', () => {
  it('keeps every course of coordinates.json → airways, 22 at Haneda and 8 at Narita', () => {
    const airways = readSource<{ airways: { id: string }[] }>('coordinates.json').airways;
    expect(model.courses.map((c) => c.id)).toEqual(airways.map((a) => a.id));
    expect(model.courses.filter((c) => c.airport === 'HND')).toHaveLength(22);
    expect(model.courses.filter((c) => c.airport === 'NRT')).toHaveLength(8);
    expect(model.courses.filter((c) => c.kind === 'arrival')).toHaveLength(18);
  });

  it('splits course ids into airport, procedure, runway and kind', () => {
    const ix = model.courses.find((c) => c.id === 'HND.IX34L.Arr')!;
    expect([ix.airport, ix.pattern, ix.runway, ix.kind]).toEqual(['HND', 'IX', '34L', 'arrival']);
    const n05 = model.courses.find((c) => c.id === 'HND.N05.Dep')!;
    expect([n05.pattern, n05.runway, n05.kind]).toEqual(['N', '05', 'departure']);
  });

  it('has altitudes that only rise on departures and only fall on approaches, 0 on the runway', () => {
    for (const course of model.courses) {
      const altitudes = course.coords.map((p) => p[2]);
      const ordered = course.kind === 'departure' ? altitudes : [...altitudes].reverse();
      for (let i = 1; i < ordered.length; i++) expect(ordered[i], `${course.id} point ${i}`).toBeGreaterThanOrEqual(ordered[i - 1]);
      expect(ordered[0], course.id).toBe(0);
      expect(ordered[1], `${course.id} runway`).toBe(0);
      expect(ordered[ordered.length - 1], course.id).toBe(1000);
    }
  });

  it('repairs the one approach of the data that climbs, and says where', () => {
    expect(diagnostics.warnings.map(formatDiagnostic)).toEqual([
      'coordinates.json: record "airways/HND.IY34R.Arr" field "coords[3]": altitude 450 m climbs above the previous point\'s 400 m on a approach; set to 400 m',
    ]);
    expect(model.courses.find((c) => c.id === 'HND.IY34R.Arr')!.coords.map((p) => p[2])).toEqual([1000, 550, 400, 400, 400, 0, 0]);
  });

  it('has every airport with a direction and every airline with both colours, names in the six data languages', () => {
    expect(Object.keys(model.airports)).toHaveLength(readSource<unknown[]>('airports.json').length);
    expect(model.airports.HND).toMatchObject({ direction: 'S', title: { en: 'Tokyo Haneda', ja: '東京(羽田)' } });
    expect(model.airports.CTS.direction).toBe('N');
    expect(Object.keys(model.airlines)).toHaveLength(134);
    expect(model.airlines.JAL).toEqual({ title: expect.objectContaining({ en: 'Japan Airlines' }), color: '#FFFFFF', tailColor: '#C80019' });
    expect(Object.keys(model.statuses)).toHaveLength(32);
    expect(model.statuses.Cancelled).toEqual({ ja: '欠航', en: 'Cancelled', ko: '결항', 'zh-Hans': '取消', 'zh-Hant': '取消', fr: 'Annulé' });
    for (const entry of [...Object.values(model.airports), ...Object.values(model.airlines)]) expect(Object.keys(entry.title).sort()).toEqual([...DATA_LANGUAGES].sort());
  });

  it('is small enough for the data bundle and survives JSON', () => {
    const json = JSON.stringify(model);
    expect(json.length).toBeLessThan(80_000);
    expect(JSON.parse(json)).toEqual(model);
  });
});

describe('flight model builder faults', () => {
  const base = realFlightSource();

  it('skips or repairs bad records with a message naming file, record, field and reason', () => {
    const diagnostics = new Diagnostics();
    const built = buildFlightModel(
      {
        airports: [{ id: 'XYZ', title: { ja: 'テスト', en: 'Test' }, direction: 'E' }, { id: 'hnd', title: { en: 'x' } }],
        flightStatuses: base.flightStatuses.slice(0, 1),
        operators: [{ id: 'TST', title: { en: 'Test Air' }, color: 'red', tailcolor: '#00ff00' }],
        airways: [
          { id: 'HND.34Z.Arr', coords: [[139.9, 35.3, 1000], [139.8, 35.5, 0], [139.79, 35.56, 0]] },
          { id: 'HND.X34L.Arr', coords: [[139.9, 35.3, 1000], [151.2, -33.9, 0], [139.79, 35.56, 0]] },
          { id: 'HND.Y34L.Arr', coords: [[139.9, 35.3, 0], [139.8, 35.5, 0], [139.79, 35.56, 0]] },
        ],
      },
      diagnostics,
    );
    expect(diagnostics.warnings.map(formatDiagnostic)).toEqual([
      'airports.json: record "XYZ" field "direction": must be "N" or "S", got "E"; "S" used',
      'airports.json: record "XYZ" field "title": has no ko, zh-Hans, zh-Hant, fr name; the English used instead',
      'airports.json: record "hnd" field "id": is not a 3-letter IATA airport code; skipped',
      'operators.json: record "TST" field "color": must be a colour like "#D81F26", got "red"; ignored',
      'operators.json: record "TST" field "title": has no ja, ko, zh-Hans, zh-Hant, fr name; the English used instead',
      'coordinates.json: record "airways/HND.34Z.Arr" field "id": is not a course id of the form "HND.IX34L.Arr" (airport, procedure letters, runway, Arr or Dep); skipped',
      'coordinates.json: record "airways/HND.X34L.Arr" field "coords[1]": [151.2, -33.9, 0] is not a [longitude, latitude, altitude m] point near Tokyo; course skipped',
      'coordinates.json: record "airways/HND.Y34L.Arr" field "coords": a arrival course must start in the air and end on the runway (altitude 0) with at least 3 points; skipped',
    ]);
    expect(built.airports.XYZ).toEqual({ direction: 'S', title: { ja: 'テスト', en: 'Test', ko: 'Test', 'zh-Hans': 'Test', 'zh-Hant': 'Test', fr: 'Test' } });
    expect(built.airlines.TST).toMatchObject({ color: '#00FF00', tailColor: '#00FF00' });
    expect(built.courses).toEqual([]);
  });
});

describe('course ids and runways', () => {
  it('parses and rejects course ids', () => {
    expect(parseCourseId('NRT.16L.Dep')).toEqual({ airport: 'NRT', pattern: '', runway: '16L', kind: 'departure' });
    expect(parseCourseId('HND.LY23.Arr')).toEqual({ airport: 'HND', pattern: 'LY', runway: '23', kind: 'arrival' });
    for (const bad of ['HND.IX34L', 'HND.IX37L.Arr', 'HND.IX00.Arr', 'hnd.05.Dep', 'HND.05.Departure']) expect(parseCourseId(bad), bad).toBeNull();
  });

  it('names both ends of a runway with one key', () => {
    expect(oppositeRunway('34L')).toBe('16R');
    expect(oppositeRunway('05')).toBe('23');
    expect(oppositeRunway('22')).toBe('04');
    expect(oppositeRunway('36')).toBe('18');
    expect(runwayKey('HND', '34L')).toBe(runwayKey('HND', '16R'));
    expect(runwayKey('HND', '34L')).not.toBe(runwayKey('HND', '34R'));
    expect(runwayKey('HND', '16L')).toBe('HND.16L/34R');
  });
});
