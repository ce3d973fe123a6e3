/**
 * Where the default data, base map and glyphs are found.
 * - The app, and the npm build once a consumer's bundler has re-bundled it, resolve them against the page
 *   (`data/` beside index.html; a bundled chunk's own URL says nothing about where the data is served).
 * - The self-contained build (`/lib/index.js`) resolves them against its own URL instead, one folder up
 *   (`/lib/../data/`), so that any page on the same server gets the full map from `new Map({container})`.
 * The `dataUrl`, `basemapUrl` and `glyphsUrl` options override them.
 */
export function assetBase(): string {
  if (import.meta.env.TT_LIBRARY === 'standalone') return new URL(/* @vite-ignore */ '../', import.meta.url).href;
  return typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
}

/**
 * The self-contained build's styles (`style.css` beside `index.js`) are linked into the page by the first map, so
 * that importing the module is all a page needs. The app bundles its styles itself, and a consumer of the npm
 * build imports `tokyo-transit-3d/style.css` into its own bundle.
 */
export function ensureLibraryStyles(): void {
  if (import.meta.env.TT_LIBRARY !== 'standalone' || typeof document === 'undefined') return;
  const href = new URL(/* @vite-ignore */ 'style.css', import.meta.url).href;
  if ([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href === href)) return;
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
}
