import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { OdptClient } from '../../src/data/realtime/odpt-client.ts';
import { withBaseUrls } from '../../src/data/realtime/odpt-config.ts';
import { RemoteOdptSource, serveOdptClient, type OdptRemoteOptions } from '../../src/data/realtime/odpt-remote.ts';
import type { ChannelPort } from '../../src/data/worker/wire.ts';
import { FIXTURE_CASES } from '../support/odpt-fixtures.ts';
import type { OdptServerHandle } from '../support/odpt-server.ts';
import { CHALLENGE_KEY, ODPT_KEY, startOdptHosts, type OdptHosts } from '../support/odpt-hosts.ts';

let hosts: OdptHosts;
let main: OdptServerHandle;
let challenge: OdptServerHandle;
const opened: Array<() => void> = [];

beforeAll(async () => {
  hosts = await startOdptHosts();
  ({ main, challenge } = hosts);
});
afterAll(() => hosts.close());
afterEach(() => {
  for (const close of opened.splice(0)) close();
  hosts.reset();
});

function options(extra: Partial<OdptRemoteOptions> = {}): OdptRemoteOptions {
  return { hosts: withBaseUrls({ odpt: main.url, challenge: challenge.url }), secrets: { odpt: ODPT_KEY, challenge2025: CHALLENGE_KEY }, timeoutMs: 3_000, ...extra };
}

/** A worker side and a main side joined by a real MessageChannel (structured clone in between). */
function connect(extra: Partial<OdptRemoteOptions> = {}, serve = true): { source: RemoteOdptSource; workerSide: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  port1.start();
  port2.start();
  const stop = serve ? serveOdptClient(port2 as unknown as ChannelPort) : () => {};
  const source = new RemoteOdptSource(port1 as unknown as ChannelPort, options(extra));
  opened.push(() => {
    source.dispose();
    stop();
    port1.close();
    port2.close();
  });
  return { source, workerSide: port2 };
}

describe('RemoteOdptSource with serveOdptClient across a message channel', () => {
  it('returns what the client itself returns, for each host', async () => {
    const { source } = connect();
    expect(source.hostIds).toEqual(['odpt', 'challenge']);
    const [odpt, ch] = await Promise.all([source.fetchHost('odpt'), source.fetchHost('challenge')]);
    expect(odpt.state).toBe('ok');
    expect(ch.state).toBe('ok');
    const direct = await new OdptClient(options()).fetchHost('challenge');
    expect(ch.trains?.map((t) => t.id).sort()).toEqual(direct.trains?.map((t) => t.id).sort());
    expect(odpt.trains?.map((t) => t.id)).toContain(FIXTURE_CASES.delayed3min);
    expect(ch.trains?.map((t) => t.id)).toContain(FIXTURE_CASES.delayed30s);
    expect(main.requests.map((r) => r.consumerKey)).toEqual([ODPT_KEY, ODPT_KEY]);
  });

  it('reports a host that never answers as a timeout of that host, measured in the worker', async () => {
    challenge.setMode('hang');
    const { source } = connect({ timeoutMs: 300 });
    const result = await source.fetchHost('challenge');
    expect(result.state).toBe('failed');
    expect(result.failures.map((f) => f.kind)).toEqual(['timeout', 'timeout']);
    expect(result.failures[0]!.message).toContain('no complete answer within 300 ms');
    expect(result.failures[0]!.message).not.toContain(CHALLENGE_KEY);
  });

  it('cancels a running request when the caller aborts it', async () => {
    challenge.setMode('hang');
    const { source } = connect({ timeoutMs: 5_000 });
    const controller = new AbortController();
    const pending = source.fetchHost('challenge', controller.signal);
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    const result = await pending;
    expect(result.failures.map((f) => f.kind)).toEqual(['aborted', 'aborted']);
  });

  it('rejects an unknown host id with the client message', async () => {
    const { source } = connect();
    await expect(source.fetchHost('nowhere')).rejects.toThrow('unknown host id "nowhere"');
  });

  it('validates the options on the calling thread', () => {
    const { port1 } = new MessageChannel();
    expect(() => new RemoteOdptSource(port1 as unknown as ChannelPort, options({ timeoutMs: -1 }))).toThrow('timeoutMs must be a positive number');
    port1.close();
  });

  it('rejects calls still waiting when disposed', async () => {
    const { source } = connect({}, false);
    const pending = source.fetchHost('odpt');
    source.dispose();
    await expect(pending).rejects.toThrow('the real-time worker was stopped.');
  });
});
