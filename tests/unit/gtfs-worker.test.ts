import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { vehiclePoseInto, serveGtfsSources, type GtfsWorkerEvents, type GtfsWorkerMethods } from '../../src/data/gtfs/index.ts';
import type { VehicleDetails } from '../../src/data/gtfs/next-stop.ts';
import type { GtfsSource } from '../../src/data/gtfs/source-options.ts';
import { WorkerChannel } from '../../src/data/worker/channel.ts';
import { readSharedGtfs, startGtfsServer, type GtfsServerHandle } from '../support/gtfs-server.ts';
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

/** What the test sends: the worker's methods, tagged with their names. */
type Request =
  | { type: 'add'; id: string; source: GtfsSource }
  | { type: 'remove'; id: string }
  | { type: 'enabled'; enabled: boolean }
  | { type: 'details'; requestId: number; id: string; vehicleId: string; now: number };

/** What the test reads: the worker's events, and the answers to `details`, tagged with their names. */
type Received = { [K in keyof GtfsWorkerEvents]: { type: K } & GtfsWorkerEvents[K] }[keyof GtfsWorkerEvents] | { type: 'details'; requestId: number; details: VehicleDetails | null };

/** A channel to the service whose messages the test sends and reads. */
function testPort() {
  const { main, worker, close } = workerPair();
  const channel = new WorkerChannel<GtfsWorkerMethods, GtfsWorkerEvents>(main);
  const received: Received[] = [];
  for (const type of ['feed', 'vehicles', 'problem', 'error'] as const) channel.on(type, (data) => received.push({ type, ...data } as Received));
  const send = (request: Request) => {
    if (request.type === 'add') channel.post('add', { id: request.id, source: request.source });
    else if (request.type === 'remove') channel.post('remove', request.id);
    else if (request.type === 'enabled') channel.post('enabled', request.enabled);
    else void channel.call('details', request).then((details) => received.push({ type: 'details', requestId: request.requestId, details }));
  };
  return { port: worker, received, send, close };
}

describe('the GTFS worker service', () => {
  it('loads a feed, sends what the map draws, then vehicles with their paths, and answers popup questions', async () => {
    const { port, received, send, close } = testPort();
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
    await vi.waitFor(() => expect(received.some((m) => m.type === 'details')).toBe(true));
    const details = received.find((m) => m.type === 'details');
    expect(details).toMatchObject({ requestId: 7, details: { routeName: '320', headsign: '320 AIRPORT VIA FALL RIVER', vehicleLabel: '526' } });

    send({ type: 'enabled', enabled: false });
    await vi.waitFor(() => expect(received.at(-1)).toMatchObject({ type: 'vehicles', id: 'halifax', vehicles: { vehicleIds: [] } }));
    send({ type: 'remove', id: 'halifax' });
    stop();
    close();
  });

  it('reports a feed that cannot be loaded as a fatal error naming the missing file', async () => {
    const { port, received, send, close } = testPort();
    const stop = serveGtfsSources(port);
    send({ type: 'add', id: 'kawasaki', source: { gtfsUrl: server.url('/kawasaki.zip'), vehiclePositionUrl: null, color: null } });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ type: 'error', id: 'kawasaki', fatal: true });
    expect(received[0].type === 'error' && received[0].message).toContain('has no shapes.txt');
    stop();
    close();
  });
});
