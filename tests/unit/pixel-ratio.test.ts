import { describe, expect, it } from 'vitest';
import { cappedPixelRatio, drawingPixelRatio } from '../../src/data/pixel-ratio.ts';

describe('pixel ratio of the map canvases', () => {
  it('draws at the screen ratio up to 2', () => {
    for (const ratio of [1, 1.25, 1.5, 2]) {
      expect(cappedPixelRatio(ratio)).toBeUndefined();
      expect(drawingPixelRatio(ratio)).toBe(ratio);
    }
  });
  it('draws at 2 on screens of higher density (phones)', () => {
    for (const ratio of [2.25, 2.625, 3, 3.5]) {
      expect(cappedPixelRatio(ratio)).toBe(2);
      expect(drawingPixelRatio(ratio)).toBe(2);
    }
  });
});
