import { setImmediate as tick } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pauseWhileHiddenOrOffline } from '../../src/data/polling/page-visibility.ts';
import { RainViewerClient, type CatalogueResult, type RadarFailure } from '../../src/data/weather/radar-client.ts';
import type { RadarCatalogue } from '../../src/data/weather/radar-catalogue.ts';
import { nextReadDelay, RadarPoller, retryDelay } from '../../src/data/weather/radar-poller.ts';
import { stubPage } from '../support/page-stub.ts';
import { readCatalogueFixture, startWeatherServer, type WeatherServerHandle } from '../support/weather-server.ts';

/** Timers that fire only when the test says so, on a clock the test moves. */
class ManualTimers {
  now = Date.parse('2026-11-25T03:00:30Z'); // 30 s after the fixture's newest frame
  private pending = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.pending.delete(handle as number);
  };
  /** Delay of the one pending timer, from now. */
  get due(): number {
    const [timer, ...more] = [...this.pending.values()];
    if (!timer || more.length > 0) throw new Error(`expected one pending timer, got ${this.pending.size}`);
    return timer.at - this.now;
  }
  get count(): number {
    return this.pending.size;
  }
  /** Moves the clock to the pending timer and fires it. */
  fire(): void {
    const [id, timer] = [...this.pending.entries()][0];
    this.pending.delete(id);
    this.now = timer.at;
    timer.fn();
  }
}

let server: WeatherServerHandle;
beforeAll(async () => {
  server = await startWeatherServer();
});
afterAll(() => server.close());
beforeEach(() => server.setCatalogueMode('normal'));

/** A local server answers within milliseconds; the time limit only has to catch `hang`, and stays clear of a loaded machine. */
function setup() {
  const timers = new ManualTimers();
  const client = new RainViewerClient({ catalogueUrl: server.catalogueUrl, timeoutMs: 2_000 });
  let reading: Promise<CatalogueResult> = Promise.resolve({ ok: false, failure: { kind: 'aborted', key: 'aborted', message: '' } });
  const events: string[] = [];
  const updates: RadarCatalogue[] = [];
  const errors: RadarFailure[] = [];
  const poller = new RadarPoller({
    source: { fetchCatalogue: (signal) => (reading = client.fetchCatalogue(signal)) },
    timers,
    now: () => timers.now,
    onUpdate: (catalogue) => {
      updates.push(catalogue);
      events.push(`update ${catalogue.past.at(-1)!.path}`);
    },
    onError: (message, failure) => {
      errors.push(failure);
      events.push(`error ${failure.key}`);
    },
    onRecover: () => events.push('recover'),
  });
  /** Waits for the read under way and the poller's handling of it. */
  const settle = async () => {
    await reading;
    await tick();
  };
  return { timers, poller, events, updates, errors, settle };
}

