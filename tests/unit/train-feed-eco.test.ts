import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulationClock } from '../../src/data/clock.ts';
import { TrainFeed } from '../../src/data/trains/train-feed.ts';
import type { TrainWorkerMethods } from '../../src/data/trains/worker-protocol.ts';
import { serve } from '../../src/data/worker/serve.ts';
import { directPair } from '../support/worker-pair.ts';

/** A worker, answering at once, that records frame requests and never answers them (so none is in flight after it is counted). */
function fakeWorker() {
  const frames: number[] = [];
  const { main, worker } = directPair();
  const unused = () => {
    throw new Error('not asked in this test');
  };
  serve<TrainWorkerMethods>(worker, {
    init: () => ({ calendar: 'weekday', serviceDate: '2026-11-24', trainCount: 0 }),
    frame: () => void frames.push(performance.now()),
    realtime: unused,
    cityRealtime: unused,
    details: unused,
    departures: unused,
    find: unused,
    route: unused,
  });
  return { port: main, frames };
}

describe('eco mode: the frame-rate limit of the train feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function readyFeed() {
    const worker = fakeWorker();
    let feed!: TrainFeed;
    await new Promise((resolve) => {
      feed = new TrainFeed(worker.port, new SimulationClock({ time: 0 }), () => {}, resolve);
      feed.init('network.bin', { weekday: 'weekday.bin', saturday: 'saturday.bin', holiday: 'holiday.bin' }, { spacingMetres: 1, depthMetres: 1 });
    });
    /** Pretends the worker answered the request in flight, so that the next one may go. */
    const settle = () => (feed as unknown as { inFlight: boolean }).inFlight = false;
    return { feed, worker, settle };
  }

  it('asks for a frame at every request without a limit', async () => {
    const { feed, worker, settle } = await readyFeed();
    for (let i = 0; i < 5; i++) {
      feed.request(14);
      settle();
      vi.advanceTimersByTime(16);
    }
    expect(worker.frames).toHaveLength(5);
  });

  it('holds requests back to one a second at 1 fps, sending the latest when its time comes', async () => {
    const { feed, worker, settle } = await readyFeed();
    feed.setFrameRateLimit(1);
    // The display asks 60 times a second for 3 seconds.
    for (let i = 0; i < 180; i++) {
      feed.request(14);
      settle();
      vi.advanceTimersByTime(1000 / 60);
    }
    expect(worker.frames.length).toBeGreaterThanOrEqual(3);
    expect(worker.frames.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < worker.frames.length; i++) expect(worker.frames[i] - worker.frames[i - 1]).toBeGreaterThanOrEqual(999);
  });

  it('lifts the limit at once, sending a held-back request', async () => {
    const { feed, worker, settle } = await readyFeed();
    feed.setFrameRateLimit(1);
    feed.request(14);
    settle();
    feed.request(14);
    expect(worker.frames).toHaveLength(1);
    feed.setFrameRateLimit(0);
    expect(worker.frames).toHaveLength(2);
  });
});
