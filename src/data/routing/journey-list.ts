/**
 * Journeys shown together as one list (the journeys of several searches):
 * departure order, no two alike, and badges that hold for the list itself.
 *
 * @module
 */
import type { Journey, JourneyKind } from './journey.ts';

/** The first of `list` by `better` (negative when its first argument is better), or undefined when empty. */
function best(list: readonly Journey[], better: (a: Journey, b: Journey) => number): Journey | undefined {
  return list.reduce<Journey | undefined>((found, j) => (!found || better(j, found) < 0 ? j : found), undefined);
}

/**
 * `list` in departure order (then arrival), without the journeys of `added` already in it (same key), with its
 * kinds set for the list as a whole: `earliest-arrival` on the journey that arrives first (fewer transfers, then
 * a later departure, break ties) and `fewest-transfers` on the one with the fewest transfers (an earlier arrival,
 * then a later departure, break ties). A search marks the kinds among its own journeys only: after journeys of
 * later or earlier searches are added, its marks no longer hold. Journeys whose kinds change are copies.
 */
export function mergeJourneys(list: readonly Journey[], added: readonly Journey[] = []): Journey[] {
  const keys = new Set<string>();
  const all = [...list, ...added].filter((j) => !keys.has(j.key) && keys.add(j.key));
  all.sort((a, b) => a.departure - b.departure || a.arrival - b.arrival);
  const earliest = best(all, (a, b) => a.arrival - b.arrival || a.transferCount - b.transferCount || b.departure - a.departure);
  const fewest = best(all, (a, b) => a.transferCount - b.transferCount || a.arrival - b.arrival || b.departure - a.departure);
  return all.map((j) => {
    const kinds: JourneyKind[] = [];
    if (j === earliest) kinds.push('earliest-arrival');
    if (j === fewest) kinds.push('fewest-transfers');
    return kinds.length === j.kinds.length && kinds.every((k, i) => j.kinds[i] === k) ? j : { ...j, kinds };
  });
}
