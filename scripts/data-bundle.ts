import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { MANIFEST_FILE, type BundleFileEntry, type BundleManifest, type CityManifest, type CityRealtime } from '../src/data/bundle/manifest.ts';
import { CALENDARS, type Calendar } from '../src/data/bundle/timetable-format.ts';
import { runGtfsPipeline } from '../src/data/pipeline/gtfs-city/index.ts';
import { formatDiagnostic, runPipeline, SourceDataError, type PipelineOutput, type SourceFiles } from '../src/data/pipeline/index.ts';
import { checkHttpUrl, type CityBuildOptions, type ProjectPaths } from './config.ts';

/** Source files on disk. */
export function diskSource(root: string): SourceFiles {
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new SourceDataError(
      `Source data folder ${root} does not exist. Point to the Tokyo transit data set with --source <folder> or the TRANSIT_DATA environment variable (default: ../shared/data/tokyo-transit).`,
    );
  }
  return {
    root,
    exists: (path) => existsSync(join(root, path)),
    list: (dir) => readdirSync(join(root, dir)),
    read: (path) => readFileSync(join(root, path), 'utf8'),
    lastModified: () => newestMtime(root),
  };
}

/** Latest modification time of the files in a folder and its sub-folders down to `depth` levels, leaving out the folders in `skip` (absolute paths). */
export function newestMtime(root: string, depth = 1, skip: ReadonlySet<string> = new Set()): number {
  let newest = 0;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0 && !skip.has(path)) newest = Math.max(newest, newestMtime(path, depth - 1, skip));
    } else newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The date the source data set was published, as its provider gives it (`--data-date YYYY-MM-DD`, or the
 * `TRANSIT_DATA_DATE` environment variable), or undefined when none is given: the data set has no date of its own, and
 * the app then shows its files' last modification instead, saying so.
 */
export function resolveDataDate(argv: readonly string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--data-date') value = inline ?? argv[++i] ?? '';
  }
  value ??= env.TRANSIT_DATA_DATE || undefined;
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new SourceDataError(`Invalid data date "${value}" (from --data-date or TRANSIT_DATA_DATE): expected YYYY-MM-DD.`);
  }
  return value;
}

/** The code that writes the bundle: a bundle older than it may lack what the app now reads (a new file kind, a new field). */
const PIPELINE_CODE = ['pipeline', 'bundle', 'flights'].map((dir) => fileURLToPath(new URL(`../src/data/${dir}`, import.meta.url)));
/** The GTFS reader, which a city bundle is built with too. */
const GTFS_CODE = fileURLToPath(new URL('../src/data/gtfs', import.meta.url));

/** True when the bundle is missing or older than its source (the Tokyo data set, or the GTFS zip of `--gtfs`) or than the code that builds it. */
export function isBundleStale(paths: ProjectPaths): boolean {
  const manifest = join(paths.out, MANIFEST_FILE);
  if (!existsSync(manifest)) return true;
  const built = statSync(manifest).mtimeMs;
  const source = paths.gtfs ? (existsSync(paths.gtfs) ? statSync(paths.gtfs).mtimeMs : Infinity) : newestMtime(paths.source);
  if (paths.gtfs && !sameFeeds(paths, manifest)) return true;
  return built < source || [...PIPELINE_CODE, ...(paths.gtfs ? [GTFS_CODE] : [])].some((dir) => built < newestMtime(dir, 2)) || (!!paths.city && !saysSameCity(manifest, paths.city));
}

/** Whether the city bundle whose manifest is at `path` was built with the flags `city` gives (a name only when given). */
function saysSameCity(path: string, city: CityBuildOptions): boolean {
  let built: CityManifest | undefined;
  try {
    built = (JSON.parse(readFileSync(path, 'utf8')) as BundleManifest).city;
  } catch {
    return false;
  }
  return !!built && built.mapStyle === city.mapStyle && (city.name === undefined || built.name === city.name);
}

/** A base map style URL given with --map-style: an absolute http(s) URL. */
function checkMapStyle(value: string): string {
  try {
    return new URL(checkHttpUrl(value, '--map-style', 'a MapLibre style (style.json)')).href;
  } catch (e) {
    throw new SourceDataError((e as Error).message);
  }
}

/** Whether a city bundle's manifest carries the GTFS Realtime feeds asked for. */
function sameFeeds(asked: CityRealtime, manifest: string): boolean {
  const carried = (JSON.parse(readFileSync(manifest, 'utf8')) as BundleManifest).city?.realtime ?? {};
  return (['tripUpdates', 'vehiclePositions'] as const).every((kind) => (carried[kind] ?? []).join('\n') === (asked[kind] ?? []).join('\n'));
}

/** The GTFS Realtime feeds a city bundle carries, or undefined for none. */
function realtimeOf({ tripUpdates = [], vehiclePositions = [] }: CityRealtime): CityRealtime | undefined {
  if (tripUpdates.length + vehiclePositions.length === 0) return undefined;
  return { ...(tripUpdates.length ? { tripUpdates } : {}), ...(vehiclePositions.length ? { vehiclePositions } : {}) };
}

