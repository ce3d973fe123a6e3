/**
 * The train simulation served on a port (the train worker's scope, or one end
 * of a channel in tests): decodes the network and the day's timetable, and
 * computes frames of car positions on request, off the main thread.
 *
 * @module
 */
import { ServiceCalendar } from '../calendar.ts';
import { clockZoneOf, TOKYO_CLOCK_ZONE } from '../clock-zone.ts';
import type { Calendar } from '../bundle/timetable-format.ts';
import { decodeNetwork, middleLatitude, type Network } from '../network.ts';
import { buildRoutes, type RouteSet } from '../routes.ts';
import { decodeTimetable } from '../timetable.ts';
import type { TrackDimensions } from '../track-position.ts';
import { hexToRgbBytes } from './colors.ts';
import { RealtimeOverlay, type RealtimeReport } from './realtime-overlay.ts';
import { isVehicleFeed, tripDelays, type CityRealtimeFeed, type TripDelays } from './trip-delays.ts';
import { composeFrame, frameCapacity, type FrameContext } from './compose-frame.ts';
import { buildSchedule } from '../train-schedule.ts';
import { trainDetails } from './describe-train.ts';
import { buildDepartureIndex, nextDepartures, type DepartureIndex } from './departures.ts';
import { NO_TRAIN } from './train-codes.ts';
import { allocateTrainFrame, frameBuffers, type TrainFrame } from './train-frame-format.ts';
import { lineKinds } from './vehicle-shapes.ts';
import type { CityTimetables, FrameRequest, TrainWorkerEvents, TrainWorkerInit, TrainWorkerMethods } from './worker-protocol.ts';
import { PERFORMANCE_MARKS } from '../../performance-marks.ts';
import { answerRoute } from '../routing/answer-route.ts';
import type { RoutingIndex } from '../routing/routing-index.ts';
import { serve, type Server } from '../worker/serve.ts';
import type { ChannelPort } from '../worker/wire.ts';

interface DayContext extends FrameContext {
  calendar: Calendar;
  serviceDate: string;
  /** The simulation's clock zone and day types, which the day was read with. */
  serviceCalendar: ServiceCalendar;
  /** Built on the first departures request of the day. */
  departureIndex?: DepartureIndex;
  /** Built on the first route search of the day. */
  routingIndex?: RoutingIndex;
}

