/**
 * The main-thread GTFS link (`src/api/gtfs-link.ts`) connected to the real
 * worker service through an in-memory port pair, with the shared Halifax and
 * Kawasaki feeds served over HTTP: what reaches the store, the `error`
 * messages, playback, removal and fitting the camera.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GtfsLink } from '../../src/api/gtfs-link.ts';
import type { SimulationClock } from '../../src/data/clock.ts';
import { serveGtfsSources } from '../../src/data/gtfs/index.ts';
import { createAppStore, selected } from '../../src/store.ts';
import { readSharedGtfs, startGtfsServer, type GtfsServerHandle } from '../support/gtfs-server.ts';
import { stubPage } from '../support/page-stub.ts';
import { workerPair } from '../support/worker-pair.ts';

let server: GtfsServerHandle;

beforeAll(async () => {
  server = await startGtfsServer({
    '/halifax.zip': { kind: 'body', body: readSharedGtfs('halifax/google_transit.zip') },
    '/vp.pb': { kind: 'body', body: readSharedGtfs('halifax/VehiclePositions.pb') },
    '/kawasaki.zip': { kind: 'body', body: readSharedGtfs('kawasaki-rinko-bus-no-shapes.zip') },
  });
});
afterAll(() => server.close());

/** A store with a clock that switches modes. */
function testStore() {
  let mode: 'realtime' | 'playback' = 'realtime';
  const clock = { get mode() { return mode; }, speed: 1, now: () => Date.now(), setMode: (m: typeof mode) => (mode = m) } as unknown as SimulationClock;
  return createAppStore({ viewState: { longitude: 139.767, latitude: 35.6814, zoom: 14, bearing: 0, pitch: 60 }, lang: 'en', theme: 'light', clock, trackingMode: 'position' });
}

/** The link and the worker service joined by a message channel (messages delivered asynchronously, as between threads). */
function connect(store: ReturnType<typeof testStore>) {
  const { main, worker, close } = workerPair();
  const stop = serveGtfsSources(worker);
  const mainSide = Object.assign(main, {
    terminate: () => {
      stop();
      close();
    },
  });
  const errors: string[] = [];
  const link = new GtfsLink(store, (message) => errors.push(message), () => ({ width: 1280, height: 720 }), mainSide);
  return { link, errors };
}

