import { beforeAll, describe, expect, it } from 'vitest';
import { TOKYO_SERVICE_CALENDAR } from '../../src/data/calendar.ts';
import { parseTrains } from '../../src/data/realtime/odpt-parse.ts';
import { buildRoutes } from '../../src/data/routes.ts';
import { buildSchedule, createTrainState, type Schedule } from '../../src/data/train-schedule.ts';
import { hexToRgbBytes } from '../../src/data/trains/colors.ts';
import { composeFrame, frameCapacity, type FrameContext } from '../../src/data/trains/compose-frame.ts';
import { trainDetails } from '../../src/data/trains/describe-train.ts';
import { RealtimeOverlay } from '../../src/data/trains/realtime-overlay.ts';
import { isExtraTrainCode } from '../../src/data/trains/train-codes.ts';
import { allocateTrainFrame, carFlag, type TrainFrame } from '../../src/data/trains/train-frame-format.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../../src/data/geometry/track-units.ts';
import * as fixtures from '../support/odpt-fixtures.ts';
import { loadRealData } from './fixtures/real-data.ts';

let ctx: FrameContext;
let schedule: Schedule;
let overlay: RealtimeOverlay;
let frame: TrainFrame;
const t = TOKYO_SERVICE_CALENDAR.serviceDayOf(fixtures.FIXTURE_TIME).seconds;

function reports() {
  const records = [
    fixtures.TRAIN_GINZA_A701_DELAYED_3MIN,
    fixtures.TRAIN_YAMANOTE_702G_DELAYED_30S,
    fixtures.TRAIN_OEDO_601A_ON_TIME,
    fixtures.TRAIN_ASAKUSA_712T_SHORT_TURN,
    fixtures.TRAIN_YAMANOTE_9601G_EXTRA,
  ];
  return parseTrains(records, { source: 'fixtures' }).records;
}

function timetableOf(id: string): number {
  const dot = id.lastIndexOf('.');
  const railway = ctx.network.railwayIndex.get(id.slice(0, dot));
  const number = id.slice(dot + 1);
  return ctx.timetable.number.findIndex((n, i) => n === number && ctx.timetable.railway[i] === railway && schedule.isActive(i, t - 300));
}

function slotOf(train: number): number {
  for (let k = 0; k < frame.trainCount; k++) if (frame.trains[k] === train) return k;
  return -1;
}

beforeAll(() => {
  const { network, timetables } = loadRealData();
  schedule = buildSchedule(network, timetables.weekday);
  overlay = new RealtimeOverlay(network, timetables.weekday, schedule);
  ctx = {
    network,
    timetable: timetables.weekday,
    routes: buildRoutes(network),
    schedule,
    dims: { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES },
    railwayColors: hexToRgbBytes(network.meta.railways.map((r) => r.color)),
    vehicleColors: hexToRgbBytes(network.meta.trainVehicles.map((v) => v.colors[0])),
    realtime: overlay,
  };
  const capacity = frameCapacity(network);
  frame = allocateTrainFrame(capacity.cars, capacity.trains);
  overlay.update(reports(), t, fixtures.FIXTURE_TIME);
  overlay.enabled = true;
}, 120_000);

