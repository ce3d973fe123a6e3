import type { ReportError } from '../data/map-error.ts';
import type { RainGrid } from '../data/weather/rain-grid.ts';
import type { CustomLayer } from '../layers/layer-types.ts';
import type { GetState, SetState } from './slice.ts';

/** Ids of the built-in map layers. `rain` is off unless switched on (it reads a weather service on the internet). */
export const BUILT_IN_LAYERS = ['railways', 'stations', 'station-names', 'trains', 'flights', 'buildings', 'rain'] as const;
export type BuiltInLayer = (typeof BUILT_IN_LAYERS)[number];

/** What the layers panel shows of a plugin and switches. */
export interface PluginEntry {
  id: string;
  names: Record<string, string>;
  iconStyle: string;
  enabled: boolean;
  visible: boolean;
}

/** What the map's own parts do for the store's actions (the `Map` gives them; nothing by default). */
export interface MapCallbacks {
  /** Switches a plugin on or off (the `Map` runs its callbacks). */
  togglePlugin: (id: string) => void;
  /** Reports a failure as the map's `error` event. */
  reportError: ReportError;
}

/** The layers shown: built-in, added through the API, plugins, and the rain's data. */
export interface LayersSlice extends MapCallbacks {
  /** Built-in layers shown (layer settings). */
  layerVisibility: Record<BuiltInLayer, boolean>;
  /** Layers added through the API, in the order they were added (drawn in that order, over the network). */
  customLayers: CustomLayer[];
  /** Plugins added to the map, in the order added, as the layers panel shows them. */
  plugins: PluginEntry[];
  /** Precipitation of the latest radar frame read (see `api/rain-link.ts`), or null. */
  rainGrid: RainGrid | null;

  setLayerVisibility(id: BuiltInLayer, visible: boolean): void;
  addCustomLayer(layer: CustomLayer): void;
  removeCustomLayer(id: string): void;
  setCustomLayerVisibility(id: string, visible: boolean): void;
  /** The plugins' entries as the layers panel shows them. */
  setPlugins(entries: PluginEntry[]): void;
  setRainGrid(grid: RainGrid | null): void;
}

/** The layers slice: every built-in layer shown but the rain (unless `initial.rain`), nothing added. */
export function createLayersSlice(set: SetState, get: GetState, initial: { rain?: boolean } & Partial<MapCallbacks>): LayersSlice {
  return {
    layerVisibility: { railways: true, stations: true, 'station-names': true, trains: true, flights: true, buildings: true, rain: initial.rain ?? false },
    customLayers: [],
    plugins: [],
    rainGrid: null,
    togglePlugin: initial.togglePlugin ?? (() => undefined),
    reportError: initial.reportError ?? (() => undefined),
    setLayerVisibility: (id, visible) => set({ layerVisibility: { ...get().layerVisibility, [id]: visible } }),
    addCustomLayer: (layer) => set({ customLayers: [...get().customLayers, layer] }),
    removeCustomLayer: (id) => set({ customLayers: get().customLayers.filter((l) => l.id !== id) }),
    setCustomLayerVisibility: (id, visible) => set({ customLayers: get().customLayers.map((l) => (l.id === id ? { ...l, visible } : l)) }),
    setPlugins: (plugins) => set({ plugins }),
    setRainGrid: (rainGrid) => set({ rainGrid }),
  };
}
