/**
 * Renders a {@link Map}'s interface (`ui/App.tsx`) into its container, from its resolved options.
 *
 * @internal
 * @module
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { RenderStats } from '../render-stats.ts';
import type { AppStore } from '../store.ts';
import { App } from '../ui/App.tsx';
import type { MapOptions, ResolvedMapOptions } from './option-types.ts';

export { prewarmBasemap } from '../ui/MapView.tsx';

/** What the interface is drawn with besides the options. */
export interface AppMount {
  store: AppStore;
  stats: RenderStats;
  /** The element of the API's markers, popups and panels. */
  overlay: HTMLElement | null;
}

/**
 * Creates the React root in `resolved.container` and renders the interface. `given` are the options as the page
 * passed them: a city bundle's own base map style applies only when they name no base map.
 */
export function mountApp(resolved: ResolvedMapOptions, given: MapOptions, { store, stats, overlay }: AppMount): Root {
  const root = createRoot(resolved.container);
  root.render(
    createElement(App, {
      store,
      basemap: {
        pmtilesUrl: resolved.basemapUrl,
        glyphsUrl: resolved.glyphsUrl,
        mapStyle: resolved.mapStyle,
        bundleStyle: given.mapStyle === undefined && given.basemapUrl === undefined,
      },
      stats,
      apiOverlay: overlay ?? undefined,
      // The resolved options carry the controls' switches (clockControl, …) under the names the interface reads.
      controls: resolved,
    }),
  );
  return root;
}
