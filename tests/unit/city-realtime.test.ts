/**
 * A city bundle's vehicles take the delays of its GTFS Realtime TripUpdate and VehiclePosition feeds: the Halifax
 * bundle, its train simulation served over a message channel as in the train worker, and the real TripUpdate and
 * VehiclePosition snapshots of the shared data answered by a local HTTP server and polled by the app's poller, with the
 * clock at the TripUpdate snapshot's header time (Thursday 6 Nov 2025, 17:04 in Halifax).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolvePaths } from '../../scripts/config.ts';
import { buildGtfsBundle, isBundleStale } from '../../scripts/data-bundle.ts';
import type { BundleManifest } from '../../src/data/bundle/manifest.ts';
import { GtfsError } from '../../src/data/gtfs/gtfs-error.ts';
import { cityRealtimePoller, type CityRealtimeKind, type CityRealtimeResult } from '../../src/data/gtfs/city-realtime-poller.ts';
import { decodeVehiclePositions } from '../../src/data/gtfs/vehicle-positions.ts';
import type { CityRealtimeFeed } from '../../src/data/trains/trip-delays.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../../src/data/geometry/track-units.ts';
import { decodeTimetable, type Timetable } from '../../src/data/timetable.ts';
import { serveTrains } from '../../src/data/trains/train-service.ts';
import type { TrainFrame } from '../../src/data/trains/train-frame-format.ts';
import type { TrainWorkerEvents, TrainWorkerMethods } from '../../src/data/trains/worker-protocol.ts';
import { WorkerChannel } from '../../src/data/worker/channel.ts';
import { readSharedGtfs, startGtfsServer, type GtfsServerHandle } from '../support/gtfs-server.ts';
import { feedRows, HALIFAX, inService, tripTimes } from '../support/halifax-feed.ts';
import { SIZE_LATITUDE } from '../../src/data/trains/compose-frame.ts';
import { checkTripUpdates, HALIFAX_TRIP_UPDATES, steadilyLate } from '../support/trip-updates-proto.ts';
import { workerPair } from '../support/worker-pair.ts';

const SNAPSHOT = checkTripUpdates(HALIFAX_TRIP_UPDATES);
const HALIFAX_VEHICLE_POSITIONS = readSharedGtfs('halifax/VehiclePositions.pb');
/** The snapshot's header time: the clock of every request. */
const NOW = SNAPSHOT.timestamp;
const DATE = '2025-11-06';
/** The feed the bundle is built with (`--trip-updates`); the tests poll their local server instead. */
const BUILT_WITH = 'https://rt.example.org/halifax/TripUpdates.pb';
/** Seconds after midnight in Halifax (Atlantic Standard Time, UTC−4, on that date). */
const SECONDS = (((NOW / 1000 - 4 * 3600) % 86400) + 86400) % 86400;

let out: string;
let server: GtfsServerHandle;
let manifest: BundleManifest;
let timetable: Timetable;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'city-realtime-'));
  ({ manifest } = await buildGtfsBundle(HALIFAX, out, { tripUpdates: [BUILT_WITH] }));
  const files = Object.fromEntries(readdirSync(out).map((file) => [`/data/${file}`, { kind: 'body' as const, body: new Uint8Array(readFileSync(join(out, file))) }]));
  server = await startGtfsServer({
    ...files,
    '/TripUpdates.pb': { kind: 'body', body: HALIFAX_TRIP_UPDATES },
    '/VehiclePositions.pb': { kind: 'body', body: HALIFAX_VEHICLE_POSITIONS },
    '/unavailable.pb': { kind: 'status', status: 503, body: 'Service Unavailable' },
    '/garbage.pb': { kind: 'body', body: '<html>not a feed</html>', contentType: 'text/html' },
  });
  const key = manifest.city!.days[DATE];
  timetable = decodeTimetable(readFileSync(join(out, manifest.city!.dayTimetables[key].file)), key);
}, 180_000);
afterAll(async () => {
  await server?.close();
  rmSync(out, { recursive: true, force: true });
});

/**
 * The train simulation on the Halifax bundle, at the snapshot's time; with `tokyoClock`, the same lines and timetables
 * given as a Tokyo bundle is (no `city`: Japan time and Tokyo's calendar), as a second map on the page would be.
 */