function writeVersioned(out: string, base: string, bytes: Uint8Array): BundleFileEntry {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const file = `${base}.${hash}.bin`;
  const gzip = gzipSync(bytes, { level: 9 });
  writeFileSync(join(out, file), bytes);
  writeFileSync(join(out, file + '.gz'), gzip);
  return { file, bytes: bytes.length, gzipBytes: gzip.length };
}

export interface BuildResult {
  manifest: BundleManifest;
  warnings: string[];
}

/**
 * Builds the data bundle into `paths.out`: versioned bundle files, their
 * gzip copies, and `manifest.json` written last so a reader never sees a half-written bundle.
 */
export function buildDataBundle(paths: ProjectPaths, options: { strict?: boolean; dataDate?: string } = {}): BuildResult {
  return writeDataBundle(paths.out, runPipeline(diskSource(paths.source)), options);
}

/**
 * Builds the data bundle of a GTFS feed (a zip file) into `out`, as {@link buildDataBundle} does for Tokyo.
 * @throws GtfsError naming file, line and field of a problem in the feed.
 */
export async function buildGtfsBundle(zip: string, out: string, options: { strict?: boolean } & CityRealtime & CityBuildOptions = {}): Promise<BuildResult> {
  if (!existsSync(zip) || !statSync(zip).isFile()) throw new SourceDataError(`GTFS feed ${zip} does not exist; --gtfs takes the path of a GTFS zip file.`);
  const mapStyle = options.mapStyle === undefined ? undefined : checkMapStyle(options.mapStyle);
  const output = await runGtfsPipeline(readFileSync(zip), { source: basename(zip), lastModified: statSync(zip).mtimeMs, name: options.name });
  // The typical days' files are day files too: written under the same name, they are one file.
  const typical = Object.fromEntries(CALENDARS.map((c) => [c, `timetable-${output.city.typical[c]}`])) as Record<Calendar, string>;
  return writeDataBundle(out, output, { ...options, timetableNames: typical }, (manifest) => {
    const dayTimetables: CityManifest['dayTimetables'] = {};
    for (const day of output.dayTimetables) dayTimetables[day.key] = { ...writeVersioned(out, `timetable-${day.key}`, day.bytes), trains: day.trains, calendar: day.calendar };
    const realtime = realtimeOf(options);
    manifest.city = { ...output.city, ...(mapStyle === undefined ? {} : { mapStyle }), dayTimetables, ...(realtime ? { realtime } : {}) };
    return Object.values(dayTimetables).map((t) => t.file);
  });
}

/** Writes a pipeline's output; `extend` adds to the manifest before it is written and returns the extra files it wrote. */
function writeDataBundle(out: string, output: PipelineOutput, options: { strict?: boolean; dataDate?: string; timetableNames?: Record<Calendar, string> }, extend?: (manifest: BundleManifest) => string[]): BuildResult {
  const names = options.timetableNames ?? { weekday: 'timetable-weekday', saturday: 'timetable-saturday', holiday: 'timetable-holiday' };
  const warnings = output.diagnostics.warnings.map(formatDiagnostic);
  if (options.strict && warnings.length) {
    throw new SourceDataError(`${warnings.length} source records have problems (strict mode):\n${warnings.slice(0, 50).join('\n')}`);
  }
  mkdirSync(out, { recursive: true });
  const previous = readdirSync(out).filter((f) => /\.bin(\.gz)?$/.test(f));
  const manifest: BundleManifest = {
    format: 'tt3d-manifest',
    version: 1,
    builtAt: new Date().toISOString(),
    sourceModified: output.sourceModified,
    ...(options.dataDate === undefined ? {} : { dataDate: options.dataDate }),
    network: writeVersioned(out, 'network', output.network),
    exits: writeVersioned(out, 'exits', output.exits),
    flights: writeVersioned(out, 'flights', output.flights),
    timetables: {
      weekday: { ...writeVersioned(out, names.weekday, output.timetables.weekday.bytes), trains: output.timetables.weekday.trains },
      saturday: { ...writeVersioned(out, names.saturday, output.timetables.saturday.bytes), trains: output.timetables.saturday.trains },
      holiday: { ...writeVersioned(out, names.holiday, output.timetables.holiday.bytes), trains: output.timetables.holiday.trains },
    },
    counts: output.counts,
    warnings: { total: warnings.length, items: warnings.slice(0, 500) },
  };
  const extra = extend?.(manifest) ?? [];
  const text = JSON.stringify(manifest, null, 1);
  writeFileSync(join(out, MANIFEST_FILE + '.tmp'), text);
  writeFileSync(join(out, MANIFEST_FILE + '.gz'), gzipSync(text, { level: 9 }));
  renameSync(join(out, MANIFEST_FILE + '.tmp'), join(out, MANIFEST_FILE));
  const current = new Set([manifest.network.file, manifest.exits!.file, manifest.flights!.file, ...Object.values(manifest.timetables).map((t) => t.file), ...extra].flatMap((f) => [f, f + '.gz']));
  for (const file of previous) if (!current.has(file)) unlinkSync(join(out, file));
  return { manifest, warnings };
}
