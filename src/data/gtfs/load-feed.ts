/**
 * Loading a GTFS feed: fetch the zip, open it, build the model. Every failure
 * is a {@link GtfsError} whose message starts with `GTFS feed <url>: `.
 *
 * @module
 */
import { buildFeed, type BuildFeedOptions } from './build-feed.ts';
import type { GtfsFeed } from './feed-model.ts';
import { GtfsError, messageOf } from './gtfs-error.ts';
import { openGtfsZip } from './gtfs-zip.ts';

/** Options of {@link loadGtfsFeed}. */
export interface LoadFeedOptions extends BuildFeedOptions {
  /** Cancels the download. */
  signal?: AbortSignal;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/**
 * Downloads and parses a GTFS zip.
 * @throws GtfsError `GTFS feed <url>: HTTP 404 Not Found.`, `… could not be
 *   downloaded (…)`, `… not a readable zip file (…)`, `… the GTFS zip has no
 *   shapes.txt (…)`, `… stops.txt line 12: required field "stop_name" is empty.`;
 *   an abort rejects with the signal's reason unchanged.
 */
export async function loadGtfsFeed(url: string, options: LoadFeedOptions = {}): Promise<GtfsFeed> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, { signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new GtfsError(`GTFS feed ${url}: the zip could not be downloaded (${messageOf(error)}; a network error, or the server does not allow cross-origin requests).`, { file: url }, { cause: error });
  }
  if (!response.ok) {
    throw new GtfsError(`GTFS feed ${url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`, { file: url });
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new GtfsError(`GTFS feed ${url}: the download broke off (${messageOf(error)}).`, { file: url }, { cause: error });
  }
  return parseGtfsZip(bytes, url, options);
}

/**
 * Parses the bytes of a GTFS zip; `source` (its URL or file name) starts every error message.
 * @throws GtfsError as {@link loadGtfsFeed}.
 */
export async function parseGtfsZip(data: ArrayBuffer | Uint8Array, source: string, options: BuildFeedOptions = {}): Promise<GtfsFeed> {
  try {
    return await buildFeed(await openGtfsZip(data), options);
  } catch (error) {
    if (!(error instanceof GtfsError)) throw error;
    throw new GtfsError(`GTFS feed ${source}: ${error.message}`, { file: error.file, line: error.line, field: error.field }, { cause: error });
  }
}
