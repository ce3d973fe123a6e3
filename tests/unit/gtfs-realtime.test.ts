import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decodeVehiclePositions,
  GtfsError,
  indexFeed,
  matchVehicles,
  parseGtfsZip,
  VehiclePoller,
  type GtfsFeed,
  type PollTimers,
  type VehicleUpdate,
} from '../../src/data/gtfs/index.ts';
import { FEED_MESSAGE } from '../../src/data/gtfs/realtime-schema.ts';
import { readSharedGtfs, startGtfsServer, type GtfsServerHandle } from '../support/gtfs-server.ts';

const SNAPSHOT = readSharedGtfs('halifax/VehiclePositions.pb');
let feed: GtfsFeed;
let server: GtfsServerHandle;

/** The snapshot with entity 0's trip_id replaced. */
function snapshotWithTrip(tripId: string): Uint8Array {
  const message = FEED_MESSAGE.toObject(FEED_MESSAGE.decode(SNAPSHOT)) as { entity: { vehicle: { trip: { trip_id: string } } }[] };
  message.entity[0].vehicle.trip.trip_id = tripId;
  return FEED_MESSAGE.encode(FEED_MESSAGE.fromObject(message)).finish();
}

beforeAll(async () => {
  feed = await parseGtfsZip(readSharedGtfs('halifax/google_transit.zip'), 'halifax');
  server = await startGtfsServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.route('/vp.pb', { kind: 'body', body: SNAPSHOT });
  server.requests.splice(0);
});

describe('decoding VehiclePositions.pb', () => {
  it('gives the 291 vehicles of the Halifax snapshot and matches 290 to trips of the Halifax feed', () => {
    const decoded = decodeVehiclePositions(SNAPSHOT);
    expect(decoded.vehicles).toHaveLength(291);
    expect(decoded.problems).toEqual([]);
    expect(decoded.timestamp).toBe(1_762_462_979_000);
    expect(decoded.vehicles[0]).toMatchObject({
      entityId: '526',
      vehicleId: '2526',
      label: '526',
      tripId: '3789838',
      routeId: '320',
      startDate: '20251106',
      bearing: null,
      timestamp: 1_762_462_969_000,
      currentStopSequence: null,
      stopId: '',
      currentStatus: null,
    });
    expect(decoded.vehicles[0].lat).toBeCloseTo(44.81045, 4);
    expect(decoded.vehicles[0].lng).toBeCloseTo(-63.59964, 4);
    expect(decoded.vehicles[1].bearing).toBe(45);
    const matched = matchVehicles(feed, indexFeed(feed), decoded.vehicles);
    // 286 trip ids are in trips.txt; 4 are extra runs "<trip_id>_<n>" of trips of the same route; 3797749 (route sp6) is in neither trips.txt nor routes.txt.
    expect(matched.problems).toEqual([
      `vehicle "4004" (entity "2004") runs trip_id "3797749", which is not in the GTFS feed's trips.txt (is the realtime feed for another GTFS feed or version?); it is not shown.`,
    ]);
    expect(matched.vehicles).toHaveLength(290);
    const run = matched.vehicles.find((v) => v.tripId === '3789145_1')!;
    expect([feed.trips[run.trip].id, feed.routes[run.route].id]).toEqual(['3789145', '3']);
    const first = matched.vehicles[0];
    expect(feed.trips[first.trip].id).toBe('3789838');
    expect(feed.routes[first.route].id).toBe('320');
    expect(matched.vehicles.every((v) => feed.routes[v.route].id === v.routeId)).toBe(true);
  });

  it('reports a vehicle whose trip is not in the GTFS feed, and keeps the others', () => {
    const decoded = decodeVehiclePositions(snapshotWithTrip('no-such-trip'));
    const matched = matchVehicles(feed, indexFeed(feed), decoded.vehicles);
    expect(matched.vehicles).toHaveLength(289);
    expect(matched.problems[0]).toBe(
      `vehicle "2526" (entity "526") runs trip_id "no-such-trip", which is not in the GTFS feed's trips.txt (is the realtime feed for another GTFS feed or version?); it is not shown.`,
    );
    expect(matched.problems).toHaveLength(2);
  });

  it.each([
    ['truncated', SNAPSHOT.subarray(0, 1000)],
    ['random bytes', Uint8Array.from({ length: 64 }, (_, i) => (i * 97 + 13) & 255)],
    ['empty (no header)', new Uint8Array(0)],
    ['JSON', new TextEncoder().encode('{"entity":[]}')],
  ])('rejects a malformed body: %s', (_, bytes) => {
    expect(() => decodeVehiclePositions(bytes)).toThrow(GtfsError);
    expect(() => decodeVehiclePositions(bytes)).toThrow(/^not a GTFS Realtime FeedMessage \(.+\)\.$/);
  });
});

/** Timers run by the test: `fire(ms)` runs the pending callbacks set with that delay. */
function manualTimers(): PollTimers & { pending: { ms: number; fn: () => void; id: number }[]; fire(ms: number): void } {
  let next = 1;
  const pending: { ms: number; fn: () => void; id: number }[] = [];
  return {
    pending,
    setTimeout(fn, ms) {
      pending.push({ fn, ms, id: next });
      return next++;
    },
    clearTimeout(handle) {
      const i = pending.findIndex((p) => p.id === handle);
      if (i >= 0) pending.splice(i, 1);
    },
    fire(ms) {
      const due = pending.filter((p) => p.ms === ms);
      if (due.length === 0) throw new Error(`no timer of ${ms} ms pending (pending: ${pending.map((p) => p.ms).join(', ')})`);
      for (const p of due) {
        pending.splice(pending.indexOf(p), 1);
        p.fn();
      }
    },
  };
}

