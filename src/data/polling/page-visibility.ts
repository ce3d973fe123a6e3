/**
 * The page's visibility and the browser's network, for pollers that rest while the page is hidden or offline. Guarded:
 * where there is no page (a worker, Node) the page counts as visible and
 * nothing is watched.
 *
 * @module
 */

/** Whether the page is hidden (false where there is no page). */
export function pageHidden(): boolean {
  return typeof document !== 'undefined' && document.hidden;
}

/** Whether the browser says it has no network (false where it cannot tell). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A poller that rests while the page is hidden or offline ({@link pauseWhileHiddenOrOffline}). */
export interface Pausable {
  /** Stops scheduling polls; a poll under way may complete. */
  pause(): void;
  /** Polls at once (when started) and resumes the schedule. */
  resume(): void;
}

/**
 * Pauses `poller` while the page is hidden or the browser is offline (at once if it is so now), and resumes it,
 * polling at once, when the page is shown and the network is back; returns the function that stops watching. Every
 * poller of live data (train delays, airplanes, rain, GTFS Realtime vehicles) rests this way, so none keeps failing
 * without a network and none waits for its back-off once the network returns.
 */
export function pauseWhileHiddenOrOffline(poller: Pausable): () => void {
  const resting = () => pageHidden() || browserOffline();
  const update = () => (resting() ? poller.pause() : poller.resume());
  if (resting()) poller.pause();
  const stopVisibility = watchPageVisibility(update);
  const stopNetwork = watchBrowserNetwork(update);
  return () => {
    stopVisibility();
    stopNetwork();
  };
}

/** Calls `listener` each time the browser goes offline or back online; returns the function that stops watching. */
export function watchBrowserNetwork(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Calls `listener` each time the page is hidden or shown; returns the function that stops watching. */
export function watchPageVisibility(listener: (hidden: boolean) => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onChange = () => listener(document.hidden);
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
