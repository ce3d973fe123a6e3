import { WebMercatorViewport } from '@deck.gl/core';
import { describe, expect, it } from 'vitest';
import { boxRect, boxZoomTarget, groundPoint, startsBoxZoom, type BoxZoomView } from '../../src/data/box-zoom.ts';

const SIZE = { width: 1280, height: 720 };
const CAMERA = { longitude: 139.76, latitude: 35.68, zoom: 12, bearing: 0, pitch: 0 };
const LIMITS = { minZoom: 0, maxZoom: 22 };
const viewport = (camera: Partial<typeof CAMERA> = {}) => new WebMercatorViewport({ ...SIZE, ...CAMERA, ...camera });
const view = (zoom = CAMERA.zoom): BoxZoomView => ({ ...SIZE, zoom, ...LIMITS });

/** The target of a box drawn from `a` to `b` in `vp`, applied: the new viewport, and where the box's corners land in it. */
function zoomInto(vp: WebMercatorViewport, a: { x: number; y: number }, b: { x: number; y: number }) {
  const rect = boxRect(a, b);
  const target = boxZoomTarget(rect, { ...SIZE, zoom: vp.zoom, ...LIMITS }, groundPoint(vp, rect.left + rect.width / 2, rect.top + rect.height / 2));
  if (!target) throw new Error('no target');
  const next = new WebMercatorViewport({ ...SIZE, ...target, bearing: vp.bearing, pitch: vp.pitch });
  const land = (x: number, y: number) => next.project(vp.unproject([x, y]));
  return { target, corners: [land(rect.left, rect.top), land(rect.left + rect.width, rect.top + rect.height)] };
}

describe('box zoom', () => {
  it('starts with the primary button and the shift key only', () => {
    expect(startsBoxZoom({ button: 0, shiftKey: true })).toBe(true);
    expect(startsBoxZoom({ button: 0, shiftKey: false })).toBe(false);
    expect(startsBoxZoom({ button: 2, shiftKey: true })).toBe(false);
    expect(startsBoxZoom({ button: 1, shiftKey: true })).toBe(false);
  });

  it('draws the rectangle between the corners whichever way the box was dragged', () => {
    const expected = { left: 100, top: 50, width: 200, height: 150 };
    expect(boxRect({ x: 100, y: 50 }, { x: 300, y: 200 })).toEqual(expected);
    expect(boxRect({ x: 300, y: 200 }, { x: 100, y: 50 })).toEqual(expected);
    expect(boxRect({ x: 100, y: 200 }, { x: 300, y: 50 })).toEqual(expected);
  });

  it('fills the view with the box on an untilted map: its centre at the centre, its wider side from edge to edge', () => {
    // A box a quarter of the view's width and of its height: two zoom levels in.
    const { target, corners } = zoomInto(viewport(), { x: 160, y: 90 }, { x: 480, y: 270 });
    expect(target.zoom).toBeCloseTo(14, 9);
    const [topLeft, bottomRight] = corners;
    expect(topLeft[0]).toBeCloseTo(0, 6);
    expect(topLeft[1]).toBeCloseTo(0, 6);
    expect(bottomRight[0]).toBeCloseTo(SIZE.width, 6);
    expect(bottomRight[1]).toBeCloseTo(SIZE.height, 6);
  });

  it('fits the tighter dimension of a box shaped unlike the view, and keeps it centred', () => {
    // 640 × 90 px: the width doubles (one zoom level), the height would grow eightfold.
    const { target, corners } = zoomInto(viewport({ bearing: 30 }), { x: 800, y: 400 }, { x: 160, y: 310 });
    expect(target.zoom).toBeCloseTo(13, 9);
    const [a, b] = corners;
    expect(Math.abs(b[0] - a[0])).toBeCloseTo(SIZE.width, 6);
    expect(Math.abs(b[1] - a[1])).toBeCloseTo(SIZE.height / 4, 6);
    expect((a[0] + b[0]) / 2).toBeCloseTo(SIZE.width / 2, 6);
    expect((a[1] + b[1]) / 2).toBeCloseTo(SIZE.height / 2, 6);
  });

  it('brings the place under the box centre of a tilted map to the centre of the view', () => {
    const vp = viewport({ pitch: 60, bearing: -40, zoom: 13 });
    const { target } = zoomInto(vp, { x: 700, y: 500 }, { x: 1020, y: 680 });
    const [lng, lat] = vp.unproject([860, 590]);
    expect(target.longitude).toBeCloseTo(lng, 9);
    expect(target.latitude).toBeCloseTo(lat, 9);
    expect(target.zoom).toBeCloseTo(15, 9);
  });

  it('stays within the zoom limits', () => {
    const tiny = boxZoomTarget({ left: 10, top: 10, width: 2, height: 2 }, view(20), [139.7, 35.6]);
    expect(tiny?.zoom).toBe(22);
    const huge = boxZoomTarget({ left: -1e6, top: -1e6, width: 4e6, height: 4e6 }, view(3), [139.7, 35.6]);
    expect(huge?.zoom).toBe(0);
  });

  it('uses the side that has a size when the box is a line, and gives nothing for a point or the sky', () => {
    expect(boxZoomTarget({ left: 0, top: 300, width: 320, height: 0 }, view(), [139.7, 35.6])?.zoom).toBeCloseTo(14, 9);
    expect(boxZoomTarget({ left: 100, top: 100, width: 0, height: 0 }, view(), [139.7, 35.6])).toBeNull();
    expect(boxZoomTarget({ left: 0, top: 0, width: 100, height: 100 }, view(), null)).toBeNull();
  });

  it('finds the ground under a point, and no ground above the horizon of a steeply tilted map', () => {
    const flat = viewport();
    const [lng, lat] = groundPoint(flat, 640, 360)!;
    expect(lng).toBeCloseTo(CAMERA.longitude, 9);
    expect(lat).toBeCloseTo(CAMERA.latitude, 9);
    const steep = viewport({ pitch: 85 });
    expect(groundPoint(steep, 640, 700)).not.toBeNull();
    expect(groundPoint(steep, 640, 360)).not.toBeNull();
    expect(groundPoint(steep, 640, 0)).toBeNull(); // deck.gl's unproject answers with a point behind the camera
  });
});
