import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  OdptResponseError,
  parseJsonBody,
  parseTrainInformation,
  parseTrains,
  stripIdPrefix,
  type ParseContext,
} from '../../src/data/realtime/odpt-parse.ts';
import { ODPT_CHALLENGE_HOST, ODPT_HOSTS, ODPT_MAIN_HOST, validateHosts, withBaseUrls } from '../../src/data/realtime/odpt-config.ts';
import { resolvePaths } from '../../scripts/config.ts';
import {
  ALL_FIXTURE_TRAINS,
  CHALLENGE_HOST_FIXTURES,
  FIXTURE_CASES,
  FIXTURE_TIME,
  INVALID_JSON_BODY,
  MALFORMED_HOST_FIXTURES,
  ODPT_HOST_FIXTURES,
  TRAIN_GINZA_A701_DELAYED_3MIN,
  TRAIN_YAMANOTE_702G_DELAYED_30S,
} from '../support/odpt-fixtures.ts';

const MAIN: ParseContext = { source: 'odpt:Train from host "odpt" (http://test/api/v4/odpt:Train?acl:consumerKey=***)' };
const INFO: ParseContext = { source: 'odpt:TrainInformation from host "challenge"', operatorAliases: ODPT_CHALLENGE_HOST.operatorAliases };

const byId = <T extends { id: string }>(records: T[], id: string): T | undefined => records.find((r) => r.id === id);

