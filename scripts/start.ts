/**
 * `npm start`: builds the data bundle if it is missing or older than its
 * source, builds the app if it is missing or older than its sources, then
 * serves everything at http://127.0.0.1:5173/ (PORT/HOST or --port/--host to change).
 * With `--build-only` it stops after the builds (CI builds before it tests, timing each).
 * With `--gtfs <zip>` the app runs on a bundle built from that GTFS feed (into build/city/<name>/ unless --out says
 * otherwise), on the base map of --basemap (a PMTiles file) or --map-style (a hosted style's URL, kept in the bundle) when
 * given, else on a plain background; --name names the city; each `--trip-updates <url>` (`--vehicle-positions <url>`)
 * is a GTFS Realtime TripUpdate (VehiclePosition) feed the bundle names, whose delays (where vehicles are seen) move
 * the city's vehicles.
 */
import { existsSync } from 'node:fs';
import { DOCS_BASE, resolvePaths } from './config.ts';
import { ensureBuilt } from './ensure-built.ts';
import { createAppServer } from './static-server.ts';

async function main() {
  const paths = resolvePaths();
  // A city (--gtfs) has no base map unless --basemap names one: the network shows on a plain background.
  if (paths.gtfs && !process.argv.some((a) => a.startsWith('--basemap')) && !process.env.BASEMAP_PMTILES) paths.basemap = '';
  await ensureBuilt(paths);
  if (process.argv.includes('--build-only')) return;
  if (paths.basemap && !existsSync(paths.basemap)) console.warn(`warning: base map not found at ${paths.basemap}; set it with --basemap or BASEMAP_PMTILES. The map will show without a base map.`);
  if (!existsSync(paths.fonts)) console.warn(`warning: glyphs not found at ${paths.fonts}; set them with --fonts or BASEMAP_FONTS.`);
  const server = createAppServer(paths);
  server.on('error', (e) => {
    console.error(`npm start: cannot listen on ${paths.host}:${paths.port}: ${e.message}`);
    process.exit(1);
  });
  server.listen(paths.port, paths.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : paths.port;
    console.log(`Tokyo Transit 3D is running at http://${paths.host}:${port}/${paths.gtfs ? ` on ${paths.gtfs}` : ''}`);
    console.log(`Documentation: http://${paths.host}:${port}${DOCS_BASE}`);
  });
}

main().catch((e) => {
  console.error(`npm start: ${(e as Error).message}`);
  process.exit(1);
});
