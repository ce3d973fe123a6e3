/**
 * A page's `window` (its `online` and `offline` events), `navigator.onLine` and `document` (its visibility), stubbed
 * as globals for unit tests in Node of what rests while the page is hidden or offline
 * (`src/data/polling/page-visibility.ts`). Undo with `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

/** Controls of the stubbed page: each change dispatches the event a browser would. */
export interface PageStub {
  goOffline(): void;
  goOnline(): void;
  hide(): void;
  show(): void;
}

/** Stubs the globals, the browser online or not and the page shown or hidden, as given. */
export function stubPage({ onLine = true, hidden = false }: { onLine?: boolean; hidden?: boolean } = {}): PageStub {
  const window = new EventTarget();
  const navigator = { onLine };
  const document = Object.assign(new EventTarget(), { hidden });
  vi.stubGlobal('window', window);
  vi.stubGlobal('navigator', navigator);
  vi.stubGlobal('document', document);
  const network = (online: boolean) => {
    navigator.onLine = online;
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  const visibility = (hide: boolean) => {
    document.hidden = hide;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  return { goOffline: () => network(false), goOnline: () => network(true), hide: () => visibility(true), show: () => visibility(false) };
}