describe('parseTrains', () => {
  const { records, problems } = parseTrains([...ODPT_HOST_FIXTURES.trains, ...CHALLENGE_HOST_FIXTURES.trains], MAIN);

  it('normalises every good fixture record without problems', () => {
    expect(problems).toEqual([]);
    expect(records.map((r) => r.id)).toEqual([
      FIXTURE_CASES.delayed3min,
      FIXTURE_CASES.onTime,
      FIXTURE_CASES.shortTurn,
      FIXTURE_CASES.delayed30s,
      FIXTURE_CASES.extra,
    ]);
  });

  it('strips every id prefix and converts the date to epoch ms', () => {
    expect(byId(records, FIXTURE_CASES.delayed3min)).toEqual({
      id: 'TokyoMetro.Ginza.A701',
      operator: 'TokyoMetro',
      railway: 'TokyoMetro.Ginza',
      number: 'A701',
      type: 'TokyoMetro.Local',
      direction: 'TokyoMetro.Shibuya',
      from: 'TokyoMetro.Ginza.Kyobashi',
      to: 'TokyoMetro.Ginza.Ginza',
      origins: ['TokyoMetro.Ginza.Asakusa'],
      destinations: ['TokyoMetro.Ginza.Shibuya'],
      delay: 180,
      carComposition: 6,
      date: FIXTURE_TIME,
      valid: FIXTURE_TIME + 60_000,
    });
  });

  it('reports a train standing at a station with to = null, and keeps delays in seconds', () => {
    const yamanote = byId(records, FIXTURE_CASES.delayed30s);
    expect(yamanote?.to).toBeNull();
    expect(yamanote?.from).toBe('JR-East.Yamanote.Shibuya');
    expect(yamanote?.delay).toBe(30);
    expect(yamanote?.direction).toBe('InnerLoop');
    expect(byId(records, FIXTURE_CASES.onTime)?.delay).toBe(0);
  });

  it('passes the reported destination of a short turn through unchanged', () => {
    expect(byId(records, FIXTURE_CASES.shortTurn)?.destinations).toEqual([FIXTURE_CASES.shortTurnReported]);
  });

  it('treats missing or null optional fields as absent and a missing delay as 0', () => {
    const bare = { ...TRAIN_YAMANOTE_702G_DELAYED_30S, 'odpt:delay': null, 'odpt:trainType': null, 'odpt:railDirection': null, 'odpt:carComposition': null };
    delete (bare as Record<string, unknown>)['odpt:originStation'];
    delete (bare as Record<string, unknown>)['odpt:operator'];
    const { records: [train], problems: found } = parseTrains([bare], MAIN);
    expect(found).toEqual([]);
    expect(train).toMatchObject({ delay: 0, origins: [], operator: 'JR-East' });
    expect(train).not.toHaveProperty('type');
    expect(train).not.toHaveProperty('direction');
    expect(train).not.toHaveProperty('carComposition');
  });

  it('accepts ids without their prefix but not with another type’s prefix', () => {
    const unprefixed = { ...TRAIN_GINZA_A701_DELAYED_3MIN, 'odpt:railway': 'TokyoMetro.Ginza' };
    const wrong = { ...TRAIN_GINZA_A701_DELAYED_3MIN, 'odpt:fromStation': 'odpt.Railway:TokyoMetro.Ginza' };
    const result = parseTrains([unprefixed, wrong], MAIN);
    expect(result.records.map((r) => r.railway)).toEqual(['TokyoMetro.Ginza']);
    expect(result.problems).toEqual([
      `${MAIN.source}: record 1 (odpt.Train:TokyoMetro.Ginza.A701) skipped: field "odpt:fromStation" must be an id starting with "odpt.Station:", got string "odpt.Railway:TokyoMetro.Ginza".`,
    ]);
  });

  it('skips bad records one by one with precise messages and keeps the rest', () => {
    const result = parseTrains(MALFORMED_HOST_FIXTURES.trains, MAIN);
    expect(result.records.map((r) => r.id)).toEqual([FIXTURE_CASES.delayed3min, FIXTURE_CASES.shortTurn]);
    expect(result.problems).toEqual([
      `${MAIN.source}: record 1 (@id urn:uuid:6f1d2a40-0006-4a7e-9c01-000000000705, no owl:sameAs) skipped: field "owl:sameAs" is missing.`,
      `${MAIN.source}: record 2 (odpt.Train:Toei.Oedo.601A) skipped: field "odpt:delay" must be a number of seconds, 0 or more, got string "180".`,
      `${MAIN.source}: record 3 (odpt.Station:TokyoMetro.Ginza.Shibuya) skipped: field "@type" must be "odpt:Train", got string "odpt:Station"; ` +
        'field "owl:sameAs" must be an id starting with "odpt.Train:", got string "odpt.Station:TokyoMetro.Ginza.Shibuya"; field "odpt:trainNumber" is missing; ' +
        'field "odpt:fromStation" is missing.',
      `${MAIN.source}: record 4 skipped: expected an object, got number 42.`,
      `${MAIN.source}: record 5 (odpt.Train:Toei.Asakusa.712T) kept without the bad field(s): field "odpt:destinationStation[1]" must be an id starting with "odpt.Station:", got string "odpt.Station:Keikyu.Main.".`,
    ]);
    expect(byId(result.records, FIXTURE_CASES.shortTurn)?.destinations).toEqual(['Toei.Asakusa.Sengakuji']);
  });

  it('rejects dates without an offset, negative delays and fractional car counts', () => {
    const result = parseTrains(
      [
        { ...TRAIN_GINZA_A701_DELAYED_3MIN, 'dc:date': '2026-11-18 08:00:00' },
        { ...TRAIN_GINZA_A701_DELAYED_3MIN, 'odpt:delay': -5 },
        { ...TRAIN_GINZA_A701_DELAYED_3MIN, 'odpt:carComposition': 6.5 },
      ],
      MAIN,
    );
    expect(result.records).toHaveLength(1);
    expect(result.records[0]).not.toHaveProperty('carComposition');
    expect(result.problems[0]).toContain('field "dc:date" must be an ISO 8601 date-time with an offset');
    expect(result.problems[1]).toContain('field "odpt:delay" must be a number of seconds, 0 or more, got number -5');
    expect(result.problems[2]).toContain('kept without the bad field(s): field "odpt:carComposition" must be a whole number of cars, 1 or more, got number 6.5');
  });

  it('rejects a top level that is not an array, naming the source', () => {
    expect(() => parseTrains({ '@type': 'odpt:Train' }, MAIN)).toThrowError(
      new OdptResponseError('unexpected-shape', `${MAIN.source}: expected a JSON array of odpt:Train records at the top level, got an object.`),
    );
    try {
      parseTrains(null, MAIN);
    } catch (error) {
      expect((error as OdptResponseError).kind).toBe('unexpected-shape');
    }
  });
});

