import { pauseWhileHiddenOrOffline } from '../data/polling/page-visibility.ts';
import { cityRealtimePoller, type CityRealtimeKind } from '../data/gtfs/city-realtime-poller.ts';
import type { TrainFeed } from '../data/trains/train-feed.ts';
import type { AppStore } from '../store.ts';

/** The GTFS Realtime feeds of a city bundle, absolute URLs. */
export interface CityFeedUrls {
  tripUpdates: readonly string[];
  vehiclePositions: readonly string[];
}

/**
 * Connects a city bundle's GTFS Realtime TripUpdate and VehiclePosition feeds
 * to a map, as `realtime-link.ts` does ODPT's for Tokyo: polls each feed while
 * the clock runs in real time and the page is visible and online, hands what
 * it says (delays, cancellations, where vehicles are) to the train simulation,
 * keeps the real-time state and update time in the store (app info), and
 * reports each distinct failure once through `onError`; the vehicles keep
 * running on their timetables meanwhile. Returns a function that stops it.
 */
export function linkCityRealtime(store: AppStore, feed: TrainFeed, feeds: CityFeedUrls, intervalMs: number | undefined, onError: (message: string) => void): () => void {
  const sources: { url: string; kind: CityRealtimeKind }[] = [
    ...feeds.tripUpdates.map((url) => ({ url, kind: 'trip-updates' as const })),
    ...feeds.vehiclePositions.map((url) => ({ url, kind: 'vehicle-positions' as const })),
  ];
  const urls = sources.map((s) => s.url);
  const realtimeMode = () => store.getState().clockMode === 'realtime';
  const failing = new Set<string>();
  const publish = (updatedAt?: number | null) => {
    const state = store.getState();
    if (failing.size === 0) state.feedRecovered('realtime');
    state.realtimeUpdated({
      lineStatuses: [],
      dynamicUpdated: updatedAt ? new Date(updatedAt).toISOString() : state.dynamicUpdated,
      realtimeState: failing.size > 0 ? 'failing' : updatedAt || state.realtimeState === 'ok' ? 'ok' : 'pending',
      timetableOnlyOperators: [],
    });
  };
  store.getState().setRealtimeState('pending');
  const pollers = sources.map(
    ({ url, kind }) =>
      cityRealtimePoller({
        url,
        kind,
        intervalMs,
        enabled: realtimeMode(),
        apply: (data) => feed.applyCityRealtime(url, data, realtimeMode()),
        onUpdate: ({ receivedAt }) => {
          failing.delete(url);
          publish(receivedAt);
        },
        onError: ({ message }) => {
          failing.add(url);
          publish();
          store.getState().feedFailed('realtime', message);
          onError(message);
        },
      }),
  );
  const stopWatching = pollers.map((poller) => pauseWhileHiddenOrOffline(poller));
  for (const poller of pollers) poller.start();
  const unsubscribe = store.subscribe((s, previous) => {
    if (s.clockMode === previous.clockMode) return;
    const enabled = s.clockMode === 'realtime';
    for (const poller of pollers) poller.setEnabled(enabled);
    for (const url of urls) feed.applyCityRealtime(url, undefined, enabled).catch((error: Error) => onError(`Train simulation: ${error.message}`));
  });
  return () => {
    for (const poller of pollers) poller.stop();
    for (const stop of stopWatching) stop();
    unsubscribe();
  };
}
