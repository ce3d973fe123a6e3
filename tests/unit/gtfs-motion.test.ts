import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeVehiclePositions,
  describeVehicle,
  indexFeed,
  interpolateVehicle,
  matchVehicles,
  metresBetween,
  nextStop,
  parseGtfsZip,
  planMotion,
  pointAtDistance,
  poseAt,
  projectOntoShape,
  shapeLength,
  stopDistances,
  VehicleTracks,
  type GtfsFeed,
  type GtfsShape,
  type MatchedVehicle,
} from '../../src/data/gtfs/index.ts';
import { cumulativeDistances } from '../../src/data/gtfs/shape-geometry.ts';
import { readSharedGtfs } from '../support/gtfs-server.ts';

let feed: GtfsFeed;
let vehicles: MatchedVehicle[];
/** Shape 87069 of trip 3789838 (route 320, Airport – Fall River). */
let shape: GtfsShape;

beforeAll(async () => {
  feed = await parseGtfsZip(readSharedGtfs('halifax/google_transit.zip'), 'halifax');
  vehicles = matchVehicles(feed, indexFeed(feed), decodeVehiclePositions(readSharedGtfs('halifax/VehiclePositions.pb')).vehicles).vehicles;
  shape = feed.shapes.find((s) => s.id === '87069')!;
});

const vehicleOnTrip = (tripId: string) => vehicles.find((v) => v.tripId === tripId)!;

function synthetic(points: [number, number][]): GtfsShape {
  const coordinates = Float64Array.from(points.flat());
  return { id: 'test', coordinates, distances: cumulativeDistances(coordinates) };
}

describe('shape sampling', () => {
  it('gives the shape points at their distances and interpolates between them', () => {
    const c = shape.coordinates;
    const d = shape.distances;
    expect(pointAtDistance(shape, 0)).toMatchObject({ lng: c[0], lat: c[1], distance: 0 });
    const end = pointAtDistance(shape, 1e9);
    expect([end.lng, end.lat, end.distance]).toEqual([c[c.length - 2], c[c.length - 1], shapeLength(shape)]);
    const mid = pointAtDistance(shape, (d[10] + d[11]) / 2);
    expect(mid.lng).toBeCloseTo((c[20] + c[22]) / 2, 9);
    expect(mid.lat).toBeCloseTo((c[21] + c[23]) / 2, 9);
  });

  it('projects points onto the shape and back', () => {
    for (const distance of [0, 1234.5, shapeLength(shape) / 2, shapeLength(shape) - 10]) {
      const point = pointAtDistance(shape, distance);
      const projected = projectOntoShape(shape, point.lng, point.lat);
      expect(projected.offset).toBeLessThan(0.5);
      expect(pointAtDistance(shape, projected.distance).lng).toBeCloseTo(point.lng, 5);
    }
  });

  it('gives the bearing of travel: east along a parallel, north along a meridian', () => {
    const corner = synthetic([
      [-63.6, 44.6],
      [-63.59, 44.6],
      [-63.59, 44.61],
    ]);
    expect(pointAtDistance(corner, 100).bearing).toBeCloseTo(90, 1);
    expect(pointAtDistance(corner, shapeLength(corner) - 100).bearing).toBeCloseTo(0, 1);
  });

  it('matches the pass ahead on a route that comes back the same way', () => {
    const outAndBack = synthetic([
      [-63.6, 44.6],
      [-63.59, 44.6],
      [-63.6, 44.6001],
    ]);
    const leg = metresBetween(-63.6, 44.6, -63.59, 44.6);
    const near = projectOntoShape(outAndBack, -63.598, 44.60002);
    const ahead = projectOntoShape(outAndBack, -63.598, 44.60002, leg);
    expect(near.distance).toBeLessThan(leg);
    expect(ahead.distance).toBeGreaterThan(leg);
  });
});

