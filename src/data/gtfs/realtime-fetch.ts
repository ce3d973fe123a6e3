/**
 * One request of a GTFS Realtime feed and its decoding, as every GTFS
 * Realtime poller asks it: what failed comes back as a {@link GtfsError}
 * naming the feed's URL and why, never as a rejection.
 *
 * @module
 */
import type { PollTimers } from '../polling/poll-loop.ts';
import { fetchWithTimeout } from '../timed-fetch.ts';
import { GtfsError, messageOf } from './gtfs-error.ts';

/** How {@link fetchRealtimeFeed} asks. */
export interface RealtimeFetchOptions {
  url: string;
  /** Starts every message: `GTFS Realtime feed` (default), or the kind of feed. */
  label?: string;
  /** Poll interval, ms: messages say polling goes on at that pace. */
  intervalMs: number;
  timeoutMs: number;
  fetch: typeof fetch;
  signal: AbortSignal;
  timers?: PollTimers;
}

/** The failure `GTFS Realtime feed {url}: {what}`. */
export function realtimeFailure(options: Pick<RealtimeFetchOptions, 'url' | 'label'>, what: string, cause?: unknown): GtfsError {
  return new GtfsError(`${options.label ?? 'GTFS Realtime feed'} ${options.url}: ${what}`, { file: options.url }, { cause });
}

/** Fetches the feed and decodes its bytes with `decode` (which throws on bytes it cannot read): the decoded feed, or what failed. */
export async function fetchRealtimeFeed<T>(options: RealtimeFetchOptions, decode: (bytes: Uint8Array) => T): Promise<T | GtfsError> {
  const every = `polling goes on every ${options.intervalMs / 1000} s.`;
  const fail = (what: string, cause?: unknown) => realtimeFailure(options, what, cause);
  const outcome = await fetchWithTimeout(
    (timed) => options.fetch(options.url, { signal: timed, cache: 'no-store' }),
    async (response) => new Uint8Array(await response.arrayBuffer()),
    { timeoutMs: options.timeoutMs, signal: options.signal, timers: options.timers },
  );
  if (!outcome.ok) {
    const failure = outcome.failure;
    if (failure.kind === 'http') return fail(`${failure.status}; ${every}`);
    if (failure.kind === 'timeout') return fail(`no answer within ${options.timeoutMs / 1000} s; ${every}`);
    if (failure.kind === 'aborted') return fail('the request was cancelled.'); // ignored by the loop
    return fail(`the request failed (${messageOf(failure.error)}; a network error, or the server does not allow cross-origin requests); ${every}`, failure.error);
  }
  const bytes = outcome.body;
  try {
    return decode(bytes);
  } catch (error) {
    return fail(`the answer (${bytes.length} bytes) is ${messageOf(error)} Polling goes on every ${options.intervalMs / 1000} s.`, error);
  }
}
