/**
 * What moves on a {@link Map}, started once the network is drawn (their start-up would otherwise compete with the
 * first view): the train simulation worker with eco mode's frame-rate limit, the ODPT real-time client, and the
 * airplanes — each of the last two loaded as its own chunk.
 *
 * @internal
 * @module
 */
import type { BundleManifest } from '../data/bundle/manifest.ts';
import { bundleUrl } from '../data/loader.ts';
import { TrainFeed } from '../data/trains/train-feed.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../data/geometry/track-units.ts';
import type { RenderStats } from '../render-stats.ts';
import type { AppState } from '../store.ts';
import type { MapHost } from './map-host.ts';
import type { MapSelection } from './map-selection.ts';
import type { ResolvedMapOptions } from './options.ts';
// `Worker` that names its script in errors; imported under that name so that bundlers still see `new Worker(new URL(…))`.
import { Worker } from '../data/worker/script-worker.ts';

/** What {@link startFeeds} works with. */
export interface FeedsContext {
  options: ResolvedMapOptions;
  manifest: BundleManifest;
  /** The page's base URL, against which the data URL resolves. */
  base: string;
  stats: RenderStats;
  /** For the `selection` option's train or flight, selected once it can be. */
  selections: MapSelection;
}

/**
 * Starts the trains, the real-time client and the airplanes.
 * @returns a promise that settles once the airplanes' code has loaded (or failed to)
 */
export function startFeeds(host: MapHost, context: FeedsContext): Promise<void> {
  startTrains(host, context);
  return startFlights(host, context);
}

/** Starts the train simulation worker on the loaded bundle, and the real-time client beside it. */
function startTrains(host: MapHost, { options, manifest, base, stats, selections }: FeedsContext): void {
  const store = host.store();
  const report = (message: string) => host.reportError(message);
  const worker = new Worker(new URL('../data/trains/train-worker.ts', import.meta.url), { type: 'module', name: 'trains' });
  const feed = new TrainFeed(worker, store.getState().clock, report, undefined, (frame, receiveMs) => {
    stats.trainFrames++;
    stats.trainScriptMs += receiveMs;
    stats.trainComputeMs += frame.computeMs;
    stats.trains = frame.trainCount;
    stats.cars = frame.carCount;
  });
  const url = (file: string) => bundleUrl(options.dataUrl, file, base);
  const { city } = manifest;
  feed.init(
    url(manifest.network.file),
    { weekday: url(manifest.timetables.weekday.file), saturday: url(manifest.timetables.saturday.file), holiday: url(manifest.timetables.holiday.file) },
    { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES },
    city && {
      timeZone: city.timeZone,
      days: Object.fromEntries(Object.entries(city.days).map(([date, key]) => [date, { url: url(city.dayTimetables[key].file), calendar: city.dayTimetables[key].calendar }])),
      routeTypes: city.routeTypes,
    },
  );
  store.getState().setTrainFeed(feed);
  const applyEcoMode = ({ ecoMode, ecoFrameRate }: AppState) => feed.setFrameRateLimit(ecoMode === 'eco' ? ecoFrameRate : 0);
  applyEcoMode(store.getState());
  const unsubscribeEco = store.subscribe((s, previous) => {
    if (s.ecoMode !== previous.ecoMode || s.ecoFrameRate !== previous.ecoFrameRate) applyEcoMode(s);
  });
  host.onRemove(() => {
    unsubscribeEco();
    feed.dispose();
  });
  // The real-time client (ODPT's, or a city's GTFS Realtime feeds) is not needed for the first view: its code loads with the train worker.
  const { secrets, realtime = {} } = options;
  void import('./realtime-link.ts').then(
    ({ linkRealtime }) => {
      if (!host.removed()) host.onRemove(linkRealtime(store, feed, secrets, realtime, report, { city, base }));
    },
    (e: Error) => report(`Could not load the real-time client: ${e.message}`),
  );
  if (options.selection?.kind === 'train') void selections.selectTrain(options.selection.id);
}

/** Starts the airplanes (nothing more loads without an access token). */
function startFlights(host: MapHost, { options, manifest, base, stats, selections }: FeedsContext): Promise<void> {
  const store = host.store();
  const { secrets, flights = {} } = options;
  const linked = import('./flight-link.ts').then(
    ({ linkFlights }) => {
      if (host.removed()) return;
      const onPlan = (count: number) => (stats.flightsPlanned = count);
      host.onRemove(linkFlights({ store, manifest, base, secrets, options: flights, onError: (message) => host.reportError(message), onPlan }));
    },
    (e: Error) => {
      store.getState().setFlightState('failing');
      store.getState().feedFailed('flights', `Could not load the airplanes: ${e.message}`);
      host.reportError(`Could not load the airplanes: ${e.message}`);
    },
  );
  if (options.selection?.kind === 'flight') void selections.selectFlight(options.selection);
  return linked;
}
