import { listAt, NO_TIME } from '../timetable.ts';
import { createRouteSample, routeAt, sampleRoute } from '../routes.ts';
import { createTrainState } from '../train-schedule.ts';
import type { FrameContext } from './compose-frame.ts';
import { extraTrainHead, extraTrainProgress } from './realtime-overlay.ts';
import { isExtraTrainCode } from './train-codes.ts';
import type { TrainDetails, TrainStop } from './train-details.ts';

const state = createTrainState();
const sample = createRouteSample();

/**
 * Everything the popup and the tracking timetable show about `train` (a
 * timetable index, or an extra train's code: see `train-codes.ts`) at
 * service-day second `t`; `now` (simulated epoch ms) places extra trains.
 */
export function trainDetails(ctx: FrameContext, train: number, t: number, zoom: number, now = 0): TrainDetails | null {
  if (isExtraTrainCode(train)) return extraTrainDetails(ctx, train, zoom, now);
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

/**
 * What is known of an extra train (reported without a timetable): its line,
 * number, destinations and delay, the station it was reported at or leaving,
 * and the next one, without times.
 */
function extraTrainDetails(ctx: FrameContext, train: number, zoom: number, now: number): TrainDetails | null {
  const { network, routes, dims, realtime } = ctx;
  const extra = realtime?.extraTrain(train);
  if (!extra) return null;
  const railway = network.meta.railways[extra.railway];
  const f = extraTrainProgress(extra, now);
  const moving = extra.toIndex !== extra.fromIndex;
  const stops: TrainStop[] = [{ station: railway.stations[extra.fromIndex], arrival: null, departure: null }];
  if (moving) stops.push({ station: railway.stations[extra.toIndex], arrival: null, departure: null });
  const arrived = moving && f >= 1;
  const route = routeAt(routes, extra.railway, zoom);
  sampleRoute(network, route, extraTrainHead(extra, railway.variants[route.variant].stationOffsets, now), zoom, dims, sample);
  return {
    train,
    id: extra.id,
    railway: extra.railway,
    number: extra.number,
    type: -1,
    direction: -1,
    destinations: extra.destinations,
    names: null,
    stops,
    previousStop: arrived ? 1 : 0,
    nextStop: moving && !arrived ? 1 : -1,
    standing: !moving || arrived,
    delay: extra.delay,
    position: [sample.lng, sample.lat, sample.altitude],
    bearing: sample.bearing + (extra.toIndex < extra.fromIndex ? 180 : 0),
    underground: sample.depth < -0.25,
  };
}
