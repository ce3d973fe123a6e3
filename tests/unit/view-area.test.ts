import { describe, expect, it } from 'vitest';
import { WebMercatorViewport as DeckViewport } from '@deck.gl/core';
import { WebMercatorViewport } from '@math.gl/web-mercator';
import { expandArea, groundArea, inViewArea, rectangleArea, relativeScaleAt, viewDepth, type ViewArea } from '../../src/data/geometry/view-area.ts';

// A tilted camera's view: narrow near edge (south), wide far edge (north).
const trapezoid: ViewArea = [139.76, 35.67, 139.78, 35.67, 139.8, 35.7, 139.74, 35.7];

describe('view area', () => {
  it('holds the points inside a trapezoid and not the corners of its bounding box outside it', () => {
    expect(inViewArea(trapezoid, 139.77, 35.675)).toBe(true);
    expect(inViewArea(trapezoid, 139.79, 35.698)).toBe(true);
    expect(inViewArea(trapezoid, 139.745, 35.672)).toBe(false); // south-west corner of the bounding box
    expect(inViewArea(trapezoid, 139.795, 35.672)).toBe(false);
    expect(inViewArea(trapezoid, 139.77, 35.71)).toBe(false);
  });

  it('counts points on the border as inside, and works in either corner order', () => {
    expect(inViewArea(trapezoid, 139.77, 35.67)).toBe(true);
    const reversed = [139.74, 35.7, 139.8, 35.7, 139.78, 35.67, 139.76, 35.67] as const;
    expect(inViewArea(reversed, 139.77, 35.675)).toBe(true);
    expect(inViewArea(reversed, 139.745, 35.672)).toBe(false);
  });

  it('grows by a share of its size and by a fixed margin at the corners', () => {
    const square = rectangleArea(0, 0, 1, 1);
    expect(inViewArea(square, 1.05, 0.5)).toBe(false);
    const grown = expandArea(square, 0.1, 0);
    expect(inViewArea(grown, 1.09, 0.5)).toBe(true);
    expect(inViewArea(grown, 1.11, 0.5)).toBe(false);
    const withMargin = expandArea(square, 0, 0.05);
    expect(withMargin[2]).toBeCloseTo(1.05, 10);
    expect(withMargin[3]).toBeCloseTo(-0.05, 10);
    expect(inViewArea(withMargin, 1.04, 1.04)).toBe(true);
  });
});

describe('view depth', () => {
  /** Drawn length of a 50 m ground segment square to the camera's axis at a point. */
  const drawnSize = (viewport: WebMercatorViewport, lng: number, lat: number) => {
    const b = (viewport.bearing * Math.PI) / 180;
    const a = viewport.project([lng, lat, 0]);
    const c = viewport.project([lng + (50 * Math.cos(b)) / (111320 * Math.cos((lat * Math.PI) / 180)), lat - (50 * Math.sin(b)) / 111320, 0]);
    return Math.hypot(c[0] - a[0], c[1] - a[1]);
  };

  it('gives the drawn size anywhere on the ground of a tilted view relative to the centre, within 1 %', () => {
    for (const bearing of [0, 37, -120]) {
      const viewport = new WebMercatorViewport({ width: 1280, height: 720, longitude: 139.767, latitude: 35.6814, zoom: 14, pitch: 60, bearing });
      const depth = viewDepth(viewport)!;
      expect(depth).not.toBeNull();
      const [lng0, lat0] = viewport.unproject([640, 360]);
      const centre = drawnSize(viewport, lng0, lat0);
      let checked = 0;
      for (const [x, y] of [[640, 40], [100, 100], [1200, 200], [640, 700], [20, 700], [900, 500]]) {
        const [lng, lat] = viewport.unproject([x, y]);
        const expected = drawnSize(viewport, lng, lat) / centre;
        expect(relativeScaleAt(depth, lng, lat) / expected).toBeCloseTo(1, 2);
        checked++;
      }
      expect(checked).toBe(6);
      // Far towards the top of the screen things are drawn several times smaller than near the bottom.
      const [topLng, topLat] = viewport.unproject([640, 0]);
      const [bottomLng, bottomLat] = viewport.unproject([640, 720]);
      expect(relativeScaleAt(depth, bottomLng, bottomLat) / relativeScaleAt(depth, topLng, topLat)).toBeGreaterThan(2.5);
    }
  });

  it('is none for a view from straight above; far away things are tiny, and behind the camera nothing is drawn', () => {
    expect(viewDepth(new WebMercatorViewport({ width: 800, height: 600, longitude: 139.767, latitude: 35.6814, zoom: 14, pitch: 0 }))).toBeNull();
    const depth = viewDepth(new WebMercatorViewport({ width: 800, height: 600, longitude: 139.767, latitude: 35.6814, zoom: 14, pitch: 60 }))!;
    expect(relativeScaleAt(depth, 139.767, 36.5)).toBeLessThan(0.05); // 90 km north, towards the horizon
    expect(relativeScaleAt(depth, 139.767, 35.5)).toBe(0); // 20 km south, behind the camera
  });
});

describe('ground area', () => {
  it('is the trapezoid under the screen corners of a tilted view, near edge first, and the bounds when the view reaches the horizon', () => {
    const viewport = new DeckViewport({ width: 1280, height: 720, longitude: 139.767, latitude: 35.6814, zoom: 14, pitch: 60, bearing: 0 });
    const area = groundArea(viewport)!;
    const near = area[2] - area[0];
    const far = area[4] - area[6];
    expect(far / near).toBeGreaterThan(2); // wide far edge
    expect(area[5]).toBeGreaterThan(area[1]); // the far edge north of the near one
    expect(inViewArea(area, 139.767, 35.6814)).toBe(true);
    const steep = { width: 100, height: 100, pitch: 80, project: () => [0, 0], unproject: () => [NaN, NaN], getBounds: () => [1, 2, 3, 4] };
    expect(groundArea(steep)).toEqual(rectangleArea(1, 2, 3, 4));
    expect(groundArea({ ...steep, getBounds: undefined })).toBeNull();
  });
});
