import type { BundleManifest } from '../data/bundle/manifest.ts';
import { clockZoneOf, TOKYO_CLOCK_ZONE, type ClockZone } from '../data/clock-zone.ts';
import type { Network } from '../data/network.ts';
import type { LineStatus } from '../data/realtime/odpt-parse.ts';
import type { TrainFeed } from '../data/trains/train-feed.ts';
import type { GetState, SetState } from './slice.ts';

export type DataStatus = 'idle' | 'loading' | 'ready' | 'error';
/** State of the real-time service: no token at all (timetables only), waiting, working, or failing. */
export type RealtimeState = 'off' | 'no-token' | 'pending' | 'ok' | 'failing';

/** The network's data, the trains that run on it and the real-time service's news. */
export interface NetworkSlice {
  dataStatus: DataStatus;
  dataError: string | null;
  manifest: BundleManifest | null;
  /**
   * The zone this map's clock runs in: Japan time until the bundle is read, then the bundle's (`manifest.city.timeZone`
   * for a bundle built from a GTFS feed). Each map has its own, so maps of different cities on one page keep their own.
   */
  clockZone: ClockZone;
  network: Network | null;
  /**
   * Date of the static data (timetables, network): the data set's own date (YYYY-MM-DD) when the bundle has one, else
   * its files' last modification (ISO 8601 date and time); and the last update of real-time data, ISO 8601.
   */
  staticUpdated: string | null;
  dynamicUpdated: string | null;
  /** Set once the map has drawn its first frame with the network. */
  networkDrawn: boolean;
  /** Station names currently drawn on the map (for assistive technology). */
  stationNamesInView: string[];
  /** Train positions from the simulation worker, once the network is loaded. */
  trainFeed: TrainFeed | null;
  /** Operation information per line from the real-time service. */
  lineStatuses: LineStatus[];
  realtimeState: RealtimeState;
  /** Operators shown from timetables only because their host has no token. */
  timetableOnlyOperators: string[];

  /** The name of the city whose network is being read, once its manifest says (a bundle built from a GTFS feed). */
  loadingCity: string | null;
  /** The manifest and the network file are being read; `city` once a city bundle's manifest has been read. */
  networkLoading(city?: string): void;
  /**
   * The bundle is read; the clock zone becomes the manifest's.
   * @throws RangeError for a manifest's time zone the JavaScript engine does not know (nothing is changed)
   */
  networkLoaded(manifest: BundleManifest, network: Network): void;
  networkFailed(message: string): void;
  /** The map has drawn the network for the first time. */
  setNetworkDrawn(): void;
  /** The station names drawn now (a list equal to the current one changes nothing). */
  setStationNamesInView(names: string[]): void;
  setTrainFeed(feed: TrainFeed): void;
  setRealtimeState(state: RealtimeState): void;
  /** What an answer of the real-time service brought. */
  realtimeUpdated(update: Pick<NetworkSlice, 'lineStatuses' | 'dynamicUpdated' | 'realtimeState' | 'timetableOnlyOperators'>): void;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The network slice: nothing loaded yet. */
export function createNetworkSlice(set: SetState, get: GetState): NetworkSlice {
  return {
    dataStatus: 'idle',
    dataError: null,
    manifest: null,
    clockZone: TOKYO_CLOCK_ZONE,
    network: null,
    staticUpdated: null,
    dynamicUpdated: null,
    networkDrawn: false,
    stationNamesInView: [],
    trainFeed: null,
    lineStatuses: [],
    realtimeState: 'off',
    timetableOnlyOperators: [],
    loadingCity: null,
    networkLoading: (city) => set({ dataStatus: 'loading', loadingCity: city ?? null }),
    networkLoaded: (manifest, network) => set({ manifest, clockZone: clockZoneOf(manifest.city?.timeZone), network, dataStatus: 'ready', staticUpdated: manifest.dataDate ?? manifest.sourceModified }),
    networkFailed: (message) => set({ dataStatus: 'error', dataError: message }),
    setNetworkDrawn: () => {
      if (!get().networkDrawn) set({ networkDrawn: true });
    },
    setStationNamesInView: (names) => {
      if (!sameList(names, get().stationNamesInView)) set({ stationNamesInView: names });
    },
    setTrainFeed: (trainFeed) => set({ trainFeed }),
    setRealtimeState: (realtimeState) => set({ realtimeState }),
    realtimeUpdated: (update) => set(update),
  };
}
