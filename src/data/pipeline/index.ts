import { writeBundle } from '../bundle/container.ts';
import { NETWORK_KIND } from '../bundle/network-format.ts';
import { EXITS_KIND, type ExitsMeta } from '../bundle/exits-format.ts';
import { FLIGHTS_KIND, type FlightsMeta } from '../bundle/flights-format.ts';
import { buildFlightModel } from '../flights/build-flight-model.ts';
import { CALENDARS, TIMETABLE_KIND, type Calendar } from '../bundle/timetable-format.ts';
import { buildExits } from './build-exits.ts';
import { buildNetwork, type BuiltNetwork } from './build-network.ts';
import { buildTimetable, type BuiltTimetable } from './build-timetables.ts';
import { Diagnostics } from './diagnostics.ts';
import { loadSource, type SourceData, type SourceFiles } from './source.ts';

export { Diagnostics, formatDiagnostic, SourceDataError } from './diagnostics.ts';
export { SourceJsonError } from './json.ts';
export type { SourceFiles } from './source.ts';

/** What one pipeline run produces, before it is written to disk. */
export interface PipelineOutput {
  network: Uint8Array;
  /** Station exits, a file of their own: loaded when a person first opens an exit list. */
  exits: Uint8Array;
  /** Flight courses, airports, airlines and statuses (`flights-format.ts`), a file of its own: loaded after the first view when airplanes can be shown. */
  flights: Uint8Array;
  timetables: Record<Calendar, { bytes: Uint8Array; trains: number }>;
  sourceModified: string;
  counts: { railways: number; stations: number; stationShapes: number; stationGroups: number; exits: number; trackVertices: number; flightCourses: number };
  diagnostics: Diagnostics;
}

/**
 * Reads, checks and converts a source data set into bundle files.
 * Throws `SourceDataError`/`SourceJsonError` for problems that stop the build;
 * skipped records are listed in `diagnostics.warnings`.
 */
export function runPipeline(files: SourceFiles): PipelineOutput {
  const diagnostics = new Diagnostics();
  const source = loadSource(files, diagnostics);
  const network = buildNetwork(source, diagnostics);
  const timetables = {} as PipelineOutput['timetables'];
  for (const calendar of CALENDARS) timetables[calendar] = timetableBundle(buildTimetable(calendar, source, network, diagnostics));
  return pipelineOutput(source, network, timetables, diagnostics);
}

/** The bytes and train count of a built timetable. */
export function timetableBundle(built: BuiltTimetable): { bytes: Uint8Array; trains: number } {
  return { bytes: writeBundle(TIMETABLE_KIND, built.meta, built.sections), trains: built.meta.trainCount };
}

/** Writes the network, exits and flights bundles of checked source records and a built network, and counts what they hold. */
export function pipelineOutput(source: SourceData, network: BuiltNetwork, timetables: PipelineOutput['timetables'], diagnostics: Diagnostics): PipelineOutput {
  const { meta } = network;
  const exits = buildExits(source);
  const flights = buildFlightModel(source, diagnostics);
  return {
    network: writeBundle(NETWORK_KIND, meta, network.sections),
    exits: writeBundle<ExitsMeta>(EXITS_KIND, { exits }, {}),
    flights: writeBundle<FlightsMeta>(FLIGHTS_KIND, flights, {}),
    timetables,
    sourceModified: meta.sourceModified,
    counts: {
      railways: meta.railways.length,
      stations: meta.stations.length,
      stationShapes: meta.shapes.length,
      stationGroups: meta.groups.length,
      exits: exits.length,
      trackVertices: meta.pieces.reduce((n, p) => n + p.count, 0),
      flightCourses: flights.courses.length,
    },
    diagnostics,
  };
}
