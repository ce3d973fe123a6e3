/**
 * Real-time answers in the open data center API v4 shape, for the local
 * server ({@link startOdptServer}) and the parser tests.
 *
 * The trains are real weekday trains of our data set (train numbers from
 * `shared/data/tokyo-transit/train-timetables/*.json`), placed where their
 * timetables put them at 08:00 on Wednesday 2026-11-18, shifted by their delay:
 *
 * | case | train | timetable | reported |
 * |---|---|---|---|
 * | 3 min late | TokyoMetro.Ginza.A701 (Asakusa 07:39 → Shibuya 08:16) | Ginza 07:59 → Shimbashi | Kyobashi → Ginza, delay 180 |
 * | 30 s late | JR-East.Yamanote.702G (inner loop, Osaki 07:02 → Osaki 08:09) | Shibuya dep. 08:00 | standing at Shibuya, delay 30 |
 * | on time | Toei.Oedo.601A (Hikarigaoka 06:42 → Tochomae 08:12) | Iidabashi 07:58 → Ushigome-kagurazaka 08:00 | same, delay 0 |
 * | short turn | Toei.Asakusa.712T (Oshiage 07:39 → Nishi-magome 08:18) | Shimbashi 07:59 → Daimon | same, destination Sengakuji, delay 60 |
 * | extra train | JR-East.Yamanote.9601G (no timetable) | — | Shinagawa → Osaki, outer loop |
 * | suspended line | JR-East.ChuoRapid | — | status 運転見合わせ / Operation suspended |
 *
 * The main host serves TokyoMetro and Toei, the challenge host JR-East (trains
 * as `odpt.Operator:JR-East`, operation information as `odpt.Operator:jre-is`),
 * as in `src/data/realtime/odpt-config.ts`.
 *
 * @module
 */
import type { OdptFixtureSet } from './odpt-server.ts';

/** Time of the snapshot: 08:00 on a weekday, Japan time. */
export const FIXTURE_DATE = '2026-11-18T08:00:00+09:00';
/** {@link FIXTURE_DATE} in epoch ms. */
export const FIXTURE_TIME = Date.parse(FIXTURE_DATE);
/** Records are valid 60 s after {@link FIXTURE_DATE}. */
export const FIXTURE_VALID = '2026-11-18T08:01:00+09:00';

const CONTEXT = 'http://vocab.odpt.org/context_odpt.jsonld';

/** The train ids of each case (without prefix). */
export const FIXTURE_CASES = Object.freeze({
  delayed3min: 'TokyoMetro.Ginza.A701',
  delayed30s: 'JR-East.Yamanote.702G',
  onTime: 'Toei.Oedo.601A',
  shortTurn: 'Toei.Asakusa.712T',
  /** Timetable destination of the short turn; the record reports {@link shortTurnReported}. */
  shortTurnTimetabled: 'Toei.Asakusa.NishiMagome',
  shortTurnReported: 'Toei.Asakusa.Sengakuji',
  extra: 'JR-East.Yamanote.9601G',
  suspendedRailway: 'JR-East.ChuoRapid',
});

interface TrainSpec {
  uuid: string;
  operator: string;
  railway: string;
  number: string;
  type: string;
  direction: string;
  from: string;
  to: string | null;
  origins: string[];
  destinations: string[];
  delay: number;
  cars: number;
}

/** An `odpt:Train` record in the wire shape. */
function train(spec: TrainSpec): Record<string, unknown> {
  const record: Record<string, unknown> = {
    '@context': CONTEXT,
    '@id': `urn:uuid:${spec.uuid}`,
    '@type': 'odpt:Train',
    'dc:date': FIXTURE_DATE,
    'dct:valid': FIXTURE_VALID,
    'owl:sameAs': `odpt.Train:${spec.railway}.${spec.number}`,
    'odpt:operator': `odpt.Operator:${spec.operator}`,
    'odpt:railway': `odpt.Railway:${spec.railway}`,
    'odpt:trainNumber': spec.number,
    'odpt:trainType': `odpt.TrainType:${spec.type}`,
    'odpt:railDirection': `odpt.RailDirection:${spec.direction}`,
    'odpt:fromStation': `odpt.Station:${spec.from}`,
    'odpt:originStation': spec.origins.map((s) => `odpt.Station:${s}`),
    'odpt:destinationStation': spec.destinations.map((s) => `odpt.Station:${s}`),
    'odpt:delay': spec.delay,
    'odpt:carComposition': spec.cars,
  };
  if (spec.to !== null) record['odpt:toStation'] = `odpt.Station:${spec.to}`;
  return record;
}

/** Tokyo Metro Ginza line A701, 3 minutes late, between Kyobashi and Ginza. */
export const TRAIN_GINZA_A701_DELAYED_3MIN = train({
  uuid: '6f1d2a40-0001-4a7e-9c01-000000000701',
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
  cars: 6,
});

