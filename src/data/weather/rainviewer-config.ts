/**
 * Facts of RainViewer's public Weather Maps API (https://www.rainviewer.com/api/weather-maps-api.html)
 * as they stand after its 2025–2026 transition (https://www.rainviewer.com/api/transition-faq.html):
 *
 * - one catalogue, `https://api.rainviewer.com/public/weather-maps.json`, listing the past two hours
 *   of radar frames, one every 10 minutes (`radar.past`); `nowcast` and `satellite` are gone, and a
 *   frame's `path` is an opaque id to use as given (no longer its Unix time);
 * - tiles `{host}{path}/{size}/{z}/{x}/{y}/{color}/{smooth}_{snow}.png`, size 256 or 512;
 * - zoom at most 7 for everyone since 1 January 2026 (deeper tiles answer HTTP 200 with a
 *   "Zoom Level Not Supported" picture), 100 requests per IP per minute;
 * - colour scheme 2 ("Universal Blue") is the only one served since 1 January 2026;
 * - attribution to RainViewer with a link is required.
 *
 * @module
 */

/** Default catalogue URL; the map's configuration may point elsewhere (a proxy, a test server). */
export const RAINVIEWER_CATALOGUE_URL = 'https://api.rainviewer.com/public/weather-maps.json';

/** Deepest zoom RainViewer serves radar tiles at. */
export const RADAR_MAX_ZOOM = 7;

/** Tile sizes RainViewer serves (pixels). */
export const RADAR_TILE_SIZES = [256, 512] as const;

/** Colour scheme "Universal Blue", the only one served since 1 January 2026. */
export const UNIVERSAL_BLUE = 2;

/** RainViewer makes one radar frame every 10 minutes. */
export const RADAR_FRAME_STEP_MS = 600_000;

/** How often the catalogue is read while the rain is shown (the product's 10 minutes). */
export const RADAR_REFRESH_MS = 600_000;

/** Attribution for the map's attribution control (HTML). */
export const RAINVIEWER_ATTRIBUTION = '<a href="https://www.rainviewer.com/" target="_blank" rel="noopener">© RainViewer</a>';
