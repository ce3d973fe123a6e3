/**
 * `npm run data`: builds the browser data bundle from the source data set.
 * Flags: --source <dir> (env TRANSIT_DATA), --out <dir> (env DATA_OUT), --strict (warnings fail the build),
 * --gtfs <zip> (env GTFS_ZIP: build from a GTFS feed instead of the Tokyo data set), with --name <text> (the city's
 * name), --map-style <url> (a hosted MapLibre style for its base map), --trip-updates <url> and --vehicle-positions
 * <url> (each repeatable: a GTFS Realtime TripUpdate or VehiclePosition feed the bundle names, polled by the app),
 * --data-date YYYY-MM-DD (env TRANSIT_DATA_DATE: the date the data set was published, shown in the app).
 */
import { resolvePaths } from './config.ts';
import { buildDataBundle, buildGtfsBundle, resolveDataDate } from './data-bundle.ts';

try {
  const paths = resolvePaths();
  const started = performance.now();
  const strict = process.argv.includes('--strict');
  const { manifest, warnings } = paths.gtfs ? await buildGtfsBundle(paths.gtfs, paths.out, { strict, ...paths.city, tripUpdates: paths.tripUpdates, vehiclePositions: paths.vehiclePositions }) : buildDataBundle(paths, { strict, dataDate: resolveDataDate() });
  for (const w of warnings.slice(0, 20)) console.warn(`warning: ${w}`);
  if (warnings.length > 20) console.warn(`warning: … and ${warnings.length - 20} more (listed in ${paths.out}/manifest.json)`);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const t = manifest.timetables;
  console.log(`Data bundle written to ${paths.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`  ${manifest.counts.railways} railways, ${manifest.counts.stations} stations, ${manifest.counts.trackVertices} track vertices`);
  console.log(`  network ${kb(manifest.network.gzipBytes)} gzip; exits ${kb(manifest.exits?.gzipBytes ?? 0)} gzip (${manifest.counts.exits}, loaded on first use); flights ${kb(manifest.flights?.gzipBytes ?? 0)} gzip (${manifest.counts.flightCourses ?? 0} courses, loaded after the first view); timetables (gzip): weekday ${kb(t.weekday.gzipBytes)} (${t.weekday.trains} trains), saturday ${kb(t.saturday.gzipBytes)} (${t.saturday.trains}), holiday ${kb(t.holiday.gzipBytes)} (${t.holiday.trains})`);
  if (manifest.city) console.log(`  ${manifest.city.name}, time zone ${manifest.city.timeZone}: ${Object.keys(manifest.city.days).length} service days in ${Object.keys(manifest.city.dayTimetables).length} timetables`);
  for (const url of manifest.city?.realtime?.tripUpdates ?? []) console.log(`  real-time delays from the TripUpdate feed ${url}`);
  for (const url of manifest.city?.realtime?.vehiclePositions ?? []) console.log(`  real-time delays from the VehiclePosition feed ${url}`);
  console.log(`  ${warnings.length} warnings`);
} catch (e) {
  console.error(`npm run data: ${(e as Error).message}`);
  process.exit(1);
}
