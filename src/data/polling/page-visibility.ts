/**
 * The page's visibility, for pollers that rest while it is hidden. Guarded:
 * where there is no page (a worker, Node) the page counts as visible and
 * nothing is watched.
 *
 * @module
 */

/** Whether the page is hidden (false where there is no page). */
export function pageHidden(): boolean {
  return typeof document !== 'undefined' && document.hidden;
}

/** Pauses `poller` while the page is hidden and resumes it when it is shown again; returns the function that stops watching. */
export function pauseWhileHidden(poller: { pause(): void; resume(): void }): () => void {
  return watchPageVisibility((hidden) => (hidden ? poller.pause() : poller.resume()));
}

/** Calls `listener` each time the page is hidden or shown; returns the function that stops watching. */
export function watchPageVisibility(listener: (hidden: boolean) => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onChange = () => listener(document.hidden);
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
