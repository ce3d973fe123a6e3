import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OdptClient, ignoredSecretNames, redactSecrets, type FetchLike, type OdptClientOptions } from '../../src/data/realtime/odpt-client.ts';
import { withBaseUrls } from '../../src/data/realtime/odpt-config.ts';
import { FIXTURE_CASES, MALFORMED_HOST_FIXTURES, ODPT_HOST_FIXTURES } from '../support/odpt-fixtures.ts';
import { startOdptServer, type OdptServerHandle } from '../support/odpt-server.ts';
import { CHALLENGE_KEY, ODPT_KEY, startOdptHosts, type OdptHosts } from '../support/odpt-hosts.ts';

let hosts: OdptHosts;
let main: OdptServerHandle;
let challenge: OdptServerHandle;

beforeAll(async () => {
  hosts = await startOdptHosts();
  ({ main, challenge } = hosts);
});
afterAll(() => hosts.close());
afterEach(() => hosts.reset());

function client(options: OdptClientOptions = {}): OdptClient {
  return new OdptClient({
    hosts: withBaseUrls({ odpt: main.url, challenge: challenge.url }),
    secrets: { odpt: ODPT_KEY, challenge2025: CHALLENGE_KEY },
    timeoutMs: 2_000,
    ...options,
  });
}

