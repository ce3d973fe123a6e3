import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { vehiclePoseInto, serveGtfsSources, type GtfsPort, type GtfsWorkerRequest, type GtfsWorkerResponse } from '../../src/data/gtfs/index.ts';
import { readSharedGtfs, startGtfsServer, type GtfsServerHandle } from '../support/gtfs-server.ts';

let server: GtfsServerHandle;

beforeAll(async () => {
  server = await startGtfsServer({
    '/halifax.zip': { kind: 'body', body: readSharedGtfs('halifax/google_transit.zip') },
    '/vp.pb': { kind: 'body', body: readSharedGtfs('halifax/VehiclePositions.pb') },
    '/kawasaki.zip': { kind: 'body', body: readSharedGtfs('kawasaki-rinko-bus-no-shapes.zip') },
  });
});
afterAll(() => server.close());

/** A port whose messages the test sends and reads. */
function testPort() {
  const received: GtfsWorkerResponse[] = [];
  let listener: ((event: MessageEvent<GtfsWorkerRequest>) => void) | null = null;
  const port: GtfsPort = {
    postMessage: (message) => received.push(message),
    addEventListener: (_, l) => (listener = l),
    removeEventListener: () => (listener = null),
  };
  return { port, received, send: (data: GtfsWorkerRequest) => listener?.({ data } as MessageEvent<GtfsWorkerRequest>) };
}

describe('the GTFS worker service', () => {
  it('loads a feed, sends what the map draws, then vehicles with their paths, and answers popup questions', async () => {
    const { port, received, send } = testPort();
    const stop = serveGtfsSources(port);
    send({ type: 'add', id: 'halifax', source: { gtfsUrl: server.url('/halifax.zip'), vehiclePositionUrl: server.url('/vp.pb'), color: null } });
    await vi.waitFor(() => expect(received.some((m) => m.type === 'vehicles')).toBe(true), { timeout: 20_000 });
    const feed = received.find((m) => m.type === 'feed')!;
    if (feed.type !== 'feed') throw new Error('no feed');
    expect(feed.data).toMatchObject({ timezone: 'America/Halifax', realtime: true });
    expect(feed.data.routes).toHaveLength(80);
    expect(Object.keys(feed.data).sort()).toEqual(['agencies', 'bbox', 'realtime', 'routeStrip', 'routes', 'stops', 'timezone']);
    expect(feed.data.stops.names).toHaveLength(2386);
    expect(feed.data.stops.coordinates).toHaveLength(2 * 2386);
    expect(feed.data.routeStrip.vertexCount).toBeGreaterThan(10_000);
    const vehicles = received.find((m) => m.type === 'vehicles')!;
    if (vehicles.type !== 'vehicles') throw new Error('no vehicles');
    expect(vehicles.vehicles.vehicleIds).toHaveLength(290);
    expect(vehicles.vehicles.paths.count).toBe(290);
    const bus = vehicles.vehicles.vehicleIds.indexOf('2526');
    const pose = [0, 0, 0];
    vehiclePoseInto(vehicles.vehicles.paths, bus, vehicles.receivedAt, pose);
    expect(pose[1]).toBeCloseTo(44.8104, 2);
    expect(feed.data.routes[vehicles.vehicles.routes[bus]].shortName).toBe('320');
    expect(received.filter((m) => m.type === 'problem')).toHaveLength(1);

    send({ type: 'details', requestId: 7, id: 'halifax', vehicleId: '2526', now: vehicles.receivedAt });
    const details = received.find((m) => m.type === 'details');
    expect(details).toMatchObject({ requestId: 7, details: { routeName: '320', headsign: '320 AIRPORT VIA FALL RIVER', vehicleLabel: '526' } });

    send({ type: 'enabled', enabled: false });
    expect(received.at(-1)).toMatchObject({ type: 'vehicles', id: 'halifax', vehicles: { vehicleIds: [] } });
    send({ type: 'remove', id: 'halifax' });
    stop();
  });

  it('reports a feed that cannot be loaded as a fatal error naming the missing file', async () => {
    const { port, received, send } = testPort();
    const stop = serveGtfsSources(port);
    send({ type: 'add', id: 'kawasaki', source: { gtfsUrl: server.url('/kawasaki.zip'), vehiclePositionUrl: null, color: null } });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ type: 'error', id: 'kawasaki', fatal: true });
    expect(received[0].type === 'error' && received[0].message).toContain('has no shapes.txt');
    stop();
  });
});
