import { existsSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = resolve(fileURLToPath(import.meta.url), '../..');

/**
 * The shared data folder: env SHARED_DATA, else the nearest `shared/data`
 * beside the repository or one of its ancestors (../shared/data for a normal
 * checkout), as a path relative to the repository.
 */
function sharedData(env: NodeJS.ProcessEnv): string {
  if (env.SHARED_DATA) return env.SHARED_DATA;
  for (let dir = dirname(ROOT); ; dir = dirname(dir)) {
    const candidate = resolve(dir, 'shared/data');
    if (existsSync(candidate)) return relative(ROOT, candidate) || '.';
    if (dirname(dir) === dir) return '../shared/data';
  }
}

/** Where the build and the server find things; every path can be overridden by a flag or an environment variable. */
export interface ProjectPaths {
  /** Source data set (flag --source, env TRANSIT_DATA). */
  source: string;
  /** Output folder of the data bundle (flag --out, env DATA_OUT). */
  out: string;
  /** Base map PMTiles file (flag --basemap, env BASEMAP_PMTILES). */
  basemap: string;
  /** Glyph folder (flag --fonts, env BASEMAP_FONTS). */
  fonts: string;
  /** Built app (vite build output). */
  dist: string;
  /** The library build (`npm run build:lib`, vite.lib.config.ts), served at `/lib/`. */
  lib: string;
  /** Example pages of the API, served at `/examples/`. */
  examples: string;
  /** The 3D Tiles sample the 3D Tiles example draws (flag --tiles3d, env TILES3D), served at `/examples/3dtiles/`. */
  tiles3d: string;
  /** Built documentation site (vitepress build output), served at {@link DOCS_BASE}. */
  docsDist: string;
  /** HTTP port (flag --port, env PORT). */
  port: number;
  /** HTTP host (flag --host, env HOST). */
  host: string;
  /** A GTFS zip to build the bundle from instead of the Tokyo data set (flag --gtfs, env GTFS_ZIP), or undefined. */
  gtfs?: string;
  /** With {@link gtfs}: what the city's bundle says of itself, from its flags. */
  city?: CityBuildOptions;
  /** GTFS Realtime TripUpdate feed URLs the city bundle carries (flag --trip-updates, repeatable; with --gtfs only). */
  tripUpdates?: string[];
  /** GTFS Realtime VehiclePosition feed URLs the city bundle carries (flag --vehicle-positions, repeatable; with --gtfs only). */
  vehiclePositions?: string[];
}

/** What a city's bundle carries besides its feed (flags of `npm run data` and `npm start` with --gtfs). */
export interface CityBuildOptions {
  /** The city's name (flag --name; default: the feed's agencies). */
  name?: string;
  /** URL of a hosted MapLibre style for the city's base map (flag --map-style). */
  mapStyle?: string;
}

/** URL path of the documentation site (the `base` of docs/.vitepress/config.ts). */
export const DOCS_BASE = '/docs/master/';

const FLAGS: Record<string, { key: keyof ProjectPaths; env: string; fallback: string }> = {
  '--source': { key: 'source', env: 'TRANSIT_DATA', fallback: '{shared}/tokyo-transit' },
  '--out': { key: 'out', env: 'DATA_OUT', fallback: 'build/data' },
  '--basemap': { key: 'basemap', env: 'BASEMAP_PMTILES', fallback: '{shared}/basemap/tokyo.pmtiles' },
  '--fonts': { key: 'fonts', env: 'BASEMAP_FONTS', fallback: '{shared}/basemap/fonts' },
  '--tiles3d': { key: 'tiles3d', env: 'TILES3D', fallback: '{shared}/3dtiles' },
  '--port': { key: 'port', env: 'PORT', fallback: '5173' },
  '--host': { key: 'host', env: 'HOST', fallback: '127.0.0.1' },
};

/** Flags of a city's bundle (with --gtfs). */
const CITY_FLAGS: Record<string, keyof CityBuildOptions> = { '--name': 'name', '--map-style': 'mapStyle' };

/** Flag names this module understands, with their environment variables and defaults (for --help texts). */
export const PATH_FLAGS = FLAGS;

/** Resolves paths from command-line flags (`--flag value` or `--flag=value`), then the environment, then defaults. */
export function resolvePaths(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): ProjectPaths {
  const given: Record<string, string> = {};
  const feeds: Record<string, string[]> = { '--trip-updates': [], '--vehicle-positions': [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag in FLAGS || flag in CITY_FLAGS || flag === '--gtfs') given[flag] = inline ?? argv[++i] ?? '';
    if (flag in feeds) feeds[flag].push(checkHttpUrl(inline ?? argv[++i] ?? '', flag, 'a GTFS Realtime feed'));
  }
  const value = (flag: string) => given[flag] ?? env[FLAGS[flag].env] ?? FLAGS[flag].fallback.replace('{shared}', sharedData(env));
  const gtfs = given['--gtfs'] ?? env.GTFS_ZIP;
  for (const [flag, urls] of Object.entries(feeds)) {
    if (urls.length > 0 && !gtfs) throw new Error(`${flag} gives the GTFS Realtime feeds of a city bundle: it needs --gtfs <zip>.`);
  }
  const { '--trip-updates': tripUpdates, '--vehicle-positions': vehiclePositions } = feeds;
  const port = Number(value('--port'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Invalid port "${value('--port')}" (from --port or PORT): expected an integer from 0 to 65535.`);
  }
  // A city's bundle goes to a folder of its own, so that Tokyo's stays as built.
  const out = gtfs && given['--out'] === undefined && env.DATA_OUT === undefined ? `build/city/${basename(gtfs).replace(/\.zip$/i, '')}` : value('--out');
  return {
    source: resolve(ROOT, value('--source')),
    out: resolve(ROOT, out),
    basemap: resolve(ROOT, value('--basemap')),
    fonts: resolve(ROOT, value('--fonts')),
    dist: resolve(ROOT, 'dist'),
    lib: resolve(ROOT, 'build/lib'),
    examples: resolve(ROOT, 'examples'),
    tiles3d: resolve(ROOT, value('--tiles3d')),
    docsDist: resolve(ROOT, 'docs/.vitepress/dist'),
    port,
    host: value('--host'),
    ...(gtfs ? { gtfs: resolve(ROOT, gtfs), city: cityOptions(given) } : {}),
    ...(tripUpdates.length > 0 ? { tripUpdates } : {}),
    ...(vehiclePositions.length > 0 ? { vehiclePositions } : {}),
  };
}

function cityOptions(given: Record<string, string>): CityBuildOptions {
  const city: CityBuildOptions = {};
  for (const [flag, key] of Object.entries(CITY_FLAGS)) if (given[flag] !== undefined) city[key] = given[flag];
  return city;
}

/**
 * `url` when it is an absolute http(s) URL, else an error naming `flag` and what it takes (`what`: "a GTFS Realtime
 * feed", …).
 */
export function checkHttpUrl(url: string, flag: string, what: string): string {
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`Invalid ${flag} "${url}": expected the absolute http(s) URL of ${what}.`);
  return url;
}