describe('VehiclePoller against a local HTTP server', () => {
  function poller() {
    const timers = manualTimers();
    const updates: VehicleUpdate[] = [];
    const errors: GtfsError[] = [];
    const problems: string[] = [];
    const instance = new VehiclePoller({
      url: server.url('/vp.pb'),
      feed,
      timers,
      onUpdate: (u) => updates.push(u),
      onError: (e) => errors.push(e),
      onProblem: (p) => problems.push(p),
    });
    return { instance, timers, updates, errors, problems };
  }

  it('polls every 20 s, matching the snapshot\'s vehicles each time', async () => {
    const { instance, timers, updates, errors } = poller();
    expect(instance.intervalMs).toBe(20_000);
    instance.start();
    await vi.waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].vehicles).toHaveLength(290);
    expect(updates[0].problems).toHaveLength(1);
    expect(updates[0].feedTimestamp).toBe(1_762_462_979_000);
    await vi.waitFor(() => expect(timers.pending.map((p) => p.ms)).toEqual([20_000]));
    timers.fire(20_000);
    await vi.waitFor(() => expect(updates).toHaveLength(2));
    expect(server.requests).toEqual(['/vp.pb', '/vp.pb']);
    expect(errors).toEqual([]);
    instance.stop();
    expect(instance.active).toBe(false);
  });

  it('reports HTTP errors, malformed bodies and timeouts once each, and keeps polling', async () => {
    const { instance, timers, updates, errors } = poller();
    const url = server.url('/vp.pb');
    const nextPoll = async (expectedErrors: number) => {
      await vi.waitFor(() => expect(timers.pending.map((p) => p.ms)).toContain(20_000));
      timers.fire(20_000);
      await vi.waitFor(() => expect(errors.length + updates.length).toBeGreaterThan(0));
      await vi.waitFor(() => expect(timers.pending.map((p) => p.ms)).toContain(20_000));
      expect(errors).toHaveLength(expectedErrors);
    };
    server.route('/vp.pb', { kind: 'status', status: 503, body: 'maintenance' });
    instance.start();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0].message).toBe(`GTFS Realtime feed ${url}: HTTP 503 Service Unavailable; polling goes on every 20 s.`);
    expect(errors[0].file).toBe(url);
    await nextPoll(1); // the same failure is not reported again

    server.route('/vp.pb', { kind: 'body', body: SNAPSHOT.subarray(0, 500) });
    await nextPoll(2);
    expect(errors[1].message).toMatch(/^GTFS Realtime feed http:\/\/127\.0\.0\.1:\d+\/vp\.pb: the answer \(500 bytes\) is not a GTFS Realtime FeedMessage \(.+\)\. Polling goes on every 20 s\.$/);

    server.route('/vp.pb', { kind: 'hang' });
    await vi.waitFor(() => expect(timers.pending.map((p) => p.ms)).toContain(20_000));
    timers.fire(20_000);
    await vi.waitFor(() => expect(server.requests.length).toBe(4));
    timers.fire(10_000);
    await vi.waitFor(() => expect(errors).toHaveLength(3));
    expect(errors[2].message).toBe(`GTFS Realtime feed ${url}: no answer within 10 s; polling goes on every 20 s.`);

    server.route('/vp.pb', { kind: 'body', body: SNAPSHOT });
    await vi.waitFor(() => expect(timers.pending.map((p) => p.ms)).toContain(20_000));
    timers.fire(20_000);
    await vi.waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].vehicles).toHaveLength(290);
    instance.stop();
  });

  it('reports an unreachable server', async () => {
    const gone = await startGtfsServer();
    const url = gone.url('/vp.pb');
    await gone.close();
    const errors: GtfsError[] = [];
    const update = await new VehiclePoller({ url, feed, onError: (e) => errors.push(e) }).poll();
    expect(update).toBeNull();
    expect(errors[0].message).toMatch(/^GTFS Realtime feed http:\/\/127\.0\.0\.1:\d+\/vp\.pb: the request failed \(.+; a network error, or the server does not allow cross-origin requests\); polling goes on every 20 s\.$/);
  });

  it('reports each vehicle on an unknown trip once', async () => {
    server.route('/vp.pb', { kind: 'body', body: snapshotWithTrip('X1') });
    const { instance, problems } = poller();
    const first = await instance.poll();
    const second = await instance.poll();
    expect(first?.vehicles).toHaveLength(289);
    expect(second?.problems).toHaveLength(2);
    expect(problems).toEqual(first!.problems);
    expect(problems.filter((p) => p.includes('trip_id "X1"'))).toHaveLength(1);
  });

  it('accepts intervals from 15 to 30 s only', () => {
    expect(() => new VehiclePoller({ url: 'http://x.test/vp', feed, intervalMs: 10_000 })).toThrow('GTFS Realtime poll interval 10000 ms is outside 15000–30000 ms.');
    expect(() => new VehiclePoller({ url: 'http://x.test/vp', feed, intervalMs: 31_000 })).toThrow(GtfsError);
    expect(new VehiclePoller({ url: 'http://x.test/vp', feed, intervalMs: 15_000 }).intervalMs).toBe(15_000);
  });
});