/** Serves the train simulation's methods ({@link TrainWorkerMethods}) on `port`, each call with state of its own. */
export function serveTrains(port: ChannelPort): Server<TrainWorkerEvents> {
  let network: Network | null = null;
  let routes: RouteSet | null = null;
  let timetableUrls: Record<Calendar, string> | null = null;
  let city: CityTimetables | null = null;
  /** This simulation's clock zone and day types: Tokyo's, or the city bundle's from `init`. */
  let serviceCalendar = new ServiceCalendar(TOKYO_CLOCK_ZONE);
  /** Kind of vehicle of each line of a city bundle (Tokyo's are all rail). */
  let railwayKinds: Uint8Array | undefined;
  /** Latitude a city bundle's car sizes are converted at (its network's middle); Tokyo's when undefined. */
  let sizeLatitude: number | undefined;
  let dims: TrackDimensions | null = null;
  let day: DayContext | null = null;
  let loadingDay: Promise<DayContext> | null = null;
  let frameId = 0;
  /** Newest real-time reports, re-applied when a new day is loaded. */
  let realtime: { reports: RealtimeReport[]; enabled: boolean; time: number } = { reports: [], enabled: false, time: 0 };
  /** Newest GTFS Realtime trip updates and vehicle positions of a city bundle, by feed URL, and what they gave the loaded day. */
  const trips: { feeds: Map<string, CityRealtimeFeed>; enabled: boolean; time: number; applied: TripDelays | null } = { feeds: new Map(), enabled: false, time: 0, applied: null };

  async function fetchBytes(url: string): Promise<ArrayBuffer> {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  }

  /** The first day's timetable, downloading while `init` decodes the network. */
  let prefetched: { url: string; bytes: Promise<ArrayBuffer> } | null = null;

  /** URL of the timetable of a service day (see `ServiceCalendar.serviceDayOf`). */
  function dayUrl({ date, calendar }: { date: string; calendar: Calendar }): string {
    return city?.days[date]?.url ?? timetableUrls![calendar];
  }

  /** Loads the timetable of the service day containing `time` (epoch ms) and builds its schedule. */
  async function loadDay(time: number): Promise<DayContext> {
    const { date, calendar } = serviceCalendar.serviceDayOf(time);
    const url = dayUrl({ date, calendar });
    const bytes = await (prefetched?.url === url ? prefetched.bytes : fetchBytes(url));
    prefetched = null;
    const started = performance.now();
    const timetable = decodeTimetable(bytes, url);
    const schedule = buildSchedule(network!, timetable);
    performance.measure(PERFORMANCE_MARKS.timetableParse, { start: started, end: performance.now() });
    const vehicleColors = hexToRgbBytes(network!.meta.trainVehicles.map((v) => v.colors[0] ?? '#888888'));
    const railwayColors = hexToRgbBytes(network!.meta.railways.map((r) => r.color));
    const overlay = new RealtimeOverlay(network!, timetable, schedule);
    const context: DayContext = { network: network!, routes: routes!, timetable, schedule, dims: dims!, railwayColors, vehicleColors, railwayKinds, sizeLatitude, calendar, serviceDate: date, serviceCalendar, realtime: overlay };
    applyRealtime(context);
    return context;
  }

  /** Lays the newest reports over a day's timetables. */
  function applyRealtime(context: DayContext) {
    const overlay = context.realtime!;
    overlay.update(realtime.reports, serviceCalendar.serviceDayOf(realtime.time).seconds, realtime.time);
    trips.applied = trips.feeds.size > 0 ? tripDelays(context, trips.feeds.values(), trips.time) : null;
    if (trips.applied) overlay.addTripDelays(trips.applied);
    const tripsApply = trips.enabled && trips.applied !== null && (trips.applied.delays.size > 0 || trips.applied.canceled.length > 0);
    overlay.enabled = (realtime.enabled && realtime.reports.length > 0) || tripsApply;
  }

  /** The day context for `time`, loading a new day when the service day changes (the previous day keeps running meanwhile). */
  function dayFor(time: number): DayContext | null {
    const { date } = serviceCalendar.serviceDayOf(time);
    if (day?.serviceDate === date) return day;
    if (!loadingDay) {
      loadingDay = loadDay(time)
        .then((loaded) => (day = loaded))
        .catch((e) => {
          server.emit('error', (e as Error).message);
          throw e;
        })
        .finally(() => (loadingDay = null));
    }
    return day;
  }

  /** The timetable running train `id` ("{railway}.{number}") at second `t`, else an extra train reported as `id` (its code), else {@link NO_TRAIN}. */
  function findTrain(context: DayContext, id: string, t: number): number {
    const dot = id.lastIndexOf('.');
    const railway = context.network.railwayIndex.get(id.slice(0, dot));
    const number = id.slice(dot + 1);
    if (railway === undefined) return NO_TRAIN;
    const { timetable, schedule } = context;
    let fallback = -1;
    for (let i = 0; i < timetable.trainCount; i++) {
      if (timetable.railway[i] !== railway || timetable.number[i] !== number) continue;
      if (schedule.isActive(i, t)) return i;
      fallback = fallback < 0 ? i : fallback;
    }
    // Not running this instant: the run it belongs to may be on another line now.
    if (fallback >= 0) {
      const run = schedule.runOf(fallback);
      for (const member of schedule.runTimetables(run)) if (schedule.isActive(member, t)) return member;
    }
    // No timetable: a train the real-time feed reports anyway.
    return context.realtime?.extraTrainById(id) ?? NO_TRAIN;
  }

  async function init(request: TrainWorkerInit) {
    timetableUrls = request.timetableUrls;
    city = request.city ?? null;
    const cityDays = city ? Object.fromEntries(Object.entries(city.days).map(([date, { calendar }]) => [date, calendar])) : null;
    serviceCalendar = new ServiceCalendar(city ? clockZoneOf(city.timeZone) : TOKYO_CLOCK_ZONE, cityDays);
    // Neither download needs the other: the day's timetable comes while the network is fetched and decoded. (Its
    // failure is reported by loadDay, which awaits it; the catch only keeps it from counting as unhandled before.)
    const url = dayUrl(serviceCalendar.serviceDayOf(request.time));
    prefetched = { url, bytes: fetchBytes(url) };
    prefetched.bytes.catch(() => {});
    network = decodeNetwork(await fetchBytes(request.networkUrl), request.networkUrl);
    routes = buildRoutes(network);
    railwayKinds = city ? lineKinds(city.routeTypes) : undefined;
    sizeLatitude = city ? (middleLatitude(network) ?? undefined) : undefined;
    dims = request.dims;
    const loaded = dayFor(request.time) ?? (await loadingDay!);
    return { calendar: loaded.calendar, serviceDate: loaded.serviceDate, trainCount: loaded.timetable.trainCount };
  }

  function frame(request: FrameRequest) {
    const context = dayFor(request.time);
    const capacity = frameCapacity(network!);
    const out: TrainFrame = request.recycle ?? allocateTrainFrame(capacity.cars, capacity.trains);
    out.id = ++frameId;
    out.time = request.time;
    const started = performance.now();
    if (context) composeFrame(context, serviceCalendar.serviceDayOf(request.time).seconds, request.zoom, request.selected, out, request.time, request.area, request.depth);
    else out.carCount = out.trainCount = 0;
    out.computeMs = performance.now() - started;
    out.calendar = context?.calendar ?? 'weekday';
    out.serviceDate = context?.serviceDate ?? '';
    server.emit('frame', out, frameBuffers(out));
  }

  const server: Server<TrainWorkerEvents> = serve<TrainWorkerMethods, TrainWorkerEvents>(port, {
    init,
    frame,
    realtime: ({ reports, enabled, time }) => {
      realtime = { reports, enabled, time };
      if (day) applyRealtime(day);
    },
    cityRealtime: ({ url, feed, enabled, time }) => {
      if (feed) trips.feeds.set(url, feed);
      else if (feed === null) trips.feeds.delete(url);
      Object.assign(trips, { enabled, time });
      if (day) applyRealtime(day);
      const applied = trips.applied;
      const kept = trips.feeds.get(url);
      return { trips: !kept ? 0 : isVehicleFeed(kept) ? kept.vehicles.length : kept.trips.length, delayed: applied ? [...applied.delays.values()].filter((d) => d > 0).length : 0, canceled: applied?.canceled.length ?? 0, unmatched: applied?.unmatched ?? 0 };
    },
    find: ({ id, time }) => {
      const context = dayFor(time);
      return context ? findTrain(context, id, serviceCalendar.serviceDayOf(time).seconds) : -1;
    },
    departures: ({ stations, time, count }) => {
      const context = dayFor(time);
      if (!context) return null;
      context.departureIndex ??= buildDepartureIndex(context.timetable);
      return nextDepartures(context.network, context.departureIndex, stations, serviceCalendar.serviceDayOf(time).seconds, count, context.realtime);
    },
    route: (request) => {
      const context = dayFor(request.time);
      const overlay = context?.realtime;
      return answerRoute(context, request, overlay?.enabled ? overlay.delays : undefined);
    },
    details: ({ train, time, zoom }) => {
      const context = dayFor(time);
      return context ? trainDetails(context, train, serviceCalendar.serviceDayOf(time).seconds, zoom, time) : null;
    },
  });
  return server;
}
