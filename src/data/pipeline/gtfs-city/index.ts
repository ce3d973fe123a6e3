/**
 * The data pipeline on a GTFS feed (issue #39): the same bundle the app loads
 * for Tokyo, built from one GTFS zip. Pure TypeScript (runs in Node and in
 * tests); `scripts/data-bundle.ts` writes its output to disk.
 *
 * @module
 */
import type { CityManifest } from '../../bundle/manifest.ts';
import { CALENDARS, type Calendar } from '../../bundle/timetable-format.ts';
import { buildNetwork } from '../build-network.ts';
import { buildTimetable } from '../build-timetables.ts';
import { Diagnostics } from '../diagnostics.ts';
import { pipelineOutput, timetableBundle, type PipelineOutput } from '../index.ts';
import { readCityFeed } from './city-feed.ts';
import { cityCamera } from './city-camera.ts';
import { citySource } from './gtfs-source.ts';
import { serviceDays } from './service-days.ts';

/** A timetable file of a GTFS bundle: the trains of the services that run together on some dates. */
export interface DayTimetable {
  /** Key in {@link CityManifest.dayTimetables}. */
  key: string;
  calendar: Calendar;
  bytes: Uint8Array;
  trains: number;
}

/** What {@link runGtfsPipeline} produces before it is written to disk. */
export interface GtfsPipelineOutput extends PipelineOutput {
  /** The bundle's city description, without the file entries of its timetables (the writer adds them). */
  city: Omit<CityManifest, 'dayTimetables'>;
  /** One per service set; `timetables` of {@link PipelineOutput} holds the typical weekday, Saturday and Sunday. */
  dayTimetables: DayTimetable[];
}

/** Options of {@link runGtfsPipeline}. */
export interface GtfsPipelineOptions {
  /** The zip's name, for messages. */
  source: string;
  /** Last modification of the zip, epoch ms: the "static data" update time. */
  lastModified: number;
  /** The city's name (default: the agencies' names). */
  name?: string;
}

/**
 * Builds a data bundle from a GTFS zip.
 * @throws GtfsError naming file, line and field of a problem that stops the build (a missing required file, a bad field);
 *   trips that cannot be shown are skipped and listed in `diagnostics.warnings`.
 */
export async function runGtfsPipeline(zip: ArrayBuffer | Uint8Array, options: GtfsPipelineOptions): Promise<GtfsPipelineOutput> {
  const diagnostics = new Diagnostics();
  const cityFeed = await readCityFeed(zip, options.source);
  const { feed } = cityFeed;
  const { source, routeTypes, offsets, usedServices } = citySource(cityFeed, options.lastModified, diagnostics);
  const network = buildNetwork(source, diagnostics);
  // Stops in riding order along the pattern's track (the network step's nearest-point search can pick the wrong pass of a shape that goes by a place twice).
  for (const railway of network.meta.railways) {
    for (const variant of railway.variants) variant.stationOffsets = offsets.get(railway.id)!;
  }

  const days = serviceDays(feed.services, usedServices);
  const keyOf = (record: { id: string; t: string }) => record.id.slice(record.t.length + 1);
  const built = new Map<string, DayTimetable>();
  const timetableOf = (set: number, calendar: Calendar): DayTimetable => {
    const key = set < 0 ? `none-${calendar}` : `${calendar}-${set + 1}`;
    let day = built.get(key);
    if (!day) {
      const sources = set < 0 ? [] : days.sets[set].services;
      day = { key, calendar, ...timetableBundle(buildTimetable(calendar, source, network, diagnostics, { sources, keyOf })) };
      built.set(key, day);
    }
    return day;
  };
  const dates: Record<string, string> = {};
  days.sets.forEach((set, i) => {
    const { key } = timetableOf(i, set.calendar);
    for (const date of set.dates) dates[date] = key;
  });
  const timetables = {} as PipelineOutput['timetables'];
  const typical = {} as Record<Calendar, string>;
  for (const calendar of CALENDARS) {
    const { key, bytes, trains } = timetableOf(days.typical[calendar], calendar);
    timetables[calendar] = { bytes, trains };
    typical[calendar] = key;
  }

  const output = pipelineOutput(source, network, timetables, diagnostics);
  return {
    ...output,
    city: {
      name: options.name ?? feed.agencies.map((a) => a.name).join(', '),
      timeZone: feed.timezone,
      camera: cityCamera(feed.bbox),
      routeTypes: network.meta.railways.map((r) => routeTypes.get(r.id)!),
      days: dates,
      typical,
    },
    dayTimetables: [...built.values()],
  };
}
