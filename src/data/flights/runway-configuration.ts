/**
 * Which runways and courses Haneda and Narita use, and the course each flight
 * flies.
 *
 * The flight information feeds do not carry the runway in use (no field of
 * `odpt:FlightInformationArrival/Departure` names it). So the configuration is
 * the airport's prevailing one for the time, unless the caller knows better
 * (an ATIS-like source, see {@link hanedaConfigurationFromRunways}, or a user
 * choice via {@link ConfigurationOptions.flow}):
 *
 * - Wind flow: north-wind operation from October to May, south-wind operation
 *   from June to September. Tokyo's winds are northerly in the cool season and
 *   southerly in summer; over the year Haneda uses its north-wind
 *   configuration most (about 60 % of the time).
 * - Haneda, 06:00–23:00 Japan time:
 *   - north flow: arrivals to 34L (course IX34L) from southern origins and to
 *     34R (H34R) from northern ones; departures from 05 to the south and
 *     34R to the north;
 *   - south flow, 15:00–19:00: arrivals on the approaches over central Tokyo
 *     (R16L from the south, R16R from the north), departures from 22 (south)
 *     and 16R (north);
 *   - south flow, other hours: arrivals to 23 (L23) and 22 (L22), departures
 *     from 16R (O16R, south) and 16L (north).
 * - Haneda, 23:00–06:00 (night, over-sea routes, one runway each way):
 *   north flow arrivals IX34L and departures N05; south flow arrivals LY23 and
 *   departures N16L.
 * - Narita: north flow departures 34L and arrivals 34R; south flow
 *   departures 16R and arrivals 16L.
 *
 * "Southern/northern origin" is the data set's `direction` of the other
 * airport (`airports.json`); an airport missing there counts as southern.
 *
 * @module
 */
import { courseId, parseCourseId } from './course-id.ts';
import type { AirportDirection, CourseEntry, FlightKind } from './flight-model.ts';
import { japanHours, japanMonth } from './flight-time.ts';

/** Wind flow of an airport's configuration. */
export type WindFlow = 'north' | 'south';

/**
 * The courses an airport uses at one time: for arrivals and departures, by
 * the direction of the other airport, the course's middle id part (procedure
 * letters and runway, e.g. `IX34L`).
 */
export interface AirportConfiguration {
  airport: string;
  /** Short description for the app info and popups, e.g. `north flow, day`. */
  name: string;
  arrival: Readonly<Record<AirportDirection, string>>;
  departure: Readonly<Record<AirportDirection, string>>;
}

/** Options of {@link prevailingConfiguration}. */
export interface ConfigurationOptions {
  /** Forces the wind flow (default: by season, see the module description). */
  flow?: WindFlow;
}

const both = (course: string) => ({ N: course, S: course });

const HANEDA = {
  northDay: { arrival: { S: 'IX34L', N: 'H34R' }, departure: { S: '05', N: '34R' } },
  northNight: { arrival: both('IX34L'), departure: both('N05') },
  southPeak: { arrival: { S: 'R16L', N: 'R16R' }, departure: { S: '22', N: '16R' } },
  southDay: { arrival: { S: 'L23', N: 'L22' }, departure: { S: 'O16R', N: '16L' } },
  southNight: { arrival: both('LY23'), departure: both('N16L') },
} as const;

const NARITA = {
  north: { arrival: both('34R'), departure: both('34L') },
  south: { arrival: both('16L'), departure: both('16R') },
} as const;

/** The season's wind flow at an instant (see the module description). */
export function seasonalFlow(time: number): WindFlow {
  const month = japanMonth(time);
  return month >= 6 && month <= 9 ? 'south' : 'north';
}

/**
 * The prevailing configuration of `airport` (`HND` or `NRT`) at `time`
 * (epoch ms), or `null` for another airport.
 */
