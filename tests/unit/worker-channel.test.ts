/**
 * The worker channel (`src/data/worker/`) across a real MessageChannel:
 * calls matched to answers by id, buffers transferred both ways, cancellation,
 * handlers' errors as rejections, one-way messages and events, and no call
 * left waiting when the worker fails or is stopped.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerChannel } from '../../src/data/worker/channel.ts';
import { serve, type Server } from '../../src/data/worker/serve.ts';
import { transfer } from '../../src/data/worker/wire.ts';
import { workerPair } from '../support/worker-pair.ts';

type TestMethods = {
  echo(value: number): number;
  /** Answers after `ms`. */
  later(ms: number): string;
  /** Doubles each byte; the bytes go and come back by transfer. */
  double(bytes: Uint8Array): Uint8Array;
  /** Waits until cancelled, then answers how it ended. */
  wait(arg: undefined): string;
  fail(message: string): never;
  /** One-way: sends `count` tick events. */
  ticks(count: number): void;
  /** One-way, throws. */
  broken(message: string): void;
  /** Never answers. */
  hang(arg: undefined): void;
};
type TestEvents = { tick: { n: number; bytes: Uint8Array } };

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function connect(options: ConstructorParameters<typeof WorkerChannel>[1] = {}) {
  const pair = workerPair();
  const received: unknown[] = [];
  const server: Server<TestEvents> = serve<TestMethods, TestEvents>(pair.worker, {
    echo: (value) => value,
    later: (ms) => new Promise((resolve) => setTimeout(() => resolve(`after ${ms}`), ms)),
    double: (bytes) => {
      received.push(bytes);
      for (let i = 0; i < bytes.length; i++) bytes[i] *= 2;
      return transfer(bytes, [bytes.buffer]);
    },
    wait: (_, { signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve('cancelled'))),
    fail: (message) => {
      throw new Error(message);
    },
    ticks: (count) => {
      for (let n = 0; n < count; n++) {
        const bytes = new Uint8Array([n]);
        server.emit('tick', { n, bytes }, [bytes.buffer]);
      }
    },
    broken: async (message) => {
      throw new Error(message);
    },
    hang: () => new Promise<void>(() => undefined),
  });
  const channel = new WorkerChannel<TestMethods, TestEvents>(pair.main, options);
  closers.push(() => {
    channel.terminate();
    server.close();
    pair.close();
  });
  return { channel, server, worker: pair.main, received };
}

describe('the worker channel', () => {
  it('matches each answer to its call by id, whatever order they come back in', async () => {
    const { channel } = connect();
    const slow = channel.call('later', 60);
    const fast = channel.call('later', 5);
    const values = await Promise.all([channel.call('echo', 1), slow, fast, channel.call('echo', 2)]);
    expect(values).toEqual([1, 'after 60', 'after 5', 2]);
    expect(channel.pendingCount).toBe(0);
  });

  it('transfers buffers both ways without copying them', async () => {
    const { channel, received } = connect();
    const bytes = new Uint8Array([1, 2, 3]);
    const answer = channel.call('double', bytes, { transfer: [bytes.buffer] });
    expect(bytes.buffer.byteLength).toBe(0); // handed over
    expect([...(await answer)]).toEqual([2, 4, 6]);
    expect((received[0] as Uint8Array).buffer.byteLength).toBe(0); // handed back
  });

  it('cancels a call: the handler sees its signal fire and its answer comes back', async () => {
    const { channel } = connect();
    const controller = new AbortController();
    const pending = channel.call('wait', undefined, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(pending).resolves.toBe('cancelled');
    const before = new AbortController();
    before.abort();
    await expect(channel.call('wait', undefined, { signal: before.signal })).resolves.toBe('cancelled');
  });

  it('rejects with the message of an error the handler throws, and goes on answering', async () => {
    const { channel } = connect();
    await expect(channel.call('fail', 'no such vehicle')).rejects.toThrow('no such vehicle');
    await expect(channel.call('nothing' as 'echo', 1)).rejects.toThrow('the worker has no method "nothing".');
    await expect(channel.call('echo', 3)).resolves.toBe(3);
  });

  it('delivers events in order with their transferred buffers, and reports one-way handlers that throw', async () => {
    const failures: string[] = [];
    const { channel } = connect({ onPostError: (method, error) => failures.push(`${method}: ${error.message}`) });
    const ticks: number[] = [];
    const stop = channel.on('tick', ({ n, bytes }) => ticks.push(n * 10 + bytes[0]));
    channel.post('ticks', 3);
    await vi.waitFor(() => expect(ticks).toEqual([0, 11, 22]));
    stop();
    channel.post('ticks', 1);
    channel.post('broken', 'bad frame');
    await vi.waitFor(() => expect(failures).toEqual(['broken: bad frame']));
    expect(ticks).toEqual([0, 11, 22]);
  });

  it('rejects every call under way when the worker fails, with the failure message', async () => {
    const errors: Error[] = [];
    const { channel, worker } = connect({ failureMessage: (detail) => `the decoder stopped (${detail || 'worker error'})`, onError: (e) => errors.push(e) });
    const calls = [channel.call('hang', undefined), channel.call('hang', undefined)];
    expect(channel.pendingCount).toBe(2);
    worker.fail('out of memory');
    await expect(calls[0]).rejects.toThrow('the decoder stopped (out of memory)');
    await expect(calls[1]).rejects.toThrow('the decoder stopped (out of memory)');
    expect(errors.map((e) => e.message)).toEqual(['the decoder stopped (out of memory)']);
    // A message that cannot be read fails the calls under way too.
    const third = channel.call('hang', undefined);
    worker.failMessage();
    await expect(third).rejects.toThrow('the decoder stopped (a message from the worker could not be read)');
    expect(channel.pendingCount).toBe(0);
  });

  it('closes when the worker script could not load, naming its URL, and rejects later calls with the same error', async () => {
    const errors: Error[] = [];
    const pair = workerPair();
    closers.push(pair.close);
    const port = Object.assign(pair.main, { scriptUrl: 'https://example.org/sub/assets/train-worker-x.js' });
    const channel = new WorkerChannel<TestMethods>(port, { failureMessage: (detail) => `its worker failed (${detail}).`, onError: (e) => errors.push(e) });
    const call = channel.call('hang', undefined);
    pair.main.fail(''); // a script that did not load fires an `error` without a message
    const message = 'its worker failed (its script https://example.org/sub/assets/train-worker-x.js could not be loaded).';
    await expect(call).rejects.toThrow(message);
    await expect(channel.call('echo', 1)).rejects.toThrow(message);
    expect(errors.map((e) => e.message)).toEqual([message]);
  });

  it('rejects every call under way on terminate(), stops the worker, and rejects later calls', async () => {
    const { channel, worker } = connect();
    const call = channel.call('hang', undefined);
    channel.terminate('the real-time worker was stopped.');
    await expect(call).rejects.toThrow('the real-time worker was stopped.');
    expect(worker.terminated).toBe(true);
    await expect(channel.call('echo', 1)).rejects.toThrow('the real-time worker was stopped.');
    expect(() => channel.post('ticks', 1)).not.toThrow();
  });
});
