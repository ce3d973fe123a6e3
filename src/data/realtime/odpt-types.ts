/**
 * JSON-LD shapes of the two real-time resources of the open data center API
 * v4, as they arrive on the wire (before validation: every field is what the
 * API may send, not what we trust; `odpt-parse.ts` checks them).
 *
 * Field names and value forms were checked against the API specification's
 * field lists as reproduced by TypeScript and Kotlin client libraries, against
 * Mini Tokyo 3D's loader and against records quoted in public issues:
 *
 * - Every response is a JSON array of objects, even for one result; an empty
 *   result is `[]`.
 * - Ids are IRIs with a type prefix: `odpt.Train:TokyoMetro.Ginza.A1234`,
 *   `odpt.Railway:TokyoMetro.Ginza`, `odpt.Station:TokyoMetro.Ginza.Shibuya`,
 *   `odpt.TrainType:TokyoMetro.Local`, `odpt.RailDirection:TokyoMetro.Asakusa`
 *   (JR-East and Toei use operator-less directions such as
 *   `odpt.RailDirection:InnerLoop`), `odpt.Operator:JR-East`.
 * - `odpt:delay` is in seconds (Mini Tokyo 3D multiplies it by 1000 to get
 *   milliseconds; one third-party summary says minutes, which contradicts both
 *   the loader and the Japanese field description "遅延時分(秒)").
 * - `odpt:toStation` absent (or null) means the train stands at `odpt:fromStation`.
 * - `odpt:originStation` / `odpt:destinationStation` are arrays of station ids
 *   (a through train may name a station of another operator).
 * - `dc:date` / `dct:valid` are ISO 8601 date-times with an offset (`+09:00`).
 * - `odpt:trainInformationStatus` / `odpt:trainInformationText` are
 *   multilingual objects (`{ja, en, ...}`); the status is absent in normal
 *   operation. A JR-East record quoted in a 2020 issue carries status
 *   `{en: "Operation will resume", ja: "運転見合わせ"}` and no `odpt:timeOfOrigin`,
 *   so that field is treated as optional although the specification lists it.
 * - Operators are known to send optional fields as explicit `null` rather than
 *   leaving them out, so every optional field below admits `null`.
 *
 * Uncertain: the exact body of an HTTP 401/403 answer (not found in public
 * material; the client only relies on the status code).
 *
 * @module
 */

/** A multilingual text as sent by the API: language tag → text (`ja`, `en`, `ko`, `zh-Hans`, ...). */
export interface OdptMultilingual {
  ja?: string;
  en?: string;
  [language: string]: string | undefined;
}

/** Fields shared by every JSON-LD record. */
export interface OdptRecordBase {
  /** JSON-LD context, `http://vocab.odpt.org/context_odpt.jsonld`. */
  '@context'?: string;
  /** Unique record id, a `urn:ucode:` or `urn:uuid:` URN. */
  '@id': string;
  /** Record type, e.g. `odpt:Train`. */
  '@type': string;
  /** When the record was produced (ISO 8601 with offset). */
  'dc:date': string;
  /** Until when it is valid (ISO 8601 with offset). */
  'dct:valid'?: string | null;
  /** The record's stable id with type prefix, e.g. `odpt.Train:TokyoMetro.Ginza.A1234`. */
  'owl:sameAs': string;
}

/** One real-time train position (`odpt:Train`). */
export interface OdptTrain extends OdptRecordBase {
  '@type': 'odpt:Train';
  /** `odpt.Operator:TokyoMetro`. */
  'odpt:operator': string;
  /** `odpt.Railway:TokyoMetro.Ginza`. */
  'odpt:railway': string;
  /** Train number, e.g. `A1234`, `1234G`. */
  'odpt:trainNumber': string;
  /** `odpt.TrainType:TokyoMetro.Local`. */
  'odpt:trainType'?: string | null;
  /** `odpt.RailDirection:TokyoMetro.Asakusa` or `odpt.RailDirection:InnerLoop`. */
  'odpt:railDirection'?: string | null;
  /** Station the train stands at, or last left: `odpt.Station:TokyoMetro.Ginza.Shibuya`. */
  'odpt:fromStation': string;
  /** Next station when running between stations; absent or null when standing at `odpt:fromStation`. */
  'odpt:toStation'?: string | null;
  /** Origin station ids. */
  'odpt:originStation'?: string[] | null;
  /** Destination station ids. */
  'odpt:destinationStation'?: string[] | null;
  /** Via station ids. */
  'odpt:viaStation'?: string[] | null;
  /** Via railway ids. */
  'odpt:viaRailway'?: string[] | null;
  /** Delay in seconds. */
  'odpt:delay'?: number | null;
  /** Number of cars. */
  'odpt:carComposition'?: number | null;
  /** Operator owning the rolling stock (`odpt.TrainOwner:...`). */
  'odpt:trainOwner'?: string | null;
  /** Train name of limited expresses. */
  'odpt:trainName'?: OdptMultilingual[] | OdptMultilingual | null;
  /** Free note. */
  'odpt:note'?: OdptMultilingual | null;
}

/** Operation information for a railway or a whole operator (`odpt:TrainInformation`). */
export interface OdptTrainInformation extends OdptRecordBase {
  '@type': 'odpt:TrainInformation';
  /** `odpt.Operator:Toei` (JR-East's information comes as `odpt.Operator:jre-is`). */
  'odpt:operator': string;
  /** `odpt.Railway:Toei.Oedo`; absent for operator-wide information. */
  'odpt:railway'?: string | null;
  /** Status in several languages (`{ja: "運転見合わせ", en: "..."}`); absent in normal operation. */
  'odpt:trainInformationStatus'?: OdptMultilingual | null;
  /** The information text in several languages. */
  'odpt:trainInformationText': OdptMultilingual;
  /** When the event happened (ISO 8601 with offset). */
  'odpt:timeOfOrigin'?: string | null;
  /** Direction concerned, e.g. `odpt.RailDirection:BothDirections`. */
  'odpt:railDirection'?: string | null;
  /** Cause in several languages. */
  'odpt:trainInformationCause'?: OdptMultilingual | null;
  /** Section concerned in several languages. */
  'odpt:trainInformationRange'?: OdptMultilingual | null;
  /** Estimated resumption (ISO 8601 or text). */
  'odpt:resumeEstimate'?: string | null;
}

/** The `@type` values of the two resources. */
export const ODPT_TYPES = Object.freeze({
  train: 'odpt:Train',
  trainInformation: 'odpt:TrainInformation',
} as const);

/** The id prefixes used by the two resources (stripped by the parser). */
export const ODPT_ID_PREFIXES = Object.freeze({
  train: 'odpt.Train:',
  railway: 'odpt.Railway:',
  station: 'odpt.Station:',
  trainType: 'odpt.TrainType:',
  railDirection: 'odpt.RailDirection:',
  operator: 'odpt.Operator:',
  trainInformation: 'odpt.TrainInformation:',
} as const);

/** One of the id prefixes. */
export type OdptIdPrefix = (typeof ODPT_ID_PREFIXES)[keyof typeof ODPT_ID_PREFIXES];
