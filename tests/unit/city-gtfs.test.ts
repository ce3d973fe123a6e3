import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../scripts/config.ts';
import { buildGtfsBundle, isBundleStale } from '../../scripts/data-bundle.ts';
import type { BundleManifest } from '../../src/data/bundle/manifest.ts';
import { GtfsError } from '../../src/data/gtfs/gtfs-error.ts';
import { decodeNetworkFile, loadBundleFile, loadManifest } from '../../src/data/loader.ts';
import type { Network } from '../../src/data/network.ts';
import { runGtfsPipeline } from '../../src/data/pipeline/gtfs-city/index.ts';
import { decodeTimetable, type Timetable } from '../../src/data/timetable.ts';
import { buildSchedule } from '../../src/data/train-schedule.ts';
import { buildRoutingIndex, searchJourneys } from '../../src/data/routing/index.ts';
import { stationGroupOf } from '../../src/data/station-groups.ts';
import { oracleEarliestArrival, type Run } from './fixtures/routing-oracle.ts';
import { sharedDataDir } from '../support/gtfs-server.ts';
import { HALIFAX, inService, tripRoutes, tripTimes } from '../support/halifax-feed.ts';
import { VEHICLE_KINDS } from '../../src/data/gtfs/feed-view.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../../src/data/geometry/track-units.ts';
import { buildRoutes } from '../../src/data/routes.ts';
import { hexToRgbBytes } from '../../src/data/trains/colors.ts';
import { carSize, composeFrame, frameCapacity, type FrameContext } from '../../src/data/trains/compose-frame.ts';
import { allocateTrainFrame, CAR, CAR_ENDS, CAR_SPACING, CAR_STRIDE, carPosition } from '../../src/data/trains/train-frame-format.ts';
import { FERRY_KIND, lineKinds } from '../../src/data/trains/vehicle-shapes.ts';

const KAWASAKI = resolve(sharedDataDir(), 'gtfs/kawasaki-rinko-bus-no-shapes.zip');
/** A Wednesday of the Halifax feed (25 Aug – 16 Nov 2025) without calendar exceptions. */
const WEEKDAY = '2025-09-10';
/** The base map style the bundle is built with (`--map-style`). */
const MAP_STYLE = 'https://tiles.example.org/styles/halifax/style.json';
const DIMS = { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES };

let out: string;
let manifest: BundleManifest;
let network: Network;
const dataUrl = () => pathToFileURL(out + '/').href;
/** The app's loader reads the bundle through this fetch: files from disk. */
const diskFetch = (async (url: string) => new Response(readFileSync(fileURLToPath(url)))) as typeof fetch;

async function timetableOfDate(date: string): Promise<Timetable> {
  const key = manifest.city!.days[date];
  const { url, bytes } = await loadBundleFile(dataUrl(), manifest.city!.dayTimetables[key].file, dataUrl(), diskFetch);
  return decodeTimetable(bytes, url);
}

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'city-gtfs-'));
  await buildGtfsBundle(HALIFAX, out, { mapStyle: MAP_STYLE });
  manifest = await loadManifest(dataUrl(), dataUrl(), diskFetch);
  const file = await loadBundleFile(dataUrl(), manifest.network.file, dataUrl(), diskFetch);
  network = decodeNetworkFile(file.bytes, file.url);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/**
 * Trips in service at `seconds` after midnight of `date` (`YYYY-MM-DD`), straight from the feed's text files: a
 * trip whose service runs that day (calendar.txt weekdays and range, calendar_dates.txt exceptions) is in service
 * from one minute before its first departure (the app shows a vehicle standing at its origin for that minute)
 * until its last arrival.
 */
async function tripsInService(date: string, seconds: number): Promise<number> {
  return [...(await tripTimes(date)).values()].filter((times) => inService(times, seconds)).length;
}