describe('RadarPoller', () => {
  it('reads at start, then again when the next frame is due plus a minute, reporting only new frames', async () => {
    const { timers, poller, events, settle } = setup();
    poller.start();
    await settle();
    expect(events).toEqual(['update /v2/radar/7b52009b64fd']);
    expect(poller.latest?.past).toHaveLength(13);
    // Newest frame 03:00:00, now 03:00:30: next frame 03:10:00, read at 03:11:00.
    expect(timers.due).toBe(10 * 60_000 + 30_000);
    timers.fire();
    await settle();
    expect(events).toEqual(['update /v2/radar/7b52009b64fd']); // same catalogue: no event
    expect(timers.due).toBe(60_000); // the frame is late: look again in a minute
    const next = readCatalogueFixture() as { radar: { past: Array<{ time: number; path: string }> } };
    next.radar.past = [...next.radar.past.slice(1), { time: 1795576200, path: '/v2/radar/91032ad7bbcb' }];
    server.setCatalogue(next);
    timers.fire();
    await settle();
    expect(events).toEqual(['update /v2/radar/7b52009b64fd', 'update /v2/radar/91032ad7bbcb']);
    poller.stop();
    server.setCatalogue(readCatalogueFixture());
  });

  it('keeps the last good catalogue through failures, reports each distinct failure once, backs off, and recovers by itself', async () => {
    const { timers, poller, events, errors, settle } = setup();
    poller.start();
    await settle();
    const good = poller.latest;
    server.setCatalogueMode('http-503');
    timers.fire();
    await settle();
    expect(timers.due).toBe(30_000);
    timers.fire();
    await settle();
    expect(timers.due).toBe(60_000);
    timers.fire();
    await settle();
    expect(timers.due).toBe(120_000);
    server.setCatalogueMode('malformed-json');
    timers.fire();
    await settle();
    expect(timers.due).toBe(240_000);
    server.setCatalogueMode('hang');
    timers.fire();
    await settle();
    expect(timers.due).toBe(480_000);
    timers.fire();
    await settle();
    expect(timers.due).toBe(600_000); // capped at the refresh interval
    expect(poller.consecutiveFailures).toBe(6);
    expect(poller.latest).toBe(good);
    expect(events).toEqual(['update /v2/radar/7b52009b64fd', 'error HTTP 503', 'error malformed-json', 'error timeout']);
    expect(errors[0].message).toMatch(/HTTP 503 Service Unavailable/);
    server.setCatalogueMode('normal');
    timers.fire();
    await settle();
    expect(events.slice(4)).toEqual(['recover']); // same frames as before: no update
    expect(poller.consecutiveFailures).toBe(0);
    server.setCatalogueMode('http-503');
    timers.fire();
    await settle();
    expect(events.slice(5)).toEqual(['error HTTP 503']); // reported again after a recovery
    poller.stop();
  });

  it('waits as long as a rate limit asks', async () => {
    const { timers, poller, events, settle } = setup();
    server.setCatalogueMode('rate-limited');
    poller.start();
    await settle();
    expect(events).toEqual(['error HTTP 429']);
    expect(timers.due).toBe(60_000);
    expect(poller.latest).toBeNull();
    poller.stop();
  });

  it('stops reading when stopped, cancels a read under way, and on restart waits until the next read was due', async () => {
    const { timers, poller, events, settle } = setup();
    poller.start();
    await settle();
    poller.stop();
    expect(timers.count).toBe(0);
    expect(poller.active).toBe(false);
    expect(poller.latest).not.toBeNull(); // kept for when the rain is shown again
    timers.now += 5 * 60_000;
    const before = server.catalogueRequests();
    poller.start();
    expect(server.catalogueRequests()).toBe(before);
    expect(timers.due).toBe(5 * 60_000 + 30_000);
    poller.stop();
    timers.now += 60 * 60_000;
    server.setCatalogueMode('hang');
    poller.start(); // long overdue: reads at once
    await tick();
    poller.stop(); // cancels the hanging read
    await settle();
    expect(events).toEqual(['update /v2/radar/7b52009b64fd']); // no error for a read we cancelled
    expect(timers.count).toBe(0);
  });

  it('rests while the browser is offline and reads at once when the network returns, whatever its back-off', async () => {
    const page = stubPage();
    try {
      const { timers, poller, events, settle } = setup();
      const stopWatching = pauseWhileHiddenOrOffline(poller);
      poller.start();
      await settle();
      server.setCatalogueMode('close'); // the network drops mid-way
      timers.fire();
      await settle();
      timers.fire();
      await settle();
      expect(timers.due).toBe(60_000);
      page.goOffline();
      expect(timers.count).toBe(0); // no retries without a network
      expect(poller.active).toBe(false);
      server.setCatalogueMode('normal');
      const before = server.catalogueRequests();
      page.goOnline();
      expect(server.catalogueRequests()).toBe(before); // the request is under way…
      await settle();
      expect(server.catalogueRequests()).toBe(before + 1); // …now, not a minute later
      expect(events).toEqual(['update /v2/radar/7b52009b64fd', 'error unreachable', 'recover']);
      expect(poller.consecutiveFailures).toBe(0);
      stopWatching();
      poller.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('names invalid options', () => {
    expect(() => new RadarPoller({ source: { fetchCatalogue: async () => ({ ok: false, failure: { kind: 'aborted', key: 'aborted', message: '' } }) }, intervalMs: 0, retryMs: -1 })).toThrow(
      /RadarPoller: invalid options: intervalMs must be a positive number of milliseconds, got 0; retryMs must be a positive number of milliseconds, got -1\./,
    );
  });
});

describe('read timing', () => {
  const frame = Date.parse('2026-11-25T03:00:00Z');
  it('reads a minute after the next frame is due', () => {
    expect(nextReadDelay(frame, frame + 30_000, 600_000, 60_000)).toBe(630_000); // 03:11:00 − 03:00:30
    expect(nextReadDelay(frame, frame - 120_000, 600_000, 60_000)).toBe(600_000); // clock behind: no more than the interval
    expect(nextReadDelay(frame, frame + 11 * 60_000 + 30_000, 600_000, 60_000)).toBe(60_000); // late frame: a minute
    expect(nextReadDelay(frame, frame + 3 * 3_600_000, 600_000, 60_000)).toBe(600_000); // frames stopped: normal pace
  });

  it('backs off from the first retry to the interval, or longer when asked', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n, 30_000, 600_000))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000]);
    expect(retryDelay(1, 30_000, 600_000, 900_000)).toBe(900_000);
  });
});
