import type { SectionInput } from '../bundle/container.ts';
import {
  CALENDAR_SOURCES,
  NO_INDEX_U16,
  NO_INDEX_U8,
  STOP_HAS_ARRIVAL,
  STOP_HAS_DEPARTURE,
  TIMETABLE_SECTIONS as S,
  type Calendar,
  type TimetableMeta,
} from '../bundle/timetable-format.ts';
import type { BuiltNetwork } from './build-network.ts';
import type { Diagnostics } from './diagnostics.ts';
import type { SourceData } from './source.ts';
import type { SourceTimetable } from './source-types.ts';

/** Minute of the service day at which a new day starts (03:00). */
export const SERVICE_DAY_START = 180;

/** Parses "HH:MM" into minutes of the service day (times before 03:00 belong to the previous day). */
export function serviceMinutes(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (Number(m[2]) > 59 || minutes >= 30 * 60) return null;
  return minutes < SERVICE_DAY_START ? minutes + 1440 : minutes;
}

/** Formats service-day minutes as "HH:MM" (hours may exceed 23). */
export function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The source calendar key of a timetable id ("JR-East.Yamanote.400G.Weekday.1" → "Weekday"). */
export function calendarKey(record: SourceTimetable): string {
  return record.id.slice(record.t.length + 1).split('.')[0];
}

export interface BuiltTimetable {
  meta: TimetableMeta;
  sections: Record<string, SectionInput>;
}

interface Checked {
  record: SourceTimetable;
  file: string;
  railway: number;
  stations: number[];
  flags: number[];
  times: number[];
}

/** Checks one timetable record against the network; returns null (with a warning) if it must be skipped. */
function checkTrain(record: SourceTimetable, file: string, network: BuiltNetwork, diags: Diagnostics): Checked | null {
  const skip = (field: string, message: string) => {
    diags.warn({ file, record: record.id, field, message: `${message}; timetable skipped` });
    return null;
  };
  if (!record.id.startsWith(record.t + '.')) return skip('id', `does not start with its train id "${record.t}"`);
  const railway = network.railwayIndex.get(record.r);
  if (railway === undefined) return skip('r', `refers to unknown railway "${record.r}"`);
  const stations: number[] = [];
  const flags: number[] = [];
  const times: number[] = [];
  for (const [i, stop] of record.tt.entries()) {
    const station = network.stationIndex.get(stop.s);
    if (station === undefined) return skip(`tt[${i}].s`, `refers to unknown station "${stop.s}"`);
    let f = 0;
    for (const [key, bit] of [['a', STOP_HAS_ARRIVAL], ['d', STOP_HAS_DEPARTURE]] as const) {
      const text = stop[key];
      if (text === undefined) continue;
      let t = serviceMinutes(text);
      if (t === null) return skip(`tt[${i}].${key}`, `"${text}" is not a time HH:MM`);
      const previous = times[times.length - 1];
      if (previous !== undefined && t < previous) {
        diags.warn({ file, record: record.id, field: `tt[${i}].${key}`, message: `${text} is earlier than the time before it; moved to ${formatMinutes(previous)}` });
        t = previous;
      }
      times.push(t);
      f |= bit;
    }
    stations.push(station);
    flags.push(f);
  }
  return { record, file, railway, stations, flags, times };
}

/** Which timetable records make up a timetable bundle: those whose key (by `keyOf`) is one of `sources`. */
export interface TimetableSelection {
  sources: string[];
  keyOf: (record: SourceTimetable) => string;
}

/**
 * Builds the timetable bundle of one day type: by default the records of
 * {@link CALENDAR_SOURCES}, else those of `selection` (a GTFS feed's services
 * of one date). Timetables that point at an unknown railway or station are
 * skipped; unknown type, direction, vehicle, origin/destination or linked
 * timetables are dropped from the record. Each with a warning.
 */
