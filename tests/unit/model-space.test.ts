import { describe, expect, it } from 'vitest';
import { MODEL_ORIGIN, modelPosition, modelScale } from '../../src/data/model-space.ts';

describe('model space', () => {
  it('the origin is at zero, east is +x, north is +y, up is +z', () => {
    const origin = modelPosition(MODEL_ORIGIN[0], MODEL_ORIGIN[1]);
    expect(origin.x).toBeCloseTo(0, 12);
    expect(origin.y).toBeCloseTo(0, 12);
    const shinjuku = modelPosition(139.7006, 35.6896, 100);
    expect(shinjuku.x).toBeLessThan(0);
    expect(shinjuku.y).toBeGreaterThan(0);
    expect(shinjuku.z).toBeCloseTo(100 * modelScale(), 15);
  });

  it('a kilometre east of the origin is 1000 metres of model scale away (within 0.1 %)', () => {
    // 1 km east at latitude φ is 1000 / (R cos φ) radians of longitude.
    const dLng = (1000 / (6378137 * Math.cos((MODEL_ORIGIN[1] * Math.PI) / 180))) * (180 / Math.PI);
    const east = modelPosition(MODEL_ORIGIN[0] + dLng, MODEL_ORIGIN[1]);
    expect(east.x / modelScale()).toBeCloseTo(1000, 0);
    // 1 km north: 1000 / R radians of latitude; Mercator stretches it by 1/cos φ, the model scale undoes it.
    const north = modelPosition(MODEL_ORIGIN[0], MODEL_ORIGIN[1] + (1000 / 6378137) * (180 / Math.PI));
    expect(Math.abs(north.y / modelScale() - 1000)).toBeLessThan(1);
  });
});
