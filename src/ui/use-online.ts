import { useSyncExternalStore } from 'react';
import { browserOffline, watchBrowserNetwork } from '../data/polling/page-visibility.ts';

/** Whether the browser says it has a network (`navigator.onLine`), following its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    watchBrowserNetwork,
    () => !browserOffline(),
    () => true,
  );
}
