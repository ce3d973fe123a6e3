/**
 * What kind of failure a route search met, as a machine-readable tag the
 * interface turns into a message in its own language. The error's text stays
 * for developers (console, tests): it may name internal ids.
 *
 * @module
 */

/**
 * - `same-place`: the origin and the destination are the same station (or share a transfer group);
 * - `day-mismatch`: the day asked about is not the day loaded (its timetable is still loading);
 * - `bad-request`: a field of the request is out of range (a bug of the caller);
 * - `internal`: anything else (a failed worker, a bug of the search).
 */
export type RouteErrorKind = 'same-place' | 'day-mismatch' | 'bad-request' | 'internal';

/** A route search request that cannot be answered, with its {@link RouteErrorKind}. */
export class RouteSearchError extends RangeError {
  override name = 'RouteSearchError';
  constructor(
    /** What kind of failure. */
    readonly kind: RouteErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The kind of an error thrown by a route search: its own, `bad-request` for another RangeError, else `internal`. */
export function routeErrorKind(error: unknown): RouteErrorKind {
  if (error instanceof RouteSearchError) return error.kind;
  return error instanceof RangeError ? 'bad-request' : 'internal';
}

/** Whether two sets of stations (e.g. two transfer groups) share one: a route search between them has nothing to find. */
export function sharesStation(from: readonly number[], to: readonly number[]): boolean {
  return from.some((s) => to.includes(s));
}
