import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { build as buildDocs } from 'vitepress';
import { ROOT, type ProjectPaths } from './config.ts';
import { buildDataBundle, buildGtfsBundle, isBundleStale, newestMtime, resolveDataDate } from './data-bundle.ts';

/** True when the built app is missing or older than its sources. */
export function appIsStale(dist: string): boolean {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = Math.max(
    newestMtime(join(ROOT, 'src'), 4),
    newestMtime(join(ROOT, 'public'), 2),
    ...['index.html', 'package.json', 'vite.config.ts', 'scripts/vite-webgl-only.ts'].map((f) => statSync(join(ROOT, f)).mtimeMs),
  );
  return sources > built;
}

/** True when a library build (its `index.js`, or `also` beside it) is missing or older than its sources and `config`. */
export function libraryIsStale(lib: string, config = 'vite.lib.config.ts', also: string[] = []): boolean {
  const outputs = ['index.js', ...also].map((file) => join(lib, file));
  if (!outputs.every((file) => existsSync(file))) return true;
  const sources = Math.max(newestMtime(join(ROOT, 'src'), 4), ...['package.json', config, 'scripts/vite-webgl-only.ts'].map((f) => statSync(join(ROOT, f)).mtimeMs));
  return sources > Math.min(...outputs.map((file) => statSync(file).mtimeMs));
}

/** The npm build (`npm run build:npm`: vite.npm.config.ts, then the type declarations), which `npm pack` ships. */
const NPM_BUILD = join(ROOT, 'build/npm');

const DOCS = join(ROOT, 'docs');
/** Folders of docs/ that are build output, not sources. */
const DOCS_OUTPUT = new Set(['.vitepress/dist', '.vitepress/cache', '.vitepress/.temp'].map((folder) => join(DOCS, folder)));

/** True when the built documentation is missing or older than its pages and configuration. */
export function docsAreStale(docsDist: string): boolean {
  const index = join(docsDist, 'index.html');
  if (!existsSync(index)) return true;
  return newestMtime(DOCS, 5, DOCS_OUTPUT) > statSync(index).mtimeMs;
}

/** Builds the data bundle and the app where they are missing or out of date. */
export async function ensureBuilt(paths: ProjectPaths, log: (line: string) => void = console.log): Promise<void> {
  if (isBundleStale(paths)) {
    log(`Building the data bundle from ${paths.gtfs ?? paths.source} …`);
    const { manifest, warnings } = paths.gtfs ? await buildGtfsBundle(paths.gtfs, paths.out, { ...paths.city, tripUpdates: paths.tripUpdates, vehiclePositions: paths.vehiclePositions }) : buildDataBundle(paths, { dataDate: resolveDataDate() });
    log(`  ${manifest.counts.railways} railways, ${manifest.counts.stations} stations; ${warnings.length} warnings (see ${paths.out}/manifest.json)`);
  }
  if (appIsStale(paths.dist)) {
    log('Building the app …');
    await build({ root: ROOT, logLevel: 'warn' });
  }
  if (libraryIsStale(paths.lib)) {
    log('Building the library …');
    await build({ root: ROOT, configFile: join(ROOT, 'vite.lib.config.ts'), logLevel: 'warn' });
  }
  if (libraryIsStale(NPM_BUILD, 'vite.npm.config.ts', ['types/index.d.ts'])) {
    log('Building the npm package …');
    await build({ root: ROOT, configFile: join(ROOT, 'vite.npm.config.ts'), logLevel: 'warn' });
    execFileSync('npx', ['tsc', '-p', 'tsconfig.lib.json'], { cwd: ROOT, stdio: 'inherit' });
  }
  if (docsAreStale(paths.docsDist)) {
    log('Building the documentation …');
    await buildDocs(DOCS); // into docs/.vitepress/dist, which is paths.docsDist
  }
}