async function startTrains({ tokyoClock = false } = {}) {
  const { main, worker, close } = workerPair();
  const stopServing = serveTrains(worker);
  const channel = new WorkerChannel<TrainWorkerMethods, TrainWorkerEvents>(main);
  const url = (file: string) => server.url(`/data/${file}`);
  const city = manifest.city!;
  const started = await channel.call('init', {
    networkUrl: url(manifest.network.file),
    timetableUrls: { weekday: url(manifest.timetables.weekday.file), saturday: url(manifest.timetables.saturday.file), holiday: url(manifest.timetables.holiday.file) },
    dims: { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES },
    time: NOW,
    city: tokyoClock
      ? undefined
      : {
          timeZone: city.timeZone,
          days: Object.fromEntries(Object.entries(city.days).map(([date, key]) => [date, { url: url(city.dayTimetables[key].file), calendar: city.dayTimetables[key].calendar }])),
          routeTypes: city.routeTypes,
        },
  });
  const frame = (zoom = 14) =>
    new Promise<TrainFrame>((resolve) => {
      const off = channel.on('frame', (f) => {
        off();
        resolve(f);
      });
      channel.post('frame', { time: NOW, zoom, area: null, depth: null, selected: -1, recycle: null });
    });
  const running = async () => {
    const f = await frame();
    return new Set(f.trains.subarray(0, f.trainCount));
  };
  return {
    channel,
    started,
    frame,
    running,
    /** The feed at `path` polled once by the app's poller and laid over the timetables at `time`; the poll's result or error. */
    async poll(path: string, kind: CityRealtimeKind = 'trip-updates', time = NOW): Promise<CityRealtimeResult | GtfsError> {
      let outcome: CityRealtimeResult | GtfsError | undefined;
      const poller = cityRealtimePoller({
        url: server.url(path),
        kind,
        now: () => time,
        apply: (feed) => channel.call('cityRealtime', { url: server.url(path), feed, enabled: true, time }),
        onUpdate: (result) => (outcome = result),
        onError: (error) => (outcome = error),
      });
      poller.start();
      await vi.waitFor(() => expect(outcome).toBeDefined(), { timeout: 20_000 });
      poller.stop();
      return outcome!;
    },
    close() {
      stopServing.close();
      channel.terminate('done');
      close();
    },
  };
}

/** The timetable index of a trip of the day (the bundle keeps the trip id as the train number). */
const trainOf = (trip: string) => timetable.number.indexOf(trip);

