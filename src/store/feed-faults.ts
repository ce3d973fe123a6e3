import type { GetState, SetState } from './slice.ts';

/** A live feed the app polls: the rain radar, the ODPT real-time train data, the airplanes, or a GTFS data source (`gtfs:<id>`). */
export type LiveFeed = 'rain' | 'realtime' | 'flights' | `gtfs:${string}`;

/** A live feed that is failing, with its latest error. */
export interface FeedFault {
  feed: LiveFeed;
  /** The latest error's message (English technical text). */
  message: string;
  /** When it failed last, ISO 8601. */
  at: string;
}

/** The live feeds failing now, for the app information panel. */
export interface FeedFaultsSlice {
  /** One entry per failing feed, in the order they first failed. */
  feedFaults: readonly FeedFault[];

  /** `feed` failed with `message` (its entry is replaced, or added). */
  feedFailed(feed: LiveFeed, message: string): void;
  /** `feed` works again, or is gone: its entry goes (nothing changes when it has none). */
  feedRecovered(feed: LiveFeed): void;
}

/** The feed faults' slice: nothing failing. */
export function createFeedFaultsSlice(set: SetState, get: GetState): FeedFaultsSlice {
  return {
    feedFaults: [],
    feedFailed: (feed, message) => {
      const fault = { feed, message, at: new Date().toISOString() };
      const faults = get().feedFaults;
      const index = faults.findIndex((f) => f.feed === feed);
      set({ feedFaults: index < 0 ? [...faults, fault] : faults.map((f, i) => (i === index ? fault : f)) });
    },
    feedRecovered: (feed) => {
      const faults = get().feedFaults;
      if (faults.some((f) => f.feed === feed)) set({ feedFaults: faults.filter((f) => f.feed !== feed) });
    },
  };
}
