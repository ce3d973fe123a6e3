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
export { searchEarlier, searchJourneys, searchLater, fewerTransfersMargin, MARGIN_MAX_SECONDS, MARGIN_MIN_SECONDS, MARGIN_SHARE } from './search.ts';
export { DEFAULT_MAX_TRANSFERS, MAX_TRANSFERS_LIMIT, type RouteQuery, type StationInput } from './query.ts';
export type { TrainDelays } from './realtime-tables.ts';
export { LINE_CHANGE_SECONDS, SAME_STATION_TRANSFER_SECONDS, WALK_SECONDS_PER_METRE, transferSeconds } from './transfer-times.ts';
export type { Journey, JourneyKind, JourneyLeg, JourneyTransfer, LegStop, NoJourneyReason, RouteSearchResult } from './journey.ts';
