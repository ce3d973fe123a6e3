/**
 * The `hash` option: the camera written into the page address (`#zoom/lat/lng/bearing/pitch`, at most every
 * 300 ms), and a changed address moving the camera.
 *
 * @internal
 * @module
 */
import { formatHash, parseHash } from '../data/hash.ts';
import type { AppStore } from '../store.ts';

const HASH_THROTTLE_MS = 300;

/**
 * Keeps the page address and the camera in step.
 * @returns a function that stops it
 */
export function linkHash(store: AppStore): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let written = location.hash;
  const write = () => {
    timer = null;
    const { longitude, latitude, zoom, bearing, pitch } = store.getState().viewState;
    written = formatHash({ zoom, lat: latitude, lng: longitude, bearing, pitch });
    history.replaceState(history.state, '', written);
  };
  const unsubscribe = store.subscribe((s, previous) => {
    if (s.viewState !== previous.viewState && !timer) timer = setTimeout(write, HASH_THROTTLE_MS);
  });
  const onHashChange = () => {
    if (location.hash === written) return;
    const view = parseHash(location.hash);
    if (view) store.getState().requestCamera({ longitude: view.lng, latitude: view.lat, zoom: view.zoom, bearing: view.bearing, pitch: view.pitch }, 'jump');
  };
  window.addEventListener('hashchange', onHashChange);
  return () => {
    unsubscribe();
    window.removeEventListener('hashchange', onHashChange);
    if (timer) clearTimeout(timer);
  };
}
