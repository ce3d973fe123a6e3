/**
 * The train simulation's start: the day's timetable downloads while the network is fetched and decoded (each is a
 * download of its own, and on a phone's network each takes long), served over a message channel as in the worker.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../../src/data/geometry/track-units.ts';
import { serveTrains } from '../../src/data/trains/train-service.ts';
import type { TrainWorkerEvents, TrainWorkerMethods } from '../../src/data/trains/worker-protocol.ts';
import { WorkerChannel } from '../../src/data/worker/channel.ts';
import { workerPair } from '../support/worker-pair.ts';
import { bundleBytes } from './fixtures/real-data.ts';

const URLS = { network: 'https://data.example/network.bin', weekday: 'https://data.example/weekday.bin', saturday: 'https://data.example/saturday.bin', holiday: 'https://data.example/holiday.bin' };
/** 08:00 in Tokyo on Tuesday 24 Nov 2026: a weekday. */
const TUESDAY_8AM = Date.parse('2026-11-24T08:00:00+09:00');

afterEach(() => void vi.unstubAllGlobals());

it("asks for the day's timetable before the network has come, and starts once both have", async () => {
  const bytes = bundleBytes();
  const requested: string[] = [];
  let releaseNetwork!: () => void;
  const networkHeld = new Promise<void>((resolve) => (releaseNetwork = resolve));
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    if (url === URLS.network) await networkHeld;
    const file = url === URLS.network ? bytes.network : url === URLS.weekday ? bytes.weekday : url === URLS.saturday ? bytes.saturday : bytes.holiday;
    return new Response(file.slice().buffer);
  });
  const { main, worker, close } = workerPair();
  serveTrains(worker);
  const channel = new WorkerChannel<TrainWorkerMethods, TrainWorkerEvents>(main);
  const started = channel.call('init', {
    networkUrl: URLS.network,
    timetableUrls: { weekday: URLS.weekday, saturday: URLS.saturday, holiday: URLS.holiday },
    dims: { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES },
    time: TUESDAY_8AM,
  });
  // Both downloads are under way while the network is held back.
  await vi.waitFor(() => expect([...requested].sort()).toEqual([URLS.network, URLS.weekday].sort()));
  releaseNetwork();
  const day = await started;
  expect(day).toMatchObject({ calendar: 'weekday', serviceDate: '2026-11-24' });
  expect(day.trainCount).toBeGreaterThan(2000);
  // Each was fetched once.
  expect(requested).toHaveLength(2);
  close();
}, 60_000);