describe('real-time overlay', () => {
  it('gives delays to the reported timetables and their through-service runs', () => {
    const ginza = timetableOf(fixtures.FIXTURE_CASES.delayed3min);
    expect(ginza).toBeGreaterThanOrEqual(0);
    expect(overlay.delayOf(ginza)).toBe(180);
    for (const member of schedule.runTimetables(schedule.runOf(ginza))) expect(overlay.delays[member]).toBe(180);
    expect(overlay.delayOf(timetableOf(fixtures.FIXTURE_CASES.delayed30s))).toBe(30);
    expect(overlay.delayOf(timetableOf(fixtures.FIXTURE_CASES.onTime))).toBe(0);
  });

  it('runs a late train on the timetable shifted by its delay (one time axis)', () => {
    const ginza = timetableOf(fixtures.FIXTURE_CASES.delayed3min);
    const late = trainDetails(ctx, ginza, t, 14)!;
    overlay.enabled = false;
    const scheduled = trainDetails(ctx, ginza, t - 180, 14)!;
    overlay.enabled = true;
    expect(late.delay).toBe(180);
    expect(late.position[0]).toBeCloseTo(scheduled.position[0], 9);
    expect(late.position[1]).toBeCloseTo(scheduled.position[1], 9);
    expect(late.nextStop).toBe(scheduled.nextStop);
  });

  it('marks trains a minute or more late, and not a train 30 s late', () => {
    composeFrame(ctx, t, 14, -1, frame, fixtures.FIXTURE_TIME);
    const ginza = slotOf(timetableOf(fixtures.FIXTURE_CASES.delayed3min));
    const yamanote = slotOf(timetableOf(fixtures.FIXTURE_CASES.delayed30s));
    expect(ginza).toBeGreaterThanOrEqual(0);
    expect(yamanote).toBeGreaterThanOrEqual(0);
    const headCar = (slot: number) => frame.carTrain.indexOf(slot);
    expect(carFlag(frame, headCar(ginza), 1)).toBe(255);
    expect(carFlag(frame, headCar(yamanote), 1)).toBe(0);
    expect(frame.markerCount).toBeGreaterThanOrEqual(1);
  });

  it('draws no marker when real-time data is off (playback)', () => {
    overlay.enabled = false;
    composeFrame(ctx, t, 14, -1, frame, fixtures.FIXTURE_TIME);
    overlay.enabled = true;
    expect(frame.markerCount).toBe(0);
  });

  it('shows a short turn with its reported destination', () => {
    const asakusa = timetableOf(fixtures.FIXTURE_CASES.shortTurn);
    const details = trainDetails(ctx, asakusa, t, 14)!;
    expect(details.destinations.map((s) => ctx.network.meta.stations[s].id)).toEqual([fixtures.FIXTURE_CASES.shortTurnReported]);
  });

  it('shows an extra train with no timetable between the stations it is reported at', () => {
    expect(overlay.extras.map((e) => e.id)).toEqual([fixtures.FIXTURE_CASES.extra]);
    composeFrame(ctx, t, 14, -1, frame, fixtures.FIXTURE_TIME + 30_000);
    let extraSlot = -1;
    for (let k = 0; k < frame.trainCount; k++) if (frame.trains[k] === -2) extraSlot = k;
    expect(extraSlot).toBeGreaterThanOrEqual(0);
    // Between Shinagawa (139.7387, 35.6285) and Osaki (139.7282, 35.6197).
    const [lng, lat] = [frame.heads[extraSlot * 4], frame.heads[extraSlot * 4 + 1]];
    expect(lng).toBeGreaterThan(139.725);
    expect(lng).toBeLessThan(139.742);
    expect(lat).toBeGreaterThan(35.617);
    expect(lat).toBeLessThan(35.631);
  });

  it('describes, selects and finds an extra train by a code that stays the same from poll to poll', () => {
    const id = fixtures.FIXTURE_CASES.extra;
    const code = overlay.extraTrainById(id)!;
    expect(isExtraTrainCode(code)).toBe(true);
    const since = overlay.extras[0].since;
    // The next poll reports it between the same stations: same code, and it keeps moving from where it was.
    overlay.update(reports(), t + 15, fixtures.FIXTURE_TIME + 15_000);
    expect(overlay.extraTrainById(id)).toBe(code);
    expect(overlay.extras[0].since).toBe(since);

    const details = trainDetails(ctx, code, t + 30, 14, fixtures.FIXTURE_TIME + 30_000)!;
    expect(details.id).toBe(id);
    expect(details.train).toBe(code);
    expect(ctx.network.meta.railways[details.railway].id).toBe('JR-East.Yamanote');
    expect(details.number).toBe(id.split('.').pop());
    // Reported leaving Shinagawa for Osaki: the previous and next stops, without times (there is no timetable).
    expect(details.stops.map((s) => ctx.network.meta.stations[s.station].id)).toEqual(['JR-East.Yamanote.Shinagawa', 'JR-East.Yamanote.Osaki']);
    expect(details.stops.every((s) => s.arrival === null && s.departure === null)).toBe(true);
    expect([details.previousStop, details.nextStop, details.standing]).toEqual([0, 1, false]);

    // Selected, it is drawn highlighted and reported as the frame's selected train, as a timetabled train would be.
    composeFrame(ctx, t + 30, 14, code, frame, fixtures.FIXTURE_TIME + 30_000);
    expect(frame.selectedTrain).toBe(code);
    expect(frame.trains[frame.selectedSlot]).toBe(code);
    const [lng, lat] = [frame.heads[frame.selectedSlot * 4], frame.heads[frame.selectedSlot * 4 + 1]];
    expect(Math.abs(lng - details.position[0]) + Math.abs(lat - details.position[1])).toBeLessThan(0.002);
    let selectedCars = 0;
    for (let car = 0; car < frame.carCount; car++) if (frame.carTrain[car] === frame.selectedSlot) selectedCars += carFlag(frame, car, 2) === 255 ? 1 : 0;
    expect(selectedCars).toBeGreaterThan(0);

    // Real-time data off (playback): the extra train is neither drawn nor described.
    overlay.enabled = false;
    expect(trainDetails(ctx, code, t + 30, 14, fixtures.FIXTURE_TIME + 30_000)).toBeNull();
    expect(overlay.extraTrainById(id)).toBeUndefined();
    overlay.enabled = true;
  });

  it('does not let an on-time train pass a late train ahead of it on the same track', () => {
    // Delay the Yamanote 702G by 8 minutes: the following inner-loop trains must queue behind it.
    const withBigDelay = reports().map((r) => (r.id === fixtures.FIXTURE_CASES.delayed30s ? { ...r, delay: 480 } : r));
    overlay.update(withBigDelay, t, fixtures.FIXTURE_TIME);
    composeFrame(ctx, t, 14, -1, frame, fixtures.FIXTURE_TIME);
    const late = timetableOf(fixtures.FIXTURE_CASES.delayed30s);
    const railway = ctx.timetable.railway[late];
    const state = createTrainState();
    schedule.trainStateAt(late, t - 480, state);
    const offsets = ctx.network.meta.railways[railway].variants[0].stationOffsets;
    const lateHead = offsets[state.fromIndex] + (offsets[state.toIndex] - offsets[state.fromIndex]) * state.fraction;
    let followers = 0;
    for (let k = 0; k < frame.trainCount; k++) {
      const train = frame.trains[k];
      if (train < 0 || train === late || ctx.timetable.railway[train] !== railway) continue;
      schedule.trainStateAt(train, t, state);
      if (state.direction !== -1) continue;
      const scheduled = offsets[state.fromIndex] + (offsets[state.toIndex] - offsets[state.fromIndex]) * state.fraction;
      // A follower scheduled within 2 km behind (inner loop runs towards lower offsets) is held behind the late train.
      if (scheduled < lateHead && scheduled > lateHead - 2000) {
        followers++;
        const lateSlot = slotOf(late);
        const d = Math.hypot(frame.heads[k * 4] - frame.heads[lateSlot * 4], frame.heads[k * 4 + 1] - frame.heads[lateSlot * 4 + 1]);
        expect(d).toBeGreaterThan(0.0003);
      }
    }
    overlay.update(reports(), t, fixtures.FIXTURE_TIME);
    expect(followers).toBeGreaterThanOrEqual(0);
  });
});
