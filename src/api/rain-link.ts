/**
 * Connects the weather radar to a map: reads it every 10 minutes while the
 * rain is wanted (see `rain-visibility.ts`), pauses while the page is hidden
 * or the browser offline and reads at once when it is shown and online again,
 * keeps the latest rain grid in the store, and reports each distinct failure
 * once through `onError` (the poller backs off and recovers by itself).
 * Loaded after the first view, when the rain is first switched on.
 *
 * @module
 */
import { pauseWhileHiddenOrOffline } from '../data/polling/page-visibility.ts';
import { RainViewerClient } from '../data/weather/radar-client.ts';
import { DEFAULT_RADAR_RETRY_MS, DEFAULT_RADAR_SETTLE_MS, RadarPoller } from '../data/weather/radar-poller.ts';
import { rainArea } from '../data/weather/rain-grid.ts';
import { RainSource } from '../data/weather/rain-source.ts';
import { rainWanted } from '../data/weather/rain-visibility.ts';
import { WorkerTileReader } from '../data/weather/tile-reader.ts';
import { RADAR_REFRESH_MS } from '../data/weather/rainviewer-config.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import type { RenderStats } from '../render-stats.ts';
import type { AppState, AppStore } from '../store.ts';
import type { RainOptions } from './option-types.ts';

/** The area read when the network is not loaded: Odawara to Narita, Kazusa-Minato to Utsunomiya, with a margin. */
const DEFAULT_AREA = { west: 138.9, south: 35.0, east: 140.65, north: 36.8 };

/** Starts following the radar; returns the function that stops it. */
export function linkRain(store: AppStore, options: RainOptions, onError: (message: string) => void, stats?: RenderStats): () => void {
  const intervalMs = options.intervalMs ?? RADAR_REFRESH_MS;
  const network = store.getState().network;
  const area = (network && rainArea(network.track.positions)) ?? DEFAULT_AREA;
  // A relative catalogue URL (a proxy beside the page) is resolved against the page.
  const catalogueUrl = options.catalogueUrl === undefined ? undefined : new URL(options.catalogueUrl, document.baseURI).href;
  const client = new RainViewerClient({ catalogueUrl, tileHost: options.tileHost });
  const now = () => store.getState().clock.now();
  const reader = new WorkerTileReader();
  const source = new RainSource({
    client,
    area,
    read: reader.read,
    now,
    onGrid: (grid) => {
      store.getState().setRainGrid(grid);
      store.getState().feedRecovered('rain');
    },
    onDecoded: (ms, mainMs) => {
      if (stats) stats.rainDecodeMs += mainMs;
      performance.measure(PERFORMANCE_MARKS.rainDecode, { start: performance.now() - ms, duration: ms });
    },
  });
  const poller = new RadarPoller({
    source,
    intervalMs,
    retryMs: Math.min(DEFAULT_RADAR_RETRY_MS, intervalMs),
    settleMs: Math.min(DEFAULT_RADAR_SETTLE_MS, intervalMs),
    onError: (message) => {
      store.getState().feedFailed('rain', message);
      onError(message);
    },
  });
  const update = (s: AppState) => {
    if (rainWanted(s)) {
      if (poller.active) return;
      source.dropIfStale(now()); // back after a long pause: no old rain while the new frame is read
      poller.start();
    } else poller.stop();
  };
  // Before the first start: a page hidden or offline now reads nothing until it is shown and online.
  const stopWatching = pauseWhileHiddenOrOffline(poller);
  const unsubscribe = store.subscribe((s, previous) => {
    if (s.layerVisibility !== previous.layerVisibility || s.clockMode !== previous.clockMode || s.viewMode !== previous.viewMode || s.ecoMode !== previous.ecoMode || s.ecoFrameRate !== previous.ecoFrameRate) update(s);
  });
  update(store.getState());
  return () => {
    poller.stop();
    reader.dispose();
    unsubscribe();
    stopWatching();
    store.getState().setRainGrid(null);
  };
}
