/**
 * What the theme does around page changes, as plain functions (unit-tested in tests/unit/docs.test.ts):
 * the route chunk a path loads, the not-found page's path without the site base, redundant navigation,
 * the chunk-load error message, and the outline's heading in view.
 */

/** How long a route chunk may take before its load counts as failed (the specification's 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Scroll handler throttle of the outline, ms. */
export const OUTLINE_THROTTLE_MS = 300;
/** Headings count as in view this many pixels below the top bar. */
export const OUTLINE_HEADING_OFFSET_PX = 10;
/** Message of a navigation to the page already shown (logged at debug level, never thrown). */
export const REDUNDANT_NAVIGATION = 'Avoided redundant navigation to current location';

// The file-name rule of VitePress's build (rollup's sanitizeFileName), as its client router applies it.
const INVALID_CHAR = /[\u0000-\u001F"#$&*+,:;<=>?[\]^`{|}\u007F]/g;
function sanitizeFileName(name: string): string {
  return name.replace(INVALID_CHAR, '_').replace(/(^|\/)_+(?=[^/]*$)/, '$1');
}

/**
 * The route chunk of a page path in a production build (what VitePress's router imports), or null when the site
 * has no such page: `/docs/master/user-guide/gtfs.html` → `/docs/master/assets/user-guide_gtfs.md.<hash>.js`.
 */
export function chunkFile(pathname: string, base: string, hashMap: Record<string, string>, assetsDir = 'assets'): string | null {
  if (!pathname.startsWith(base)) return null;
  let page = pageName(pathname, base);
  let hash = hashMap[page.toLowerCase()];
  if (!hash) {
    page = page.endsWith('_index.md') ? page.slice(0, -9) + '.md' : page.slice(0, -3) + '_index.md';
    hash = hashMap[page.toLowerCase()];
  }
  return hash ? `${base}${assetsDir}/${page}.${hash}.js` : null;
}

/** The name VitePress gives the page of a path below `base` in its hash map: `…/api/map.html` → `developer-guide_api_map.md`. */
function pageName(pathname: string, base: string): string {
  const page = decodeURIComponent(pathname.replace(/\.html$/, '')).replace(/\/$/, '/index');
  return sanitizeFileName(page.slice(base.length).replace(/\//g, '_') || 'index') + '.md';
}

/**
 * Where the specification redirects a path of a production build that is no page as written, or null: a path
 * ending in `index.html` goes to its folder, a path with a trailing slash (`…/map.html/`, `…/map/`) or without
 * `.html` (`…/map`) to the page that exists for it (`…/map.html`, or the folder `…/guide/`). The pages are the
 * keys of VitePress's hash map. The server does the same for a page loaded from it (scripts/static-server.ts).
 */
export function pageRedirect(pathname: string, base: string, hashMap: Record<string, string>): string | null {
  // A page as written ends in `.html` or `/` (a folder's index), and is in the hash map.
  const isPage = (path: string) => {
    if (!path.startsWith(base) || !(path.endsWith('.html') || path.endsWith('/'))) return false;
    try {
      return pageName(path, base).toLowerCase() in hashMap;
    } catch {
      return false; // a malformed escape
    }
  };
  const folder = (path: string) => path.replace(/index\.html$/, '');
  if (/\/index\.html$/.test(pathname)) return isPage(pathname) ? folder(pathname) : null;
  if (isPage(pathname)) return null;
  const bare = pathname.replace(/\/+$/, '');
  const candidates = pathname.endsWith('/') ? [bare, `${bare}.html`] : /\.[^/]*$/.test(bare) ? [] : [`${bare}.html`, `${bare}/`];
  const found = candidates.find(isPage);
  return found ? folder(found) : null;
}

/**
 * The path, relative to the site's source, that a not-found page stands for. VitePress's router keeps the browser
 * path with the site base in it (`docs/master/ja/x.md`), which sends the language switch to
 * `/docs/master/ja/docs/master/x.html`; without the base the switch goes to the same page in the other language.
 */
export function notFoundRelativePath(relativePath: string, base: string): string {
  const prefix = base.replace(/^\//, '');
  return prefix && relativePath.startsWith(prefix) ? relativePath.slice(prefix.length) || 'index.md' : relativePath;
}

/** Whether going to `href` would only reload the page at `current` (same path, query and hash). */
export function isRedundantNavigation(href: string, current: string): boolean {
  const a = new URL(href, current);
  const b = new URL(current);
  const page = (u: URL) => u.pathname.replace(/index\.html$/, '');
  return a.origin === b.origin && page(a) === page(b) && a.search === b.search && a.hash === b.hash;
}

/** The message of a route chunk that could not be loaded: what failed (`error` or `timeout`) and the file. */
export function chunkErrorMessage(kind: 'error' | 'timeout', file: string): string {
  return `Loading chunk failed. (${kind}: ${file})`;
}

/**
 * The heading whose section is in view: the last one whose top is at or above the top bar's bottom plus
 * {@link OUTLINE_HEADING_OFFSET_PX}; the first at the very top of the page is none, the last at its bottom.
 */
export function headingInView(
  headings: readonly { id: string; top: number }[],
  scrollY: number,
  topBar: number,
  atBottom: boolean,
): string | null {
  if (!headings.length || scrollY < 1) return null;
  if (atBottom) return headings[headings.length - 1].id;
  let active: string | null = null;
  for (const h of headings) {
    if (h.top > scrollY + topBar + OUTLINE_HEADING_OFFSET_PX) break;
    active = h.id;
  }
  return active;
}

/** Runs `fn` at most once per `ms`, and once more at the end of a burst (so the last position counts). */
export function throttle(fn: () => void, ms: number, now: () => number = Date.now): () => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    const wait = last + ms - now();
    if (wait <= 0) {
      last = now();
      fn();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        last = now();
        fn();
      }, wait);
    }
  };
}