describe('parseJsonBody', () => {
  it('reports invalid JSON with the source, the reason and the start of the body', () => {
    let caught: unknown;
    try {
      parseJsonBody(INVALID_JSON_BODY, MAIN);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OdptResponseError);
    const error = caught as OdptResponseError;
    expect(error.kind).toBe('malformed-json');
    expect(error.message.startsWith(`${MAIN.source}: the answer is not valid JSON (`)).toBe(true);
    expect(error.message).toContain(`the body starts with ${JSON.stringify(INVALID_JSON_BODY.slice(0, 60))} (${INVALID_JSON_BODY.length} characters)`);
  });

  it('says so when the body is empty', () => {
    expect(() => parseJsonBody('', MAIN)).toThrow(/the body is empty/);
  });
});

describe('parseTrainInformation', () => {
  const all = [...ODPT_HOST_FIXTURES.trainInformation, ...CHALLENGE_HOST_FIXTURES.trainInformation];
  const { records, problems } = parseTrainInformation(all, INFO);

  it('normalises railway and operator-wide information and resolves operator aliases', () => {
    expect(problems).toEqual([]);
    expect(records.map((r) => [r.operator, r.railway])).toEqual([
      ['TokyoMetro', 'TokyoMetro.Ginza'],
      ['Toei', undefined],
      ['JR-East', 'JR-East.Yamanote'],
      ['JR-East', 'JR-East.ChuoRapid'],
    ]);
    expect(records[1]).not.toHaveProperty('railway');
  });

  it('keeps the status absent in normal operation and multilingual when suspended', () => {
    expect(records[0].status).toBeUndefined();
    const suspended = records.find((r) => r.railway === FIXTURE_CASES.suspendedRailway);
    expect(suspended?.status).toEqual({ ja: '運転見合わせ', en: 'Operation suspended' });
    expect(suspended?.text.ja).toContain('運転を見合わせています');
    expect(suspended?.text.en).toContain('suspended');
    expect(suspended?.date).toBe(FIXTURE_TIME);
    expect(suspended?.timeOfOrigin).toBe(Date.parse('2026-11-18T07:52:00+09:00'));
  });

  it('skips a record without text and accepts a plain-string text as Japanese', () => {
    const result = parseTrainInformation(MALFORMED_HOST_FIXTURES.trainInformation, INFO);
    expect(result.records).toHaveLength(1);
    expect(result.problems).toEqual([`${INFO.source}: record 1 (odpt.TrainInformation:TokyoMetro.Ginza) skipped: field "odpt:trainInformationText" is missing.`]);
    const plain = parseTrainInformation([{ ...(ODPT_HOST_FIXTURES.trainInformation[0] as object), 'odpt:trainInformationText': '平常運転' }], INFO);
    expect(plain.records[0].text).toEqual({ ja: '平常運転' });
  });

  it('drops an empty status object but keeps the record', () => {
    const result = parseTrainInformation([{ ...(ODPT_HOST_FIXTURES.trainInformation[0] as object), 'odpt:trainInformationStatus': {} }], INFO);
    expect(result.records).toHaveLength(1);
    expect(result.records[0].status).toBeUndefined();
    expect(result.problems[0]).toContain('field "odpt:trainInformationStatus" has no text in any language');
  });
});

describe('stripIdPrefix', () => {
  it('removes the expected prefix only', () => {
    expect(stripIdPrefix('odpt.Station:Toei.Oedo.Iidabashi', 'odpt.Station:')).toBe('Toei.Oedo.Iidabashi');
    expect(stripIdPrefix('Toei.Oedo.Iidabashi', 'odpt.Station:')).toBe('Toei.Oedo.Iidabashi');
    expect(stripIdPrefix('odpt.Railway:Toei.Oedo', 'odpt.Station:')).toBeNull();
    expect(stripIdPrefix('odpt.Station:', 'odpt.Station:')).toBeNull();
  });
});

