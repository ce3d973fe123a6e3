/**
 * Where the default data, base map and glyphs are found. The app resolves them
 * against its page (`data/` beside index.html). The library build (`/lib/index.js`)
 * resolves them against its own URL instead, one folder up (`/lib/../data/`), so
 * that any page on the same server gets the full map from `new Map({container})`.
 */
export function assetBase(): string {
  if (import.meta.env.TT_LIBRARY) return new URL(/* @vite-ignore */ '../', import.meta.url).href;
  return typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
}

/**
 * The library build's styles (`style.css` beside `index.js`) are linked into the
 * page by the first map, so that importing the module is all a page needs. The app
 * bundles its styles itself.
 */
export function ensureLibraryStyles(): void {
  if (!import.meta.env.TT_LIBRARY || typeof document === 'undefined') return;
  const href = new URL(/* @vite-ignore */ 'style.css', import.meta.url).href;
  if ([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href === href)) return;
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
}
