/**
 * The app page: one full-window map. `?lang=`, `?theme=` and `?time=` (ISO 8601, playback from there) set the
 * language, theme and clock; `?gtfsurl=`, `?gtfsvpurl=` and `?gtfscolor=` add a GTFS data source (URL-encoded URLs,
 * colour without `#`), whose extent the camera fits unless the address gives a camera (`#zoom/lat/lng/bearing/pitch`).
 */
import { Map } from './index.ts';

const params = new URLSearchParams(location.search);
const hasCamera = location.hash.length > 1;
const map = new Map({
  container: 'map',
  hash: true,
  lang: params.get('lang') ?? undefined,
  theme: (params.get('theme') as 'light' | 'dark' | 'auto' | null) ?? undefined,
  time: params.get('time') ?? undefined,
  selection: params.get('selection') ?? undefined,
});
if (['gtfsurl', 'gtfsvpurl', 'gtfscolor'].some((name) => params.has(name))) map.addDataSourceFromUrl(location.search, !hasCamera);
(window as unknown as { map: Map }).map = map;
// The page speaks the map's language (screen readers, and the CJK glyphs browsers pick by language).
document.documentElement.lang = map.getLanguage();
