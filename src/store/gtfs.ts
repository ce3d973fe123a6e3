import type { GtfsFeedView, GtfsLinkApi, GtfsVehicleSet } from '../data/gtfs/feed-view.ts';
import type { GetState, SetState } from './slice.ts';

/** The GTFS data sources: their feeds, their vehicles, and the link to their worker. */
export interface GtfsSlice {
  /** Loaded GTFS data sources (routes and stops to draw), in the order they were added; changes when one is added or removed. */
  gtfsFeeds: GtfsFeedView[];
  /** The vehicles of each GTFS data source with a realtime feed, by source id; replaced at each poll. */
  gtfsVehicles: Record<string, GtfsVehicleSet>;
  /**
   * Ids of the data sources with a realtime feed, from their request until they are removed or fail: each has its
   * vehicle layer from the request on, so that the layer's GPU program is built while the map is still (see
   * `gtfsVehicleLayers`).
   */
  gtfsRealtimeSources: readonly string[];
  /** The main-thread side of the GTFS worker, once a data source has been added. */
  gtfsLink: GtfsLinkApi | null;

  setGtfsLink(link: GtfsLinkApi): void;
  /** A data source with a realtime feed was requested. */
  addGtfsRealtimeSource(id: string): void;
  /** A data source's feed has loaded (it replaces an earlier one of the same id). */
  gtfsFeedLoaded(feed: GtfsFeedView): void;
  /** A data source failed for good: its routes, stops and vehicle layer go. */
  gtfsSourceFailed(id: string): void;
  /** A data source was removed: it goes with its vehicles, and a tracked or pointed-at vehicle of it. */
  removeGtfsSource(id: string): void;
  /**
   * A data source's vehicles of the latest poll, or none (null). A tracked or pointed-at vehicle of the source that a
   * poll no longer has has left the feed: its tracking and its popup end.
   */
  setGtfsVehicles(id: string, vehicles: GtfsVehicleSet | null): void;
  /** No vehicle is shown any more (playback, hidden page): tracking a vehicle and its popup end. */
  clearGtfsVehicles(): void;
}

/** `ids` without `id` (the same array when it is not there). */
const without = (ids: readonly string[], id: string) => (ids.includes(id) ? ids.filter((i) => i !== id) : ids);

/** The GTFS slice: no data source yet. */
export function createGtfsSlice(set: SetState, get: GetState): GtfsSlice {
  /** Ends the tracking and the popup of the vehicles of source `id` that `gone` says have left. */
  const endVehicles = (id: string, gone: (vehicleId: string) => boolean) => {
    const { selection, hover } = get();
    if (selection?.kind === 'gtfs' && selection.source === id && gone(selection.vehicleId)) get().deselect();
    if (hover?.kind === 'gtfs' && hover.source === id && gone(hover.vehicleId)) get().endHover();
  };
  return {
    gtfsFeeds: [],
    gtfsVehicles: {},
    gtfsRealtimeSources: [],
    gtfsLink: null,
    setGtfsLink: (gtfsLink) => set({ gtfsLink }),
    addGtfsRealtimeSource: (id) => set({ gtfsRealtimeSources: [...get().gtfsRealtimeSources, id] }),
    gtfsFeedLoaded: (feed) => set({ gtfsFeeds: [...get().gtfsFeeds.filter((f) => f.id !== feed.id), feed] }),
    gtfsSourceFailed: (id) => {
      const { gtfsFeeds, gtfsRealtimeSources } = get();
      set({ gtfsFeeds: gtfsFeeds.filter((f) => f.id !== id), gtfsRealtimeSources: without(gtfsRealtimeSources, id) });
    },
    removeGtfsSource: (id) => {
      endVehicles(id, () => true);
      const { gtfsFeeds, gtfsVehicles, gtfsRealtimeSources } = get();
      const { [id]: _removed, ...others } = gtfsVehicles;
      set({ gtfsFeeds: gtfsFeeds.filter((f) => f.id !== id), gtfsVehicles: others, gtfsRealtimeSources: without(gtfsRealtimeSources, id) });
      get().feedRecovered(`gtfs:${id}`);
    },
    setGtfsVehicles: (id, vehicles) => {
      const gtfsVehicles = { ...get().gtfsVehicles };
      if (vehicles) {
        const ids = new Set(vehicles.vehicleIds);
        endVehicles(id, (vehicleId) => !ids.has(vehicleId));
        gtfsVehicles[id] = vehicles;
        get().feedRecovered(`gtfs:${id}`);
      } else delete gtfsVehicles[id];
      set({ gtfsVehicles });
    },
    clearGtfsVehicles: () => {
      get().deselect('gtfs');
      get().endHover('gtfs');
      set({ gtfsVehicles: {} });
    },
  };
}
