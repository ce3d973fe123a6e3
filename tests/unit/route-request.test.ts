import { beforeAll, describe, expect, it } from 'vitest';
import { TOKYO_SERVICE_CALENDAR } from '../../src/data/calendar.ts';
import { TOKYO_CLOCK_ZONE } from '../../src/data/clock-zone.ts';
import { SimulationClock } from '../../src/data/clock.ts';
import type { Network } from '../../src/data/network.ts';
import { answerRoute, DAY_MISMATCH, type RoutingDay } from '../../src/data/routing/answer-route.ts';
import { buildRoutingIndex, searchJourneys } from '../../src/data/routing/index.ts';
import { legTrackVertices } from '../../src/data/routing/journey-track.ts';
import { stationGroupOf } from '../../src/data/station-groups.ts';
import type { Timetable } from '../../src/data/timetable.ts';
import { TrainFeed } from '../../src/data/trains/train-feed.ts';
import { routeFailure, type RouteRequest, type TrainWorkerMethods } from '../../src/data/trains/worker-protocol.ts';
import { sharesStation } from '../../src/data/routing/route-error.ts';
import { serve } from '../../src/data/worker/serve.ts';
import { workerPair } from '../support/worker-pair.ts';
import { mergeJourneys, serviceSecondsAt, serviceSecondsOf } from '../../src/ui/route/route-search.ts';
import { loadRealData } from './fixtures/real-data.ts';

/** A weekday service date (Tuesday, not a holiday). */
const DATE = '2026-11-24';
let network: Network;
let timetable: Timetable;
let day: RoutingDay;
let shinjuku: number[];
let tokyo: number[];

const groupOf = (id: string) => stationGroupOf(network.meta, network.stationIndex.get(id)!)!.stations;

/** A train feed whose "worker" answers route requests with the worker's own code, across a message channel. */
function feedAt(epochMs: number, delays?: Float32Array) {
  const requests: ({ type: 'route' } & RouteRequest)[] = [];
  const { main, worker } = workerPair();
  const unused = () => {
    throw new Error('not asked in this test');
  };
  serve<TrainWorkerMethods>(worker, {
    route: (request) => {
      requests.push({ type: 'route', ...request });
      return answerRoute(day, request, delays);
    },
    init: unused,
    frame: unused,
    realtime: unused,
    cityRealtime: unused,
    details: unused,
    departures: unused,
    find: unused,
  });
  const feed = new TrainFeed(main, new SimulationClock({ time: epochMs, mode: 'playback', speed: 1 }, () => 0), () => {});
  return { feed, requests };
}

beforeAll(() => {
  const data = loadRealData();
  network = data.network;
  timetable = data.timetables.weekday;
  day = { network, timetable, calendar: 'weekday', serviceDate: DATE, serviceCalendar: TOKYO_SERVICE_CALENDAR };
  shinjuku = groupOf('JR-East.Yamanote.Shinjuku');
  tokyo = groupOf('JR-East.Yamanote.Tokyo');
}, 120_000);

