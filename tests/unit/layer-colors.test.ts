import { describe, expect, it } from 'vitest';
import { unitColor } from '../../src/layers/colors.ts';

describe('unitColor', () => {
  it('scales 0–255 channels to 0–1, alpha 1 when left out', () => {
    expect(unitColor([255, 0, 51, 102])).toEqual([1, 0, 0.2, 0.4]);
    expect(unitColor([0, 255, 0])).toEqual([0, 1, 0, 1]);
  });

  it('gives opaque black for no colour', () => {
    expect(unitColor(undefined)).toEqual([0, 0, 0, 1]);
  });
});
