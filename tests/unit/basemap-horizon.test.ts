import { describe, expect, it } from 'vitest';
import { basemapHorizonAboveCentre } from '../../src/data/geometry/basemap-horizon.ts';

/**
 * MapLibre's own source (shipped in its package) is the oracle: the formula is not part of its public API. Imported by
 * a path the type checker does not follow, so that MapLibre's sources are not checked with our compiler settings.
 */
const MAPLIBRE_MERCATOR_UTILS = '../../node_modules/maplibre-gl/src/geo/projection/mercator_utils.ts';
const { getMercatorHorizon } = (await import(/* @vite-ignore */ MAPLIBRE_MERCATOR_UTILS)) as {
  getMercatorHorizon(transform: { pitch: number; cameraToCenterDistance: number }): number;
};

describe('basemapHorizonAboveCentre', () => {
  it("is MapLibre's own horizon at every pitch our camera allows", () => {
    for (const pitch of [0, 30, 60, 75, 80, 82, 84, 85]) {
      const cameraToCenterDistance = 1.5 * 720;
      expect(basemapHorizonAboveCentre(pitch, cameraToCenterDistance)).toBeCloseTo(getMercatorHorizon({ pitch, cameraToCenterDistance }), 6);
    }
  });

  it('lies below the true horizon of a flat map, and above the centre', () => {
    const c = 1000;
    for (const pitch of [60, 70, 80, 85]) {
      const trueHorizon = c * Math.tan(((90 - pitch) * Math.PI) / 180);
      const h = basemapHorizonAboveCentre(pitch, c);
      expect(h).toBeGreaterThan(0);
      expect(h).toBeLessThan(trueHorizon);
    }
  });
});
