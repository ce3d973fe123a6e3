import { describe, expect, it } from 'vitest';
import { easeCamera, locksCamera, TRACKING_VIEWPOINTS, trackingTarget, wrapBearing, type CameraView } from '../../src/data/tracking-view.ts';
import { PLAYBACK_SPEEDS, SimulationClock } from '../../src/data/clock.ts';

const current: CameraView = { longitude: 139.7, latitude: 35.68, zoom: 14, bearing: 10, pitch: 60 };
const pose = { lng: 139.76, lat: 35.68, bearing: 90 };

describe('tracking viewpoints', () => {
  it('has the eight viewpoints, position first', () => {
    expect(TRACKING_VIEWPOINTS).toEqual(['position', 'back', 'topback', 'front', 'topfront', 'helicopter', 'drone', 'bird']);
  });

  it('centres every viewpoint on the train', () => {
    for (const v of TRACKING_VIEWPOINTS) {
      const target = trackingTarget(v, pose, current, 0);
      expect([target.longitude, target.latitude]).toEqual([pose.lng, pose.lat]);
    }
  });

  it('keeps the user camera in position, and sets its own in the others', () => {
    expect(trackingTarget('position', pose, current, 0)).toMatchObject({ zoom: 14, bearing: 10, pitch: 60 });
    expect(locksCamera('position')).toBe(false);
    for (const v of TRACKING_VIEWPOINTS.slice(1)) expect(locksCamera(v)).toBe(true);
  });

  it('looks along the train from behind and against it from the front', () => {
    expect(trackingTarget('back', pose, current, 0).bearing).toBe(90);
    expect(trackingTarget('topback', pose, current, 0).bearing).toBe(90);
    expect(trackingTarget('front', pose, current, 0).bearing).toBe(-90);
    expect(trackingTarget('topfront', pose, current, 0).bearing).toBe(-90);
    expect(trackingTarget('back', pose, current, 0).pitch).toBeGreaterThan(trackingTarget('topback', pose, current, 0).pitch);
  });

  it('circles around the train in helicopter and drone views', () => {
    const a = trackingTarget('helicopter', pose, current, 0).bearing;
    const b = trackingTarget('helicopter', pose, current, 5).bearing;
    expect(a).not.toBe(b);
    expect(trackingTarget('drone', pose, current, 5).bearing).not.toBe(trackingTarget('drone', pose, current, 0).bearing);
    expect(trackingTarget('bird', pose, current, 0).zoom).toBeLessThan(trackingTarget('topback', pose, current, 0).zoom);
  });

  it('eases by elapsed time, the short way round, and lands at once without smoothing', () => {
    const from = { ...current, bearing: 170 };
    const to = { ...current, bearing: -170 };
    const step = easeCamera(from, to, 0.1, 0.3);
    expect(step.bearing === 180 || step.bearing > 170 || step.bearing < -170).toBe(true);
    expect(easeCamera(from, to, 0.1, 0)).toEqual(to);
    // Two half steps equal one full step: frame-rate independent.
    const half = easeCamera(easeCamera(current, { ...current, zoom: 16 }, 0.05, 0.3), { ...current, zoom: 16 }, 0.05, 0.3);
    expect(half.zoom).toBeCloseTo(easeCamera(current, { ...current, zoom: 16 }, 0.1, 0.3).zoom, 9);
    expect(wrapBearing(190)).toBe(-170);
    expect(wrapBearing(-180)).toBe(180);
  });
});

describe('simulation clock', () => {
  it('follows real time in real-time mode', () => {
    let now = 1000;
    const clock = new SimulationClock({}, () => now);
    now = 5000;
    expect(clock.mode).toBe('realtime');
    expect(clock.now()).toBe(5000);
  });

  it('plays back from a start time at a speed', () => {
    let now = 0;
    const clock = new SimulationClock({ time: 1_000_000 }, () => now);
    expect(clock.mode).toBe('playback');
    now = 1000;
    expect(clock.now()).toBe(1_001_000);
    clock.setSpeed(60);
    now = 2000;
    expect(clock.now()).toBe(1_001_000 + 60_000);
    expect(() => clock.setSpeed(601)).toThrow('Playback speed 601 is out of range; expected 1 to 600.');
  });

  it('offers playback speeds 1–10 by 1, 10–100 by 10, 100–600 by 100', () => {
    expect(PLAYBACK_SPEEDS.slice(0, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20]);
    expect(PLAYBACK_SPEEDS.at(-1)).toBe(600);
    expect(PLAYBACK_SPEEDS.length).toBe(24);
  });
});
