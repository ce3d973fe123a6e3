/**
 * Id → index maps of a feed, for ids that come from outside (GTFS Realtime).
 * Built on demand, not stored in the model (Maps would double its size in
 * transfer and are cheap to rebuild where needed).
 *
 * @module
 */
import type { GtfsFeed } from './feed-model.ts';

/** Indexes into a feed's arrays by GTFS id. */
export interface FeedIndex {
  trips: ReadonlyMap<string, number>;
  routes: ReadonlyMap<string, number>;
  stops: ReadonlyMap<string, number>;
}

/** Builds the id maps of a feed. */
export function indexFeed(feed: Pick<GtfsFeed, 'trips' | 'routes' | 'stops'>): FeedIndex {
  const byId = (items: readonly { id: string }[]) => new Map(items.map((item, i) => [item.id, i]));
  return { trips: byId(feed.trips), routes: byId(feed.routes), stops: byId(feed.stops) };
}
