/**
 * From the day's flight records to planned runway movements: which flights
 * fly, on which course, and when each one touches down or starts its take-off
 * roll, with a minimum spacing between movements on the same runway.
 *
 * Timing (Japan airports publish gate times, not runway times):
 * - a departure starts its take-off roll {@link FLIGHT_TIMING.taxiOutMinutes}
 *   after its departure time (actual, else estimated, else scheduled);
 * - an arrival touches down {@link FLIGHT_TIMING.taxiInMinutes} before its
 *   arrival time (same order);
 * - in playback only scheduled times count, and statuses are ignored;
 * - movements on one physical runway, in order of their wanted time, are at
 *   least {@link FLIGHT_TIMING.runwaySpacingSeconds} apart: a movement that
 *   would come sooner after the previous one waits (as a departure queue or
 *   approach sequencing does).
 *
 * Not flown (real time): cancelled and postponed flights, diverted arrivals.
 * Code-shares published as records of their own (ANA's NH 4-digit numbers on
 * flights of AIR DO, Solaseed Air and Star Flyer) are folded into the
 * operating flight's numbers.
 *
 * @module
 */
import { runwayKey } from './course-id.ts';
import type { CourseEntry, FlightKind, FlightModel } from './flight-model.ts';
import type { FlightInfo } from './flight-records.ts';
import { indexCourses, prevailingConfiguration, selectCourse, type AirportConfiguration } from './runway-configuration.ts';

/** Timing constants of the plan. */
export const FLIGHT_TIMING = Object.freeze({
  /** Gate to take-off roll, minutes. */
  taxiOutMinutes: 12,
  /** Touchdown to gate, minutes. */
  taxiInMinutes: 6,
  /** Least time between two movements on one runway, seconds. */
  runwaySpacingSeconds: 90,
});

/** Whether real-time information is used (`realtime`) or only the schedule (`playback`). */
export type FlightClockMode = 'realtime' | 'playback';

/** A flight with its course and runway time. */
export interface PlannedFlight {
  /** Bare id, `{operator}.{airport}.{flight number}`. */
  id: string;
  kind: FlightKind;
  info: FlightInfo;
  /** Flight numbers, operating first, code-shares (also folded ones) after. */
  flightNumbers: string[];
  /** Status shown (real time), absent in playback or when unknown. */
  status?: string;
  course: CourseEntry;
  /** The configuration the course came from, e.g. `north flow, day`. */
  configuration: string;
  /** Physical runway key (see `runwayKey`). */
  runway: string;
  /** The runway time the data asks for (epoch ms). */
  requestedTime: number;
  /** The runway time after spacing (epoch ms), ≥ `requestedTime`: touchdown or start of the take-off roll. */
  runwayTime: number;
}

/** Options of {@link planFlights}. */
export interface PlanOptions {
  mode: FlightClockMode;
  /** The configuration of an airport at a time (default {@link prevailingConfiguration}). */
  configuration?: (airport: string, time: number) => AirportConfiguration | null;
}

/** Planned flights (sorted by runway time) and one message per record that was left out or changed. */
export interface FlightPlan {
  flights: PlannedFlight[];
  problems: string[];
}

/** Statuses of flights that do not fly (real time). */
const NOT_FLOWN: Readonly<Record<FlightKind, readonly string[]>> = {
  arrival: ['Cancelled', 'PostponedTomorrow', 'Diverted'],
  departure: ['Cancelled', 'PostponedTomorrow'],
};

/** Airlines whose flights ANA also sells under NH 4-digit numbers published as separate records. */
const ANA_CODE_SHARE_PARTNERS = ['ADO', 'SFJ', 'SNJ'];

