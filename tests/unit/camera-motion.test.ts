import { describe, expect, it } from 'vitest';
import { CameraMotionTracker, type CameraMotionEvent, type CameraPose } from '../../src/data/camera-motion.ts';

const POSE: CameraPose = { longitude: 139.76, latitude: 35.68, zoom: 14, bearing: 0, pitch: 60 };

/** A tracker whose deferred ends run when `flush` is called. */
function tracker() {
  const events: CameraMotionEvent[] = [];
  const pending: (() => void)[] = [];
  const motion = new CameraMotionTracker((type) => events.push(type), (f) => pending.push(f));
  return { events, motion, flush: () => pending.splice(0).forEach((f) => f()) };
}

describe('camera motion events', () => {
  it('a jump at rest fires start and change at once and the ends a moment later, for what changed only', () => {
    const { events, motion, flush } = tracker();
    motion.change(POSE, { ...POSE, zoom: 15, longitude: 139.7 });
    expect(events).toEqual(['movestart', 'zoomstart', 'move', 'zoom']);
    flush();
    expect(events).toEqual(['movestart', 'zoomstart', 'move', 'zoom', 'zoomend', 'moveend']);
  });

  it('a drag fires dragstart once, drag per change, and the ends when it comes to rest (dragend before moveend)', () => {
    const { events, motion, flush } = tracker();
    motion.activity({ isDragging: true, isPanning: true });
    motion.change(POSE, { ...POSE, longitude: 139.75 });
    motion.change({ ...POSE, longitude: 139.75 }, { ...POSE, longitude: 139.74 });
    expect(events).toEqual(['movestart', 'dragstart', 'move', 'drag', 'move', 'drag']);
    motion.activity({});
    expect(events.slice(6)).toEqual(['dragend']);
    flush();
    expect(events.slice(6)).toEqual(['dragend', 'moveend']);
  });

  it('inertia after the pointer is released: drag ends at once, the move when the transition ends', () => {
    const { events, motion, flush } = tracker();
    motion.activity({ isDragging: true, isPanning: true });
    motion.change(POSE, { ...POSE, longitude: 139.75 });
    motion.activity({}); // the pointer is released; the inertia's transition starts at once
    motion.activity({ inTransition: true });
    flush();
    expect(events.at(-1)).toBe('dragend');
    motion.change({ ...POSE, longitude: 139.75 }, { ...POSE, longitude: 139.745 });
    expect(events.at(-1)).toBe('move');
    motion.activity({ inTransition: false });
    flush();
    expect(events.at(-1)).toBe('moveend');
    expect(events.filter((e) => e === 'movestart')).toHaveLength(1);
  });

  it('an animated rotation fires rotatestart once, rotate per frame, rotateend then moveend', () => {
    const { events, motion, flush } = tracker();
    motion.activity({ inTransition: true });
    motion.change(POSE, { ...POSE, bearing: 10 });
    motion.change({ ...POSE, bearing: 10 }, { ...POSE, bearing: 20, pitch: 50 });
    motion.activity({});
    flush();
    expect(events).toEqual(['movestart', 'rotatestart', 'move', 'rotate', 'pitchstart', 'move', 'rotate', 'pitch', 'rotateend', 'pitchend', 'moveend']);
  });

  it('a transition reported after its first frame is one motion', () => {
    const { events, motion, flush } = tracker();
    motion.change(POSE, { ...POSE, bearing: 5 });
    motion.activity({ inTransition: true });
    motion.change({ ...POSE, bearing: 5 }, { ...POSE, bearing: 10 });
    flush();
    motion.activity({});
    flush();
    expect(events).toEqual(['movestart', 'rotatestart', 'move', 'rotate', 'move', 'rotate', 'rotateend', 'moveend']);
  });

  it('a zoom that interpolates the pitch and bearing to themselves (rounding, 30 → 30.000000000000004) is no tilt or rotation', () => {
    const { events, motion, flush } = tracker();
    motion.activity({ inTransition: true });
    motion.change(POSE, { ...POSE, zoom: 15, pitch: 60.00000000000001, bearing: -1e-14 });
    motion.change({ ...POSE, zoom: 15, pitch: 60.00000000000001 }, { ...POSE, zoom: 16 });
    motion.activity({});
    flush();
    expect(events).toEqual(['movestart', 'zoomstart', 'move', 'zoom', 'move', 'zoom', 'zoomend', 'moveend']);
  });

  it('activity with no change fires nothing', () => {
    const { events, motion, flush } = tracker();
    motion.activity({ isDragging: true });
    motion.activity({});
    flush();
    expect(events).toEqual([]);
  });
});
