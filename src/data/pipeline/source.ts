import { Diagnostics, SourceDataError } from './diagnostics.ts';
import { parseJsonFile } from './json.ts';
import type {
  SourceAirport,
  SourceAirway,
  SourceOperator,
  SourcePoi,
  SourceRailway,
  SourceRailwayGeometry,
  SourceStation,
  SourceTimetable,
  SourceTitled,
  SourceVehicle,
} from './source-types.ts';

/** Read access to a source folder, so the pipeline runs on disk files and on in-memory fixtures alike. */
export interface SourceFiles {
  /** Path of the folder, for messages. */
  root: string;
  exists(path: string): boolean;
  /** File names in a sub-folder. */
  list(dir: string): string[];
  read(path: string): string;
  /** Latest modification time (ms) over all files, for the manifest. */
  lastModified(): number;
}

/** All source records that passed the structural checks. */
export interface SourceData {
  railways: SourceRailway[];
  stations: SourceStation[];
  stationGroups: string[][][];
  poi: SourcePoi[];
  trainTypes: SourceTitled[];
  trainVehicles: SourceVehicle[];
  railDirections: SourceTitled[];
  operators: SourceOperator[];
  airports: SourceAirport[];
  flightStatuses: SourceTitled[];
  geometry: SourceRailwayGeometry[];
  airways: SourceAirway[];
  /** Timetable records with the file each came from. */
  timetables: { file: string; record: SourceTimetable }[];
  lastModified: number;
}

type Check = (record: Record<string, unknown>) => { field: string; message: string } | null;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown) => isObject(v) && Object.values(v).every((s) => typeof s === 'string');
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isCoord = (v: unknown) =>
  Array.isArray(v) && v.length >= 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n));

function required(field: string, ok: (v: unknown) => boolean, expected: string): Check {
  return (r) => (ok(r[field]) ? null : { field, message: r[field] === undefined ? `is missing; expected ${expected}` : `is not ${expected}` });
}
function optional(field: string, ok: (v: unknown) => boolean, expected: string): Check {
  return (r) => (r[field] === undefined || ok(r[field]) ? null : { field, message: `is not ${expected}` });
}

const id = required('id', (v) => typeof v === 'string' && v.length > 0, 'a non-empty string');
const title = required('title', isText, 'an object of texts by language');
const titled: Check[] = [id, title];

const CHECKS = {
  railways: [
    ...titled,
    required('stations', isStringArray, 'an array of station ids'),
    required('color', (v) => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v), 'a colour like "#80C342"'),
    required('ascending', (v) => typeof v === 'string', 'a direction id'),
    required('descending', (v) => typeof v === 'string', 'a direction id'),
    optional('carComposition', (v) => Number.isInteger(v) && (v as number) > 0, 'a positive integer'),
    optional('altitude', (v) => typeof v === 'number', 'a number'),
  ],
  stations: [
    ...titled,
    optional('railway', (v) => typeof v === 'string', 'a railway id'),
    optional('coord', isCoord, 'a [longitude, latitude] pair'),
    optional('altitude', (v) => typeof v === 'number', 'a number'),
    optional('exit', isStringArray, 'an array of exit ids'),
    optional('thumbnail', (v) => typeof v === 'string', 'a URL string'),
    optional('alternate', (v) => typeof v === 'string', 'a station id'),
    optional('utitle', isText, 'an object of texts by language'),
  ],
  poi: [
    ...titled,
    required('coord', isCoord, 'a [longitude, latitude] pair'),
    optional('description', isText, 'an object of texts by language'),
    optional('facilities', isStringArray, 'an array of facility names'),
    optional('uptime', (v) => Array.isArray(v) && v.every((u) => isObject(u) && typeof u.open === 'string' && typeof u.close === 'string'), 'an array of {open, close, calendar?}'),
  ],
  titled,
  vehicles: [id, required('color', (v) => typeof v === 'string' || isStringArray(v), 'a colour or an array of colours')],
  geometry: [
    id,
    required('sublines', (v) => Array.isArray(v) && v.every((s) => isObject(s) && typeof s.type === 'string' && Array.isArray(s.coords) && s.coords.every(isCoord)), 'an array of sublines with type and coords'),
  ],
  airways: [id, required('coords', (v) => Array.isArray(v) && v.length >= 2 && v.every(isCoord), 'an array of [lon, lat, altitude]')],
  timetables: [
    id,
    required('t', (v) => typeof v === 'string', 'a train id'),
    required('r', (v) => typeof v === 'string', 'a railway id'),
    required('n', (v) => typeof v === 'string', 'a train number'),
    required('y', (v) => typeof v === 'string', 'a train type id'),
    required('d', (v) => typeof v === 'string', 'a direction id'),
    required('tt', (v) => Array.isArray(v) && v.length >= 1 && v.every((s) => isObject(s) && typeof s.s === 'string' && (typeof s.a === 'string' || typeof s.d === 'string')), 'a non-empty array of stops {s, a?, d?}'),
    optional('os', isStringArray, 'an array of station ids'),
    optional('ds', isStringArray, 'an array of station ids'),
    optional('pt', isStringArray, 'an array of timetable ids'),
    optional('nt', isStringArray, 'an array of timetable ids'),
    optional('v', (v) => typeof v === 'string', 'a vehicle id'),
    optional('nm', (v) => Array.isArray(v) && v.every(isText), 'an array of texts by language'),
  ],
} satisfies Record<string, Check[]>;