/** Plans the given flights; see the module description. */
export function planFlights(flights: readonly FlightInfo[], model: FlightModel, options: PlanOptions): FlightPlan {
  const problems: string[] = [];
  const courses = indexCourses(model.courses);
  const configurationAt = options.configuration ?? ((airport: string, time: number) => prevailingConfiguration(airport, time));
  const realtime = options.mode === 'realtime';
  const planned: PlannedFlight[] = [];
  const seen = new Set<string>();
  for (const info of foldCodeShares(flights)) {
    const key = `${info.kind}:${info.id}`;
    if (seen.has(key)) {
      problems.push(`flight ${info.id} (${info.kind}) is listed twice; the later record is ignored.`);
      continue;
    }
    seen.add(key);
    let status = realtime ? info.status : undefined;
    if (status !== undefined && !(status in model.statuses)) {
      problems.push(`flight ${info.id}: status "${status}" is not a known flight status; shown without status.`);
      status = undefined;
    }
    if (status !== undefined && NOT_FLOWN[info.kind].includes(status)) continue;
    const gateTime = realtime ? (info.actualTime ?? info.estimatedTime ?? info.scheduledTime) : info.scheduledTime;
    const requestedTime = info.kind === 'departure' ? gateTime + FLIGHT_TIMING.taxiOutMinutes * 60_000 : gateTime - FLIGHT_TIMING.taxiInMinutes * 60_000;
    const configuration = configurationAt(info.airport, requestedTime);
    const direction = (info.otherAirport !== undefined ? model.airports[info.otherAirport]?.direction : undefined) ?? 'S';
    const course = configuration ? selectCourse(courses, configuration, info.kind, direction) : null;
    if (!configuration || !course) {
      problems.push(`flight ${info.id}: airport "${info.airport}" has no ${info.kind} course in the data set; not shown.`);
      continue;
    }
    planned.push({
      id: info.id,
      kind: info.kind,
      info,
      flightNumbers: info.flightNumbers,
      ...(status !== undefined ? { status } : {}),
      course,
      configuration: configuration.name,
      runway: runwayKey(course.airport, course.runway),
      requestedTime,
      runwayTime: requestedTime,
    });
  }
  applySpacing(planned);
  planned.sort((a, b) => a.runwayTime - b.runwayTime || a.id.localeCompare(b.id));
  return { flights: planned, problems };
}

/** Delays movements so that consecutive ones on a runway are at least the spacing apart. */
function applySpacing(flights: PlannedFlight[]): void {
  const spacing = FLIGHT_TIMING.runwaySpacingSeconds * 1000;
  const byRunway = new Map<string, PlannedFlight[]>();
  for (const flight of flights) {
    const queue = byRunway.get(flight.runway);
    if (queue) queue.push(flight);
    else byRunway.set(flight.runway, [flight]);
  }
  for (const queue of byRunway.values()) {
    queue.sort((a, b) => a.requestedTime - b.requestedTime || a.id.localeCompare(b.id));
    let previous = -Infinity;
    for (const flight of queue) {
      flight.runwayTime = Math.max(flight.requestedTime, previous + spacing);
      previous = flight.runwayTime;
    }
  }
}

/**
 * Drops the separate records of ANA code-shares on partner flights and adds
 * their numbers to the partner's record (same kind, airport, other airport and
 * scheduled time).
 */
function foldCodeShares(flights: readonly FlightInfo[]): FlightInfo[] {
  const key = (f: FlightInfo) => `${f.kind}|${f.airport}|${f.otherAirport ?? ''}|${f.scheduledTime}`;
  const partners = new Map<string, FlightInfo>();
  for (const flight of flights) {
    if (flight.airline !== undefined && ANA_CODE_SHARE_PARTNERS.includes(flight.airline)) partners.set(key(flight), { ...flight, flightNumbers: [...flight.flightNumbers] });
  }
  const out: FlightInfo[] = [];
  for (const flight of flights) {
    const partner = partners.get(key(flight));
    if (partner && partner.id !== flight.id && /^NH\d{4}$/.test(flight.flightNumbers[0])) {
      for (const number of flight.flightNumbers) if (!partner.flightNumbers.includes(number)) partner.flightNumbers.push(number);
      continue;
    }
    out.push(partner && partner.id === flight.id ? partner : flight);
  }
  return out;
}