/** Toei Oedo line 601A, on time, between Iidabashi and Ushigome-kagurazaka. */
export const TRAIN_OEDO_601A_ON_TIME = train({
  uuid: '6f1d2a40-0002-4a7e-9c01-000000000601',
  operator: 'Toei',
  railway: 'Toei.Oedo',
  number: '601A',
  type: 'Toei.Local',
  direction: 'InnerLoop',
  from: 'Toei.Oedo.Iidabashi',
  to: 'Toei.Oedo.UshigomeKagurazaka',
  origins: ['Toei.Oedo.Hikarigaoka'],
  destinations: ['Toei.Oedo.Tochomae'],
  delay: 0,
  cars: 8,
});

/** Toei Asakusa line 712T, turned short at Sengakuji instead of Nishi-magome, 1 minute late. */
export const TRAIN_ASAKUSA_712T_SHORT_TURN = train({
  uuid: '6f1d2a40-0003-4a7e-9c01-000000000712',
  operator: 'Toei',
  railway: 'Toei.Asakusa',
  number: '712T',
  type: 'Toei.Local',
  direction: 'Southbound',
  from: 'Toei.Asakusa.Shimbashi',
  to: 'Toei.Asakusa.Daimon',
  origins: ['Toei.Asakusa.Oshiage'],
  destinations: ['Toei.Asakusa.Sengakuji'],
  delay: 60,
  cars: 8,
});

/** JR-East Yamanote line 702G, 30 s late, standing at Shibuya (no `odpt:toStation`). */
export const TRAIN_YAMANOTE_702G_DELAYED_30S = train({
  uuid: '6f1d2a40-0004-4a7e-9c01-000000000702',
  operator: 'JR-East',
  railway: 'JR-East.Yamanote',
  number: '702G',
  type: 'JR-East.Local',
  direction: 'InnerLoop',
  from: 'JR-East.Yamanote.Shibuya',
  to: null,
  origins: ['JR-East.Yamanote.Osaki'],
  destinations: ['JR-East.Yamanote.Osaki'],
  delay: 30,
  cars: 11,
});

/** JR-East Yamanote line 9601G: an extra train, in no timetable. */
export const TRAIN_YAMANOTE_9601G_EXTRA = train({
  uuid: '6f1d2a40-0005-4a7e-9c01-000000009601',
  operator: 'JR-East',
  railway: 'JR-East.Yamanote',
  number: '9601G',
  type: 'JR-East.Local',
  direction: 'OuterLoop',
  from: 'JR-East.Yamanote.Shinagawa',
  to: 'JR-East.Yamanote.Osaki',
  origins: ['JR-East.Yamanote.Shinagawa'],
  destinations: ['JR-East.Yamanote.Osaki'],
  delay: 0,
  cars: 11,
});

interface InformationSpec {
  uuid: string;
  operator: string;
  railway?: string;
  status?: { ja: string; en: string };
  text: Record<string, string>;
  timeOfOrigin?: string;
}

/** An `odpt:TrainInformation` record in the wire shape. */
function information(spec: InformationSpec): Record<string, unknown> {
  const record: Record<string, unknown> = {
    '@context': CONTEXT,
    '@id': `urn:uuid:${spec.uuid}`,
    '@type': 'odpt:TrainInformation',
    'dc:date': FIXTURE_DATE,
    'dct:valid': FIXTURE_VALID,
    'owl:sameAs': `odpt.TrainInformation:${spec.railway ?? spec.operator}`,
    'odpt:operator': `odpt.Operator:${spec.operator}`,
    'odpt:trainInformationText': spec.text,
  };
  if (spec.railway) record['odpt:railway'] = `odpt.Railway:${spec.railway}`;
  if (spec.status) record['odpt:trainInformationStatus'] = spec.status;
  if (spec.timeOfOrigin) record['odpt:timeOfOrigin'] = spec.timeOfOrigin;
  return record;
}

/** Tokyo Metro Ginza line: normal operation (no status). */
export const INFO_GINZA_NORMAL = information({
  uuid: '0b7c9e10-0001-4d2f-8a11-000000000001',
  operator: 'TokyoMetro',
  railway: 'TokyoMetro.Ginza',
  text: { ja: '現在、平常どおり運転しています。', en: 'Trains are operating normally.' },
});

/** Toei, operator-wide (no railway): normal operation. */
export const INFO_TOEI_OPERATOR_WIDE = information({
  uuid: '0b7c9e10-0002-4d2f-8a11-000000000002',
  operator: 'Toei',
  text: { ja: '現在、平常どおり運転しています。', en: 'All lines are operating normally.' },
});

/** JR-East (as `jre-is`) Yamanote line: delays. */
export const INFO_YAMANOTE_DELAY = information({
  uuid: '0b7c9e10-0003-4d2f-8a11-000000000003',
  operator: 'jre-is',
  railway: 'JR-East.Yamanote',
  status: { ja: '遅延', en: 'Delay' },
  text: { ja: '山手線は、混雑の影響で、一部列車に遅れが出ています。', en: 'Some Yamanote Line trains are delayed due to congestion.' },
  timeOfOrigin: '2026-11-18T07:40:00+09:00',
});

