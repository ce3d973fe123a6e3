import { describe, expect, it } from 'vitest';
import type { Network } from '../../src/data/network.ts';
import { NO_TIME, type Timetable } from '../../src/data/timetable.ts';
import { positionDelay } from '../../src/data/trains/position-delays.ts';

/** Degrees of longitude per metre at the equator, where these trips run (so that metres are easy to read). */
const LNG_PER_METRE = 1 / 111_320;

/**
 * One trip along the equator: stops at `places` metres east of 0° with arrival and departure minutes; the timetable
 * fields `positionDelay` reads, and the network's station places.
 */
function trip(stops: { metres: number; arrival: number; departure: number }[]) {
  const network = { meta: { stations: stops.map((s, i) => ({ id: `s${i}`, coord: [s.metres * LNG_PER_METRE, 0] })) } } as unknown as Network;
  const timetable = {
    stopStart: Uint32Array.from([0, stops.length]),
    stopStation: Uint32Array.from(stops.map((_, i) => i)),
    arrival: Int16Array.from(stops.map((s) => s.arrival)),
    departure: Int16Array.from(stops.map((s) => s.departure)),
  } as unknown as Timetable;
  // Minutes of the service day as epoch seconds, from an epoch at 00:00.
  return (metres: number, seconds: number, north = 0) =>
    positionDelay(network, timetable, 0, { lng: metres * LNG_PER_METRE, lat: north / 110_574, time: seconds }, (minutes) => minutes * 60);
}

describe('positionDelay', () => {
  // 0 m at 10:00, 1000 m at 10:02 (dwell to 10:03), 3000 m at 10:07.
  const seenAt = trip([
    { metres: 0, arrival: NO_TIME, departure: 600 },
    { metres: 1000, arrival: 602, departure: 603 },
    { metres: 3000, arrival: 607, departure: NO_TIME },
  ]);

  it('between two stops: the timetable time there, in proportion to the distance covered', () => {
    expect(seenAt(500, 601 * 60)).toBeCloseTo(0, 6); // half-way at 10:01: on time
    expect(seenAt(500, 604 * 60)).toBeCloseTo(180, 6); // three minutes late
    expect(seenAt(2000, 605 * 60 + 90)).toBeCloseTo(90, 6); // half-way at 10:05, seen at 10:06:30
    expect(seenAt(500, 600 * 60)).toBeCloseTo(-60, 6); // a minute early
  });

  it('at a stop: on time through the whole dwell, late only after it', () => {
    expect(seenAt(1000, 602 * 60)).toBe(0);
    expect(seenAt(1000, 603 * 60)).toBe(0);
    expect(seenAt(1000, 605 * 60)).toBe(120);
    expect(seenAt(0, 595 * 60)).toBe(-300); // waiting at the first stop before it leaves
  });

  it('beside the line it still counts; far from it, the report says nothing', () => {
    expect(seenAt(500, 604 * 60, 300)).toBeCloseTo(180, 6);
    expect(seenAt(500, 604 * 60, 700)).toBeNull();
  });

  it('a long line between two stops allows a quarter of its length (a road bends away from the straight line)', () => {
    const express = trip([
      { metres: 0, arrival: NO_TIME, departure: 600 },
      { metres: 20_000, arrival: 620, departure: NO_TIME },
    ]);
    expect(express(10_000, 615 * 60, 4000)).toBeCloseTo(300, 6);
    expect(express(10_000, 615 * 60, 6000)).toBeNull();
  });

  it('a place the trip passes twice: the reading that makes it least late', () => {
    // Out to 1000 m and back: 500 m is passed at 10:01 and at 10:05.
    const loop = trip([
      { metres: 0, arrival: NO_TIME, departure: 600 },
      { metres: 1000, arrival: 602, departure: 604 },
      { metres: 0, arrival: 606, departure: NO_TIME },
    ]);
    expect(loop(500, 601 * 60)).toBeCloseTo(0, 6);
    expect(loop(500, 605 * 60 + 30)).toBeCloseTo(30, 6);
  });

  it('a trip without placed stops says nothing', () => {
    const network = { meta: { stations: [{ id: 'a' }, { id: 'b' }] } } as unknown as Network;
    const timetable = { stopStart: Uint32Array.from([0, 2]), stopStation: Uint32Array.from([0, 1]), arrival: Int16Array.from([NO_TIME, 602]), departure: Int16Array.from([600, NO_TIME]) } as unknown as Timetable;
    expect(positionDelay(network, timetable, 0, { lng: 0, lat: 0, time: 36_000 }, (m) => m * 60)).toBeNull();
  });
});