describe('OdptClient against the local server', () => {
  it('collects trains of both hosts, one request per host with the operators comma-separated', async () => {
    const result = await client().fetchTrains();
    expect(result.trains.map((t) => t.id).sort()).toEqual(
      [FIXTURE_CASES.delayed3min, FIXTURE_CASES.onTime, FIXTURE_CASES.shortTurn, FIXTURE_CASES.delayed30s, FIXTURE_CASES.extra].sort(),
    );
    expect(result.problems).toEqual([]);
    expect(result.hosts.map((h) => [h.host, h.state])).toEqual([
      ['odpt', 'ok'],
      ['challenge', 'ok'],
    ]);
    expect(main.requests.map((r) => [r.endpoint, r.operators])).toEqual([['odpt:Train', ['odpt.Operator:TokyoMetro', 'odpt.Operator:Toei']]]);
    expect(challenge.requests.map((r) => [r.endpoint, r.operators])).toEqual([
      ['odpt:Train', ['odpt.Operator:JR-East', 'odpt.Operator:Keikyu', 'odpt.Operator:Tobu', 'odpt.Operator:Keio']],
    ]);
  });

  it('sends each key only to its own host', async () => {
    await client().fetchAll();
    expect(main.requests.length).toBe(2);
    expect(challenge.requests.length).toBe(2);
    expect(main.requests.every((r) => r.consumerKey === ODPT_KEY)).toBe(true);
    expect(challenge.requests.every((r) => r.consumerKey === CHALLENGE_KEY)).toBe(true);
  });

  it('collects line statuses, resolving jre-is to JR-East', async () => {
    const result = await client().fetchTrainInformation();
    expect(result.statuses.map((s) => `${s.operator}/${s.railway ?? '*'}`)).toEqual([
      'TokyoMetro/TokyoMetro.Ginza',
      'Toei/*',
      'JR-East/JR-East.Yamanote',
      'JR-East/JR-East.ChuoRapid',
    ]);
    expect(challenge.requests[0].operators).toContain('odpt.Operator:jre-is');
    expect(result.statuses.find((s) => s.railway === FIXTURE_CASES.suspendedRailway)?.status?.en).toBe('Operation suspended');
  });

  it('falls back to the default token and skips a host without any token', async () => {
    const result = await client({ secrets: {}, defaultTokens: { odpt: ODPT_KEY } }).fetchAll();
    expect(main.requests.every((r) => r.consumerKey === ODPT_KEY)).toBe(true);
    expect(challenge.requests).toEqual([]);
    const skipped = result.hosts.find((h) => h.host === 'challenge');
    expect(skipped?.state).toBe('no-token');
    expect(skipped?.timetableOnlyOperators).toEqual(['JR-East', 'Keikyu', 'Tobu', 'Keio', 'Tokyu', 'Seibu']);
    expect(result.trains.every((t) => t.operator !== 'JR-East')).toBe(true);
  });

  it('prefers the page’s secret over the default token', async () => {
    await client({ secrets: { odpt: ODPT_KEY }, defaultTokens: { odpt: 'defaulttoken000', challenge2025: CHALLENGE_KEY } }).fetchTrains();
    expect(main.requests[0].consumerKey).toBe(ODPT_KEY);
    expect(challenge.requests[0].consumerKey).toBe(CHALLENGE_KEY);
  });

  it('accepts challenge2024 and tokyochallenge but never sends them', async () => {
    const secrets = { odpt: ODPT_KEY, challenge2024: 'old2024token', tokyochallenge: 'oldtokyotoken' };
    expect(ignoredSecretNames(secrets)).toEqual(['challenge2024', 'tokyochallenge']);
    expect(ignoredSecretNames({ odpt: 'x' })).toEqual([]);
    const result = await client({ secrets }).fetchAll();
    expect(result.hosts.find((h) => h.host === 'challenge')?.state).toBe('no-token');
    expect([...main.requests, ...challenge.requests].map((r) => r.consumerKey)).toEqual([ODPT_KEY, ODPT_KEY]);
  });

  it('reports a refused key as bad-key without the key in the message', async () => {
    main.setKey('anotherkey');
    const result = await client().fetchTrains();
    const [failure] = result.hosts[0].failures;
    expect(failure).toMatchObject({ host: 'odpt', kind: 'bad-key', key: 'HTTP 401/403 bad key', status: 403 });
    expect(failure.message).toBe(
      `odpt:Train from host "odpt" (${main.url}odpt:Train?odpt:operator=odpt.Operator:TokyoMetro,odpt.Operator:Toei&acl:consumerKey=***): ` +
        'HTTP 403 Forbidden: the access token was refused; check secrets.odpt or the default token for "odpt" ' +
        `(body ${JSON.stringify('{"@context":"http://vocab.odpt.org/context_odpt.jsonld","status":403,"title":"Forbidden","detail":"acl:consumerKey is invalid"}')}).`,
    );
    expect(result.problems.join('\n')).not.toContain(ODPT_KEY);
    expect(result.hosts[1].state).toBe('ok');
    expect(result.trains.map((t) => t.operator)).toEqual(['JR-East', 'JR-East']);
  });

  it('answers 401 when the key is missing (server check)', async () => {
    const response = await fetch(`${main.url}odpt:Train`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it.each([
    ['http-500', 'http', 'HTTP 500', /HTTP 500 Internal Server Error \(body ".*simulated failure/],
    ['http-503', 'http', 'HTTP 503', /HTTP 503 Service Unavailable/],
    ['malformed-json', 'malformed-json', 'malformed JSON', /the answer is not valid JSON \(.*\); the body starts with/],
    ['not-array', 'unexpected-shape', 'unexpected response shape', /expected a JSON array of odpt:Train records at the top level, got an object/],
    ['close', 'unreachable', 'unreachable', /the host could not be reached: /],
  ] as const)('reports mode %s as %s', async (mode, kind, key, message) => {
    main.setMode(mode);
    const result = await client().fetchTrains();
    const [failure] = result.hosts[0].failures;
    expect(failure).toMatchObject({ host: 'odpt', endpoint: 'odpt:Train', kind, key });
    expect(failure.message).toMatch(message);
    expect(failure.message).toContain('acl:consumerKey=***');
    expect(failure.message).not.toContain(ODPT_KEY);
    expect(result.hosts[0].trains).toBeUndefined();
    expect(result.hosts[1].trains).toHaveLength(2);
  });

  it.each(['hang', 'hang-body'] as const)('times out when the server hangs (%s)', async (mode) => {
    main.setMode(mode);
    const started = Date.now();
    const result = await client({ timeoutMs: 300 }).fetchTrains();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.hosts[0].failures[0]).toMatchObject({ kind: 'timeout', key: 'timeout' });
    expect(result.hosts[0].failures[0].message).toContain('no complete answer within 300 ms (request aborted).');
  });

  it('reports a host that is down as unreachable', async () => {
    const down = await startOdptServer({ key: ODPT_KEY, fixtures: ODPT_HOST_FIXTURES });
    await down.close();
    const result = await client({ hosts: withBaseUrls({ odpt: down.url, challenge: challenge.url }) }).fetchTrains();
    expect(result.hosts[0].failures[0]).toMatchObject({ kind: 'unreachable', key: 'unreachable' });
    expect(result.hosts[0].failures[0].message).toMatch(/ECONNREFUSED/);
  });

  it('keeps the good records of an answer with bad ones and lists the problems', async () => {
    main.setFixtures(MALFORMED_HOST_FIXTURES);
    const result = await client().fetchAll();
    const host = result.hosts[0];
    expect(host.state).toBe('ok');
    expect(host.trains?.map((t) => t.id)).toEqual([FIXTURE_CASES.delayed3min, FIXTURE_CASES.shortTurn]);
    expect(host.statuses).toHaveLength(1);
    expect(host.problems).toHaveLength(6);
    expect(host.problems[0]).toMatch(/^odpt:Train from host "odpt" \(.*acl:consumerKey=\*\*\*\): record 1 \(@id urn:uuid:.*\) skipped: field "owl:sameAs" is missing\.$/);
    expect(result.problems).toEqual(host.problems);
  });

  it('cancels with the caller’s signal', async () => {
    main.setMode('hang');
    const controller = new AbortController();
    const pending = client({ timeoutMs: 5_000 }).fetchHost('odpt', controller.signal, ['odpt:Train']);
    setTimeout(() => controller.abort(), 50);
    const result = await pending;
    expect(result.failures[0]).toMatchObject({ kind: 'aborted', key: 'aborted' });
  });
});

describe('OdptClient with an injected fetch', () => {
  it('builds the documented URL and sends Accept: application/json', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fake: FetchLike = async (url, init) => {
      calls.push({ url, headers: init.headers });
      return { ok: true, status: 200, statusText: 'OK', text: async () => '[]' };
    };
    const result = await new OdptClient({ fetch: fake, secrets: { odpt: 'abc123', challenge2025: 'def456' } }).fetchTrainInformation();
    expect(result.statuses).toEqual([]);
    expect(calls.map((c) => c.url)).toEqual([
      'https://api.odpt.org/api/v4/odpt:TrainInformation?odpt:operator=odpt.Operator:TokyoMetro,odpt.Operator:Toei,odpt.Operator:TWR,odpt.Operator:YokohamaMunicipal,odpt.Operator:MIR,odpt.Operator:TamaMonorail&acl:consumerKey=abc123',
      'https://api-challenge.odpt.org/api/v4/odpt:TrainInformation?odpt:operator=odpt.Operator:jre-is,odpt.Operator:Tokyu,odpt.Operator:Keikyu,odpt.Operator:Tobu,odpt.Operator:Seibu,odpt.Operator:Keio&acl:consumerKey=def456',
    ]);
    expect(calls[0].headers).toEqual({ Accept: 'application/json' });
  });

  it('redacts a key that a fetch error message repeats', async () => {
    const fake: FetchLike = async (url) => {
      throw new TypeError(`Failed to parse URL from ${url}`, { cause: new Error(`bad token secretkey42 in ${url}`) });
    };
    const result = await new OdptClient({ fetch: fake, secrets: { odpt: 'secretkey42' }, hosts: withBaseUrls({}).slice(0, 1) }).fetchTrains();
    const message = result.hosts[0].failures[0].message;
    expect(message).toContain('Failed to parse URL from https://api.odpt.org/api/v4/odpt:Train?odpt:operator=odpt.Operator:TokyoMetro,odpt.Operator:Toei&acl:consumerKey=***');
    expect(message).toContain('bad token *** in');
    expect(message).not.toContain('secretkey42');
  });

  it('does not time out an answer that arrived while the thread was blocked past the timeout', async () => {
    // The answer is ready 250 ms after the request; the thread is blocked for 1.5 s right after it starts,
    // so the 200 ms timer (due first) runs 1.3 s late, before the answer is handled.
    const fake: FetchLike = (_url, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve({ ok: true, status: 200, statusText: 'OK', text: async () => '[]' }), 250);
        init.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const pending = new OdptClient({ fetch: fake, secrets: { odpt: 'abc123' }, hosts: withBaseUrls({}).slice(0, 1), timeoutMs: 200 }).fetchTrains();
    const blockedUntil = Date.now() + 1_500;
    while (Date.now() < blockedUntil) {
      // a long task
    }
    const result = await pending;
    expect(result.hosts[0].failures).toEqual([]);
    expect(result.hosts[0].state).toBe('ok');
  });

  it('still times out a host that does not answer, once the thread runs on time again', async () => {
    const fake: FetchLike = (_url, init) => new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const pending = new OdptClient({ fetch: fake, secrets: { odpt: 'abc123' }, hosts: withBaseUrls({}).slice(0, 1), timeoutMs: 200 }).fetchTrains();
    const blockedUntil = Date.now() + 1_500;
    while (Date.now() < blockedUntil) {
      // a long task
    }
    const started = Date.now();
    const result = await pending;
    expect(result.hosts[0].failures[0]).toMatchObject({ kind: 'timeout', key: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_800); // one grace period after the stall, not another full wait
  });

  it('rejects invalid options with every problem named', () => {
    expect(() => new OdptClient({ timeoutMs: 0, hosts: withBaseUrls({ odpt: 'api.odpt.org' }) })).toThrow(
      'OdptClient: invalid options: ODPT host 0 ("odpt"): base URL "api.odpt.org" is not an absolute URL. timeoutMs must be a positive number of milliseconds, got 0.',
    );
  });

  it('refuses an unknown host id', async () => {
    await expect(new OdptClient().fetchHost('nope')).rejects.toThrow('OdptClient.fetchHost: unknown host id "nope"; known ids: "odpt", "challenge".');
  });
});

describe('redactSecrets', () => {
  it('hides keys in plain and encoded parameters and literal tokens', () => {
    expect(redactSecrets('GET https://h/api/v4/odpt:Train?acl:consumerKey=abc&x=1')).toBe('GET https://h/api/v4/odpt:Train?acl:consumerKey=***&x=1');
    expect(redactSecrets('url=https://h/x?acl%3AconsumerKey=abc "q"')).toBe('url=https://h/x?acl%3AconsumerKey=*** "q"');
    expect(redactSecrets('token abcd1234 leaked', ['abcd1234'])).toBe('token *** leaked');
  });
});
