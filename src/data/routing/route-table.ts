/**
 * Routes as RAPTOR scans them: trips with the same sequence of stations
 * whose times never overtake one another (FIFO), laid out trip by trip so
 * that a route scan reads consecutive memory.
 *
 * A table can be *mirrored* for the backward search (latest departure for
 * an arrival deadline): stops reversed, trips in reverse order, and times
 * negated with arrival and departure swapped. Earliest arrival in the
 * mirrored table is then latest departure in the real one, so one search
 * routine serves both directions.
 *
 * @module
 */
import type { TripList } from './trips.ts';

/** Routes, their stops and trips, and which routes serve each station. */
export interface RouteTable {
  routeCount: number;
  /** Stations of route r: `stops[stopStart[r]] … [stopStart[r + 1] − 1]`. */
  stopStart: Uint32Array;
  stops: Uint32Array;
  /** Routing trips of route r in FIFO order (slot 0 is the earliest): `trips[tripStart[r]] …`. */
  tripStart: Uint32Array;
  trips: Int32Array;
  /** Times of route r, trip slot j, stop position i at `timeStart[r] + j × stopCount + i`, seconds. */
  timeStart: Uint32Array;
  arrival: Int32Array;
  departure: Int32Array;
  /** Routes serving station s, with the stop position: `servingRoute[servingStart[s]] …` (several positions on loops). */
  servingStart: Uint32Array;
  servingRoute: Uint32Array;
  servingPosition: Uint32Array;
  /** Whether the table is mirrored (see the module description). */
  mirrored: boolean;
}

/** Whether trip `b` never runs earlier than trip `a` at any stop (both of length `n` at the given offsets). */
function notEarlier(trips: TripTimes, a: number, b: number, n: number): boolean {
  const pa = trips.stopStart[a];
  const pb = trips.stopStart[b];
  for (let i = 0; i < n; i++) {
    if (trips.arrival[pb + i] < trips.arrival[pa + i] || trips.departure[pb + i] < trips.departure[pa + i]) return false;
  }
  return true;
}

/** Groups trips into FIFO routes: same station sequence, split where one trip would overtake another. */
function groupRoutes(trips: TripTimes): number[][] {
  const byPattern = new Map<string, number[]>();
  for (let t = 0; t < trips.count; t++) {
    const key = trips.station.subarray(trips.stopStart[t], trips.stopStart[t + 1]).join(',');
    const list = byPattern.get(key);
    if (list) list.push(t);
    else byPattern.set(key, [t]);
  }
  const routes: number[][] = [];
  for (const list of byPattern.values()) {
    const first = (t: number) => trips.departure[trips.stopStart[t]];
    const last = (t: number) => trips.arrival[trips.stopStart[t + 1] - 1];
    list.sort((a, b) => first(a) - first(b) || last(a) - last(b) || a - b);
    const n = trips.stopStart[list[0] + 1] - trips.stopStart[list[0]];
    const open: number[][] = [];
    for (const t of list) {
      const route = open.find((r) => notEarlier(trips, r[r.length - 1], t, n));
      if (route) route.push(t);
      else open.push([t]);
    }
    routes.push(...open);
  }
  return routes;
}

/** Station → (route, position) incidence of a table's routes. */
function servingIndex(stationCount: number, stopStart: Uint32Array, stops: Uint32Array): Pick<RouteTable, 'servingStart' | 'servingRoute' | 'servingPosition'> {
  const servingStart = new Uint32Array(stationCount + 1);
  for (let k = 0; k < stops.length; k++) servingStart[stops[k] + 1]++;
  for (let s = 0; s < stationCount; s++) servingStart[s + 1] += servingStart[s];
  const fill = servingStart.slice(0, stationCount);
  const servingRoute = new Uint32Array(stops.length);
  const servingPosition = new Uint32Array(stops.length);
  for (let r = 0; r + 1 < stopStart.length; r++) {
    for (let k = stopStart[r]; k < stopStart[r + 1]; k++) {
      const slot = fill[stops[k]]++;
      servingRoute[slot] = r;
      servingPosition[slot] = k - stopStart[r];
    }
  }
  return { servingStart, servingRoute, servingPosition };
}

