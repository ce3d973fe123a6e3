import { afterEach, describe, expect, it, vi } from 'vitest';
import { pauseWhileHiddenOrOffline } from '../../src/data/polling/page-visibility.ts';
import { stubPage } from '../support/page-stub.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A poller that records what it is told. */
function recorder() {
  const calls: string[] = [];
  return { calls, poller: { pause: () => calls.push('pause'), resume: () => calls.push('resume') } };
}

describe('pauseWhileHiddenOrOffline', () => {
  it('pauses a poller while the browser is offline and resumes it when the network returns', () => {
    const page = stubPage({ onLine: true });
    const { calls, poller } = recorder();
    const stop = pauseWhileHiddenOrOffline(poller);
    expect(calls).toEqual([]);
    page.goOffline();
    page.goOnline();
    expect(calls).toEqual(['pause', 'resume']);
    stop();
    page.goOffline();
    expect(calls).toEqual(['pause', 'resume']);
  });

  it('pauses at once when the page starts offline', () => {
    const page = stubPage({ onLine: false });
    const { calls, poller } = recorder();
    pauseWhileHiddenOrOffline(poller);
    expect(calls).toEqual(['pause']);
    page.goOnline();
    expect(calls).toEqual(['pause', 'resume']);
  });

  it('pauses at once when the page starts hidden, and resumes only when it is shown and online', () => {
    const page = stubPage({ hidden: true });
    const { calls, poller } = recorder();
    const stop = pauseWhileHiddenOrOffline(poller);
    expect(calls).toEqual(['pause']);
    page.goOffline();
    page.show();
    expect(calls).toEqual(['pause', 'pause', 'pause']); // still offline
    page.goOnline();
    expect(calls.at(-1)).toBe('resume');
    page.hide();
    expect(calls.at(-1)).toBe('pause');
    stop();
    page.show();
    expect(calls.at(-1)).toBe('pause');
  });

  it('watches nothing where there is no page (a worker or Node)', () => {
    const { calls, poller } = recorder();
    const stop = pauseWhileHiddenOrOffline(poller);
    stop();
    expect(calls).toEqual([]);
  });
});
