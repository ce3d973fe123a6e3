import { pauseWhileHiddenOrOffline } from '../data/polling/page-visibility.ts';
import { defaultOdptTokens, ODPT_HOSTS } from '../data/realtime/odpt-config.ts';
import { OdptClient, type OdptSecrets } from '../data/realtime/odpt-client.ts';
import { RemoteOdptSource } from '../data/realtime/odpt-remote.ts';
import { RealtimePoller, type RealtimeUpdate } from '../data/realtime/poller.ts';
import type { CityManifest } from '../data/bundle/manifest.ts';
import type { TrainFeed } from '../data/trains/train-feed.ts';
import type { AppStore } from '../store.ts';
import type { RealtimeOptions } from './option-types.ts';
import type { CityFeedUrls } from './city-realtime-link.ts';
// `Worker` that names its script in errors; imported under that name so that bundlers still see `new Worker(new URL(…))`.
import { Worker } from '../data/worker/script-worker.ts';

/** The bundle the map runs on: a city's (built from a GTFS feed) or Tokyo's, and the page's URL, against which feed URLs resolve. */
export interface RealtimeBundle {
  city: CityManifest | undefined;
  base: string;
}

/**
 * Connects the real-time data to a map. For a city bundle with GTFS Realtime TripUpdate or VehiclePosition feeds,
 * that is {@link linkCityRealtime} (loaded then). Otherwise the ODPT data: polls while the clock runs in
 * real time and the page is visible, hands delays to the train simulation,
 * keeps line statuses and update times in the store, and reports each
 * distinct failure once through `onError`. Returns a function that stops it.
 */
export function linkRealtime(store: AppStore, feed: TrainFeed, secrets: OdptSecrets, options: RealtimeOptions, onError: (message: string) => void, { city, base }: RealtimeBundle): () => void {
  // A city bundle's GTFS Realtime feeds (each kind the option's, else the bundle's) take the place of ODPT's; their code
  // loads only then.
  const tripUpdates = options.tripUpdates ?? city?.realtime?.tripUpdates ?? [];
  const vehiclePositions = options.vehiclePositions ?? city?.realtime?.vehiclePositions ?? [];
  const absolute = (urls: readonly string[]) => urls.map((url) => new URL(url, base).href);
  if (city && tripUpdates.length + vehiclePositions.length > 0) {
    return linkCityFeeds(store, feed, { tripUpdates: absolute(tripUpdates), vehiclePositions: absolute(vehiclePositions) }, options.intervalMs, onError);
  }
  for (const [name, urls] of [['tripUpdates', options.tripUpdates], ['vehiclePositions', options.vehiclePositions]] as const) {
    if (urls?.length) onError(`The realtime.${name} option applies to a data bundle built from a GTFS feed; this bundle is Tokyo's, so it is ignored.`);
  }
  const hosts = options.hosts ?? ODPT_HOSTS;
  const clientOptions = { hosts, secrets, defaultTokens: defaultOdptTokens() };
  const local = new OdptClient(clientOptions);
  const anyToken = hosts.some((h) => local.hasToken(h.id));
  // Requests run in a worker so that a long frame on the main thread cannot time them out.
  const worker = anyToken && typeof Worker === 'function' ? new Worker(new URL('../data/realtime/odpt-worker.ts', import.meta.url), { type: 'module', name: 'realtime' }) : undefined;
  const remote = worker && new RemoteOdptSource(worker, clientOptions);
  const realtimeMode = () => store.getState().clock.mode === 'realtime';
  const publish = (update: RealtimeUpdate) => {
    const enabled = realtimeMode() && update.trains.length > 0;
    feed.setRealtime(update.trains, enabled);
    if (!Object.values(update.hosts).some((h) => h.state === 'failing')) store.getState().feedRecovered('realtime');
    const timetableOnly = Object.values(update.hosts).flatMap((h) => (h.state === 'no-token' ? h.timetableOnlyOperators : []));
    store.getState().realtimeUpdated({
      lineStatuses: update.statuses,
      dynamicUpdated: update.updatedAt === null ? store.getState().dynamicUpdated : new Date(update.updatedAt).toISOString(),
      realtimeState: !anyToken ? 'no-token' : Object.values(update.hosts).some((h) => h.state === 'failing') ? 'failing' : 'ok',
      timetableOnlyOperators: timetableOnly,
    });
  };
  store.getState().setRealtimeState(anyToken ? 'pending' : 'no-token');
  const poller = new RealtimePoller({
    source: remote ?? local,
    intervalMs: options.intervalMs,
    enabled: realtimeMode(),
    onUpdate: publish,
    onError: (message) => {
      store.getState().feedFailed('realtime', message);
      onError(message);
    },
  });
  const stopWatching = pauseWhileHiddenOrOffline(poller);
  poller.start();
  const unsubscribe = store.subscribe((s, previous) => {
    if (s.clockMode === previous.clockMode) return;
    poller.setEnabled(s.clockMode === 'realtime');
    publish(poller.snapshot());
  });
  return () => {
    poller.stop();
    remote?.dispose();
    unsubscribe();
    stopWatching();
  };
}

/** Loads the GTFS Realtime client and links a city's feeds ({@link linkCityRealtime}); returns a function that stops it. */
function linkCityFeeds(store: AppStore, feed: TrainFeed, feeds: CityFeedUrls, intervalMs: number | undefined, onError: (message: string) => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  import('./city-realtime-link.ts').then(
    ({ linkCityRealtime }) => {
      if (!stopped) stop = linkCityRealtime(store, feed, feeds, intervalMs, onError);
    },
    (e: Error) => onError(`Could not load the GTFS Realtime client: ${e.message}`),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
