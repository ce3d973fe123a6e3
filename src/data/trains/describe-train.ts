import { listAt, NO_TIME } from '../timetable.ts';
import { createRouteSample, routeAt, sampleRoute } from '../routes.ts';
import { createTrainState } from '../train-schedule.ts';
import type { FrameContext } from './compose-frame.ts';
import type { TrainDetails } from './train-details.ts';

const state = createTrainState();
const sample = createRouteSample();

/** Everything the popup and the tracking timetable show about timetable `train` at service-day second `t`. */
export function trainDetails(ctx: FrameContext, train: number, t: number, zoom: number): TrainDetails | null {
  const { network, timetable, schedule, routes, dims, realtime } = ctx;
  if (!(train >= 0 && train < timetable.trainCount)) return null;
  const delay = realtime?.delayOf(train) ?? 0;
  schedule.trainStateAt(train, t - delay, state);
  const railway = network.meta.railways[timetable.railway[train]];
  const first = timetable.stopStart[train];
  const last = timetable.stopStart[train + 1];
  const stops = [];
  for (let s = first; s < last; s++) {
    stops.push({
      station: timetable.stopStation[s],
      arrival: timetable.arrival[s] === NO_TIME ? null : timetable.arrival[s],
      departure: timetable.departure[s] === NO_TIME ? null : timetable.departure[s],
    });
  }
  const route = routeAt(routes, timetable.railway[train], zoom);
  const offsets = railway.variants[route.variant].stationOffsets;
  const from = offsets[state.fromIndex];
  const head = from + (offsets[state.toIndex] - from) * state.fraction;
  sampleRoute(network, route, head, zoom, dims, sample);
  return {
    train,
    id: `${railway.id}.${timetable.number[train]}`,
    railway: timetable.railway[train],
    number: timetable.number[train],
    type: timetable.type[train],
    direction: timetable.direction[train],
    destinations: (realtime?.enabled && realtime.destinations.get(train)) || Array.from(listAt(timetable.destinations, train)),
    names: timetable.names.get(train) ?? null,
    stops,
    previousStop: state.standing ? state.stopIndex : state.stopIndex - 1,
    nextStop: state.standing ? (state.stopIndex + 1 < stops.length ? state.stopIndex + 1 : -1) : state.stopIndex,
    standing: state.standing,
    delay,
    position: [sample.lng, sample.lat, sample.altitude],
    bearing: sample.bearing + (state.direction < 0 ? 180 : 0),
    underground: sample.depth < -0.25,
  };
}
