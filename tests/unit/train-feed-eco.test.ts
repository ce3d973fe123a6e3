import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulationClock } from '../../src/data/clock.ts';
import { TrainFeed, type WorkerPort } from '../../src/data/trains/train-feed.ts';
import type { WorkerRequest, WorkerResponse } from '../../src/data/trains/worker-protocol.ts';

/** A worker that records frame requests and never answers them (so none is in flight after it is counted). */
function fakeWorker() {
  const frames: number[] = [];
  const port: WorkerPort = {
    onmessage: null,
    postMessage(message: WorkerRequest) {
      if (message.type === 'frame') frames.push(performance.now());
    },
    terminate() {},
  };
  const answer = (message: WorkerResponse) => port.onmessage?.({ data: message } as MessageEvent<WorkerResponse>);
  return { port, frames, answer };
}

describe('eco mode: the frame-rate limit of the train feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function readyFeed() {
    const worker = fakeWorker();
    const feed = new TrainFeed(worker.port, new SimulationClock({ time: 0 }), () => {});
    worker.answer({ type: 'ready', calendar: 'weekday', serviceDate: '2026-11-24', trainCount: 0 } as WorkerResponse);
    /** Pretends the worker answered the request in flight, so that the next one may go. */
    const settle = () => (feed as unknown as { inFlight: boolean }).inFlight = false;
    return { feed, worker, settle };
  }

  it('asks for a frame at every request without a limit', () => {
    const { feed, worker, settle } = readyFeed();
    for (let i = 0; i < 5; i++) {
      feed.request(14);
      settle();
      vi.advanceTimersByTime(16);
    }
    expect(worker.frames).toHaveLength(5);
  });

  it('holds requests back to one a second at 1 fps, sending the latest when its time comes', () => {
    const { feed, worker, settle } = readyFeed();
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

  it('lifts the limit at once, sending a held-back request', () => {
    const { feed, worker, settle } = readyFeed();
    feed.setFrameRateLimit(1);
    feed.request(14);
    settle();
    feed.request(14);
    expect(worker.frames).toHaveLength(1);
    feed.setFrameRateLimit(0);
    expect(worker.frames).toHaveLength(2);
  });
});