function readJson(files: SourceFiles, file: string): unknown {
  if (!files.exists(file)) {
    throw new SourceDataError(`Source file ${files.root}/${file} is missing. The source folder must hold the Tokyo transit data set (see ../shared/data/README.md).`);
  }
  return parseJsonFile(files.read(file), `${files.root}/${file}`);
}

function records<T>(files: SourceFiles, file: string, value: unknown, checks: Check[], diags: Diagnostics): T[] {
  if (!Array.isArray(value)) throw new SourceDataError(`${files.root}/${file}: expected a JSON array of records at the top level.`);
  const out: T[] = [];
  const seen = new Set<string>();
  value.forEach((record, index) => {
    const recordName = isObject(record) && typeof record.id === 'string' ? record.id : `#${index}`;
    if (!isObject(record)) {
      diags.warn({ file, record: recordName, message: 'is not an object; skipped' });
      return;
    }
    for (const check of checks) {
      const problem = check(record);
      if (problem) {
        diags.warn({ file, record: recordName, field: problem.field, message: `${problem.message}; record skipped` });
        return;
      }
    }
    if (seen.has(recordName)) {
      diags.warn({ file, record: recordName, field: 'id', message: 'duplicates an earlier record; skipped' });
      return;
    }
    seen.add(recordName);
    out.push(record as T);
  });
  return out;
}

/**
 * Reads and structurally checks every source file. Missing files and
 * malformed JSON throw; records of the wrong shape are skipped with a warning.
 */
export function loadSource(files: SourceFiles, diags: Diagnostics): SourceData {
  const read = <T>(file: string, checks: Check[]) => records<T>(files, file, readJson(files, file), checks, diags);

  const groupsValue = readJson(files, 'station-groups.json');
  if (!Array.isArray(groupsValue)) throw new SourceDataError(`${files.root}/station-groups.json: expected an array of groups.`);
  const stationGroups: string[][][] = [];
  groupsValue.forEach((group, index) => {
    if (Array.isArray(group) && group.every((g) => isStringArray(g) && g.length > 0)) stationGroups.push(group as string[][]);
    else diags.warn({ file: 'station-groups.json', record: `#${index}`, message: 'is not an array of arrays of station ids; skipped' });
  });

  const coordinates = readJson(files, 'coordinates.json');
  if (!isObject(coordinates) || !Array.isArray(coordinates.railways)) {
    throw new SourceDataError(`${files.root}/coordinates.json: expected an object with "railways" and "airways" arrays.`);
  }

  if (!files.exists('train-timetables')) {
    throw new SourceDataError(`Source folder ${files.root}/train-timetables is missing; it must hold one timetable JSON file per railway.`);
  }
  const timetables: SourceData['timetables'] = [];
  for (const name of files.list('train-timetables').filter((n) => n.endsWith('.json')).sort()) {
    const file = `train-timetables/${name}`;
    for (const record of read<SourceTimetable>(file, CHECKS.timetables)) timetables.push({ file, record });
  }

  return {
    railways: read<SourceRailway>('railways.json', CHECKS.railways),
    stations: read<SourceStation>('stations.json', CHECKS.stations),
    stationGroups,
    poi: read<SourcePoi>('poi.json', CHECKS.poi),
    trainTypes: read<SourceTitled>('train-types.json', CHECKS.titled),
    trainVehicles: read<SourceVehicle>('train-vehicles.json', CHECKS.vehicles),
    railDirections: read<SourceTitled>('rail-directions.json', CHECKS.titled),
    operators: read<SourceOperator>('operators.json', CHECKS.titled),
    airports: read<SourceAirport>('airports.json', CHECKS.titled),
    flightStatuses: read<SourceTitled>('flight-statuses.json', CHECKS.titled),
    geometry: records<SourceRailwayGeometry>(files, 'coordinates.json', coordinates.railways, CHECKS.geometry, diags),
    airways: records<SourceAirway>(files, 'coordinates.json', coordinates.airways ?? [], CHECKS.airways, diags),
    timetables,
    lastModified: files.lastModified(),
  };
}
