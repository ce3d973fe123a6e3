/**
 * `npm run build`: the whole site as static files in one folder, `build/site/` (flag --site-out to change), for any
 * static server that answers HTTP range requests:
 *
 *     index.html, assets/, service-worker.js, manifest.webmanifest, icons   the app
 *     data/                                                                 the data bundle
 *     basemap/tokyo.pmtiles, basemap/fonts/                                 the base map and its glyphs (copied)
 *     lib/                                                                  the self-contained library
 *     docs/master/                                                          the documentation site
 *
 * The app, the data, the base map and the library find each other by relative URLs, so the folder can be served
 * under any path. The documentation site is the exception (VitePress links its pages from an absolute base): give the
 * path the folder will be served under with `--base` (default `/`), e.g. `npm run build -- --base /city/transit/`.
 * The data, base map and paths flags of `npm start` apply (scripts/config.ts).
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build as buildDocs } from 'vitepress';
import { DOCS_BASE, ROOT, resolvePaths } from './config.ts';
import { ensureBuilt } from './ensure-built.ts';

/** The value of `--name value` or `--name=value`, if given. */
function flag(argv: string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const [key, inline] = argv[i].split(/=(.*)/s, 2);
    if (key === name) return inline ?? argv[i + 1];
  }
  return undefined;
}

async function main() {
  const argv = process.argv.slice(2);
  const paths = resolvePaths(argv);
  const site = resolve(ROOT, flag(argv, '--site-out') ?? 'build/site');
  const base = (flag(argv, '--base') ?? '/').replace(/\/?$/, '/');
  if (!base.startsWith('/')) throw new Error(`--base must be an absolute path such as /city/transit/, not "${base}"`);
  await ensureBuilt(paths);

  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  cpSync(paths.dist, site, { recursive: true });
  cpSync(paths.out, join(site, 'data'), { recursive: true });
  cpSync(paths.lib, join(site, 'lib'), { recursive: true });
  const docs = join(site, DOCS_BASE.slice(1));
  if (base === '/') cpSync(paths.docsDist, docs, { recursive: true });
  else await buildDocs(join(ROOT, 'docs'), { base: base + DOCS_BASE.slice(1), outDir: docs });
  if (existsSync(paths.basemap)) cpSync(paths.basemap, join(site, 'basemap/tokyo.pmtiles'));
  else console.warn(`warning: base map not found at ${paths.basemap}; the site will show no base map.`);
  if (existsSync(paths.fonts)) cpSync(paths.fonts, join(site, 'basemap/fonts'), { recursive: true });
  else console.warn(`warning: glyphs not found at ${paths.fonts}; the base map will show no names.`);
  console.log(`The site is in ${site} (documentation for ${base}${DOCS_BASE.slice(1)}).`);
}

main().catch((e) => {
  console.error(`npm run build: ${(e as Error).message}`);
  process.exit(1);
});
