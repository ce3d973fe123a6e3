import { afterEach, describe, expect, it, vi } from 'vitest';
import { pauseWhileHiddenOrOffline } from '../../src/data/polling/page-visibility.ts';

/** A page's window (its network events) and navigator, with the browser offline or not. */
function stubPage(onLine: boolean) {
  const window = new EventTarget();
  const navigator = { onLine };
  vi.stubGlobal('window', window);
  vi.stubGlobal('navigator', navigator);
  return {
    goOffline: () => {
      navigator.onLine = false;
      window.dispatchEvent(new Event('offline'));
    },
    goOnline: () => {
      navigator.onLine = true;
      window.dispatchEvent(new Event('online'));
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pauseWhileHiddenOrOffline', () => {
  it('pauses a poller while the browser is offline and resumes it when the network returns', () => {
    const page = stubPage(true);
    const calls: string[] = [];
    const stop = pauseWhileHiddenOrOffline({ pause: () => calls.push('pause'), resume: () => calls.push('resume') });
    expect(calls).toEqual([]);
    page.goOffline();
    page.goOnline();
    expect(calls).toEqual(['pause', 'resume']);
    stop();
    page.goOffline();
    expect(calls).toEqual(['pause', 'resume']);
  });

  it('pauses at once when the page starts offline', () => {
    const page = stubPage(false);
    const calls: string[] = [];
    pauseWhileHiddenOrOffline({ pause: () => calls.push('pause'), resume: () => calls.push('resume') });
    expect(calls).toEqual(['pause']);
    page.goOnline();
    expect(calls).toEqual(['pause', 'resume']);
  });
});