export function prevailingConfiguration(airport: string, time: number, options: ConfigurationOptions = {}): AirportConfiguration | null {
  const flow = options.flow ?? seasonalFlow(time);
  if (airport === 'NRT') return { airport, name: `${flow} flow`, ...NARITA[flow] };
  if (airport !== 'HND') return null;
  const hours = japanHours(time);
  const night = hours >= 23 || hours < 6;
  if (night) return { airport, name: `${flow} flow, night`, ...(flow === 'north' ? HANEDA.northNight : HANEDA.southNight) };
  if (flow === 'north') return { airport, name: 'north flow, day', ...HANEDA.northDay };
  const peak = hours >= 15 && hours < 19;
  return { airport, name: peak ? 'south flow, 15:00-19:00 (over central Tokyo)' : 'south flow, day', ...(peak ? HANEDA.southPeak : HANEDA.southDay) };
}

/**
 * Haneda's configuration from the runways an ATIS broadcast names as in use,
 * in its form (`landing: ['I34L', 'H34R']`, `departure: ['05', '34R']`), or
 * `null` when the combination is not one the courses of the data set serve.
 * For a caller that has such a source; the ODPT feeds do not.
 */
export function hanedaConfigurationFromRunways(landing: readonly string[], departure: readonly string[]): AirportConfiguration | null {
  const has = (...runways: string[]) => runways.every((r) => landing.includes(r));
  const day = (name: string, arrival: Record<AirportDirection, string>, dep: Record<AirportDirection, string>): AirportConfiguration => ({ airport: 'HND', name, arrival, departure: dep });
  if (has('R16L', 'R16R')) return day('south flow, visual, over central Tokyo', { S: 'R16L', N: 'R16R' }, { S: '22', N: '16R' });
  if (has('L22', 'L23')) return day('south flow, visual', { S: 'L23', N: 'L22' }, { S: 'O16R', N: '16L' });
  if (has('I16L', 'I16R')) return day('south flow, instrument, over central Tokyo', { S: 'I16L', N: 'I16R' }, { S: '22', N: '16R' });
  if (has('I22', 'I23')) return day('south flow, instrument', { S: 'I23', N: 'I22' }, { S: '16R', N: '16L' });
  if (landing.includes('I34L') && landing.includes('H34R')) return day('north flow, visual', { S: 'IX34L', N: 'H34R' }, { S: '05', N: '34R' });
  if (landing.includes('I34L') && landing.includes('I34R')) return day('north flow, instrument', { S: 'IZ34L', N: 'H34R' }, { S: '05', N: '34R' });
  if (landing.length !== 1 || departure.length < 1) return null;
  const night: Record<string, string> = { I23: 'IY23', L23: 'LY23', I34L: 'IX34L', I34R: 'IY34R', L22: 'L22' };
  const nightDeparture: Record<string, string> = { '16L': 'N16L', '05': 'N05', '16R': '16R' };
  const arrival = night[landing[0]];
  const dep = departure.map((r) => nightDeparture[r]).find((c) => c !== undefined);
  if (!arrival || !dep) return null;
  return { airport: 'HND', name: 'night', arrival: both(arrival), departure: both(dep) };
}

/** Courses by id, for {@link selectCourse}. */
export type CourseIndex = ReadonlyMap<string, CourseEntry>;

/** Indexes courses by id. */
export function indexCourses(courses: readonly CourseEntry[]): CourseIndex {
  return new Map(courses.map((c) => [c.id, c]));
}

/**
 * The course a flight flies under a configuration: the configured one for its
 * kind and the other airport's direction. When the data lacks that course,
 * another course of the same airport, kind and runway, else of the same
 * airport and kind; `null` when the airport has no course of that kind.
 */
export function selectCourse(courses: CourseIndex, configuration: AirportConfiguration, kind: FlightKind, direction: AirportDirection): CourseEntry | null {
  const wanted = configuration[kind][direction];
  const exact = courses.get(courseId(configuration.airport, '', wanted, kind));
  if (exact) return exact;
  const runway = parseCourseId(`${configuration.airport}.${wanted}.Arr`)?.runway;
  let fallback: CourseEntry | null = null;
  for (const course of courses.values()) {
    if (course.airport !== configuration.airport || course.kind !== kind) continue;
    if (course.runway === runway) return course;
    fallback ??= course;
  }
  return fallback;
}
