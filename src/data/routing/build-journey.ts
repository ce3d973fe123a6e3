/**
 * Turns the rides a search found into a {@link Journey}: one leg per
 * timetable ridden (a through-service ride gives several legs, the later
 * ones marked `through`), and a transfer between consecutive rides.
 *
 * @module
 */
import { listAt } from '../timetable.ts';
import type { Journey, JourneyKind, JourneyLeg, JourneyTransfer, LegStop } from './journey.ts';
import type { Ride } from './raptor.ts';
import type { RouteTable } from './route-table.ts';
import type { RoutingIndex } from './routing-index.ts';
import { transferSeconds } from './transfer-times.ts';

/** A ride turned the right way round: forward table, trip slot and stop positions. */
export function forwardRide(ride: Ride, mirrored: RouteTable): Ride {
  const n = mirrored.stopStart[ride.route + 1] - mirrored.stopStart[ride.route];
  const m = mirrored.tripStart[ride.route + 1] - mirrored.tripStart[ride.route];
  return { table: ride.table, route: ride.route, slot: m - 1 - ride.slot, board: n - 1 - ride.alight, alight: n - 1 - ride.board };
}

function makeLeg(index: RoutingIndex, table: RouteTable, ride: Ride, train: number, first: number, last: number, delay: number, through: boolean): JourneyLeg {
  const { network, timetable, trips } = index;
  const { meta } = network;
  const n = table.stopStart[ride.route + 1] - table.stopStart[ride.route];
  const times = table.timeStart[ride.route] + ride.slot * n;
  const stop0 = table.stopStart[ride.route];
  const trip = table.trips[table.tripStart[ride.route] + ride.slot];
  const scheduled = trips.stopStart[trip];
  const stops: LegStop[] = [];
  for (let i = first + 1; i < last; i++) stops.push({ station: table.stops[stop0 + i], arrival: table.arrival[times + i], departure: table.departure[times + i] });
  const railway = timetable.railway[train];
  const type = timetable.type[train];
  const listed = listAt(timetable.destinations, train);
  return {
    train,
    trainId: `${meta.railways[railway].id}.${timetable.number[train]}`,
    number: timetable.number[train],
    railway,
    railwayId: meta.railways[railway].id,
    type,
    typeId: type >= 0 ? (meta.trainTypes[type]?.id ?? null) : null,
    names: timetable.names.get(train) ?? [],
    destinations: listed.length ? Array.from(listed) : [timetable.stopStation[timetable.stopStart[train + 1] - 1]],
    from: table.stops[stop0 + first],
    to: table.stops[stop0 + last],
    departure: table.departure[times + first],
    arrival: table.arrival[times + last],
    scheduledDeparture: trips.departure[scheduled + first],
    scheduledArrival: trips.arrival[scheduled + last],
    delay,
    stops,
    through,
  };
}

/** The legs of one ride: the part of each timetable of the trip that is ridden. */
function rideLegs(index: RoutingIndex, table: RouteTable, ride: Ride, delayOf: (train: number) => number): JourneyLeg[] {
  const { trips } = index;
  const trip = table.trips[table.tripStart[ride.route] + ride.slot];
  const g0 = trips.segmentStart[trip];
  const g1 = trips.segmentStart[trip + 1];
  const tripLength = trips.stopStart[trip + 1] - trips.stopStart[trip];
  const legs: JourneyLeg[] = [];
  for (let g = g0; g < g1; g++) {
    const start = trips.segmentFirstStop[g];
    const end = (g + 1 < g1 ? trips.segmentFirstStop[g + 1] : tripLength) - 1;
    const first = Math.max(start, ride.board);
    const last = Math.min(end, ride.alight);
    // A timetable touched at one stop only (boarding at its last stop, or leaving at the next one's first) is no leg.
    if (last <= first) continue;
    const train = trips.timetables[g];
    legs.push(makeLeg(index, table, ride, train, first, last, delayOf(train), legs.length > 0));
  }
  if (legs.length === 0) {
    // Only a junction between two timetables was ridden (their stops are stations of one group): one leg for it.
    let g = g0;
    while (g + 1 < g1 && trips.segmentFirstStop[g + 1] <= ride.board) g++;
    const train = trips.timetables[g];
    legs.push(makeLeg(index, table, ride, train, ride.board, ride.alight, delayOf(train), false));
  }
  return legs;
}

/** The journey of a sequence of forward rides (in riding order) on the forward tables. */
export function buildJourney(index: RoutingIndex, tables: readonly RouteTable[], rides: readonly Ride[], delayOf: (train: number) => number, kinds: JourneyKind[]): Journey {
  const legs: JourneyLeg[] = [];
  const transfers: JourneyTransfer[] = [];
  for (const ride of rides) {
    const rideLegsList = rideLegs(index, tables[ride.table], ride, delayOf);
    if (legs.length > 0) {
      const before = legs[legs.length - 1];
      const after = rideLegsList[0];
      transfers.push({
        afterLeg: legs.length - 1,
        from: before.to,
        to: after.from,
        kind: before.to === after.from ? 'same-station' : 'walk',
        arrival: before.arrival,
        departure: after.departure,
        minimumSeconds: transferSeconds(index.network.meta, before.to, after.from) ?? 0,
      });
    }
    legs.push(...rideLegsList);
  }
  const departure = legs[0].departure;
  const arrival = legs[legs.length - 1].arrival;
  return {
    key: legs.map((l) => `${l.train}:${l.from}>${l.to}`).join('|'),
    kinds,
    departure,
    arrival,
    duration: arrival - departure,
    transferCount: rides.length - 1,
    legs,
    transfers,
  };
}