describe('a data bundle built from the Halifax GTFS feed', () => {
  it('loads through the app loader, with every route and stop', () => {
    expect(manifest.city!.timeZone).toBe('America/Halifax');
    expect(manifest.city!.name).toBe('Halifax Transit');
    const [west, south, east, north] = manifest.city!.camera.bounds;
    expect(manifest.city!.camera.center[0]).toBeGreaterThan(west);
    expect(manifest.city!.camera.center[1]).toBeLessThan(north);
    expect(east - west).toBeGreaterThan(0.3);
    expect(south).toBeGreaterThan(44);
    expect(manifest.warnings.total).toBe(0);
    const routes = new Set(network.meta.railways.map((r) => r.id.slice(0, r.id.lastIndexOf('.'))));
    expect(routes.size).toBe(80);
    expect(manifest.city!.routeTypes).toHaveLength(network.meta.railways.length);
    expect(new Set(manifest.city!.routeTypes)).toEqual(new Set([3, 4]));
    const route1 = network.meta.railways.find((r) => r.id === '1.1')!;
    expect(route1.title.en).toBe('1 Spring Garden');
    expect(route1.color).toBe('#0000FF');
    for (const railway of network.meta.railways) {
      const offsets = railway.variants[0].stationOffsets;
      for (let i = 1; i < offsets.length; i++) expect(offsets[i], railway.id).toBeGreaterThanOrEqual(offsets[i - 1]);
      expect(offsets[offsets.length - 1], railway.id).toBeLessThanOrEqual(railway.variants[0].length + 0.1);
    }
  });

  it('maps every date of the feed to a timetable, the typical ones to the day types', () => {
    expect(Object.keys(manifest.city!.days)).toHaveLength(84);
    expect(manifest.city!.days[WEEKDAY]).toBe(manifest.city!.typical.weekday);
    expect(manifest.timetables.weekday.file).toBe(manifest.city!.dayTimetables[manifest.city!.typical.weekday].file);
    expect(manifest.city!.dayTimetables[manifest.city!.days['2025-09-13']].calendar).toBe('saturday');
    expect(manifest.city!.dayTimetables[manifest.city!.days['2025-09-14']].calendar).toBe('holiday');
  });

  it('runs as many vehicles at a weekday instant as the feed has trips in service', async () => {
    const timetable = await timetableOfDate(WEEKDAY);
    const schedule = buildSchedule(network, timetable);
    expect(schedule.diagnostics.unresolvedTrains).toEqual([]);
    for (const seconds of [8 * 3600 + 15 * 60, 17 * 3600 + 40 * 60 + 30]) {
      const expected = await tripsInService(WEEKDAY, seconds);
      expect(expected).toBeGreaterThan(50);
      expect(schedule.activeTrainsInto(seconds, new Int32Array(schedule.maxActive)), `at ${seconds} s`).toBe(expected);
    }
  }, 60_000);
});

describe('vehicles of the Halifax bundle by route type', () => {
  it('draws a bus as one 12 m box and a ferry as the two halves of one 40 m hull, as many as are in service', async () => {
    const timetable = await timetableOfDate(WEEKDAY);
    const schedule = buildSchedule(network, timetable);
    const seconds = 8 * 3600 + 15 * 60;
    // Buses and ferries in service, from the feed's text files (routes.txt route_type 3 and 4).
    const routes = await tripRoutes();
    const running = { bus: 0, ferry: 0 };
    for (const [trip, times] of await tripTimes(WEEKDAY)) if (inService(times, seconds)) running[routes.get(trip)!.type === 4 ? 'ferry' : 'bus']++;
    expect(running.ferry).toBeGreaterThan(0);

    expect(network.meta.railways.map((r, i) => `${manifest.city!.routeTypes[i]}:${r.carComposition}`).filter((v, i, all) => all.indexOf(v) === i).sort()).toEqual(['3:1', '4:2']);
    const ctx: FrameContext = {
      network,
      timetable,
      schedule,
      routes: buildRoutes(network),
      dims: DIMS,
      railwayColors: hexToRgbBytes(network.meta.railways.map((r) => r.color)),
      vehicleColors: new Uint8Array(0),
      railwayKinds: lineKinds(manifest.city!.routeTypes),
    };
    const capacity = frameCapacity(network);
    const frame = composeFrame(ctx, seconds, 18, -1, allocateTrainFrame(capacity.cars, capacity.trains));
    const BUS = VEHICLE_KINDS.indexOf('bus');
    const boxes = (kind: number) => Array.from({ length: frame.carCount }, (_, car) => car).filter((car) => frame.carBytes[car * CAR_STRIDE + CAR.kindByte] === kind);
    const buses = boxes(BUS);
    const ferries = boxes(FERRY_KIND);
    expect(buses).toHaveLength(running.bus);
    expect(ferries).toHaveLength(running.ferry * 2);
    const ends = (car: number) => frame.carBytes[car * CAR_STRIDE + CAR.kindByte + 1];
    for (const bus of buses) expect(ends(bus)).toBe(CAR_ENDS.front | CAR_ENDS.back);
    const metres = (a: number[], b: number[]) => Math.hypot((a[0] - b[0]) * 111320 * Math.cos((a[1] * Math.PI) / 180), (a[1] - b[1]) * 110540);
    for (let k = 0; k < ferries.length; k += 2) {
      const [bow, stern] = [ferries[k], ferries[k + 1]];
      expect(frame.carTrain[bow]).toBe(frame.carTrain[stern]);
      expect([ends(bow), ends(stern)]).toEqual([CAR_ENDS.front, CAR_ENDS.back]);
      // Half a hull apart, on one heading: 20 m halves, end to end (at the quay before leaving too). Where the two
      // ferry routes share the harbour their tracks are set apart, and a track is measured at zoom 14, as Tokyo's:
      // on such a curve the halves come a little closer or farther at zoom 18.
      expect(frame.cars[(bow * CAR_STRIDE) / 4 + CAR.bearing]).toBeCloseTo(frame.cars[(stern * CAR_STRIDE) / 4 + CAR.bearing], 5);
      expect(Math.abs(metres(carPosition(frame, bow), carPosition(frame, stern)) - 20 * CAR_SPACING)).toBeLessThan(1);
    }
    expect(carSize(18, DIMS, 44.65, BUS)).toEqual([12, 2.55, 3.2]);
    expect(carSize(18, DIMS, 44.65, FERRY_KIND)).toEqual([20, 10, 3.5]);
  }, 60_000);
});

