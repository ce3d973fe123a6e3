/**
 * The app page: one full-window map. `?lang=`, `?theme=` and `?time=` (ISO 8601, playback from there) set the
 * language, theme and clock; `?gtfsurl=`, `?gtfsvpurl=` and `?gtfscolor=` add a GTFS data source (URL-encoded URLs,
 * colour without `#`), whose extent the camera fits unless the address gives a camera (`#zoom/lat/lng/bearing/pitch`);
 * on a city bundle, each `?tripupdates=` (`?vehiclepositions=`), URL-encoded, is a GTFS Realtime TripUpdate
 * (VehiclePosition) feed in place of the bundle's.
 */
import { Map } from './api/map.ts';
import { PERFORMANCE_MARKS } from './performance-marks.ts';

const params = new URLSearchParams(location.search);

/** The `realtime` option of `?tripupdates=` and `?vehiclepositions=`: each kind given replaces the bundle's. */
function cityFeeds(query: URLSearchParams) {
  const feeds = {
    ...(query.has('tripupdates') ? { tripUpdates: query.getAll('tripupdates') } : {}),
    ...(query.has('vehiclepositions') ? { vehiclePositions: query.getAll('vehiclepositions') } : {}),
  };
  return Object.keys(feeds).length > 0 ? feeds : undefined;
}
const hasCamera = location.hash.length > 1;
const map = new Map({
  container: 'map',
  hash: true,
  lang: params.get('lang') ?? undefined,
  theme: (params.get('theme') as 'light' | 'dark' | 'auto' | null) ?? undefined,
  time: params.get('time') ?? undefined,
  selection: params.get('selection') ?? undefined,
  realtime: cityFeeds(params),
});
if (['gtfsurl', 'gtfsvpurl', 'gtfscolor'].some((name) => params.has(name))) map.addDataSourceFromUrl(location.search, !hasCamera);
(window as unknown as { map: Map }).map = map;
// Every error is printed, as the map does for a page that does not listen; a data source or plugin that fails is
// also told on screen (the notice's code loads with the first such error).
map.on('error', ({ source, url, message }) => {
  console.error(message);
  const kind = source?.type;
  if (!source || (kind !== 'dataSource' && kind !== 'plugin')) return;
  const name = kind === 'dataSource' ? (url ?? params.get('gtfsurl') ?? source.id) : source.id;
  const host = map.getContainer()?.querySelector<HTMLElement>('.tt-app') ?? map.getContainer();
  if (!host) return;
  import('./ui/notices/error-notices.ts').then(
    ({ showErrorNotice }) => {
      // Read once the event is over: a data source that could not be added is gone from the list by then.
      const failed = kind === 'dataSource' && (map.getDataSources().find((d) => d.id === source.id)?.status ?? 'failed') === 'failed';
      showErrorNotice(host, map.getLanguage(), { kind, id: source.id, name, message, failed });
    },
    (e: unknown) => console.warn('The error notice could not be shown:', e),
  );
});
// The page speaks the map's language (screen readers, and the CJK glyphs browsers pick by language).
document.documentElement.lang = map.getLanguage();

// The service worker (offline use, installing the app) registers once the first trains are drawn and the page is idle,
// so that it costs the first view nothing.
new PerformanceObserver((list, observer) => {
  if (!list.getEntriesByName(PERFORMANCE_MARKS.trainsDrawn).length) return;
  observer.disconnect();
  const register = () => import('./offline/register-service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5000 });
  else setTimeout(register, 1000);
}).observe({ type: 'mark', buffered: true });