/** JR-East (as `jre-is`) Chuo Rapid line: suspended. */
export const INFO_CHUO_RAPID_SUSPENDED = information({
  uuid: '0b7c9e10-0004-4d2f-8a11-000000000004',
  operator: 'jre-is',
  railway: 'JR-East.ChuoRapid',
  status: { ja: '運転見合わせ', en: 'Operation suspended' },
  text: {
    ja: '中央線快速電車は、信号確認の影響で、東京～高尾駅間の上下線で運転を見合わせています。',
    en: 'Chuo Line (Rapid) service is suspended in both directions between Tokyo and Takao due to a signal check.',
  },
  timeOfOrigin: '2026-11-18T07:52:00+09:00',
});

/** What the main host (api.odpt.org) serves. */
export const ODPT_HOST_FIXTURES: OdptFixtureSet = Object.freeze({
  trains: Object.freeze([TRAIN_GINZA_A701_DELAYED_3MIN, TRAIN_OEDO_601A_ON_TIME, TRAIN_ASAKUSA_712T_SHORT_TURN]),
  trainInformation: Object.freeze([INFO_GINZA_NORMAL, INFO_TOEI_OPERATOR_WIDE]),
});

/** What the challenge host serves. */
export const CHALLENGE_HOST_FIXTURES: OdptFixtureSet = Object.freeze({
  trains: Object.freeze([TRAIN_YAMANOTE_702G_DELAYED_30S, TRAIN_YAMANOTE_9601G_EXTRA]),
  trainInformation: Object.freeze([INFO_YAMANOTE_DELAY, INFO_CHUO_RAPID_SUSPENDED]),
});

/** A body that is not JSON (the answer cut off in the middle of a record); the server's `malformed-json` mode serves it. */
export { MALFORMED_JSON_BODY as INVALID_JSON_BODY } from './odpt-server.ts';

/** A record like A701's without `owl:sameAs`. */
export const TRAIN_MISSING_SAME_AS = (() => {
  const record: Record<string, unknown> = { ...TRAIN_GINZA_A701_DELAYED_3MIN, '@id': 'urn:uuid:6f1d2a40-0006-4a7e-9c01-000000000705' };
  delete record['owl:sameAs'];
  return record;
})();

/** A record whose delay has the wrong type (a string). */
export const TRAIN_DELAY_AS_STRING = { ...TRAIN_OEDO_601A_ON_TIME, 'odpt:delay': '180' };

/** A station record served on the train endpoint (wrong `@type`). */
export const TRAIN_WRONG_TYPE = {
  '@context': CONTEXT,
  '@id': 'urn:ucode:_00001C000000000000010000030C3BE5',
  '@type': 'odpt:Station',
  'dc:date': FIXTURE_DATE,
  'owl:sameAs': 'odpt.Station:TokyoMetro.Ginza.Shibuya',
  'odpt:operator': 'odpt.Operator:TokyoMetro',
  'odpt:railway': 'odpt.Railway:TokyoMetro.Ginza',
};

/** A train whose destination list holds an entry cut before the station name (kept, entry dropped). */
export const TRAIN_BAD_DESTINATION_ENTRY = { ...TRAIN_ASAKUSA_712T_SHORT_TURN, 'odpt:destinationStation': ['odpt.Station:Toei.Asakusa.Sengakuji', 'odpt.Station:Keikyu.Main.'] };

/** An information record without its text. */
export const INFO_MISSING_TEXT = (() => {
  const record: Record<string, unknown> = { ...INFO_GINZA_NORMAL, '@id': 'urn:uuid:0b7c9e10-0005-4d2f-8a11-000000000005' };
  delete record['odpt:trainInformationText'];
  return record;
})();

/**
 * A main-host answer mixing good and bad records: A701 (good), a record
 * without `owl:sameAs`, a delay given as a string, a station record, the
 * number 42, and a short turn with one bad destination entry.
 */
export const MALFORMED_HOST_FIXTURES: OdptFixtureSet = Object.freeze({
  trains: Object.freeze([TRAIN_GINZA_A701_DELAYED_3MIN, TRAIN_MISSING_SAME_AS, TRAIN_DELAY_AS_STRING, TRAIN_WRONG_TYPE, 42, TRAIN_BAD_DESTINATION_ENTRY]),
  trainInformation: Object.freeze([INFO_GINZA_NORMAL, INFO_MISSING_TEXT]),
});

/** Every train record of both hosts (good ones only). */
export const ALL_FIXTURE_TRAINS: readonly Record<string, unknown>[] = Object.freeze([
  ...(ODPT_HOST_FIXTURES.trains as Record<string, unknown>[]),
  ...(CHALLENGE_HOST_FIXTURES.trains as Record<string, unknown>[]),
]);