describe('host configuration', () => {
  it('is valid and sends each host its own secret', () => {
    expect(validateHosts(ODPT_HOSTS)).toEqual([]);
    expect(ODPT_MAIN_HOST).toMatchObject({ id: 'odpt', baseUrl: 'https://api.odpt.org/api/v4/', secret: 'odpt' });
    expect(ODPT_CHALLENGE_HOST).toMatchObject({ id: 'challenge', baseUrl: 'https://api-challenge.odpt.org/api/v4/', secret: 'challenge2025' });
  });

  it('replaces base URLs by host id and refuses unknown ids', () => {
    const hosts = withBaseUrls({ challenge: 'http://127.0.0.1:1/api/v4/' });
    expect(hosts.map((h) => h.baseUrl)).toEqual(['https://api.odpt.org/api/v4/', 'http://127.0.0.1:1/api/v4/']);
    expect(() => withBaseUrls({ chalenge: 'http://x/' })).toThrow('withBaseUrls: unknown host id "chalenge"; known ids: "odpt", "challenge".');
  });

  it('names every problem of a bad host list', () => {
    const bad = [{ ...ODPT_MAIN_HOST, baseUrl: 'ftp://x/api/v4' }, { ...ODPT_MAIN_HOST, operators: { 'odpt:Train': ['Tokyo Metro'], 'odpt:TrainInformation': [] } }];
    expect(validateHosts(bad)).toEqual([
      'ODPT host 0 ("odpt"): base URL "ftp://x/api/v4" must use http or https.',
      'ODPT host 0 ("odpt"): base URL "ftp://x/api/v4" must end with "/" (endpoint names are appended to it).',
      'ODPT host 1 ("odpt"): id is used by an earlier host too.',
      'ODPT host 1 ("odpt"): odpt:Train operator "Tokyo Metro" is not an operator id (letters, digits and "-").',
    ]);
  });
});

describe('fixtures use the real network', () => {
  const source = resolvePaths([]).source;
  const stations = new Set((JSON.parse(readFileSync(join(source, 'stations.json'), 'utf8')) as { id: string }[]).map((s) => s.id));
  const railways = new Map((JSON.parse(readFileSync(join(source, 'railways.json'), 'utf8')) as { id: string; carComposition?: number }[]).map((r) => [r.id, r]));
  const timetables = readdirSync(join(source, 'train-timetables')).flatMap(
    (file) => JSON.parse(readFileSync(join(source, 'train-timetables', file), 'utf8')) as { id: string; t: string; ds?: string[] }[],
  );
  const weekday = new Map(timetables.filter((t) => t.id.endsWith('.Weekday')).map((t) => [t.t, t]));
  const trains = parseTrains(ALL_FIXTURE_TRAINS, MAIN).records;

  it('names existing railways and stations', () => {
    for (const train of trains) {
      expect(railways.has(train.railway), train.railway).toBe(true);
      for (const station of [train.from, train.to, ...train.origins, ...train.destinations]) {
        if (station) expect(stations.has(station), station).toBe(true);
      }
    }
  });

  it('uses weekday train numbers of the timetables, except the extra train', () => {
    for (const train of trains) expect(weekday.has(train.id), train.id).toBe(train.id !== FIXTURE_CASES.extra);
    expect(timetables.some((t) => t.t === FIXTURE_CASES.extra)).toBe(false);
  });

  it('reports a short-turn destination that differs from the timetable’s', () => {
    expect(weekday.get(FIXTURE_CASES.shortTurn)?.ds).toEqual([FIXTURE_CASES.shortTurnTimetabled]);
    expect(byId(trains, FIXTURE_CASES.shortTurn)?.destinations).not.toEqual(weekday.get(FIXTURE_CASES.shortTurn)?.ds);
  });

  it('uses the railway’s car composition', () => {
    for (const train of trains) expect(train.carComposition).toBe(railways.get(train.railway)?.carComposition);
  });
});