/** The stops and times of some trips, flattened like {@link TripList}. */
export type TripTimes = Pick<TripList, 'count' | 'stopStart' | 'station' | 'arrival' | 'departure'>;

/**
 * Builds a route table over the given trips: grouped into FIFO routes, or
 * with `singles` each trip as a route of its own (for the few trips whose
 * real-time times differ from the timetable). `ids` are the routing trip
 * ids the table lists (default: the trips' own indices).
 */
export function buildRouteTable(trips: TripTimes, stationCount: number, options: { singles?: boolean; ids?: Int32Array } = {}): RouteTable {
  const routes = options.singles ? Array.from({ length: trips.count }, (_, t) => [t]) : groupRoutes(trips);
  const routeCount = routes.length;
  const stopStart = new Uint32Array(routeCount + 1);
  const tripStart = new Uint32Array(routeCount + 1);
  const timeStart = new Uint32Array(routeCount + 1);
  routes.forEach((list, r) => {
    const n = trips.stopStart[list[0] + 1] - trips.stopStart[list[0]];
    stopStart[r + 1] = stopStart[r] + n;
    tripStart[r + 1] = tripStart[r] + list.length;
    timeStart[r + 1] = timeStart[r] + n * list.length;
  });
  const stops = new Uint32Array(stopStart[routeCount]);
  const tripIds = new Int32Array(tripStart[routeCount]);
  const arrival = new Int32Array(timeStart[routeCount]);
  const departure = new Int32Array(timeStart[routeCount]);
  routes.forEach((list, r) => {
    const first = trips.stopStart[list[0]];
    const n = stopStart[r + 1] - stopStart[r];
    stops.set(trips.station.subarray(first, first + n), stopStart[r]);
    list.forEach((t, j) => {
      tripIds[tripStart[r] + j] = options.ids ? options.ids[t] : t;
      const from = trips.stopStart[t];
      arrival.set(trips.arrival.subarray(from, from + n), timeStart[r] + j * n);
      departure.set(trips.departure.subarray(from, from + n), timeStart[r] + j * n);
    });
  });
  return {
    routeCount,
    stopStart,
    stops,
    tripStart,
    trips: tripIds,
    timeStart,
    arrival,
    departure,
    ...servingIndex(stationCount, stopStart, stops),
    mirrored: false,
  };
}

/** The mirror image of a table (see the module description); route ids are kept. */
export function mirrorRouteTable(table: RouteTable, stationCount: number): RouteTable {
  const stops = new Uint32Array(table.stops.length);
  const trips = new Int32Array(table.trips.length);
  const arrival = new Int32Array(table.arrival.length);
  const departure = new Int32Array(table.departure.length);
  for (let r = 0; r < table.routeCount; r++) {
    const s0 = table.stopStart[r];
    const n = table.stopStart[r + 1] - s0;
    const t0 = table.tripStart[r];
    const m = table.tripStart[r + 1] - t0;
    for (let i = 0; i < n; i++) stops[s0 + i] = table.stops[s0 + n - 1 - i];
    for (let j = 0; j < m; j++) {
      trips[t0 + j] = table.trips[t0 + m - 1 - j];
      const to = table.timeStart[r] + j * n;
      const from = table.timeStart[r] + (m - 1 - j) * n;
      for (let i = 0; i < n; i++) {
        arrival[to + i] = -table.departure[from + n - 1 - i];
        departure[to + i] = -table.arrival[from + n - 1 - i];
      }
    }
  }
  return {
    ...table,
    stops,
    trips,
    arrival,
    departure,
    ...servingIndex(stationCount, table.stopStart, stops),
    mirrored: !table.mirrored,
  };
}
