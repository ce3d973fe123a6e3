import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FLIGHT_MAIN_HOST, FlightClient, FlightPoller, type FlightClientOptions, type FlightFailure, type FlightUpdate } from '../../src/data/flights/index.ts';
import { startFlightServer, type FlightServerHandle } from '../support/flight-server.ts';
import { readFixture } from './fixtures/flights/real-model.ts';

const KEY = 'flighttestkey0123456789';
const fixtures = { arrivals: readFixture('arrivals.json') as unknown[], departures: readFixture('departures.json') as unknown[] };
let server: FlightServerHandle;

beforeAll(async () => {
  server = await startFlightServer({ key: KEY, fixtures });
});
afterAll(() => server.close());
beforeEach(() => {
  server.setMode('normal');
  server.setFixtures(fixtures);
  server.requests.splice(0);
});

const client = (options: FlightClientOptions = {}) => new FlightClient({ hosts: [{ ...FLIGHT_MAIN_HOST, baseUrl: server.url }], secrets: { odpt: KEY }, timeoutMs: 2000, ...options });

describe('FlightClient against the local server', () => {
  it('asks each resource once with the publishers comma-separated and the odpt token, and parses the answers', async () => {
    const result = await client().fetchHost('odpt');
    expect(result.state).toBe('ok');
    expect(result.answered).toEqual(['arrival', 'departure']);
    expect(result.flights).toHaveLength(12);
    expect(result.problems).toEqual([]);
    expect(server.requests.map((r) => [r.endpoint, r.operators, r.consumerKey]).sort()).toEqual([
      ['odpt:FlightInformationArrival', ['odpt.Operator:HND-JAT', 'odpt.Operator:HND-TIAT', 'odpt.Operator:NAA'], KEY],
      ['odpt:FlightInformationDeparture', ['odpt.Operator:HND-JAT', 'odpt.Operator:HND-TIAT', 'odpt.Operator:NAA'], KEY],
    ]);
  });

  it('falls back to the default token, and asks nothing without any token', async () => {
    expect((await client({ secrets: {}, defaultTokens: { odpt: KEY } }).fetchHost('odpt')).state).toBe('ok');
    server.requests.splice(0);
    const none = await client({ secrets: { challenge2025: KEY } }).fetchHost('odpt');
    expect(none).toMatchObject({ state: 'no-token', flights: [], failures: [] });
    expect(server.requests).toEqual([]);
  });

  it('reports a refused token without showing it', async () => {
    const result = await client({ secrets: { odpt: 'wrongtoken999' } }).fetchHost('odpt');
    expect(result.state).toBe('failed');
    expect(result.failures.map((f) => [f.kind, f.key, f.status])).toEqual([
      ['bad-key', 'HTTP 401/403 bad key', 403],
      ['bad-key', 'HTTP 401/403 bad key', 403],
    ]);
    expect(result.failures[0].message).toContain('acl:consumerKey=***');
    expect(result.failures[0].message).toContain('check secrets.odpt');
    expect(result.failures.map((f) => f.message).join()).not.toContain('wrongtoken999');
  });

  it('keeps one resource when the other fails: HTTP 503, malformed JSON, not an array', async () => {
    for (const [mode, key] of [['http-503', 'HTTP 503'], ['malformed-json', 'malformed JSON'], ['not-array', 'unexpected response shape']] as const) {
      server.setMode(mode, 'odpt:FlightInformationDeparture');
      const result = await client().fetchHost('odpt');
      expect(result.answered, mode).toEqual(['arrival']);
      expect(result.flights.every((f) => f.kind === 'arrival'), mode).toBe(true);
      expect(result.failures.map((f) => [f.endpoint, f.key]), mode).toEqual([['odpt:FlightInformationDeparture', key]]);
      expect(result.failures[0].message, mode).toMatch(/^odpt:FlightInformationDeparture from host "odpt" \(http:\/\/127\.0\.0\.1:\d+\/api\/v4\/odpt:FlightInformationDeparture\?odpt:operator=.*&acl:consumerKey=\*\*\*\): /);
      server.setMode('normal');
    }
  });

  it('names malformed records in its problems and flies the rest', async () => {
    server.setFixtures({ arrivals: readFixture('malformed.json') as unknown[], departures: fixtures.departures });
    const result = await client().fetchHost('odpt');
    expect(result.state).toBe('ok');
    expect(result.flights).toHaveLength(6);
    expect(result.problems).toHaveLength(7);
    expect(result.problems[0]).toMatch(/^odpt:FlightInformationArrival from host "odpt" \(.*acl:consumerKey=\*\*\*\): record 0 \(odpt\.FlightInformationArrival:HND-JAT\.HND\.JL104\) skipped: /);
  });

  it('times out a host that does not answer', async () => {
    server.setMode('hang');
    const result = await client({ timeoutMs: 200 }).fetchHost('odpt');
    expect(result.failures.map((f) => f.key)).toEqual(['timeout', 'timeout']);
  });

  it('rejects bad options with every problem named', () => {
    expect(() => new FlightClient({ hosts: [{ ...FLIGHT_MAIN_HOST, baseUrl: 'ftp://x/api/v4' }], timeoutMs: -1 })).toThrow(
      'FlightClient: invalid options: ODPT host 0 ("odpt"): base URL "ftp://x/api/v4" must use http or https. ODPT host 0 ("odpt"): base URL "ftp://x/api/v4" must end with "/" (endpoint names are appended to it). timeoutMs must be a positive number of milliseconds, got -1.',
    );
  });
});