describe('route search on the Halifax bundle', () => {
  it('finds the same earliest arrival as a brute-force search over the day\'s trips, for 40 random queries', async () => {
    const timetable = await timetableOfDate(WEEKDAY);
    const index = buildRoutingIndex(network, timetable);
    // The trips of the feed's text files as plain runs over the bundle's stations: the station of a stop on a line
    // is named "<line>.<stop_id>" ("~2" on a second visit); times in whole minutes, as the bundle keeps them.
    const lineOf = new Map<string, string>();
    for (let train = 0; train < timetable.trainCount; train++) lineOf.set(timetable.number[train], network.meta.railways[timetable.railway[train]].id);
    const runs: Run[] = [];
    for (const [trip, times] of await tripTimes(WEEKDAY)) {
      const line = lineOf.get(trip)!;
      const visits = new Map<string, number>();
      const stations = times.map(({ stop }) => {
        const visit = (visits.get(stop) ?? 0) + 1;
        visits.set(stop, visit);
        return network.stationIndex.get(`${line}.${stop}${visit > 1 ? `~${visit}` : ''}`)!;
      });
      const minute = (s: number) => Math.round(s / 60) * 60;
      runs.push({ id: trip, stations, arrival: times.map((t) => minute(t.arrival)), departure: times.map((t) => minute(t.departure)), next: [] });
    }
    expect(runs.length).toBe(timetable.trainCount);
    const byStation: [number, number][][] = network.meta.stations.map(() => []);
    runs.forEach((run, k) => run.stations.forEach((station, position) => byStation[station].push([k, position])));

    let state = 39;
    const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    const stations = [...new Set(timetable.stopStation)];
    const mismatches: string[] = [];
    let found = 0;
    for (let compared = 0; compared < 40; ) {
      const from = stations[Math.floor(random() * stations.length)];
      const to = stations[Math.floor(random() * stations.length)];
      const sources = stationGroupOf(network.meta, from)?.stations ?? [from];
      const targets = stationGroupOf(network.meta, to)?.stations ?? [to];
      if (sources.some((s) => targets.includes(s))) continue;
      const departure = Math.floor((6 + random() * 14) * 3600);
      const result = searchJourneys(index, { from, to, departure, maxTransfers: 15 });
      const actual = result.journeys.length ? Math.min(...result.journeys.map((j) => j.arrival)) : Infinity;
      const expected = oracleEarliestArrival(network, runs, byStation, sources, targets, departure, new Map());
      if (actual !== expected) mismatches.push(`${network.meta.stations[from].id} → ${network.meta.stations[to].id} at ${departure} s: ${actual} ≠ ${expected}`);
      if (expected < Infinity) found++;
      compared++;
    }
    expect(mismatches).toEqual([]);
    expect(found).toBeGreaterThan(20);
  }, 240_000);
});

/** A tiny feed: two stops on one shape, one trip repeated by frequencies.txt, the stops joined by transfers.txt. */
async function tinyFeed(edit: (files: Record<string, string>) => void = () => {}): Promise<Uint8Array> {
  const files: Record<string, string> = {
    'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nA,Tiny Ferries,https://example.org,Europe/Paris\n',
    'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nP,Pier,48.85,2.35\nQ,Quay,48.86,2.37\n',
    'routes.txt': 'route_id,route_short_name,route_long_name,route_type,route_color\nF1,F1,Harbour,4,00AA88\n',
    'trips.txt': 'route_id,service_id,trip_id,shape_id\nF1,S,T,SH\n',
    'stop_times.txt': 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT,08:00:00,08:00:00,P,1\nT,08:20:00,08:20:00,Q,2\n',
    'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,0,0,20260105,20260109\n',
    'shapes.txt': 'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\nSH,48.85,2.35,1\nSH,48.855,2.36,2\nSH,48.86,2.37,3\n',
    'frequencies.txt': 'trip_id,start_time,end_time,headway_secs\nT,07:00:00,08:00:00,1200\n',
    'transfers.txt': 'from_stop_id,to_stop_id,transfer_type\nP,Q,2\n',
  };
  edit(files);
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array' });
}

