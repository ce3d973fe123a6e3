/**
 * trips.txt: each trip's route, service, shape and headsign.
 *
 * @module
 */
import { readCsvTable } from './csv.ts';
import { enumField } from './field-values.ts';
import type { GtfsTrip } from './feed-model.ts';
import { GtfsError } from './gtfs-error.ts';

const FILE = 'trips.txt';

/** Indexes by id of what trips refer to. */
export interface TripReferences {
  routes: ReadonlyMap<string, number>;
  services: ReadonlyMap<string, number>;
  shapes: ReadonlyMap<string, number>;
}

/**
 * The trips of trips.txt (without stop times yet) and their indexes by id.
 * @throws GtfsError for a missing field, a repeated trip_id, a route, service or shape that the feed does not define, or no trip.
 */
export function readTrips(text: string, refs: TripReferences): { trips: GtfsTrip[]; index: Map<string, number> } {
  const trips: GtfsTrip[] = [];
  const index = new Map<string, number>();
  readCsvTable(text, FILE, ['route_id', 'service_id', 'trip_id'], (row) => {
    const id = row.require('trip_id');
    if (index.has(id)) throw row.error('trip_id', `trip_id ${JSON.stringify(id)} appears twice`);
    const routeId = row.require('route_id');
    const route = refs.routes.get(routeId);
    if (route === undefined) throw row.error('route_id', `route_id ${JSON.stringify(routeId)} is not a route of routes.txt`);
    const serviceId = row.require('service_id');
    const service = refs.services.get(serviceId);
    if (service === undefined) throw row.error('service_id', `service_id ${JSON.stringify(serviceId)} is in neither calendar.txt nor calendar_dates.txt`);
    const shapeId = row.get('shape_id');
    const shape = shapeId === '' ? -1 : refs.shapes.get(shapeId);
    if (shape === undefined) throw row.error('shape_id', `shape_id ${JSON.stringify(shapeId)} is not a shape of shapes.txt`);
    index.set(id, trips.length);
    trips.push({
      id,
      route,
      shape,
      headsign: row.get('trip_headsign'),
      service,
      direction: enumField(row, 'direction_id', [0, 1], -1),
      firstStopTime: 0,
      stopTimeCount: 0,
    });
  });
  if (trips.length === 0) throw new GtfsError(`${FILE}: no trip (the file has a header but no rows).`, { file: FILE });
  return { trips, index };
}
