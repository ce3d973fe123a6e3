import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OdptClient, type OdptFailure, type OdptFailureKind, type OdptHostResult } from '../../src/data/realtime/odpt-client.ts';
import { withBaseUrls } from '../../src/data/realtime/odpt-config.ts';
import type { TrainPosition } from '../../src/data/realtime/odpt-parse.ts';
import { RealtimePoller, backoffDelay, type RealtimePollerOptions, type RealtimeSource, type RealtimeUpdate } from '../../src/data/realtime/poller.ts';
import { CHALLENGE_HOST_FIXTURES, FIXTURE_CASES, ODPT_HOST_FIXTURES } from '../support/odpt-fixtures.ts';
import { startOdptServer } from '../support/odpt-server.ts';

const T0 = Date.parse('2026-11-18T08:00:00+09:00');

function train(id: string): TrainPosition {
  const [operator, line] = id.split('.');
  return { id, operator, railway: `${operator}.${line}`, number: id.split('.')[2], from: `${operator}.${line}.X`, to: null, origins: [], destinations: [], delay: 60, date: T0 };
}

function ok(host: string, trains: TrainPosition[] = [train(`${host}.Line.1`)]): OdptHostResult {
  return { host, state: 'ok', trains, statuses: [], problems: [], failures: [], timetableOnlyOperators: [], fetchedAt: Date.now() };
}

function failed(host: string, kind: OdptFailureKind, key: string): OdptHostResult {
  const failure: OdptFailure = { host, endpoint: 'odpt:Train', kind, key, message: `odpt:Train from host "${host}": ${key}` };
  return { host, state: 'failed', problems: [], failures: [failure], timetableOnlyOperators: [], fetchedAt: Date.now() };
}

/** A source answering from a script per host (the last entry repeats), recording call times. */
class ScriptedSource implements RealtimeSource {
  readonly calls: { host: string; at: number; signal?: AbortSignal }[] = [];
  private readonly scripts = new Map<string, (() => OdptHostResult | Promise<OdptHostResult>)[]>();

  constructor(readonly hostIds: string[]) {
    for (const id of hostIds) this.scripts.set(id, [() => ok(id)]);
  }

  script(host: string, ...answers: (() => OdptHostResult | Promise<OdptHostResult>)[]): void {
    this.scripts.set(host, answers);
  }

  callTimes(host: string): number[] {
    return this.calls.filter((c) => c.host === host).map((c) => (c.at - T0) / 1000);
  }

  async fetchHost(host: string, signal?: AbortSignal): Promise<OdptHostResult> {
    this.calls.push({ host, at: Date.now(), signal });
    const script = this.scripts.get(host) ?? [];
    const next = script.length > 1 ? script.shift() : script[0];
    if (!next) throw new Error(`no script for ${host}`);
    return next();
  }
}

interface Harness {
  source: ScriptedSource;
  poller: RealtimePoller;
  updates: RealtimeUpdate[];
  errors: string[];
  recoveries: string[];
}

function harness(hosts: string[] = ['odpt'], options: Partial<RealtimePollerOptions> = {}): Harness {
  const source = new ScriptedSource(hosts);
  const h: Harness = { source, updates: [], errors: [], recoveries: [], poller: undefined as unknown as RealtimePoller };
  h.poller = new RealtimePoller({
    source,
    jitter: 0,
    onUpdate: (u) => h.updates.push(u),
    onError: (message) => h.errors.push(message),
    onRecover: (host) => h.recoveries.push(host),
    ...options,
  });
  return h;
}

const seconds = (s: number) => vi.advanceTimersByTimeAsync(s * 1000);

