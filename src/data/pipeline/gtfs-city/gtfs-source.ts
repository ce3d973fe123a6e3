/**
 * A GTFS feed as the pipeline's source records (the Tokyo data set's model),
 * so that the network and timetable steps that build Tokyo's bundle build a
 * city's bundle unchanged:
 * - a line ("railway") per trip pattern, its track the pattern's stretch of shape,
 *   set beside the tracks of other routes along the same street (see {@link corridorTracks});
 * - a station per stop of a pattern, the stations of one stop drawn as one
 *   station, stops of one parent station or joined by transfers.txt in one
 *   transfer group;
 * - a timetable per trip (and per departure of a frequencies.txt window),
 *   keyed by its service_id, in whole minutes of the service day.
 *
 * @module
 */
import { vehicleKindOf, type Rgb, type VehicleKind } from '../../gtfs/feed-model.ts';
import type { GtfsFrequency } from '../../gtfs/read-frequencies.ts';
import { formatMinutes, SERVICE_DAY_START } from '../build-timetables.ts';
import type { Diagnostics } from '../diagnostics.ts';
import { cumulativeLengths } from '../polyline.ts';
import { ownTrack } from '../railway-geometry.ts';
import type { SourceData } from '../source.ts';
import type { SourceRailway, SourceRailwayGeometry, SourceStation, SourceStop, SourceText, SourceTimetable } from '../source-types.ts';
import { CAR_SHAPES } from '../../trains/vehicle-shapes.ts';
import type { CityFeed } from './city-feed.ts';
import { corridorTracks } from './corridors.ts';
import { patternTrack } from './pattern-track.ts';
import { tripPatterns } from './trip-patterns.ts';

/** Latest service-day minute a timetable may use (30:00), as for Tokyo's timetables. */
const LAST_MINUTE = 30 * 60 - 1;

/** Rail directions of the bundle: one per GTFS direction_id (trips without one run "outbound"). */
export const CITY_DIRECTIONS = [
  { id: 'outbound', title: { en: 'Outbound' } },
  { id: 'inbound', title: { en: 'Inbound' } },
];

/** Train types of the bundle: one per kind of vehicle, from route_type. */
const KIND_TITLES: Record<VehicleKind, string> = { bus: 'Bus', rail: 'Rail', subway: 'Subway', tram: 'Tram', ferry: 'Ferry', cable: 'Cable car', other: 'Other' };

/** What the conversion gives besides the source records. */
export interface CitySource {
  source: SourceData;
  /** route_type of each line, by line id. */
  routeTypes: Map<string, number>;
  /** Stop distances along each line's drawn track (ground metres at zoom 14, as the bundle measures a line), by line id. */
  offsets: Map<string, number[]>;
  /** Indexes of the services trips refer to. */
  usedServices: Set<number>;
}

const hex = (rgb: Rgb) => '#' + rgb.map((c) => c.toString(16).padStart(2, '0')).join('').toUpperCase();
const text = (value: string): SourceText => ({ en: value });

/** A timetable stop's times in whole minutes: departure only when equal (or at the first stop), arrival only at the last. */
function timetableStop(station: string, arrival: number, departure: number, first: boolean, last: boolean): SourceStop {
  const a = formatMinutes(Math.round(arrival / 60));
  const d = formatMinutes(Math.round(departure / 60));
  if (first) return { s: station, d };
  if (last) return { s: station, a };
  return a === d ? { s: station, d } : { s: station, a, d };
}

/** Start offsets (seconds after the template's first departure) of each departure of a trip: 0 alone without frequencies. */
function departuresOf(frequencies: readonly GtfsFrequency[], firstDeparture: number): number[] {
  if (frequencies.length === 0) return [0];
  const starts: number[] = [];
  for (const f of frequencies) for (let t = f.start; t < f.end; t += f.headway) starts.push(t - firstDeparture);
  return starts;
}

/** Union-find over stop indexes, for transfer groups. */
function groupsOfStops(count: number, pairs: readonly [number, number][]): Int32Array {
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (const [a, b] of pairs) parent[find(a)] = find(b);
  for (let i = 0; i < count; i++) parent[i] = find(i);
  return parent;
}

/**
 * Converts a parsed feed. Trips that cannot be shown are skipped with a
 * warning naming the file, the trip and the reason.
 */
