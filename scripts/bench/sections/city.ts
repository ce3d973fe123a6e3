/**
 * Section `city`: the data bundle of a city built from one GTFS feed (`npm run data -- --gtfs`): the build time and
 * the bundle's size, all files and what the app loads to show a day (manifest, network, one day's timetable). The
 * feed is --gtfs's, else the Halifax feed of the shared data. Built once per bench, whatever `--runs` says.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildGtfsBundle } from '../../data-bundle.ts';
import type { BenchContext, BenchRow, BenchSection } from '../types.ts';

async function measure(ctx: BenchContext): Promise<BenchRow[]> {
  const zip = ctx.paths.gtfs ?? resolve(dirname(ctx.paths.source), 'gtfs/halifax/google_transit.zip');
  const out = mkdtempSync(join(tmpdir(), 'tt-bench-city-'));
  try {
    const started = performance.now();
    const { manifest } = await buildGtfsBundle(zip, out);
    const seconds = (performance.now() - started) / 1000;
    const city = manifest.city!;
    ctx.detail(`${city.name}: ${manifest.counts.railways} lines, ${manifest.counts.stations} stations, ${Object.keys(city.days).length} service days in ${Object.keys(city.dayTimetables).length} timetables`);
    const files = readdirSync(out);
    const size = (gzip: boolean) => files.filter((f) => f.endsWith('.gz') === gzip).reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
    const weekday = manifest.timetables.weekday;
    const manifestGzip = statSync(join(out, 'manifest.json.gz')).size;
    return [
      { metric: 'bundle build time', value: seconds * 1000, unit: 'ms' },
      { metric: 'bundle, all files', value: size(false), unit: 'bytes' },
      { metric: 'bundle, all files, gzip', value: size(true), unit: 'bytes' },
      { metric: 'a weekday\'s data (manifest, network, timetable), gzip', value: manifestGzip + manifest.network.gzipBytes + weekday.gzipBytes, unit: 'bytes' },
      { metric: 'vehicles of the typical weekday', value: weekday.trains, unit: 'count' },
    ];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export const citySection: BenchSection = {
  name: 'city',
  title: 'A city\'s data bundle built from one GTFS feed (build time, size)',
  run: (ctx) => ctx.memo('city', () => measure(ctx)),
};
