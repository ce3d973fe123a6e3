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
  if (typeof window === 'undefined') return stopVisibility;
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    stopVisibility();
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}

/** Calls `listener` each time the page is hidden or shown; returns the function that stops watching. */
export function watchPageVisibility(listener: (hidden: boolean) => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onChange = () => listener(document.hidden);
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