describe('the GTFS link', () => {
  it('puts a feed and its vehicles in the store, reports the vehicle on an unknown trip, and fits the camera', async () => {
    const store = testStore();
    const { link, errors } = connect(store);
    link.addOptions('gtfs-1', { gtfsUrl: server.url('/halifax.zip'), vehiclePositionUrl: server.url('/vp.pb') }, 'dataSource', { fit: true });
    expect(link.list()).toMatchObject([{ id: 'gtfs-1', status: 'loading', vehicleCount: 0 }]);
    // Its vehicle layer is drawn from the request on (its GPU program is built before the feed arrives).
    expect(store.getState().gtfsRealtimeSources).toEqual(['gtfs-1']);
    await vi.waitFor(() => expect(store.getState().gtfsVehicles['gtfs-1']).toBeDefined(), { timeout: 30_000 });
    const [feed] = store.getState().gtfsFeeds;
    expect(feed.id).toBe('gtfs-1');
    expect(feed.data.routeStrip.vertexCount).toBeGreaterThan(10_000);
    expect(feed.data.routeStrip.bytes.byteLength).toBeGreaterThan(0);
    const set = store.getState().gtfsVehicles['gtfs-1'];
    expect(set.count).toBe(290);
    const bus = set.vehicleIds.indexOf('2526');
    expect(set.kinds[bus]).toBe(0); // a bus
    expect([...set.colors.subarray(bus * 3, bus * 3 + 3)]).toEqual(feed.data.routes[set.routes[bus]].color);
    expect(link.pose('gtfs-1', '2526', Date.now())?.lat).toBeCloseTo(44.8104, 2);
    expect(link.list()).toMatchObject([{ status: 'loaded', agencies: ['Halifax Transit'], timezone: 'America/Halifax', routeCount: 80, stopCount: 2386, vehicleCount: 290 }]);
    expect(errors).toEqual([expect.stringMatching(/^GTFS Realtime feed http:\/\/127\.0\.0\.1:\d+\/vp\.pb: vehicle "4004" \(entity "2004"\) runs trip_id "3797749", which is not in the GTFS feed's trips\.txt/)]);
    // The camera was asked to fit Halifax.
    const request = store.getState().cameraRequest!;
    expect(request.view.longitude).toBeGreaterThan(-63.86);
    expect(request.view.longitude).toBeLessThan(-63.28);
    expect(request.view.zoom).toBeGreaterThan(8);
    // Popup details come from the worker.
    await expect(link.details('gtfs-1', '2526')).resolves.toMatchObject({ routeName: '320', headsign: '320 AIRPORT VIA FALL RIVER', vehicleLabel: '526' });
    await expect(link.details('gtfs-1', 'no-such-bus')).resolves.toBeNull();

    // A tracked vehicle; playback: no vehicles, tracking ends; back in real time they return.
    store.getState().select({ kind: 'gtfs', source: 'gtfs-1', vehicleId: '2526' });
    store.getState().setClockMode('playback');
    expect(store.getState().gtfsVehicles).toEqual({});
    expect(selected(store.getState(), 'gtfs')).toBeNull();
    store.getState().setClockMode('realtime');
    await vi.waitFor(() => expect(store.getState().gtfsVehicles['gtfs-1']?.count).toBe(290), { timeout: 10_000 });

    // Removing the source takes it out of the store.
    expect(link.remove('gtfs-1')).toBe(true);
    expect(link.remove('gtfs-1')).toBe(false);
    expect(store.getState().gtfsFeeds).toEqual([]);
    expect(store.getState().gtfsVehicles).toEqual({});
    expect(store.getState().gtfsRealtimeSources).toEqual([]);
    link.dispose();
  });

  it('rests while the browser is offline or the page hidden, and polls at once when it is back', async () => {
    const page = stubPage();
    try {
      const store = testStore();
      const { link } = connect(store);
      link.addOptions('gtfs-1', { gtfsUrl: server.url('/halifax.zip'), vehiclePositionUrl: server.url('/vp.pb') }, 'dataSource');
      await vi.waitFor(() => expect(store.getState().gtfsVehicles['gtfs-1']?.count).toBe(290), { timeout: 30_000 });
      const polls = () => server.requests.filter((path) => path === '/vp.pb').length;
      for (const [away, back] of [
        [page.goOffline, page.goOnline],
        [page.hide, page.show],
      ]) {
        away();
        expect(store.getState().gtfsVehicles).toEqual({}); // no vehicles of an old answer
        const before = polls();
        const since = Date.now();
        back();
        // The next poll is due 20 s after the last: this one is the resume.
        await vi.waitFor(() => expect(polls()).toBe(before + 1), { timeout: 10_000 });
        expect(Date.now() - since).toBeLessThan(10_000);
        await vi.waitFor(() => expect(store.getState().gtfsVehicles['gtfs-1']?.count).toBe(290), { timeout: 10_000 });
      }
      link.dispose();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reports a feed that cannot be used and keeps nothing of it', async () => {
    const store = testStore();
    const { link, errors } = connect(store);
    link.addOptions('gtfs-1', { gtfsUrl: server.url('/kawasaki.zip'), vehiclePositionUrl: server.url('/vp.pb') }, 'dataSources[0]');
    expect(store.getState().gtfsRealtimeSources).toEqual(['gtfs-1']);
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 10_000 });
    expect(store.getState().gtfsRealtimeSources).toEqual([]);
    expect(errors[0]).toMatch(/^GTFS feed http:\/\/127\.0\.0\.1:\d+\/kawasaki\.zip: the GTFS zip has no shapes\.txt \(a feed needs/);
    expect(link.list()).toMatchObject([{ id: 'gtfs-1', status: 'failed' }]);
    expect(store.getState().gtfsFeeds).toEqual([]);
    link.dispose();
  });

  it('checks the URLs of options and of the app URL, one message per problem', () => {
    const store = testStore();
    const { link, errors } = connect(store);
    link.addOptions('gtfs-1', { gtfsUrl: 'ftp://example.org/g.zip', vehiclePositionUrl: 'mailto:a@b' }, 'dataSource');
    expect(errors).toEqual([
      'Invalid option "dataSource.gtfsUrl": "ftp://example.org/g.zip" is not an http or https URL (protocol ftp:); expected the http(s) URL of a GTFS zip.',
      'Invalid option "dataSource.vehiclePositionUrl": "mailto:a@b" is not an http or https URL (protocol mailto:); expected the http(s) URL of a GTFS Realtime VehiclePosition feed.',
    ]);
    expect(link.list()).toMatchObject([{ id: 'gtfs-1', status: 'failed' }]);
    errors.length = 0;
    expect(link.addFromUrl('gtfs-2', '?gtfsurl=https://a.test/g.zip&gtfscolor=%23ff0000')).toBe(false);
    expect(errors).toEqual([
      'Invalid URL parameter "gtfsurl": "https://a.test/g.zip" is not URL-encoded; encode the URL of a GTFS zip with encodeURIComponent (":" as %3A, "/" as %2F, "?" as %3F, "&" as %26, "=" as %3D).',
      'Invalid URL parameter "gtfscolor": "#ff0000" starts with "#"; write the hex digits without it, e.g. gtfscolor=ff0000.',
    ]);
    link.dispose();
  });
});
