import type { Journey } from '../../data/routing/journey.ts';
import { serviceDaySeconds } from '../../data/japan-time.ts';
import { ROUTE_DAY_MISMATCH } from '../../data/trains/worker-protocol.ts';
import type { AppStore } from '../../store.ts';

/** What a search tells the person when it found nothing or failed: a message id and its values. */
export interface RouteNotice {
  id: string;
  values?: Record<string, string>;
}

const NONE_MESSAGES = { 'after-last-train': 'route.noneAfter', 'before-first-train': 'route.noneBefore', 'no-connection': 'route.noneAtAll' } as const;

/** Whole seconds of the service day (03:00 to 27:00, Japan time) at an instant. */
export function serviceSecondsAt(epochMs: number): number {
  return Math.floor(serviceDaySeconds(epochMs));
}

/** Service-day seconds of "HH:MM" (times before 03:00 belong to the end of the service day). */
export function serviceSecondsOf(hhmm: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 23 || m > 59) return null;
  return ((h < 3 ? h + 24 : h) * 60 + m) * 60;
}

/** Adds journeys to a list in departure order, leaving out the ones already in it (same key). */
export function mergeJourneys(list: Journey[], found: Journey[]): Journey[] {
  const keys = new Set(list.map((j) => j.key));
  const added = found.filter((j) => !keys.has(j.key) && keys.add(j.key));
  return [...list, ...added].sort((a, b) => a.departure - b.departure || a.arrival - b.arrival);
}

/**
 * Runs the search of the criteria in the store (first page), or the journeys after the last / before the first
 * journey found (`later` / `earlier`), and puts them in the store. Resolves with a notice when there is nothing new.
 */
export async function runRouteSearch(store: AppStore, page: 'first' | 'later' | 'earlier' = 'first'): Promise<RouteNotice | null> {
  const { trainFeed, routeCriteria, routeJourneys, clock } = store.getState();
  const { from, to } = routeCriteria;
  if (!from || !to) return { id: 'route.missing' };
  if (!trainFeed) return { id: 'route.dayMismatch' };
  const departure = routeCriteria.departure ?? serviceSecondsAt(clock.now());
  const reference = page === 'later' ? routeJourneys[routeJourneys.length - 1] : page === 'earlier' ? routeJourneys[0] : undefined;
  const answer = await trainFeed.route(from.stations, to.stations, departure, reference ? page : 'first', reference && { departure: reference.departure, arrival: reference.arrival });
  if (!answer.result) return answer.error === ROUTE_DAY_MISMATCH ? { id: 'route.dayMismatch' } : { id: 'route.error', values: { message: answer.error ?? '' } };
  const { journeys, none } = answer.result;
  if (page === 'first') {
    if (!journeys.length) return { id: NONE_MESSAGES[none ?? 'no-connection'] };
    const sorted = mergeJourneys([], journeys);
    store.getState().showJourneys(sorted, Math.max(0, sorted.findIndex((j) => j.kinds.includes('earliest-arrival'))));
    return null;
  }
  const current = store.getState().routeJourneys[store.getState().routeJourneyIndex];
  const merged = mergeJourneys(store.getState().routeJourneys, journeys);
  if (merged.length === routeJourneys.length) return { id: page === 'later' ? 'route.noneAfter' : 'route.noneBefore' };
  const at = merged.indexOf(current);
  store.getState().pageJourneys(merged, Math.max(0, Math.min(merged.length - 1, at + (page === 'later' ? 1 : -1))));
  return null;
}