describe('GTFS Realtime trip updates on a city bundle', () => {
  it('give each running trip the delay of its TripUpdate, as the feed says it', async () => {
    const times = await tripTimes(DATE);
    const delayed = steadilyLate(SNAPSHOT.trips, times, SECONDS, 120);
    expect(delayed.length).toBeGreaterThan(3);
    const trains = await startTrains();
    try {
      const result = await trains.poll('/TripUpdates.pb');
      if (result instanceof GtfsError) throw result;
      expect(result.trips).toBe(SNAPSHOT.trips.length);
      expect(result.delayed).toBeGreaterThan(100);
      expect(result.feedTimestamp).toBe(NOW);
      for (const trip of delayed) {
        const train = trainOf(trip.tripId);
        expect(train, `trip ${trip.tripId} has a timetable`).toBeGreaterThanOrEqual(0);
        const details = await trains.channel.call('details', { train, time: NOW, zoom: 14 });
        expect(details?.delay, `trip ${trip.tripId}`).toBe(trip.delay);
      }
    } finally {
      trains.close();
    }
  });

  it('takes cancelled trips off the map', async () => {
    const times = await tripTimes(DATE);
    const canceled = SNAPSHOT.trips.filter(({ tripId, relationship }) => relationship === 3 && times.has(tripId) && inService(times.get(tripId)!, SECONDS + 60));
    expect(canceled.length).toBeGreaterThan(0);
    const trains = await startTrains();
    try {
      const before = await trains.running();
      for (const trip of canceled) expect(before.has(trainOf(trip.tripId)), `trip ${trip.tripId} runs by its timetable`).toBe(true);
      const result = await trains.poll('/TripUpdates.pb');
      if (result instanceof GtfsError) throw result;
      expect(result.canceled).toBe(SNAPSHOT.trips.filter((t) => t.relationship === 3 && times.has(t.tripId)).length);
      const after = await trains.running();
      for (const trip of canceled) expect(after.has(trainOf(trip.tripId)), `cancelled trip ${trip.tripId}`).toBe(false);
      expect(after.size).toBeGreaterThan(before.size * 0.9);
    } finally {
      trains.close();
    }
  });

  it('keeps the last delays while the feed fails, for five minutes at most', async () => {
    const late = steadilyLate(SNAPSHOT.trips, await tripTimes(DATE), SECONDS, 120)[0];
    const train = trainOf(late.tripId);
    const trains = await startTrains();
    server.route('/flaky.pb', { kind: 'body', body: HALIFAX_TRIP_UPDATES });
    let clock = NOW;
    const errors: string[] = [];
    const applied: (CityRealtimeFeed | null)[] = [];
    const poller = cityRealtimePoller({
      url: server.url('/flaky.pb'),
      intervalMs: 50,
      now: () => clock,
      apply: (feed) => {
        applied.push(feed);
        return trains.channel.call('cityRealtime', { url: server.url('/flaky.pb'), feed, enabled: true, time: NOW });
      },
      onError: (error) => errors.push(error.message),
    });
    const delay = async () => (await trains.channel.call('details', { train, time: NOW, zoom: 14 }))?.delay;
    try {
      poller.start();
      await vi.waitFor(() => expect(applied.length).toBeGreaterThan(0), { timeout: 20_000 });
      server.route('/flaky.pb', { kind: 'status', status: 503 });
      clock += 60_000;
      await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 20_000 });
      expect(await delay()).toBe(late.delay);
      clock += 400_000;
      await vi.waitFor(() => expect(applied.at(-1)).toBeNull(), { timeout: 20_000 });
      expect(await delay()).toBe(0);
      expect(errors).toHaveLength(1);
    } finally {
      poller.stop();
      trains.close();
    }
  });

  it.each([
    ['/unavailable.pb', /^GTFS Realtime TripUpdate feed http:\/\/127\.0\.0\.1:\d+\/unavailable\.pb: HTTP 503 Service Unavailable; polling goes on every 20 s\.$/],
    ['/garbage.pb', /^GTFS Realtime TripUpdate feed http:\/\/127\.0\.0\.1:\d+\/garbage\.pb: the answer \(23 bytes\) is not a GTFS Realtime FeedMessage \(.+\)\. Polling goes on every 20 s\.$/],
  ])('%s: a clear error, and the vehicles keep running on their timetables', async (path, message) => {
    const trains = await startTrains();
    try {
      const before = await trains.running();
      expect(before.size).toBeGreaterThan(150);
      const result = await trains.poll(path);
      expect(result).toBeInstanceOf(GtfsError);
      expect((result as GtfsError).message).toMatch(message);
      expect((result as GtfsError).file).toBe(server.url(path));
      expect(await trains.running()).toEqual(before);
    } finally {
      trains.close();
    }
  });
});

