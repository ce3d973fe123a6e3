/**
 * Connects the airplanes to a map, after the first view (imported on demand
 * by `map.ts` once the network is drawn):
 *
 * - with no access token for any flight information host, nothing more
 *   loads: `flightState` becomes `no-token` and the app info says why;
 * - otherwise the flights bundle file loads, a worker asks the hosts
 *   (`FlightClient` behind a `RemoteHostSource`), a {@link FlightPoller}
 *   polls them with the train client's rules, and every answer is planned
 *   (runway, course and runway time of each flight) and handed to the
 *   {@link FlightFeed} the aircraft layer draws from;
 * - in real time the feeds' actual, estimated and scheduled times and their
 *   statuses count; in playback the day's flights fly by their scheduled
 *   times of day (see `playback-flights.ts`), statuses off. The poller runs
 *   in playback only until it has the day's flights;
 * - faults: each distinct request failure fires one `error` (the poller's
 *   rule); malformed or unknown records are named together in one `error`
 *   per answer that brings new ones, and the rest keep flying.
 *
 * @module
 */
import type { BundleManifest } from '../data/bundle/manifest.ts';
import { FlightClient, FLIGHT_HOSTS, type FlightHostConfig, type FlightHostResult, type FlightRemoteOptions } from '../data/flights/flight-client.ts';
import { FlightFeed } from '../data/flights/flight-feed.ts';
import { loadFlightModel } from '../data/flights/flight-model-loader.ts';
import type { FlightModel } from '../data/flights/flight-model.ts';
import { planFlights } from '../data/flights/flight-plan.ts';
import { FlightPoller, type FlightUpdate } from '../data/flights/flight-poller.ts';
import type { FlightInfo } from '../data/flights/flight-records.ts';
import type { AircraftLayerOptions, FlightsHandle } from '../layers/flights-handle.ts';
import { flightsForDayOf, PLAYBACK_REPLAN_MS } from '../data/flights/playback-flights.ts';
import { pauseWhileHiddenOrOffline } from '../data/polling/page-visibility.ts';
import type { OdptSecrets } from '../data/realtime/odpt-client.ts';
import { defaultOdptTokens } from '../data/realtime/odpt-config.ts';
import { RemoteHostSource } from '../data/remote-host-fetch.ts';
import { AircraftLayer } from '../layers/aircraft-layer.ts';
import { selected, type AppStore } from '../store.ts';
import { FlightTrackingController } from '../ui/flights/flight-tracking.ts';
import type { FlightOptions } from './option-types.ts';
// `Worker` that names its script in errors; imported under that name so that bundlers still see `new Worker(new URL(…))`.
import { Worker } from '../data/worker/script-worker.ts';

/** Everything the link needs from the map. */
export interface FlightLinkContext {
  store: AppStore;
  manifest: BundleManifest;
  /** Base URL the bundle's files resolve against. */
  base: string;
  secrets: OdptSecrets;
  options: FlightOptions;
  onError: (message: string) => void;
  /** Adds to the render statistics (flight frames, aircraft drawn). */
  onPlan?: (flights: number) => void;
}

/** How often the playback clock is checked for having moved too far from the plan's day, ms. */
const PLAYBACK_CHECK_MS = 5000;

