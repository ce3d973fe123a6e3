/**
 * A GTFS feed read for a city bundle: the feed model the extra-GTFS-feed
 * feature reads (same parser, same checks), plus the files only a bundle
 * needs (frequencies.txt, transfers.txt).
 *
 * @module
 */
import { buildFeed } from '../../gtfs/build-feed.ts';
import type { GtfsFeed } from '../../gtfs/feed-model.ts';
import { GtfsError } from '../../gtfs/gtfs-error.ts';
import { openGtfsZip } from '../../gtfs/gtfs-zip.ts';
import { readFrequencies, type GtfsFrequency } from '../../gtfs/read-frequencies.ts';
import { readTransfers } from '../../gtfs/read-transfers.ts';

/** A parsed feed with what the bundle needs beyond the drawn model. */
export interface CityFeed {
  feed: GtfsFeed;
  frequencies: GtfsFrequency[];
  /** Stop index pairs of transfers.txt. */
  transfers: [number, number][];
}

const indexById = (items: readonly { id: string }[]) => new Map(items.map((item, i) => [item.id, i]));

/**
 * Opens and parses a GTFS zip; `source` (its file name) starts every error message.
 * @throws GtfsError naming file, line and field of the first problem, e.g.
 *   `GTFS feed feed.zip: the GTFS zip has no shapes.txt (…)`.
 */
export async function readCityFeed(data: ArrayBuffer | Uint8Array, source: string): Promise<CityFeed> {
  try {
    const zip = await openGtfsZip(data);
    const feed = await buildFeed(zip);
    const frequencies = readFrequencies(await zip.text('frequencies.txt'), indexById(feed.trips));
    const transfers = readTransfers(await zip.text('transfers.txt'), indexById(feed.stops));
    return { feed, frequencies, transfers };
  } catch (error) {
    if (!(error instanceof GtfsError)) throw error;
    throw new GtfsError(`GTFS feed ${source}: ${error.message}`, { file: error.file, line: error.line, field: error.field }, { cause: error });
  }
}