describe('RealtimePoller (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls every host at start, then every 15 s while all is well', async () => {
    const h = harness(['odpt', 'challenge']);
    h.poller.start();
    h.poller.start(); // no second loop
    await seconds(46);
    expect(h.source.callTimes('odpt')).toEqual([0, 15, 30, 45]);
    expect(h.source.callTimes('challenge')).toEqual([0, 15, 30, 45]);
    const last = h.updates.at(-1);
    expect(last?.trains.map((t) => t.id)).toEqual(['odpt.Line.1', 'challenge.Line.1']);
    expect(last?.updatedAt).toBe(T0 + 45_000);
    expect(last?.hosts.odpt).toMatchObject({ state: 'ok', consecutiveFailures: 0, lastSuccessAt: T0 + 45_000 });
    h.poller.stop();
  });

  it('backs off exponentially to 5 minutes, then recovers to 15 s by itself', async () => {
    const h = harness();
    h.source.script('odpt', ...Array.from({ length: 7 }, () => () => failed('odpt', 'http', 'HTTP 503')), () => ok('odpt'));
    h.poller.start();
    await seconds(30 + 60 + 120 + 240 + 300 + 300 + 300 + 15 + 1);
    const times = h.source.callTimes('odpt');
    expect(times.slice(1).map((t, i) => t - times[i])).toEqual([30, 60, 120, 240, 300, 300, 300, 15]);
    expect(h.errors).toHaveLength(1);
    expect(h.recoveries).toEqual(['odpt']);
    h.poller.stop();
  });

  it('applies jitter from the injected random source', async () => {
    const h = harness(['odpt'], { jitter: 0.2, random: () => 0.5 });
    h.source.script('odpt', () => failed('odpt', 'timeout', 'timeout'), () => ok('odpt'));
    h.poller.start();
    await seconds(28);
    expect(h.source.callTimes('odpt')).toEqual([0, 27]);
    await seconds(15);
    expect(h.source.callTimes('odpt')).toEqual([0, 27, 42]); // no jitter when healthy
    h.poller.stop();
  });

  it('reports each distinct failure once, and again after a recovery', async () => {
    const h = harness();
    h.source.script(
      'odpt',
      () => failed('odpt', 'http', 'HTTP 503'),
      () => failed('odpt', 'http', 'HTTP 503'),
      () => failed('odpt', 'timeout', 'timeout'),
      () => failed('odpt', 'http', 'HTTP 503'),
      () => ok('odpt'),
      () => ok('odpt'),
      () => failed('odpt', 'http', 'HTTP 503'),
      () => ok('odpt'),
    );
    h.poller.start();
    await seconds(30 + 60 + 120 + 240 + 15 + 15 + 30 + 1);
    expect(h.source.calls).toHaveLength(8);
    expect(h.errors).toEqual([
      'odpt:Train from host "odpt": HTTP 503',
      'odpt:Train from host "odpt": timeout',
      'odpt:Train from host "odpt": HTTP 503',
    ]);
    expect(h.recoveries).toEqual(['odpt', 'odpt']);
    h.poller.stop();
  });

  it('keys errors by host, and one failing host does not slow the other', async () => {
    const h = harness(['odpt', 'challenge']);
    h.source.script('challenge', () => failed('challenge', 'bad-key', 'HTTP 401/403 bad key'));
    h.poller.start();
    await seconds(91);
    expect(h.source.callTimes('odpt')).toEqual([0, 15, 30, 45, 60, 75, 90]);
    expect(h.source.callTimes('challenge')).toEqual([0, 30, 90]);
    expect(h.errors).toEqual(['odpt:Train from host "challenge": HTTP 401/403 bad key']);
    expect(h.updates.at(-1)?.hosts.challenge).toMatchObject({ state: 'failing', consecutiveFailures: 3, lastSuccessAt: null });
    h.poller.stop();
  });

  it('keeps the last good trains while failing, then drops them when stale even during back-off', async () => {
    const h = harness(['odpt'], { maxStaleMs: 100_000 });
    h.source.script('odpt', () => ok('odpt'), () => failed('odpt', 'unreachable', 'unreachable'));
    h.poller.start();
    await seconds(15 + 30 + 1); // ok at 0, failures at 15 and 45
    expect(h.updates.at(-1)?.trains).toHaveLength(1);
    expect(h.updates.at(-1)?.updatedAt).toBe(T0);
    const before = h.updates.length;
    await seconds(100 - 46 + 1); // data received at 0 expires at 100 s, next poll only at 105 s
    expect(h.source.callTimes('odpt')).toEqual([0, 15, 45]);
    expect(h.updates.length).toBe(before + 1);
    expect(h.updates.at(-1)).toMatchObject({ trains: [], statuses: [], updatedAt: null });
    h.poller.stop();
  });

  it('does not poll while paused and polls at once on resume', async () => {
    const h = harness();
    h.poller.start();
    await seconds(1);
    h.poller.pause();
    await seconds(60);
    expect(h.source.callTimes('odpt')).toEqual([0]);
    h.poller.resume();
    await seconds(16);
    expect(h.source.callTimes('odpt')).toEqual([0, 61, 76]);
    h.poller.stop();
  });

  it('polls only when enabled, cancelling a request under way when disabled', async () => {
    const h = harness(['odpt'], { enabled: false });
    let release: (r: OdptHostResult) => void = () => undefined;
    h.poller.start();
    await seconds(30);
    expect(h.source.calls).toEqual([]);
    h.source.script('odpt', () => new Promise<OdptHostResult>((resolve) => (release = resolve)), () => ok('odpt'));
    h.poller.setEnabled(true);
    expect(h.source.callTimes('odpt')).toEqual([30]);
    h.poller.setEnabled(false);
    expect(h.source.calls[0].signal?.aborted).toBe(true);
    release(ok('odpt'));
    await seconds(60);
    expect(h.updates).toEqual([]); // the cancelled answer is ignored
    h.poller.setEnabled(true);
    await seconds(1);
    expect(h.source.callTimes('odpt')).toEqual([30, 90]);
    expect(h.updates).toHaveLength(1);
    h.poller.stop();
  });

  it('polls a host without token once and shows it as timetables only', async () => {
    const h = harness(['odpt', 'challenge']);
    h.source.script('challenge', () => ({ ...ok('challenge', []), state: 'no-token', trains: undefined, timetableOnlyOperators: ['JR-East', 'Keikyu'] }));
    h.poller.start();
    await seconds(31);
    expect(h.source.callTimes('challenge')).toEqual([0]);
    expect(h.source.callTimes('odpt')).toEqual([0, 15, 30]);
    expect(h.updates.at(-1)?.hosts.challenge).toMatchObject({ state: 'no-token', timetableOnlyOperators: ['JR-East', 'Keikyu'] });
    expect(h.errors).toEqual([]);
    h.poller.stop();
  });

  it('stop() cancels requests under way and ignores their late answers', async () => {
    const h = harness();
    let release: (r: OdptHostResult) => void = () => undefined;
    h.source.script('odpt', () => new Promise<OdptHostResult>((resolve) => (release = resolve)));
    h.poller.start();
    h.poller.stop();
    expect(h.source.calls[0].signal?.aborted).toBe(true);
    release(ok('odpt'));
    await seconds(60);
    expect(h.updates).toEqual([]);
    expect(h.source.calls).toHaveLength(1);
  });

  it('counts a source that throws as unreachable', async () => {
    const h = harness();
    h.source.script('odpt', () => Promise.reject(new Error('boom')));
    h.poller.start();
    await seconds(1);
    expect(h.errors).toEqual(['host "odpt": the real-time source failed unexpectedly: boom']);
    h.poller.stop();
  });
});

