import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { AMBIENT_INTENSITY, DIRECTIONAL_INTENSITY, sceneLight } from '../../src/layers/three-overlay.ts';

describe('sceneLight', () => {
  it("a layer's own lightColor is a fixed light of that colour, night and day (as Mini Tokyo 3D's)", () => {
    for (const intensity of [0, 0.5, 1]) {
      const light = sceneLight('white', { color: '#3040a0', intensity });
      expect(light.color.equals(new THREE.Color(0xffffff))).toBe(true);
      expect(light.directional).toBe(DIRECTIONAL_INTENSITY);
      expect(light.ambient).toBe(AMBIENT_INTENSITY);
    }
    expect(sceneLight(0xff8000, { color: '#ffffff', intensity: 0 }).color.getHexString()).toBe('ff8000');
  });

  it("without one, the scene takes the map's colour, dimmed to 0.4 of full at night", () => {
    const day = sceneLight(undefined, { color: '#ffffff', intensity: 1 });
    expect([day.directional, day.ambient]).toEqual([DIRECTIONAL_INTENSITY, AMBIENT_INTENSITY]);
    const night = sceneLight(undefined, { color: '#3040a0', intensity: 0 });
    expect(night.color.getHexString()).toBe('3040a0');
    expect(night.directional).toBeCloseTo(0.4 * DIRECTIONAL_INTENSITY, 9);
    expect(night.ambient).toBeCloseTo(0.4 * AMBIENT_INTENSITY, 9);
    expect(sceneLight(undefined, { color: '#ffffff', intensity: 0.5 }).directional).toBeCloseTo(0.7 * DIRECTIONAL_INTENSITY, 9);
  });
});
