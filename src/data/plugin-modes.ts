/**
 * When a plugin is visible: in the clock, search and view modes it lists (all of them by default).
 *
 * @module
 */

export const CLOCK_MODES = ['realtime', 'playback'] as const;
export const SEARCH_MODES = ['none', 'edit', 'route'] as const;
export const VIEW_MODES = ['ground', 'underground'] as const;

/** The modes a plugin shows in. */
export interface PluginModes {
  clockModes: readonly (typeof CLOCK_MODES)[number][];
  searchModes: readonly (typeof SEARCH_MODES)[number][];
  viewModes: readonly (typeof VIEW_MODES)[number][];
}

/** The map's modes now. */
export interface MapModes {
  clockMode: (typeof CLOCK_MODES)[number];
  searchMode: (typeof SEARCH_MODES)[number];
  viewMode: (typeof VIEW_MODES)[number];
}

/** Whether a plugin listing `modes` is visible in `now`. */
export function pluginVisible(modes: PluginModes, now: MapModes): boolean {
  return modes.clockModes.includes(now.clockMode) && modes.searchModes.includes(now.searchMode) && modes.viewModes.includes(now.viewMode);
}

/** A plugin's name in a language: that language's, else English, else the first one given, else its id. */
export function pluginName(names: Readonly<Record<string, string>>, lang: string, id: string): string {
  return names[lang] ?? names[lang.split('-')[0]] ?? names.en ?? Object.values(names)[0] ?? id;
}