describe('route requests to the train worker', () => {
  it('answers a first search through the feed with the engine’s journeys, building the index once per day', async () => {
    const { feed, requests } = feedAt(TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, 8 * 3600));
    const answer = await feed.route(shinjuku, tokyo, 8 * 3600);
    expect(requests[0]).toMatchObject({ type: 'route', from: shinjuku, to: tokyo, departure: 8 * 3600, page: 'first' });
    expect(answer.error).toBeUndefined();
    const expected = searchJourneys(buildRoutingIndex(network, timetable), { from: shinjuku, to: tokyo, departure: 8 * 3600 });
    expect(answer.result).toEqual(expected);
    expect(answer.result!.journeys[0].departure).toBeGreaterThanOrEqual(8 * 3600);
    const index = day.routingIndex;
    expect(index).toBeDefined();
    await feed.route(shinjuku, tokyo, 9 * 3600);
    expect(day.routingIndex).toBe(index);
  });

  it('pages later and earlier from a reference journey', async () => {
    const { feed } = feedAt(TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, 8 * 3600));
    const first = (await feed.route(shinjuku, tokyo, 8 * 3600)).result!;
    const last = first.journeys[first.journeys.length - 1];
    const later = (await feed.route(shinjuku, tokyo, 8 * 3600, 'later', last)).result!;
    expect(later.journeys.length).toBeGreaterThan(0);
    expect(later.journeys.every((j) => j.departure > last.departure)).toBe(true);
    const earlier = (await feed.route(shinjuku, tokyo, 8 * 3600, 'earlier', first.journeys[0])).result!;
    expect(earlier.journeys.every((j) => j.arrival < first.journeys[0].arrival)).toBe(true);
    const merged = mergeJourneys(first.journeys, [...later.journeys, ...first.journeys]);
    expect(new Set(merged.map((j) => j.key)).size).toBe(merged.length);
    expect(merged.map((j) => j.departure)).toEqual([...merged.map((j) => j.departure)].sort((a, b) => a - b));
  });

  it('counts real-time delays: a late first train departs at its real-time time', async () => {
    const onTime = (await feedAt(TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, 8 * 3600)).feed.route(shinjuku, tokyo, 8 * 3600)).result!.journeys[0];
    const delays = new Float32Array(timetable.trainCount);
    delays[onTime.legs[0].train] = 600;
    const late = (await feedAt(TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, 8 * 3600), delays).feed.route(shinjuku, tokyo, 8 * 3600)).result!;
    const sameTrain = late.journeys.flatMap((j) => j.legs).find((l) => l.train === onTime.legs[0].train);
    if (sameTrain) {
      expect(sameTrain.delay).toBe(600);
      expect(sameTrain.departure).toBe(sameTrain.scheduledDeparture + 600);
    }
    expect(late.journeys[0].key).not.toBe(onTime.key);
  });

  it('says so when the day asked about is not the day loaded, and reports bad input as an error', async () => {
    const nextDay = TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, 8 * 3600) + 24 * 3600_000;
    expect(TOKYO_SERVICE_CALENDAR.serviceDayOf(nextDay).date).not.toBe(DATE);
    const mismatch = await feedAt(nextDay).feed.route(shinjuku, tokyo, 8 * 3600);
    expect(mismatch).toEqual({ result: null, error: DAY_MISMATCH });
    expect(answerRoute(null, { from: shinjuku, to: tokyo, departure: 0, time: 0, page: 'first' }).error).toBe(DAY_MISMATCH);
    const bad = await feedAt(TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, 8 * 3600)).feed.route(shinjuku, shinjuku, 8 * 3600);
    expect(bad.result).toBeNull();
    expect(bad.error).toMatch(/share station/);
  });

  it('finds the track a leg rides along, from its boarding to its alighting station', async () => {
    const journey = (await feedAt(TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, 8 * 3600)).feed.route(shinjuku, tokyo, 8 * 3600)).result!.journeys[0];
    for (const leg of journey.legs) {
      const vertices = legTrackVertices(network, leg);
      expect(vertices.length, network.meta.railways[leg.railway].id).toBeGreaterThan(1);
      const p = network.track.positions;
      const from = network.meta.stations[leg.from].coord!;
      const to = network.meta.stations[leg.to].coord!;
      const near = (v: number, c: [number, number]) => Math.hypot(p[v * 3] - c[0], p[v * 3 + 1] - c[1]) < 0.01;
      expect(near(vertices[0], from)).toBe(true);
      expect(near(vertices[vertices.length - 1], to)).toBe(true);
    }
  });

  it('reads a chosen time of today as seconds of the service day', () => {
    expect(serviceSecondsOf('08:05')).toBe(8 * 3600 + 300);
    expect(serviceSecondsOf('00:30')).toBe(24.5 * 3600);
    expect(serviceSecondsOf('25:00')).toBeNull();
    expect(serviceSecondsOf('')).toBeNull();
    for (const hours of [3, 8.5, 23.9, 24.2, 26.9]) {
      const at = TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, hours * 3600);
      expect(serviceSecondsAt(at, TOKYO_CLOCK_ZONE)).toBe(Math.floor(TOKYO_SERVICE_CALENDAR.serviceDayOf(at).seconds));
    }
  });

  it('tags each failure with a kind the interface turns into a message, never the error text', async () => {
    const at = TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, 8 * 3600);
    const same = await feedAt(at).feed.route(tokyo, tokyo, 8 * 3600);
    expect(same.kind).toBe('same-place');
    expect(routeFailure(same)).toBe('same-place');
    expect(routeFailure(await feedAt(at + 24 * 3600_000).feed.route(shinjuku, tokyo, 8 * 3600))).toBe('day-mismatch');
    expect(routeFailure(answerRoute(day, { from: [-1], to: tokyo, departure: 8 * 3600, time: at, page: 'first' }))).toBe('bad-request');
    expect(routeFailure({ result: null, error: 'The train worker failed.' })).toBe('internal');
    expect(sharesStation(tokyo, tokyo)).toBe(true);
    expect(sharesStation(shinjuku, tokyo)).toBe(false);
  });

  it('badges the journeys of a list for the list: earliest arrival and fewest transfers, one each', async () => {
    const { feed } = feedAt(TOKYO_SERVICE_CALENDAR.epochOfServiceTime(DATE, 8 * 3600));
    const narita = groupOf('Keisei.Main.NaritaAirportTerminal1');
    let list = mergeJourneys((await feed.route(narita, tokyo, 8 * 3600)).result!.journeys);
    for (let i = 0; i < 3; i++) list = mergeJourneys(list, (await feed.route(narita, tokyo, 8 * 3600, 'later', list[list.length - 1])).result!.journeys);
    list = mergeJourneys(list, (await feed.route(narita, tokyo, 8 * 3600, 'earlier', list[0])).result!.journeys);
    const earliest = list.filter((j) => j.kinds.includes('earliest-arrival'));
    const fewest = list.filter((j) => j.kinds.includes('fewest-transfers'));
    expect(earliest).toHaveLength(1);
    expect(fewest).toHaveLength(1);
    expect(earliest[0].arrival).toBe(Math.min(...list.map((j) => j.arrival)));
    expect(fewest[0].transferCount).toBe(Math.min(...list.map((j) => j.transferCount)));
    // Unchanged journeys are the same objects; merging a list again changes nothing.
    expect(mergeJourneys(list)).toEqual(list);
  });
});