/** Starts the airplanes; returns a function that stops them. */
export function linkFlights(context: FlightLinkContext): () => void {
  const { store, onError } = context;
  const hosts = (context.options.hosts as readonly FlightHostConfig[] | undefined) ?? FLIGHT_HOSTS;
  const clientOptions: FlightRemoteOptions = { hosts, secrets: context.secrets, defaultTokens: defaultOdptTokens() };
  let local: FlightClient;
  try {
    local = new FlightClient(clientOptions);
  } catch (e) {
    onError((e as Error).message);
    store.getState().setFlightState('failing');
    store.getState().feedFailed('flights', (e as Error).message);
    return () => undefined;
  }
  if (!hosts.some((h) => local.hasToken(h.id))) {
    store.getState().setFlightState('no-token');
    return () => undefined;
  }
  store.getState().setFlightState('pending');
  let stopped = false;
  const cleanups: (() => void)[] = [];
  const stop = () => {
    stopped = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  loadFlightModel(context.manifest, context.base).then(
    (model) => {
      if (!stopped) start(model);
    },
    (e: Error) => {
      if (stopped) return;
      onError(`Airplanes are not shown: ${e.message}`);
      store.getState().setFlightState('failing');
      store.getState().feedFailed('flights', `Airplanes are not shown: ${e.message}`);
      resolveReady();
    },
  );

  function start(model: FlightModel) {
    const clock = store.getState().clock;
    const feed = new FlightFeed(model, clock);
    const worker = typeof Worker === 'function' ? new Worker(new URL('../data/flights/flight-worker.ts', import.meta.url), { type: 'module', name: 'flights' }) : undefined;
    // The options were validated by `local` above.
    const remote = worker && new RemoteHostSource<FlightRemoteOptions, FlightHostResult>(worker, clientOptions, local.hostIds, 'the flight information worker was stopped.');
    const realtimeMode = () => store.getState().clock.mode === 'realtime';
    let records: FlightInfo[] = [];
    let haveRecords = false;
    let failing = false;
    /** Problems already named in an error event (records, plan). */
    const reported = new Set<string>();
    let playbackReference = 0;

    const replan = (ease: boolean) => {
      const realtime = realtimeMode();
      const now = clock.now();
      playbackReference = now;
      const flights = realtime ? records : flightsForDayOf(records, now);
      const plan = planFlights(flights, model, { mode: realtime ? 'realtime' : 'playback' });
      feed.setPlan(plan, ease && realtime);
      context.onPlan?.(plan.flights.length);
      store.getState().setFlightPlanVersion(feed.version);
      // A tracked flight that is no longer planned (cancelled, or the mode changed) ends its tracking.
      const selection = selected(store.getState(), 'flight');
      if (selection && !feed.flight(selection.key)) store.getState().deselect('flight');
      return plan.problems;
    };

    const report = (problems: readonly string[]) => {
      const fresh = problems.filter((p) => !reported.has(p));
      if (fresh.length === 0) return;
      fresh.forEach((p) => reported.add(p));
      onError(`Flight information: ${fresh.length} record${fresh.length === 1 ? '' : 's'} left out or changed, the other flights are shown: ${fresh.join(' ')}`);
    };

    const publish = (update: FlightUpdate) => {
      if (update.updatedAt !== null) {
        records = update.flights;
        haveRecords = true;
        poller.setEnabled(realtimeMode());
      }
      const planProblems = haveRecords ? replan(true) : [];
      report([...update.problems, ...planProblems]);
      store.getState().setFlightState(
        failing ? 'failing' : haveRecords ? 'ok' : 'pending',
        update.updatedAt !== null && realtimeMode() ? latest(store.getState().dynamicUpdated, update.updatedAt) : undefined,
      );
      if (haveRecords) resolveReady();
    };

    const poller = new FlightPoller({
      source: remote ?? local,
      intervalMs: context.options.intervalMs,
      // In playback, only until the day's flights are in.
      enabled: true,
      onUpdate: publish,
      onError: (message) => {
        failing = true;
        store.getState().setFlightState('failing');
        store.getState().feedFailed('flights', message);
        onError(message);
      },
      onRecover: () => {
        failing = false;
        store.getState().setFlightState(haveRecords ? 'ok' : 'pending');
        store.getState().feedRecovered('flights');
      },
    });
    const stopWatching = pauseWhileHiddenOrOffline(poller);
    poller.start();

    const unsubscribe = store.subscribe((s, previous) => {
      if (s.clockMode !== previous.clockMode) {
        poller.setEnabled(s.clockMode === 'realtime' || !haveRecords);
        if (haveRecords) report(replan(false));
      } else if (s.clockJumps !== previous.clockJumps && haveRecords) {
        report(replan(false));
      }
      const tracked = selected(s, 'flight')?.key ?? null;
      if (tracked !== (selected(previous, 'flight')?.key ?? null)) feed.setSelected(tracked);
      if (s.ecoMode !== previous.ecoMode || s.ecoFrameRate !== previous.ecoFrameRate) feed.setFrameRateLimit(s.ecoMode === 'eco' ? s.ecoFrameRate : 0);
      // Hiding the airplanes ends the tracking of one (its camera follows what is drawn).
      if (!s.layerVisibility.flights) s.deselect('flight');
    });
    const initial = store.getState();
    feed.setFrameRateLimit(initial.ecoMode === 'eco' ? initial.ecoFrameRate : 0);
    // Playback at speed moves the clock hours at a time: move the flights to the clock's day when it strays.
    const playbackTimer = setInterval(() => {
      if (haveRecords && !realtimeMode() && Math.abs(clock.now() - playbackReference) > PLAYBACK_REPLAN_MS) report(replan(false));
    }, PLAYBACK_CHECK_MS);

    const handle: FlightsHandle = {
      feed,
      createLayer: (options: AircraftLayerOptions) =>
        new AircraftLayer({
          id: options.id,
          source: feed,
          visible: options.visible,
          groundOpacity: options.groundOpacity,
          lighting: options.lighting,
          onScriptTime: options.onScriptTime,
          onFrame: options.onFrame,
          pickable: true,
        }),
      startTracking: (apply, height) => {
        const controller = new FlightTrackingController(store, feed, apply, height);
        return () => controller.dispose();
      },
      ready,
    };
    store.getState().flightsLoaded(handle);
    cleanups.push(() => {
      poller.stop();
      remote?.dispose();
      unsubscribe();
      clearInterval(playbackTimer);
      stopWatching();
      feed.dispose();
      store.getState().flightsRemoved();
    });
  }

  return stop;
}

/** The later of an ISO time and an epoch time, as ISO. */
function latest(iso: string | null, epoch: number): string {
  return iso !== null && Date.parse(iso) >= epoch ? iso : new Date(epoch).toISOString();
}
