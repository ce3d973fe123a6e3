/**
 * In-browser route search over the day's timetables (RAPTOR), aware of
 * real-time delays. Pure data code: plain data in, plain serialisable
 * results out, so it can run in a worker.
 *
 * Build the index once per day's timetable with {@link buildRoutingIndex}
 * (lazily, on the first search), then call {@link searchJourneys}, and
 * {@link searchLater} / {@link searchEarlier} for the next and previous journeys.
 *
 * @module
 */
export { buildRoutingIndex, type RoutingIndex } from './routing-index.ts';
export { searchEarlier, searchJourneys, searchLater, fewerTransfersMargin } from './search.ts';
export { LINE_CHANGE_SECONDS, transferSeconds } from './transfer-times.ts';
export type { Journey } from './journey.ts';
