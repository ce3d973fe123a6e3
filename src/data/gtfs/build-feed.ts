/**
 * Builds the {@link GtfsFeed} model from the files of a GTFS zip, one file at
 * a time so only one file's text is in memory at once.
 *
 * @module
 */
import type { BBox, GtfsFeed, GtfsShape, GtfsStop, Rgb } from './feed-model.ts';
import type { GtfsZip } from './gtfs-zip.ts';
import { readAgencies } from './read-agencies.ts';
import { readRoutes } from './read-routes.ts';
import { readServices } from './read-services.ts';
import { readShapes } from './read-shapes.ts';
import { readStopTimes } from './read-stop-times.ts';
import { readStops } from './read-stops.ts';
import { readTrips } from './read-trips.ts';

/** Options of {@link buildFeed}. */
export interface BuildFeedOptions {
  /** Colour of routes without route_color (the data source's colour). */
  color?: Rgb | null;
  /**
   * Called with what the map draws (agencies, routes with their shapes, stops, extent) as soon as it is read,
   * before stop_times.txt, the largest file: the routes can be drawn while stop times are still being read. A
   * problem found in stop_times.txt still rejects the whole feed afterwards.
   */
  onDrawable?: (drawable: DrawableFeed) => void;
}

/** The part of a feed that the map draws. */
export type DrawableFeed = Pick<GtfsFeed, 'agencies' | 'timezone' | 'routes' | 'stops' | 'shapes' | 'bbox'>;

/** Reads every file the model needs. @throws GtfsError naming file, line and field of the first problem. */
export async function buildFeed(zip: GtfsZip, options: BuildFeedOptions = {}): Promise<GtfsFeed> {
  const required = async (name: string): Promise<string> => (await zip.text(name)) ?? '';
  const { agencies, timezone } = readAgencies(await required('agency.txt'));
  const routes = readRoutes(await required('routes.txt'), options.color ?? null);
  const stops = readStops(await required('stops.txt'));
  const shapes = readShapes(await required('shapes.txt'));
  const services = readServices(await zip.text('calendar.txt'), await zip.text('calendar_dates.txt'));
  const trips = readTrips(await required('trips.txt'), { routes: routes.index, services: services.index, shapes: shapes.index });
  const routeShapes = routes.routes.map(() => new Set<number>());
  for (const trip of trips.trips) if (trip.shape >= 0) routeShapes[trip.route].add(trip.shape);
  routes.routes.forEach((route, i) => (route.shapes = [...routeShapes[i]].sort((a, b) => a - b)));
  const drawable: DrawableFeed = { agencies, timezone, routes: routes.routes, stops: stops.stops, shapes: shapes.shapes, bbox: extentOf(stops.stops, shapes.shapes) };
  options.onDrawable?.(drawable);
  const stopTimes = readStopTimes(await required('stop_times.txt'), trips.trips, trips.index, stops.stops, stops.index);
  return { ...drawable, trips: trips.trips, stopTimes, services: services.services };
}

function extentOf(stops: readonly GtfsStop[], shapes: readonly GtfsShape[]): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (lng: number, lat: number) => {
    if (lng < box[0]) box[0] = lng;
    if (lat < box[1]) box[1] = lat;
    if (lng > box[2]) box[2] = lng;
    if (lat > box[3]) box[3] = lat;
  };
  for (const stop of stops) add(stop.lng, stop.lat);
  for (const shape of shapes) for (let i = 0; i < shape.coordinates.length; i += 2) add(shape.coordinates[i], shape.coordinates[i + 1]);
  return box;
}