export function citySource({ feed, frequencies, transfers }: CityFeed, lastModified: number, diags: Diagnostics): CitySource {
  const { stops, stopTimes } = feed;
  const patterns = tripPatterns(feed);
  const railways: SourceRailway[] = [];
  const stations: SourceStation[] = [];
  const geometry: SourceRailwayGeometry[] = [];
  const timetables: SourceData['timetables'] = [];
  const routeTypes = new Map<string, number>();
  const offsets = new Map<string, number[]>();
  const usedServices = new Set<number>();
  const stationsOfStop = stops.map((): string[] => []);
  const frequenciesOf = new Map<number, GtfsFrequency[]>();
  for (const f of frequencies) frequenciesOf.set(f.trip, [...(frequenciesOf.get(f.trip) ?? []), f]);
  const patternCount = new Map<number, number>();
  const kinds = new Set<VehicleKind>();
  const shapeTracks = patterns.map((pattern) => patternTrack(pattern.shape >= 0 ? feed.shapes[pattern.shape] : null, pattern.stops.map((s) => stops[s])));
  const tracks = corridorTracks(shapeTracks.map((track, i) => ({ route: patterns[i].route, coords: track.coords, stops: track.stops })));

  patterns.forEach((pattern, p) => {
    const route = feed.routes[pattern.route];
    const n = (patternCount.get(pattern.route) ?? 0) + 1;
    patternCount.set(pattern.route, n);
    const id = `${route.id}.${n}`;
    const kind = vehicleKindOf(route.type);
    kinds.add(kind);
    const track = tracks[p];
    if (shapeTracks[p].straight) diags.warn({ file: 'shapes.txt', record: `route ${route.id} trip ${feed.trips[pattern.trips[0]].id}`, field: 'shape_id', message: 'gives no usable shape for the trip\'s stops; drawn straight from stop to stop' });
    const seen = new Map<number, number>();
    const stationIds = pattern.stops.map((stop) => {
      const visit = (seen.get(stop) ?? 0) + 1;
      seen.set(stop, visit);
      const stationId = `${id}.${stops[stop].id}${visit > 1 ? `~${visit}` : ''}`;
      stations.push({ id: stationId, railway: id, coord: [stops[stop].lng, stops[stop].lat], title: text(stops[stop].name) });
      stationsOfStop[stop].push(stationId);
      return stationId;
    });
    const direction = CITY_DIRECTIONS[pattern.direction === 1 ? 1 : 0].id;
    railways.push({
      id,
      title: text([route.shortName, route.longName].filter(Boolean).join(' ') || route.id),
      stations: stationIds,
      ascending: direction,
      descending: CITY_DIRECTIONS[pattern.direction === 1 ? 0 : 1].id,
      color: hex(route.color),
      carComposition: CAR_SHAPES[kind].cars,
    });
    geometry.push({ id, sublines: [{ type: 'main', coords: track.coords, offsets: track.units }] });
    routeTypes.set(id, route.type);
    const lengths = cumulativeLengths(ownTrack(track.coords, track.units));
    offsets.set(id, track.stops.map((i) => Math.round(lengths[i] * 10) / 10));

    for (const tripIndex of pattern.trips) {
      const trip = feed.trips[tripIndex];
      const first = trip.firstStopTime;
      const count = trip.stopTimeCount;
      const service = feed.services[trip.service];
      const tripFrequencies = frequenciesOf.get(tripIndex) ?? [];
      for (const shift of departuresOf(tripFrequencies, stopTimes.departure[first])) {
        const t = tripFrequencies.length ? `${trip.id}@${formatMinutes(Math.round((stopTimes.departure[first] + shift) / 60))}` : trip.id;
        const start = Math.round((stopTimes.departure[first] + shift) / 60);
        const end = Math.round((stopTimes.arrival[first + count - 1] + shift) / 60);
        if (start < SERVICE_DAY_START || end > LAST_MINUTE) {
          diags.warn({ file: 'stop_times.txt', record: `trip ${t}`, field: start < SERVICE_DAY_START ? 'departure_time' : 'arrival_time', message: `runs ${start < SERVICE_DAY_START ? 'before 03:00' : 'past 30:00'}, outside the service day the app shows (03:00 to 30:00); trip skipped` });
          continue;
        }
        const tt = stationIds.map((station, k) => timetableStop(station, stopTimes.arrival[first + k] + shift, stopTimes.departure[first + k] + shift, k === 0, k === count - 1));
        const record: SourceTimetable = { id: `${t}.${service.id}`, t, r: id, n: t, y: kind, d: direction, tt, ds: [stationIds[stationIds.length - 1]] };
        timetables.push({ file: 'stop_times.txt', record });
        usedServices.add(trip.service);
      }
    }
  });

  // One station drawn per stop; one transfer group per parent station or set of stops joined by transfers.
  const parentOf = (stop: number) => (feed.stops[stop].parent >= 0 ? feed.stops[stop].parent : stop);
  const group = groupsOfStops(stops.length, [...transfers, ...stops.map((_, i): [number, number] => [i, parentOf(i)])]);
  const members = new Map<number, string[][]>();
  stationsOfStop.forEach((list, stop) => {
    if (list.length === 0) return;
    const key = group[stop];
    members.set(key, [...(members.get(key) ?? []), list]);
  });

  return {
    source: {
      railways,
      stations,
      stationGroups: [...members.values()],
      poi: [],
      trainTypes: [...kinds].map((kind) => ({ id: kind, title: text(KIND_TITLES[kind]) })),
      trainVehicles: [],
      railDirections: CITY_DIRECTIONS,
      operators: feed.agencies.map((a) => ({ id: a.id || a.name, title: text(a.name) })),
      airports: [],
      flightStatuses: [],
      geometry,
      airways: [],
      timetables,
      lastModified,
    },
    routeTypes,
    offsets,
    usedServices,
  };
}