describe('vehicle motion between two reports', () => {
  const at = (distance: number, time: number) => ({ ...pointAtDistance(shape, distance), time });

  it('moves along the shape, not in a straight line, at a steady pace', () => {
    const from = at(1000, 0);
    const to = at(3000, 20_000);
    const half = interpolateVehicle(shape, from, to, 10_000);
    expect(half.distance).toBeCloseTo(2000, 0);
    expect(projectOntoShape(shape, half.lng, half.lat).offset).toBeLessThan(0.5);
    expect(half.bearing).toBeCloseTo(pointAtDistance(shape, 2000).bearing, 5);
    expect(interpolateVehicle(shape, from, to, -5).distance).toBeCloseTo(1000, 0);
    expect(interpolateVehicle(shape, from, to, 99_000).distance).toBeCloseTo(3000, 0);
  });

  it('holds a vehicle whose next report is behind it instead of moving it backwards', () => {
    const motion = planMotion(shape, at(3000, 0), at(2950, 20_000));
    expect(motion).toMatchObject({ kind: 'shape' });
    for (const t of [0, 10_000, 20_000]) expect(poseAt(shape, motion, t).distance).toBeCloseTo(3000, 0);
  });

  it('moves in a straight line off the shape or without one', () => {
    const from = { lng: -63.6, lat: 44.6, time: 0 };
    const to = { lng: -63.59, lat: 44.6, time: 10_000 };
    const off = interpolateVehicle(shape, from, to, 5_000);
    expect(off.distance).toBeNull();
    expect([off.lng, off.lat]).toEqual([-63.595, 44.6]);
    expect(off.bearing).toBeCloseTo(90, 1);
    expect(interpolateVehicle(null, from, to, 5_000).lng).toBe(-63.595);
  });

  it('tracks the snapshot vehicles, continuing from where each is drawn when a new report comes', () => {
    const tracks = new VehicleTracks(feed, 20_000);
    tracks.update(vehicles, 0);
    expect(tracks.size).toBe(290);
    const bus = vehicleOnTrip('3789838');
    const start = tracks.pose(bus.vehicleId, 0)!.pose;
    expect(start.distance).not.toBeNull();
    const ahead = pointAtDistance(shape, start.distance! + 400);
    tracks.update([{ ...bus, lng: ahead.lng, lat: ahead.lat }], 20_000);
    expect(tracks.size).toBe(1);
    expect(tracks.pose(bus.vehicleId, 20_000)!.pose.distance).toBeCloseTo(start.distance!, 0);
    expect(tracks.pose(bus.vehicleId, 30_000)!.pose.distance).toBeCloseTo(start.distance! + 200, 0);
    expect(tracks.poses(40_000)[0].pose.distance).toBeCloseTo(start.distance! + 400, 0);
  });
});

describe('next stop and popup details', () => {
  it('finds the next stop from the distance along the shape', () => {
    const bus = vehicleOnTrip('3789838');
    const distances = stopDistances(feed, bus.trip);
    expect(Array.from(distances).every((d, i) => i === 0 || d >= distances[i - 1])).toBe(true);
    const trip = feed.trips[bus.trip];
    const between = (distances[2] + distances[3]) / 2;
    const next = nextStop(feed, bus, { distance: between })!;
    expect(next.stopTime).toBe(trip.firstStopTime + 3);
    expect(next.name).toBe(feed.stops[feed.stopTimes.stop[trip.firstStopTime + 3]].name);
    expect(nextStop(feed, bus, { distance: distances[distances.length - 1] + 50 })).toBeNull();
  });

  it('uses current_stop_sequence and current_status when the report has them', () => {
    const bus = vehicleOnTrip('3789838');
    const seq3 = { ...bus, currentStopSequence: 3, currentStatus: 'IN_TRANSIT_TO' as const };
    expect(nextStop(feed, seq3, { distance: 0 })).toMatchObject({ time: '16:46' });
    expect(nextStop(feed, { ...seq3, currentStatus: 'STOPPED_AT' })!.arrival).toBeGreaterThan(16 * 3600 + 46 * 60);
  });

  it('falls back to the schedule in the feed time zone (America/Halifax, UTC−4 on 6 Nov 2025)', () => {
    const bus = vehicleOnTrip('3789838');
    const next = nextStop(feed, bus, { now: Date.parse('2025-11-06T21:02:49Z') })!;
    expect(next.time).toBe('17:02');
    expect(feed.stopTimes.sequence[next.stopTime]).toBe(10);
  });

  it('describes a vehicle for its popup', () => {
    const bus = vehicleOnTrip('3789838');
    const distance = projectOntoShape(shape, bus.lng, bus.lat).distance;
    const details = describeVehicle(feed, bus, { distance });
    expect(details).toMatchObject({
      routeName: '320',
      routeLongName: 'Airport - Fall River Regional Exp',
      headsign: '320 AIRPORT VIA FALL RIVER',
      vehicleLabel: '526',
      kind: 'bus',
      color: [0, 0, 255],
    });
    expect(details.nextStop?.time).toMatch(/^\d\d:\d\d$/);
  });
});
