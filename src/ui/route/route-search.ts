import type { Journey, NoJourneyReason } from '../../data/routing/journey.ts';
import { mergeJourneys } from '../../data/routing/journey-list.ts';
import type { ClockZone } from '../../data/clock-zone.ts';
import type { RouteErrorKind } from '../../data/routing/route-error.ts';
import { routeFailure, type RouteAnswer } from '../../data/trains/worker-protocol.ts';
import type { AppStore } from '../../store.ts';

/** What a search tells the person when it found nothing or failed: a message id and its values. */
export interface RouteNotice {
  id: string;
  values?: Record<string, string>;
}

const NONE_MESSAGES = { 'after-last-train': 'route.noneAfter', 'before-first-train': 'route.noneBefore', 'no-connection': 'route.noneAtAll' } as const;
/** What a person reads about a failed search: one line, no internal ids (those go to the console). */
const FAILURE_MESSAGES: Record<RouteErrorKind, string> = {
  'same-place': 'route.samePlace',
  'day-mismatch': 'route.dayMismatch',
  'bad-request': 'route.error',
  internal: 'route.error',
};

/** Whole seconds of the service day (03:00 to 27:00 on the map's clock `zone`) at an instant. */
export function serviceSecondsAt(epochMs: number, zone: ClockZone): number {
  return Math.floor(zone.serviceDaySeconds(epochMs));
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

export { mergeJourneys };

/** Journeys a search gathers before it shows them (or adds when paging past either end), so the count shown holds. */
export const JOURNEYS_PER_PAGE = 5;

/**
 * Runs the search of the criteria in the store (first page), or the journeys after the last / before the first
 * journey found (`later` / `earlier`), and puts them in the store. Each page gathers up to
 * {@link JOURNEYS_PER_PAGE} journeys (several searches, each after or before the previous one's) before showing
 * them. Resolves with a notice when there is nothing new.
 */
export async function runRouteSearch(store: AppStore, page: 'first' | 'later' | 'earlier' = 'first'): Promise<RouteNotice | null> {
  const { trainFeed, routeCriteria, routeJourneys, clock, clockZone } = store.getState();
  const { from, to } = routeCriteria;
  if (!from || !to) return { id: 'route.missing' };
  if (!trainFeed) return { id: 'route.dayMismatch' };
  const departure = routeCriteria.departure ?? serviceSecondsAt(clock.now(), clockZone);
  const direction = page === 'earlier' ? 'earlier' : 'later';
  let list = page === 'first' ? [] : routeJourneys;
  let found: Journey[] = [];
  let failure: RouteNotice | null = null;
  let none: NoJourneyReason | null = null;
  while (found.length < JOURNEYS_PER_PAGE) {
    const reference = direction === 'later' ? list[list.length - 1] : list[0];
    const answer = await trainFeed.route(from.stations, to.stations, departure, reference ? direction : 'first', reference && { departure: reference.departure, arrival: reference.arrival });
    if (!answer.result) {
      failure = failureNotice(answer);
      break;
    }
    const merged = mergeJourneys(list, answer.result.journeys);
    if (merged.length === list.length) {
      none = answer.result.none;
      break;
    }
    found = [...found, ...answer.result.journeys.filter((j) => !list.some((k) => k.key === j.key))];
    list = merged;
  }
  // A failure after some journeys were found leaves those journeys shown.
  if (!found.length) {
    const reason = page === 'first' ? (none ?? 'no-connection') : direction === 'later' ? 'after-last-train' : 'before-first-train';
    return failure ?? { id: NONE_MESSAGES[reason] };
  }
  if (page === 'first') {
    store.getState().showJourneys(list, Math.max(0, list.findIndex((j) => j.kinds.includes('earliest-arrival'))));
    return null;
  }
  const state = store.getState();
  const current = state.routeJourneys[state.routeJourneyIndex]?.key;
  const at = list.findIndex((j) => j.key === current);
  state.pageJourneys(list, Math.max(0, Math.min(list.length - 1, at + (page === 'later' ? 1 : -1))));
  return null;
}

/** The one-line message of a failed search; its English detail (which may name internal ids) goes to the console. */
function failureNotice(answer: RouteAnswer): RouteNotice {
  const kind = routeFailure(answer);
  if (kind === 'bad-request' || kind === 'internal') console.warn(`Route search failed: ${answer.error ?? kind}`);
  return { id: FAILURE_MESSAGES[kind] };
}