/** Metres between two places (equirectangular; fine at a few kilometres). */
function metresBetween([lng1, lat1]: readonly number[], [lng2, lat2]: readonly number[]): number {
  const x = (lng2 - lng1) * 111_320 * Math.cos((lat1 * Math.PI) / 180);
  const y = (lat2 - lat1) * 110_574;
  return Math.hypot(x, y);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('GTFS Realtime vehicle positions on a city bundle', () => {
  /** The snapshot's vehicles on trips the day's timetables run (read once the bundle is built). */
  const seen = () => decodeVehiclePositions(HALIFAX_VEHICLE_POSITIONS).vehicles.filter((v) => trainOf(v.tripId) >= 0 && v.timestamp !== null);

  /**
   * How far each vehicle's drawn place is, at the time it was seen, from where it was seen, metres (null: not drawn
   * then). At zoom 18: routes that share a street are drawn side by side, a constant distance apart on screen, which
   * is a few metres on the ground only close in.
   */
  async function offsets(trains: Awaited<ReturnType<typeof startTrains>>) {
    return Promise.all(
      seen().map(async (v) => {
        const details = await trains.channel.call('details', { train: trainOf(v.tripId), time: v.timestamp!, zoom: 18 });
        return details ? metresBetween(details.position, [v.lng, v.lat]) : null;
      }),
    );
  }

  it('draw each vehicle where it was seen, on its timetable run late by what that place says', async () => {
    const trains = await startTrains();
    try {
      const before = await offsets(trains);
      const result = await trains.poll('/VehiclePositions.pb', 'vehicle-positions');
      if (result instanceof GtfsError) throw result;
      expect(result.trips).toBe(decodeVehiclePositions(HALIFAX_VEHICLE_POSITIONS).vehicles.length);
      expect(result.delayed).toBeGreaterThan(150);
      const after = await offsets(trains);
      expect(before.every((m) => m !== null) && after.every((m) => m !== null), 'every vehicle is drawn at the time it was seen').toBe(true);
      const [was, is] = [before, after].map((list) => list as number[]);
      // By their timetables, the buses are a kilometre and more from where they were seen (Halifax ran late that
      // afternoon); by their positions, within a few dozen metres (the timetables' minutes round the rest).
      expect(median(was)).toBeGreaterThan(500);
      expect(median(is)).toBeLessThan(80);
      expect(is.filter((m) => m < 200).length).toBeGreaterThan(0.7 * is.length);
    } finally {
      trains.close();
    }
  });

  it('where a trip has both, give it the delay of its position rather than its TripUpdate', async () => {
    const alone = await startTrains();
    const both = await startTrains();
    try {
      for (const outcome of [await alone.poll('/VehiclePositions.pb', 'vehicle-positions'), await both.poll('/TripUpdates.pb'), await both.poll('/VehiclePositions.pb', 'vehicle-positions')]) {
        if (outcome instanceof GtfsError) throw outcome;
      }
      // The trips with a TripUpdate that their position makes late (a position that gives no delay, early or off
      // the trip, leaves the TripUpdate's).
      const updated = new Set(SNAPSHOT.trips.filter((t) => t.relationship !== 3).map((t) => t.tripId));
      let compared = 0;
      for (const vehicle of seen().filter((v) => updated.has(v.tripId))) {
        const train = trainOf(vehicle.tripId);
        const [byPosition, byBoth] = await Promise.all([alone, both].map(async (t) => (await t.channel.call('details', { train, time: NOW, zoom: 14 }))?.delay));
        if (!byPosition) continue;
        expect(byBoth, `trip ${vehicle.tripId}`).toBe(byPosition);
        compared++;
      }
      expect(compared).toBeGreaterThan(100);
    } finally {
      alone.close();
      both.close();
    }
  });

  it('leave out positions seen over five minutes before, and keep the timetables', async () => {
    const trains = await startTrains();
    try {
      const later = NOW + 10 * 60_000;
      const result = await trains.poll('/VehiclePositions.pb', 'vehicle-positions', later);
      if (result instanceof GtfsError) throw result;
      expect(result.delayed).toBe(0);
      expect(result.unmatched).toBe(result.trips);
    } finally {
      trains.close();
    }
  });

  it('/garbage.pb: a clear error naming the VehiclePosition feed', async () => {
    const trains = await startTrains();
    try {
      const result = await trains.poll('/garbage.pb', 'vehicle-positions');
      expect((result as GtfsError).message).toMatch(/^GTFS Realtime VehiclePosition feed http:\/\/127\.0\.0\.1:\d+\/garbage\.pb: the answer \(23 bytes\) is not a GTFS Realtime FeedMessage/);
    } finally {
      trains.close();
    }
  });
});

describe('two train simulations of different clock zones (two maps on one page)', () => {
  it("size the cars at the city's latitude, so that zoomed out they fit its tracks as Tokyo's fit Tokyo's", async () => {
    // Zoomed out, a car is as wide as a number of track spacings, which are Web Mercator lengths: in ground metres
    // they shrink with the cosine of the latitude. Halifax's network spans the latitudes of its stops.
    const [header, ...stops] = await feedRows('stops.txt');
    const latitudes = stops.map((row) => Number(row[header.indexOf('stop_lat')]));
    const middle = (Math.min(...latitudes) + Math.max(...latitudes)) / 2;
    const tokyo = await startTrains({ tokyoClock: true });
    const halifax = await startTrains();
    try {
      const [atTokyo, atHalifax] = [(await tokyo.frame(10)).unitMetres, (await halifax.frame(10)).unitMetres];
      const cos = (latitude: number) => Math.cos((latitude * Math.PI) / 180);
      expect(atHalifax / atTokyo).toBeCloseTo(cos(middle) / cos(SIZE_LATITUDE), 3);
      expect(atHalifax / atTokyo).toBeLessThan(0.9);
    } finally {
      tokyo.close();
      halifax.close();
    }
  });

  it('each count service days, frames, routes and trip updates on their own clock', async () => {
    // Tokyo's first, then Halifax's: a zone shared by the two would be Halifax's for both.
    const tokyo = await startTrains({ tokyoClock: true });
    const halifax = await startTrains();
    try {
      // Thu 6 Nov 2025 17:04 in Halifax is Fri 7 Nov 06:04 in Tokyo.
      expect(halifax.started.serviceDate).toBe(DATE);
      expect(tokyo.started.serviceDate).toBe('2025-11-07');
      for (let round = 0; round < 2; round++) {
        expect((await tokyo.frame()).serviceDate).toBe('2025-11-07');
        expect((await halifax.frame()).serviceDate).toBe(DATE);
      }
      // A route search at the clock's time is on each simulation's own service day (no day mismatch).
      const request = { from: [0], to: [1], departure: Math.floor(SECONDS), time: NOW, page: 'first' as const };
      expect((await halifax.channel.call('route', request)).kind).not.toBe('day-mismatch');
      expect((await tokyo.channel.call('route', { ...request, departure: 6 * 3600 })).kind).not.toBe('day-mismatch');
      // Trip updates are matched on Halifax's clock while Tokyo's simulation runs beside it.
      const result = await halifax.poll('/TripUpdates.pb');
      if (result instanceof GtfsError) throw result;
      expect(result.delayed).toBeGreaterThan(100);
      const [trip] = steadilyLate(SNAPSHOT.trips, await tripTimes(DATE), SECONDS, 120);
      expect((await halifax.channel.call('details', { train: trainOf(trip.tripId), time: NOW, zoom: 14 }))?.delay).toBe(trip.delay);
    } finally {
      tokyo.close();
      halifax.close();
    }
  });
});

describe('the TripUpdate feeds a city bundle is built with', () => {
  const flags = (...more: string[]) => ['--gtfs', HALIFAX, '--out', out, ...more];

  it('are named in its manifest, and npm start rebuilds it when they change', () => {
    expect(manifest.city!.realtime).toEqual({ tripUpdates: [BUILT_WITH] });
    expect(resolvePaths(flags('--trip-updates', BUILT_WITH)).tripUpdates).toEqual([BUILT_WITH]);
    expect(isBundleStale(resolvePaths(flags('--trip-updates', BUILT_WITH)))).toBe(false);
    expect(isBundleStale(resolvePaths(flags(`--trip-updates=${BUILT_WITH}`, '--trip-updates', 'https://rt.example.org/other.pb')))).toBe(true);
    expect(isBundleStale(resolvePaths(flags()))).toBe(true);
  });

  it('are VehiclePosition feeds too (--vehicle-positions), and a change of them rebuilds the bundle', () => {
    const positions = 'https://rt.example.org/halifax/VehiclePositions.pb';
    expect(resolvePaths(flags('--trip-updates', BUILT_WITH, '--vehicle-positions', positions))).toMatchObject({ tripUpdates: [BUILT_WITH], vehiclePositions: [positions] });
    expect(isBundleStale(resolvePaths(flags('--trip-updates', BUILT_WITH, '--vehicle-positions', positions)))).toBe(true);
    expect(() => resolvePaths(['--vehicle-positions', positions])).toThrow('--vehicle-positions gives the GTFS Realtime feeds of a city bundle: it needs --gtfs <zip>.');
    expect(() => resolvePaths(flags('--vehicle-positions', 'vp.pb'))).toThrow('Invalid --vehicle-positions "vp.pb": expected the absolute http(s) URL of a GTFS Realtime feed.');
  });

  it('must be absolute http(s) URLs, for a GTFS bundle', () => {
    expect(() => resolvePaths(flags('--trip-updates', 'TripUpdates.pb'))).toThrow('Invalid --trip-updates "TripUpdates.pb": expected the absolute http(s) URL of a GTFS Realtime feed.');
    expect(() => resolvePaths(['--trip-updates', BUILT_WITH])).toThrow('--trip-updates gives the GTFS Realtime feeds of a city bundle: it needs --gtfs <zip>.');
  });
});
