import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { build as buildDocs } from 'vitepress';
import { ROOT, type ProjectPaths } from './config.ts';
import { buildDataBundle, isBundleStale, newestMtime } from './data-bundle.ts';

/** True when the built app is missing or older than its sources. */
export function appIsStale(dist: string): boolean {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = Math.max(
    newestMtime(join(ROOT, 'src'), 4),
    newestMtime(join(ROOT, 'public'), 2),
    ...['index.html', 'package.json', 'vite.config.ts'].map((f) => statSync(join(ROOT, f)).mtimeMs),
  );
  return sources > built;
}

/** Folders of docs/ that are build output, not sources. */
const DOCS_OUTPUT = ['.vitepress/dist', '.vitepress/cache'];

/** Newest modification time under a folder, leaving out some of its subfolders. */
function newestSourceMtime(root: string, skip: string[], depth: number, prefix = ''): number {
  let newest = 0;
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (depth > 0 && !skip.includes(relative)) newest = Math.max(newest, newestSourceMtime(root, skip, depth - 1, relative));
    } else newest = Math.max(newest, statSync(join(root, relative)).mtimeMs);
  }
  return newest;
}

/** True when the built documentation is missing or older than its pages and configuration. */
export function docsAreStale(docsDist: string): boolean {
  const index = join(docsDist, 'index.html');
  if (!existsSync(index)) return true;
  return newestSourceMtime(join(ROOT, 'docs'), DOCS_OUTPUT, 5) > statSync(index).mtimeMs;
}

/** Builds the data bundle and the app where they are missing or out of date. */
export async function ensureBuilt(paths: ProjectPaths, log: (line: string) => void = console.log): Promise<void> {
  if (isBundleStale(paths)) {
    log(`Building the data bundle from ${paths.source} …`);
    const { manifest, warnings } = buildDataBundle(paths);
    log(`  ${manifest.counts.railways} railways, ${manifest.counts.stations} stations; ${warnings.length} warnings (see ${paths.out}/manifest.json)`);
  }
  if (appIsStale(paths.dist)) {
    log('Building the app …');
    await build({ root: ROOT, logLevel: 'warn' });
  }
  if (docsAreStale(paths.docsDist)) {
    log('Building the documentation …');
    await buildDocs(join(ROOT, 'docs')); // into docs/.vitepress/dist, which is paths.docsDist
  }
}
