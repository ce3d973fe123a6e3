/**
 * The site's theme: VitePress's default theme, plus
 * - a progress bar (no spinner) while a page loads (the default layout closes the sidebar on navigation);
 * - the outline's heading in view, throttled to 300 ms with a 10 px offset (OutlineAside.vue, aliased in config.ts);
 * - a route chunk that fails or hangs for 120 s shows an error naming the failure and the file;
 * - navigation to the page already shown is avoided quietly;
 * - the not-found page's language switch and home link point into the site, not to a path with the base twice;
 * - a path the specification redirects (a trailing slash, no `.html`, `index.html`) reached inside the site goes to
 *   its page, as the server redirects it;
 * - a page view is reported on each page change when the analytics snippet is configured (config.ts);
 * - a link to the map itself in the navbar;
 * - the colours of the pages' inline SVG diagrams (diagram.css).
 */
import type { Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import { watch } from 'vue';
import Layout from './Layout.vue';
import './diagram.css';
import { CHUNK_TIMEOUT_MS, REDUNDANT_NAVIGATION, chunkErrorMessage, chunkFile, isRedundantNavigation, notFoundRelativePath, pageRedirect } from './navigation';
import { chunkError, navigating } from './state';

declare global {
  interface Window {
    __VP_HASH_MAP__?: Record<string, string>;
    /** Tests shorten the chunk timeout with this. */
    __ttChunkTimeoutMs?: number;
    /** Defined by the analytics snippet in the head when analytics is configured. */
    ttPageView?: () => void;
  }
}

/** Imports a route chunk, failing with `error` or, after the timeout, `timeout`. */
function loadChunk(file: string, timeoutMs: number): Promise<'ok' | 'error' | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    import(/* @vite-ignore */ file).then(() => 'ok' as const, () => 'error' as const),
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
}

export default {
  extends: DefaultTheme,
  Layout,
  enhanceApp({ router, siteData }) {
    if (typeof window === 'undefined') return;
    const base = () => siteData.value.base;

    // A path the specification redirects (`…/map.html/`, `…/map`), reached without the server (a link inside the
    // site, a plain static host's 404 page): go to its page in place of this one.
    let redirecting = false;
    const redirect = () => {
      const target = import.meta.env.DEV ? null : pageRedirect(location.pathname, base(), window.__VP_HASH_MAP__ ?? {});
      if (!target) return false;
      history.replaceState(history.state, '', target + location.search + location.hash);
      redirecting = true;
      setTimeout(() => void router.go(location.href));
      return true;
    };

    // VitePress names a not-found page after the browser path, base included: take the base out.
    watch(
      () => router.route.data,
      (data) => {
        if (!data.isNotFound || redirect()) return;
        const relativePath = notFoundRelativePath(data.relativePath, base());
        if (relativePath !== data.relativePath) router.route.data = { ...data, relativePath };
      },
      { flush: 'sync', immediate: true },
    );

    let initial = true;
    router.onBeforeRouteChange = (href) => {
      if (redirecting) {
        redirecting = false;
        return true;
      }
      if (!initial && isRedundantNavigation(href, location.href)) {
        console.debug(`${REDUNDANT_NAVIGATION}: "${new URL(href, location.href).pathname}"`);
        return false;
      }
      return true;
    };
    router.onBeforePageLoad = async (href) => {
      if (initial || import.meta.env.DEV) return true;
      navigating.value = true;
      chunkError.value = null;
      const path = new URL(href, location.href).pathname;
      const file = chunkFile(path, base(), window.__VP_HASH_MAP__ ?? {});
      if (!file) return true; // no such page: the router shows the not-found page
      const result = await loadChunk(file, window.__ttChunkTimeoutMs ?? CHUNK_TIMEOUT_MS);
      if (result === 'ok') return true;
      if (result === 'error') {
        // After a new deployment the page's file has another name: let VitePress's router load it (it refreshes
        // its hash map itself) instead of reporting the old name.
        try {
          const fresh = (await (await fetch(`${base()}hashmap.json`)).json()) as Record<string, string>;
          const renamed = chunkFile(path, base(), fresh);
          if (renamed && renamed !== file) return true;
        } catch {
          // no fresher map: report the failure below
        }
      }
      const message = chunkErrorMessage(result, new URL(file, location.href).href);
      console.error(`Failed to resolve async component: ${message}`);
      chunkError.value = { message, file, path: href };
      navigating.value = false;
      return false;
    };
    router.onAfterRouteChange = () => {
      navigating.value = false;
      if (!initial) window.ttPageView?.();
      initial = false;
    };
  },
} satisfies Theme;