export function buildTimetable(
  calendar: Calendar,
  source: SourceData,
  network: BuiltNetwork,
  diags: Diagnostics,
  selection: TimetableSelection = { sources: CALENDAR_SOURCES[calendar], keyOf: calendarKey },
): BuiltTimetable {
  const { sources, keyOf } = selection;
  const trains = source.timetables
    .filter(({ record }) => sources.includes(keyOf(record)))
    .map(({ record, file }) => checkTrain(record, file, network, diags))
    .filter((t): t is Checked => t !== null);
  const trainIndex = new Map(trains.map((t, i) => [t.record.id, i]));
  const allIds = new Set(source.timetables.map(({ record }) => record.id));

  const patterns = new Map<string, number>();
  const patternLength: number[] = [];
  const patternStations: number[] = [];
  const patternFlags: number[] = [];
  const suffixes: string[] = [];
  const suffixIndex = new Map<string, number>();
  const cols = {
    railway: [] as number[], type: [] as number[], direction: [] as number[], vehicle: [] as number[],
    suffix: [] as number[], pattern: [] as number[], firstTime: [] as number[], timeSteps: [] as number[],
  };
  const lists = { origins: new CsrList(), destinations: new CsrList(), previous: new CsrList(), next: new CsrList() };
  const names: TimetableMeta['names'] = [];

  trains.forEach((train, i) => {
    const { record, file } = train;
    const warn = (field: string, message: string) => diags.warn({ file, record: record.id, field, message });
    const key = train.stations.join(',') + '|' + train.flags.join('');
    let pattern = patterns.get(key);
    if (pattern === undefined) {
      pattern = patternLength.length;
      patterns.set(key, pattern);
      patternLength.push(train.stations.length);
      patternStations.push(...train.stations);
      patternFlags.push(...train.flags);
    }
    const suffix = record.id.slice(record.t.length + 1);
    if (!suffixIndex.has(suffix)) {
      suffixIndex.set(suffix, suffixes.length);
      suffixes.push(suffix);
    }
    const lookup = (map: Map<string, number>, value: string | undefined, field: string, what: string, none: number) => {
      if (value === undefined) return none;
      const index = map.get(value);
      if (index === undefined) warn(field, `refers to unknown ${what} "${value}"; dropped`);
      return index ?? none;
    };
    cols.railway.push(train.railway);
    cols.type.push(lookup(network.trainTypeIndex, record.y, 'y', 'train type', NO_INDEX_U16));
    cols.direction.push(lookup(network.directionIndex, record.d, 'd', 'rail direction', NO_INDEX_U8));
    cols.vehicle.push(lookup(network.vehicleIndex, record.v, 'v', 'vehicle', NO_INDEX_U8));
    cols.suffix.push(suffixIndex.get(suffix)!);
    cols.pattern.push(pattern);
    cols.firstTime.push(train.times[0]);
    for (let k = 1; k < train.times.length; k++) cols.timeSteps.push(train.times[k] - train.times[k - 1]);

    const stationList = (ids: string[] | undefined, field: string) =>
      (ids ?? []).flatMap((id, k) => {
        const s = network.stationIndex.get(id);
        if (s === undefined) warn(`${field}[${k}]`, `refers to unknown station "${id}"; dropped`);
        return s === undefined ? [] : [s];
      });
    const trainList = (ids: string[] | undefined, field: string) =>
      (ids ?? []).flatMap((id, k) => {
        const t = trainIndex.get(id);
        // A link to a timetable of another day type is expected (not every railway has every day type); only unknown ids are wrong.
        if (t === undefined && !allIds.has(id)) warn(`${field}[${k}]`, `refers to unknown timetable "${id}"; link dropped`);
        return t === undefined ? [] : [t];
      });
    lists.origins.push(stationList(record.os, 'os'));
    lists.destinations.push(stationList(record.ds, 'ds'));
    lists.previous.push(trainList(record.pt, 'pt'));
    lists.next.push(trainList(record.nt, 'nt'));
    if (record.nm?.length) names.push([i, record.nm]);
  });

  return {
    meta: { calendar, sources, trainCount: trains.length, numbers: trains.map((t) => t.record.n), suffixes, names },
    sections: {
      [S.railway]: { type: 'u16', values: cols.railway },
      [S.type]: { type: 'u16', values: cols.type },
      [S.direction]: { type: 'u8', values: cols.direction },
      [S.vehicle]: { type: 'u8', values: cols.vehicle },
      [S.suffix]: { type: 'u8', values: cols.suffix },
      [S.pattern]: { type: 'u32', values: cols.pattern },
      [S.firstTime]: { type: 'dvarint', values: cols.firstTime },
      [S.timeSteps]: { type: 'varint', values: cols.timeSteps },
      ...lists.origins.sections(S.originCount, S.origins),
      ...lists.destinations.sections(S.destinationCount, S.destinations),
      ...lists.previous.sections(S.previousCount, S.previous),
      ...lists.next.sections(S.nextCount, S.next),
      [S.patternLength]: { type: 'u16', values: patternLength },
      [S.patternStations]: { type: 'dvarint', values: patternStations },
      [S.patternFlags]: { type: 'u8', values: patternFlags },
    },
  };
}

/** A list of integer lists stored as counts plus concatenated values. */
class CsrList {
  private counts: number[] = [];
  private values: number[] = [];
  push(list: number[]): void {
    this.counts.push(list.length);
    this.values.push(...list);
  }
  sections(countName: string, valueName: string): Record<string, SectionInput> {
    return { [countName]: { type: 'u8', values: this.counts }, [valueName]: { type: 'varint', values: this.values } };
  }
}