/** Timers run by hand, so the test decides when polls happen. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    timers: { setTimeout: (fn: () => void, _ms: number) => (pending.set(next, fn), next++), clearTimeout: (h: unknown) => void pending.delete(h as number) },
    runAll: () => [...pending.entries()].forEach(([id, fn]) => (pending.delete(id), fn())),
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('FlightPoller', () => {
  it('sends updates, reports a failure once until the host recovers, and keeps the last good flights meanwhile', async () => {
    const updates: FlightUpdate[] = [];
    const errors: FlightFailure[] = [];
    const recovered: string[] = [];
    const { timers, runAll } = manualTimers();
    const poller = new FlightPoller({ source: client(), timers, jitter: 0, onUpdate: (u) => updates.push(u), onError: (_m, f) => errors.push(f), onRecover: (h) => recovered.push(h) });
    poller.start();
    await settle();
    expect(updates.at(-1)!.flights).toHaveLength(12);
    server.setMode('http-503');
    runAll();
    await settle();
    runAll();
    await settle();
    expect(errors.map((e) => [e.endpoint, e.key])).toEqual([
      ['odpt:FlightInformationArrival', 'HTTP 503'],
      ['odpt:FlightInformationDeparture', 'HTTP 503'],
    ]);
    expect(updates.at(-1)!.flights).toHaveLength(12);
    server.setMode('normal');
    runAll();
    await settle();
    expect(recovered).toEqual(['odpt']);
    poller.stop();
  });

  it('drops flights older than maxStaleMs while the host fails, and tells which hosts have no token', async () => {
    let now = 1_000_000;
    const { timers, runAll } = manualTimers();
    const updates: FlightUpdate[] = [];
    const poller = new FlightPoller({ source: client(), timers, now: () => now, maxStaleMs: 60_000, onUpdate: (u) => updates.push(u) });
    poller.start();
    await settle();
    server.setMode('http-503');
    now += 61_000;
    runAll();
    await settle();
    expect(updates.at(-1)).toMatchObject({ flights: [], updatedAt: null });
    poller.stop();
    const silent = new FlightPoller({ source: client({ secrets: {} }), timers, onUpdate: (u) => updates.push(u) });
    silent.start();
    await settle();
    expect(updates.at(-1)!.noToken).toEqual(['odpt']);
    silent.stop();
  });

  it('does not poll in playback', async () => {
    const { timers } = manualTimers();
    const poller = new FlightPoller({ source: client(), timers, enabled: false });
    poller.start();
    await settle();
    expect(server.requests).toEqual([]);
    poller.setEnabled(true);
    await settle();
    expect(server.requests).toHaveLength(2);
    poller.stop();
  });
});