describe('RealtimePoller options and back-off', () => {
  it('computes the documented back-off sequence', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoffDelay(n, 15_000, 300_000) / 1000)).toEqual([15, 30, 60, 120, 240, 300, 300, 300]);
    expect(backoffDelay(1, 15_000, 300_000, 0.5, () => 0.999)).toBe(15_015);
  });

  it('rejects invalid options naming each one', () => {
    const source = new ScriptedSource(['odpt']);
    expect(() => new RealtimePoller({ source, intervalMs: 0, maxBackoffMs: 10, jitter: 2 })).toThrow(
      'RealtimePoller: invalid options: intervalMs must be a positive number of milliseconds, got 0; jitter must be from 0 to 1, got 2.',
    );
    expect(() => new RealtimePoller({ source, intervalMs: 20_000, maxBackoffMs: 10_000 })).toThrow('maxBackoffMs (10000) must not be below intervalMs (20000)');
  });
});

describe('RealtimePoller with OdptClient and the local servers (real HTTP)', () => {
  it('reports an outage once, keeps the other host, and recovers when the service returns', async () => {
    const main = await startOdptServer({ key: 'mainkey01', fixtures: ODPT_HOST_FIXTURES });
    const challenge = await startOdptServer({ key: 'challengekey02', fixtures: CHALLENGE_HOST_FIXTURES });
    const client = new OdptClient({
      hosts: withBaseUrls({ odpt: main.url, challenge: challenge.url }),
      secrets: { odpt: 'mainkey01', challenge2025: 'challengekey02' },
      timeoutMs: 1_000,
    });
    const errors: string[] = [];
    const recoveries: string[] = [];
    let latest: RealtimeUpdate | null = null;
    const poller = new RealtimePoller({
      source: client,
      intervalMs: 60,
      maxBackoffMs: 240,
      jitter: 0,
      onError: (message) => errors.push(message),
      onRecover: (host) => recoveries.push(host),
      onUpdate: (update) => (latest = update),
    });
    try {
      main.setMode('http-503');
      poller.start();
      await vi.waitFor(() => expect(main.requestCount('odpt:Train')).toBeGreaterThanOrEqual(4), { timeout: 5_000, interval: 20 });
      expect(errors).toHaveLength(1); // both endpoints fail with the same key: reported once
      expect(errors[0]).toMatch(/^odpt:(Train|TrainInformation) from host "odpt" \(.*acl:consumerKey=\*\*\*\): HTTP 503 Service Unavailable/);
      expect(errors[0]).not.toContain('mainkey01');
      const during = latest as RealtimeUpdate | null;
      expect(during?.trains.map((t) => t.id).sort()).toEqual([FIXTURE_CASES.delayed30s, FIXTURE_CASES.extra].sort());
      expect(during?.hosts.odpt.state).toBe('failing');
      main.setMode('normal');
      await vi.waitFor(() => expect(recoveries).toEqual(['odpt']), { timeout: 5_000, interval: 20 });
      const after = latest as RealtimeUpdate | null;
      expect(after?.trains.map((t) => t.id)).toContain(FIXTURE_CASES.delayed3min);
      expect(after?.statuses.some((s) => s.railway === FIXTURE_CASES.suspendedRailway)).toBe(true);
      main.setMode('http-503');
      await vi.waitFor(() => expect(errors).toHaveLength(2), { timeout: 5_000, interval: 20 });
    } finally {
      poller.stop();
      await Promise.all([main.close(), challenge.close()]);
    }
  });
});
