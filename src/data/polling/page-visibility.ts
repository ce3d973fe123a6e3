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

/**
 * Pauses `poller` while the page is hidden or the browser is offline (from the start if it is offline then), and
 * resumes it, polling at once, when the page is shown and the network back; returns the function that stops watching.
 */
export function pauseWhileHiddenOrOffline(poller: { pause(): void; resume(): void }): () => void {
  const update = () => (pageHidden() || browserOffline() ? poller.pause() : poller.resume());
  if (browserOffline()) poller.pause();
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
