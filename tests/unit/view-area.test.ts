import { describe, expect, it } from 'vitest';
import { expandArea, inViewArea, rectangleArea, type ViewArea } from '../../src/data/trains/view-area.ts';

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
