import { beforeAll, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../src/data/routes.ts';
import { pixelsPerMercatorMetre } from '../../src/data/track-position.ts';
import { buildSchedule, type Schedule } from '../../src/data/train-schedule.ts';
import { hexToRgbBytes } from '../../src/data/trains/colors.ts';
import { carSize, carsPerBox, composeFrame, frameCapacity, type FrameContext } from '../../src/data/trains/compose-frame.ts';
import { trainDetails } from '../../src/data/trains/describe-train.ts';
import { allocateTrainFrame, CAR, CAR_ENDS, CAR_SPACING, CAR_STRIDE, carFlag, carPosition, type TrainFrame } from '../../src/data/trains/train-frame-format.ts';
import { VEHICLE_KINDS } from '../../src/data/gtfs/feed-view.ts';
import { CAR_SHAPES, RAIL_KIND } from '../../src/data/trains/vehicle-shapes.ts';
import { rectangleArea, relativeScaleAt, type ViewDepth } from '../../src/data/geometry/view-area.ts';
import { TRACK_DEPTH_METRES, TRACK_SPACING_METRES } from '../../src/data/geometry/track-units.ts';
import { loadRealData } from './fixtures/real-data.ts';

const DIMS = { spacingMetres: TRACK_SPACING_METRES, depthMetres: TRACK_DEPTH_METRES };
let ctx: FrameContext;
let schedule: Schedule;
let frame: TrainFrame;

const metres = (a: [number, number], b: [number, number]) =>
  Math.hypot((a[0] - b[0]) * 111320 * Math.cos((a[1] * Math.PI) / 180), (a[1] - b[1]) * 110540);

beforeAll(() => {
  const { network, timetables } = loadRealData();
  const timetable = timetables.weekday;
  schedule = buildSchedule(network, timetable);
  ctx = {
    network,
    timetable,
    routes: buildRoutes(network),
    schedule,
    dims: DIMS,
    railwayColors: hexToRgbBytes(network.meta.railways.map((r) => r.color)),
    vehicleColors: hexToRgbBytes(network.meta.trainVehicles.map((v) => v.colors[0])),
  };
  const capacity = frameCapacity(network);
  frame = allocateTrainFrame(capacity.cars, capacity.trains);
}, 120_000);

function trainIndex(railwayId: string, number: string): number {
  const ri = ctx.network.railwayIndex.get(railwayId)!;
  return ctx.timetable.number.findIndex((n, i) => n === number && ctx.timetable.railway[i] === ri);
}

function headAt(train: number, t: number, zoom = 14): [number, number] | null {
  composeFrame(ctx, t, zoom, -1, frame);
  for (let k = 0; k < frame.trainCount; k++) if (frame.trains[k] === train) return [frame.heads[k * 4], frame.heads[k * 4 + 1]];
  return null;
}

describe('train frames', () => {
  it('draws every active train with its railway car count at 08:00 on a weekday', () => {
    const started = performance.now();
    composeFrame(ctx, 8 * 3600, 14, -1, frame);
    console.log(`composeFrame at 08:00: ${frame.trainCount} trains, ${frame.carCount} cars in ${(performance.now() - started).toFixed(1)} ms`);
    expect(frame.trainCount).toBe(schedule.activeTrains(8 * 3600).length);
    expect(frame.trainCount).toBeGreaterThan(2200);
    let cars = 0;
    for (let k = 0; k < frame.trainCount; k++) cars += ctx.network.meta.railways[ctx.timetable.railway[frame.trains[k]]].carComposition;
    expect(frame.carCount).toBe(cars);
  });

  it('draws Tokyo\'s trains as rail, each box marked with the ends of its train it holds', () => {
    composeFrame(ctx, 8 * 3600, 16, -1, frame);
    const fronts = new Map<number, number>();
    const backs = new Map<number, number>();
    for (let car = 0; car < frame.carCount; car++) {
      const b = car * CAR_STRIDE + CAR.kindByte;
      expect(frame.carBytes[b]).toBe(RAIL_KIND);
      if (frame.carBytes[b + 1] & CAR_ENDS.front) fronts.set(frame.carTrain[car], (fronts.get(frame.carTrain[car]) ?? 0) + 1);
      if (frame.carBytes[b + 1] & CAR_ENDS.back) backs.set(frame.carTrain[car], (backs.get(frame.carTrain[car]) ?? 0) + 1);
    }
    // One box with the front and one with the back for every train drawn (at zoom 16, one box per car).
    expect(fronts.size).toBe(new Set(frame.carTrain.subarray(0, frame.carCount)).size);
    expect([...fronts.values(), ...backs.values()].every((n) => n === 1)).toBe(true);
    expect(backs.size).toBe(fronts.size);
    expect(frame.carSize).toEqual(carSize(16, DIMS));
    expect(frame.carSize[0]).toBe(CAR_SHAPES.rail.metres[0]);
    expect(frame.carSize[1]).toBeCloseTo(CAR_SHAPES.rail.units[1] * frame.unitMetres, 9);
  });

  it('computes cars only for trains in the view area and the selected one, and heads for all', () => {
    // Around Tokyo Station, about 2 km each way.
    const bounds = [139.745, 35.665, 139.79, 35.7] as const;
    composeFrame(ctx, 8 * 3600, 14, -1, frame);
    const all = frame.trainCount;
    const heads = Array.from(frame.heads.subarray(0, all * 4));
    // A train whose head is far outside the bounds, to select.
    let outside = -1;
    for (let k = 0; k < all && outside < 0; k++) if (heads[k * 4] > 140) outside = frame.trains[k];
    expect(outside).toBeGreaterThanOrEqual(0);
    composeFrame(ctx, 8 * 3600, 14, outside, frame, 0, rectangleArea(...bounds));
    expect(frame.trainCount).toBe(all);
    expect(Array.from(frame.heads.subarray(0, all * 4))).toEqual(heads);
    const drawnSlots = new Set(Array.from(frame.carTrain.subarray(0, frame.carCount)));
    expect(drawnSlots.has(frame.selectedSlot)).toBe(true);
    let inside = 0;
    for (let k = 0; k < all; k++) {
      const lng = frame.heads[k * 4];
      const lat = frame.heads[k * 4 + 1];
      const isIn = lng >= bounds[0] && lng <= bounds[2] && lat >= bounds[1] && lat <= bounds[3];
      if (isIn) inside++;
      expect(drawnSlots.has(k), `train slot ${k} at ${lng},${lat}`).toBe(isIn || k === frame.selectedSlot);
    }
    expect(inside).toBeGreaterThan(20);
    expect(frame.carCount).toBeLessThan(frame.trainCount);
    console.log(`in bounds: ${inside} of ${all} trains, ${frame.carCount} cars`);
  });

  it('moves a Yamanote train smoothly round the whole loop, through Osaki and on into its next timetable', () => {
    const first = trainIndex('JR-East.Yamanote', '400G');
    const next = trainIndex('JR-East.Yamanote', '500G');
    let previous: [number, number] | null = null;
    let samples = 0;
    for (let t = schedule.activeStart(first); t < schedule.activeEnd(next); t += 5) {
      const train = schedule.isActive(first, t) ? first : next;
      const head = headAt(train, t);
      expect(head, `train active at ${t}`).not.toBeNull();
      if (previous) expect(metres(previous, head!), `jump at ${t}`).toBeLessThan(5 * 40 + 15);
      previous = head;
      samples++;
    }
    expect(samples).toBeGreaterThan(100);
  });

  it('marks a subway train as underground and a Yamanote train as on the ground', () => {
    composeFrame(ctx, 8 * 3600, 14, -1, frame);
    const railwayOf = (k: number) => ctx.network.meta.railways[ctx.timetable.railway[frame.trains[k]]].id;
    let ginza = -1;
    let yamanote = -1;
    for (let car = 0; car < frame.carCount; car++) {
      const id = railwayOf(frame.carTrain[car]);
      if (id === 'TokyoMetro.Ginza' && ginza < 0 && carPosition(frame, car)[0] < 139.79 && carPosition(frame, car)[0] > 139.71) ginza = car;
      if (id === 'JR-East.Yamanote' && yamanote < 0) yamanote = car;
    }
    expect(carFlag(frame, ginza, 0)).toBe(255);
    expect(carPosition(frame, ginza)[2]).toBeLessThan(-20);
    expect(carFlag(frame, yamanote, 0)).toBe(0);
  });

  it('draws the cars of a line of another kind at that kind\'s size: a tram\'s short sections', () => {
    const TRAM = VEHICLE_KINDS.indexOf('tram');
    composeFrame({ ...ctx, railwayKinds: new Uint8Array(ctx.network.meta.railways.length).fill(TRAM) }, 8 * 3600, 18, -1, frame);
    const ground = (car: number) => carPosition(frame, car).slice(0, 2) as [number, number];
    const gaps: number[] = [];
    for (let car = 1; car < frame.carCount; car++) {
      if (frame.carTrain[car] === frame.carTrain[car - 1]) gaps.push(metres(ground(car - 1), ground(car)));
      expect(frame.carBytes[car * CAR_STRIDE + CAR.kindByte]).toBe(TRAM);
    }
    gaps.sort((a, b) => a - b);
    // Sections 9.5 m long, a 4 % gap between them (fewer metres on curves, where the chord is shorter).
    expect(gaps[gaps.length >> 1]).toBeCloseTo(CAR_SHAPES.tram.metres[0] * CAR_SPACING, 0);
    expect(carSize(18, DIMS, 35.68, TRAM)[0]).toBe(CAR_SHAPES.tram.metres[0]);
  });

  it('keeps cars readable when zoomed out and real-sized when zoomed in', () => {
    expect(carSize(18, DIMS)[0]).toBe(20);
    expect(carSize(13, DIMS)[0]).toBeGreaterThan(carSize(14, DIMS)[0]);
    expect(carSize(10, DIMS)).toEqual(carSize(13, DIMS));
  });

  it('in a tilted view, groups the cars of far trains into boxes by their size where they are drawn', () => {
    const t = 8 * 3600;
    // Distance doubling every 0.02° north of Tokyo Station: a train 0.06° north is drawn at an eighth of the centre's size.
    const depth: ViewDepth = [139.767, 35.6814, 0, 50];
    composeFrame(ctx, t, 14, -1, frame);
    const flat = frame.carCount;
    const boxesOf = (f: TrainFrame) => {
      const boxes = new Map<number, number[]>();
      for (let car = 0; car < f.carCount; car++) {
        const train = f.trains[f.carTrain[car]];
        boxes.set(train, [...(boxes.get(train) ?? []), carFlag(f, car, 3)]);
      }
      return boxes;
    };
    const cars = new Map([...boxesOf(frame)].map(([train, b]) => [train, b.reduce((s, n) => s + n, 0)]));
    composeFrame(ctx, t, 14, -1, frame, 0, null, depth);
    expect(frame.carCount).toBeLessThan(flat);
    // A car's length on screen at the centre, as the composer reckons it.
    const carPixels = (carSize(14, ctx.dims)[0] * pixelsPerMercatorMetre(14)) / Math.cos((35.68 * Math.PI) / 180);
    let near = 0;
    let far = 0;
    for (const [train, boxes] of boxesOf(frame)) {
      // Every car is still drawn, in boxes as the size where the train is asks for.
      expect(boxes.reduce((s, n) => s + n, 0)).toBe(cars.get(train));
      const slot = frame.trains.indexOf(train);
      const scale = relativeScaleAt(depth, frame.heads[slot * 4], frame.heads[slot * 4 + 1]);
      // As many cars as their size gives, or more where the track under them is straight on screen.
      const perBox = carsPerBox(carPixels * scale, cars.get(train)!);
      if (perBox > 1) expect(boxes[0]).toBeGreaterThanOrEqual(perBox);
      else expect(boxes[0]).toBe(1);
      if (scale > 0.9) near++;
      if (scale < 0.3 && cars.get(train)! > 1) {
        far++;
        expect(boxes[0]).toBeGreaterThan(1);
      }
    }
    expect(near).toBeGreaterThan(50);
    expect(far).toBeGreaterThan(50);
  });

  it('draws each train as one box centred on its cars when zoomed far out, and one box per car closer in', () => {
    const t = 8 * 3600;
    composeFrame(ctx, t, 14, -1, frame);
    const carsAt14 = frame.carCount;
    const counts = new Map<number, number>();
    for (let car = 0; car < frame.carCount; car++) {
      expect(carFlag(frame, car, 3)).toBe(1);
      const train = frame.trains[frame.carTrain[car]];
      counts.set(train, (counts.get(train) ?? 0) + 1);
    }

    // At zoom 13 cars are as large as they get, yet a 10-car train spans tens of pixels: still one box per car.
    composeFrame(ctx, t, 13, -1, frame);
    expect(frame.carCount).toBe(carsAt14);
    const middleCar = new Map<number, [number, number]>();
    const seen = new Map<number, number>();
    for (let car = 0; car < frame.carCount; car++) {
      const train = frame.trains[frame.carTrain[car]];
      const index = seen.get(train) ?? 0;
      seen.set(train, index + 1);
      const n = counts.get(train)!;
      // The middle of an odd-car train is its middle car.
      if (n % 2 === 1 && index === (n - 1) / 2) middleCar.set(train, carPosition(frame, car).slice(0, 2) as [number, number]);
    }

    // At zoom 9 a train is a few pixels long: one box per train, carrying its car count, where its middle car was.
    composeFrame(ctx, t, 9, -1, frame);
    expect(frame.trainCount).toBe(schedule.activeTrains(t).length);
    expect(frame.carCount).toBe(frame.trainCount);
    let checked = 0;
    for (let box = 0; box < frame.carCount; box++) {
      const train = frame.trains[frame.carTrain[box]];
      expect(carFlag(frame, box, 3)).toBe(counts.get(train));
      const middle = middleCar.get(train);
      if (!middle) continue;
      // Zoom 9 and 13 share the car size, its spacing and the track offsets.
      expect(metres(carPosition(frame, box).slice(0, 2) as [number, number], middle)).toBeLessThan(1);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('groups neighbouring cars into boxes of at least 8 pixels at zoom 11, each centred on its cars, longer ones on straight track', () => {
    const t = 8 * 3600;
    expect(carsPerBox(10.5, 10)).toBe(1);
    expect(carsPerBox(2.6, 10)).toBe(3);
    expect(carsPerBox(1.3, 10)).toBe(10);
    expect(carsPerBox(2.6, 2)).toBe(2);
    // Zoom 13: one box per car; remember each car's centre.
    composeFrame(ctx, t, 13, -1, frame);
    const carCentres = new Map<number, [number, number][]>();
    for (let car = 0; car < frame.carCount; car++) {
      const train = frame.trains[frame.carTrain[car]];
      if (!carCentres.has(train)) carCentres.set(train, []);
      carCentres.get(train)!.push(carPosition(frame, car).slice(0, 2) as [number, number]);
    }
    const carsAt13 = frame.carCount;
    // Zoom 11 (cars 2.6 px long, same size, spacing and offsets as at 13): boxes of 3 cars, the last one shorter.
    composeFrame(ctx, t, 11, -1, frame);
    expect(frame.carCount).toBeLessThan(carsAt13 / 2.5);
    const boxesOf = new Map<number, number[]>();
    const centres = new Map<number, [number, number][]>();
    for (let box = 0; box < frame.carCount; box++) {
      const train = frame.trains[frame.carTrain[box]];
      if (!boxesOf.has(train)) {
        boxesOf.set(train, []);
        centres.set(train, []);
      }
      boxesOf.get(train)!.push(carFlag(frame, box, 3));
      centres.get(train)!.push(carPosition(frame, box).slice(0, 2) as [number, number]);
    }
    const bearings = new Map<number, number[]>();
    for (let box = 0; box < frame.carCount; box++) {
      const train = frame.trains[frame.carTrain[box]];
      bearings.set(train, [...(bearings.get(train) ?? []), frame.cars[(box * CAR_STRIDE) / 4 + CAR.bearing]]);
    }
    // Ground metres per pixel at zoom 11, as the composer reckons it.
    const pixel = carSize(11, ctx.dims)[0] / ((carSize(11, ctx.dims)[0] * pixelsPerMercatorMetre(11)) / Math.cos((35.68 * Math.PI) / 180));
    let checked = 0;
    let chords = 0;
    let worst = 0;
    for (const [train, boxes] of boxesOf) {
      const cars = carCentres.get(train);
      if (!cars) continue;
      expect(boxes.reduce((a, b) => a + b, 0)).toBe(cars.length);
      let first = 0;
      boxes.forEach((n, i) => {
        const centre = centres.get(train)![i];
        if (n <= 3) {
          // Boxes of 3 cars (the last one shorter), an odd number centred on its middle car.
          if (n % 2 === 1) expect(metres(centre, cars[first + (n - 1) / 2])).toBeLessThan(1);
          if (i < boxes.length - 1) expect(n).toBe(3);
          checked++;
        } else {
          // A longer box is a chord of straight track: every car it holds lies on its axis, within the half pixel the
          // chord may be off the drawn line plus the half pixel the zoom-11 line may be off the full geometry.
          const bearing = bearings.get(train)![i];
          const across = (p: [number, number]) => {
            const east = (p[0] - centre[0]) * 111320 * Math.cos((centre[1] * Math.PI) / 180);
            const north = (p[1] - centre[1]) * 110540;
            return Math.abs(east * Math.cos(bearing) - north * Math.sin(bearing));
          };
          for (let c = first; c < first + n; c++) worst = Math.max(worst, across(cars[c]) / pixel);
          chords++;
        }
        first += n;
      });
    }
    expect(checked).toBeGreaterThan(1000);
    expect(chords).toBeGreaterThan(500);
    expect(worst).toBeLessThan(1);
    expect(frame.carCount).toBeLessThan(carsAt13 / 4);
  });

  it('describes a train for its popup', () => {
    const train = trainIndex('JR-East.Yamanote', '400G');
    const t = schedule.activeStart(train) + 600;
    const details = trainDetails(ctx, train, t, 14)!;
    expect(details.id).toBe('JR-East.Yamanote.400G');
    expect(details.stops[0].departure).toBe(4 * 60 + 30);
    expect(details.nextStop).toBeGreaterThan(0);
    expect(details.previousStop).toBe(details.standing ? details.nextStop - 1 : details.nextStop - 1);
    expect(details.underground).toBe(false);
  });
});