describe('a city bundle\'s flags', () => {
  it('reads --name and --map-style with --gtfs only', () => {
    expect(resolvePaths(['--gtfs', 'feed.zip', '--name', 'Halifax', `--map-style=${MAP_STYLE}`], {}).city).toEqual({ name: 'Halifax', mapStyle: MAP_STYLE });
    expect(resolvePaths(['--gtfs', 'feed.zip'], {}).city).toEqual({});
    expect(resolvePaths(['--map-style', MAP_STYLE], {}).city).toBeUndefined();
  });

  it('writes the base map style into the manifest, and builds again when the flags say another', () => {
    expect(manifest.city!.mapStyle).toBe(MAP_STYLE);
    const paths = { ...resolvePaths([], {}), out, gtfs: HALIFAX };
    expect(isBundleStale({ ...paths, city: { mapStyle: MAP_STYLE } })).toBe(false);
    expect(isBundleStale({ ...paths, city: { mapStyle: MAP_STYLE, name: manifest.city!.name } })).toBe(false);
    expect(isBundleStale({ ...paths, city: {} })).toBe(true);
    expect(isBundleStale({ ...paths, city: { mapStyle: 'https://tiles.example.org/other.json' } })).toBe(true);
    expect(isBundleStale({ ...paths, city: { mapStyle: MAP_STYLE, name: 'Kjipuktuk' } })).toBe(true);
  });

  it('rejects a base map style that is not an http(s) URL, naming the flag', async () => {
    for (const value of ['style.json', 'file:///srv/style.json']) {
      await expect(buildGtfsBundle(HALIFAX, out, { mapStyle: value })).rejects.toThrow(`Invalid --map-style "${value}": expected the absolute http(s) URL of a MapLibre style (style.json).`);
    }
  });
});

describe('the GTFS pipeline on small feeds', () => {
  it('expands frequencies.txt, groups stops joined by transfers.txt and keeps every service day', async () => {
    const output = await runGtfsPipeline(await tinyFeed(), { source: 'tiny.zip', lastModified: 0 });
    const timetable = decodeTimetable(output.dayTimetables[0].bytes, 'tiny');
    expect(timetable.number).toEqual(['T@07:00', 'T@07:20', 'T@07:40']);
    expect(Array.from(timetable.departure.filter((t) => t >= 0))).toEqual([420, 440, 460]);
    expect(Array.from(timetable.arrival.filter((t) => t >= 0))).toEqual([440, 460, 480]);
    expect(Object.keys(output.city.days)).toEqual(['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09']);
    expect(output.city.timeZone).toBe('Europe/Paris');
    expect(output.city.routeTypes).toEqual([4]);
    expect(output.timetables.saturday.trains).toBe(0);
    expect(output.counts.stationGroups).toBe(1);
    expect(output.counts.stationShapes).toBe(2);
  });

  it('names file, line and field of a value it cannot use', async () => {
    const bad = await tinyFeed((files) => (files['frequencies.txt'] = 'trip_id,start_time,end_time,headway_secs\nT,07:00:00,08:00:00,0\n'));
    const error = await runGtfsPipeline(bad, { source: 'tiny.zip', lastModified: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GtfsError);
    expect((error as GtfsError).message).toBe('GTFS feed tiny.zip: frequencies.txt line 2: headway_secs is 0 (a headway must be at least one second).');
    expect(error).toMatchObject({ file: 'frequencies.txt', line: 2, field: 'headway_secs' });
  });

  it('rejects the Kawasaki feed, which has no shapes.txt, naming the file', async () => {
    const error = await runGtfsPipeline(readFileSync(KAWASAKI), { source: 'kawasaki-rinko-bus-no-shapes.zip', lastModified: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GtfsError);
    expect((error as GtfsError).message).toMatch(/^GTFS feed kawasaki-rinko-bus-no-shapes\.zip: the GTFS zip has no shapes\.txt/);
    expect((error as GtfsError).file).toBe('shapes.txt');
  });
});
