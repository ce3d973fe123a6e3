import { getTimes } from 'suncalc';
import { describe, expect, it } from 'vitest';
import { parseColor } from '../../src/data/light/color.ts';
import { computeLight, lightChanged, type LightState } from '../../src/data/light/light-state.ts';
import { lightForView, pinnedLight } from '../../src/data/light/view-light.ts';

const TOKYO_STATION = { lng: 139.767, lat: 35.6814 };
const jst = (local: string) => Date.parse(`${local}+09:00`);
const DAY = '2026-11-25';
const sunset = getTimes(new Date(jst(`${DAY}T12:00:00`)), TOKYO_STATION.lat, TOKYO_STATION.lng).sunset!.getTime();

/** Lambert factor of the sun on a vertical wall facing `normal` (x east, y north). */
function sunOnWall(state: LightState, normal: [number, number]): number {
  const [dx, dy] = state.lighting.sun.direction;
  return Math.max(0, -(dx * normal[0] + dy * normal[1])) * state.lighting.sun.intensity;
}

describe('computeLight at noon, sunset + 20 min and midnight (Tokyo Station, 25 Nov 2026)', () => {
  it('noon: full day, the sun high in the south, light text not needed', () => {
    const noon = computeLight(jst(`${DAY}T12:00:00`), TOKYO_STATION);
    expect(noon.phase).toBe('day');
    expect(noon.sun.altitude).toBeGreaterThan(30);
    expect(noon.sun.azimuth).toBeGreaterThan(170);
    expect(noon.sun.azimuth).toBeLessThan(200);
    expect(noon.basemap.night).toBe(0);
    expect(noon.basemap.tintAmount).toBe(0);
    expect(noon.darkBackground).toBe(false);
    expect(noon.summary.intensity).toBeGreaterThan(0.95);
    expect(noon.lighting.sun.intensity).toBeGreaterThan(0.9);
    // Light travels north and down from a southern sun.
    expect(noon.lighting.sun.direction[1]).toBeGreaterThan(0.5);
    expect(noon.lighting.sun.direction[2]).toBeLessThan(-0.4);
    expect(noon.glow).toBe(0);
  });

  it('sunset + 20 min: blue hour, no direct sun, mostly night palette with a cool tint, dark background', () => {
    const dusk = computeLight(sunset + 20 * 60_000, TOKYO_STATION);
    expect(dusk.phase).toBe('twilight');
    expect(dusk.sun.altitude).toBeLessThan(-3);
    expect(dusk.sun.altitude).toBeGreaterThan(-6);
    expect(dusk.lighting.sun.intensity).toBe(0);
    expect(dusk.basemap.night).toBeGreaterThan(0.55);
    expect(dusk.basemap.night).toBeLessThan(0.85);
    const tint = parseColor(dusk.basemap.tint);
    expect(tint.b).toBeGreaterThan(tint.r); // cool
    expect(dusk.basemap.tintAmount).toBeGreaterThan(0.05);
    expect(dusk.darkBackground).toBe(true);
    expect(dusk.summary.intensity).toBeGreaterThan(0.26);
    expect(dusk.summary.intensity).toBeLessThan(0.5);
  });

  it('midnight: full night, glow on, the night sky of the dark palette', () => {
    const night = computeLight(jst(`${DAY}T23:59:59`), TOKYO_STATION);
    expect(night.phase).toBe('night');
    expect(night.basemap.night).toBe(1);
    expect(night.darkBackground).toBe(true);
    expect(night.glow).toBe(1);
    expect(night.lighting.sun.intensity).toBe(0);
    expect(night.sky['sky-color']).toBe('#10141b');
    expect(night.sky['fog-color']).toBe('#1d2129');
    expect(night.summary.intensity).toBeLessThan(0.3);
    expect(night.lighting.ambient.intensity).toBeGreaterThan(0.3); // the city is never black
  });

  it('a golden hour before sunset: warm tint and a low orange sun', () => {
    const golden = computeLight(sunset - 25 * 60_000, TOKYO_STATION);
    expect(golden.phase).toBe('golden-hour');
    const tint = parseColor(golden.basemap.tint);
    expect(tint.r).toBeGreaterThan(tint.b + 60);
    expect(golden.basemap.tintAmount).toBeGreaterThan(0.08);
    const [r, , b] = golden.lighting.sun.color;
    expect(r - b).toBeGreaterThan(60);
  });

  it('summaries order noon > dusk > night, as the base map’s luminance must', () => {
    const at = (local: string) => computeLight(jst(`${DAY}T${local}`), TOKYO_STATION).summary.intensity;
    expect(at('12:00:00')).toBeGreaterThan(at('16:40:00'));
    expect(at('16:40:00')).toBeGreaterThan(at('22:00:00'));
  });
});

describe('the sunny side of a train', () => {
  it('at 09:00 the sun lights south- and east-facing sides and not the opposite ones; at 15:00 the west', () => {
    const morning = computeLight(jst(`${DAY}T09:00:00`), TOKYO_STATION);
    expect(sunOnWall(morning, [1, 0])).toBeGreaterThan(0.4); // east wall
    expect(sunOnWall(morning, [-1, 0])).toBe(0); // west wall
    expect(sunOnWall(morning, [0, -1])).toBeGreaterThan(0.4); // south wall
    const afternoon = computeLight(jst(`${DAY}T15:00:00`), TOKYO_STATION);
    expect(sunOnWall(afternoon, [-1, 0])).toBeGreaterThan(0.4);
    expect(sunOnWall(afternoon, [1, 0])).toBe(0);
  });

  it('never sends light upwards, even with the sun just below the horizon', () => {
    const state = computeLight(sunset + 60_000, TOKYO_STATION);
    expect(state.sun.altitude).toBeLessThan(0);
    expect(state.lighting.sun.direction[2]).toBeLessThanOrEqual(0);
    expect(Math.hypot(...state.lighting.sun.direction)).toBeCloseTo(1, 9);
    expect(Math.hypot(...state.lighting.sky.direction)).toBeCloseTo(1, 9);
  });
});

/** Every number of a state that is drawn, colours as channels. */
function drawnValues(state: LightState): Record<string, number> {
  const out: Record<string, number> = {
    night: state.basemap.night,
    tintAmount: state.basemap.tintAmount,
    glow: state.glow,
    summary: state.summary.intensity,
  };
  const channels = (name: string, color: { r: number; g: number; b: number }) => {
    out[`${name}.r`] = color.r / 255;
    out[`${name}.g`] = color.g / 255;
    out[`${name}.b`] = color.b / 255;
  };
  for (const key of ['ambient', 'sun', 'sky'] as const) {
    const light = state.lighting[key];
    out[`${key}.intensity`] = light.intensity;
    channels(key, { r: light.color[0], g: light.color[1], b: light.color[2] });
  }
  for (const key of ['sky-color', 'horizon-color', 'fog-color'] as const) channels(key, parseColor(state.sky[key]));
  channels('tint', parseColor(state.basemap.tint));
  channels('summary', parseColor(state.summary.color));
  return out;
}

describe('continuity', () => {
  for (const day of ['2026-11-25', '2026-06-21']) {
    it(`${day}: 10 s of clock (one frame at 600×) never changes a drawn value by more than 1.5 %`, () => {
      let previous = drawnValues(computeLight(jst(`${day}T00:00:00`), TOKYO_STATION));
      let largest = { key: '', change: 0, at: '' };
      for (let t = jst(`${day}T00:00:10`); t < jst(`${day}T23:59:59`); t += 10_000) {
        const values = drawnValues(computeLight(t, TOKYO_STATION));
        for (const [key, value] of Object.entries(values)) {
          const change = Math.abs(value - previous[key]);
          if (change > largest.change) largest = { key, change, at: new Date(t).toISOString() };
        }
        previous = values;
      }
      // Formatted colours move by whole channel steps (1/255); anything larger than 1.5 % would be a visible jump.
      expect(largest.change, `${largest.key} at ${largest.at}`).toBeLessThan(0.015);
      expect(largest.change).toBeGreaterThan(0); // the light does move
    });
  }

  it('night rises steadily from solar noon to solar midnight (no flicker back)', () => {
    const times = getTimes(new Date(jst(`${DAY}T12:00:00`)), TOKYO_STATION.lat, TOKYO_STATION.lng);
    let previous = -1;
    for (let t = times.solarNoon.getTime(); t <= times.solarNoon.getTime() + 12 * 3600_000; t += 60_000) {
      const { night } = computeLight(t, TOKYO_STATION).basemap;
      expect(night).toBeGreaterThanOrEqual(previous);
      previous = night;
    }
    expect(previous).toBe(1);
  });
});

describe('the underground view and pinned themes', () => {
  it('underground keeps its own dark look at noon, with an even light for the trains', () => {
    const noon = computeLight(jst(`${DAY}T12:00:00`), TOKYO_STATION);
    expect(lightForView(noon, 'ground')).toBe(noon);
    const below = lightForView(noon, 'underground');
    expect(below.source).toBe('underground');
    expect(below.at).toBe(noon.at);
    expect(below.darkBackground).toBe(true);
    expect(below.basemap.night).toBe(1);
    expect(below.lighting.sun.intensity).toBe(0);
    expect(below.lighting.ambient.intensity).toBeGreaterThan(noon.lighting.ambient.intensity * 0.5);
    expect(below.glow).toBe(1);
  });

  it('a pinned theme ignores the clock', () => {
    const midnight = jst(`${DAY}T00:00:00`);
    const light = pinnedLight('light', midnight, TOKYO_STATION);
    expect(light.darkBackground).toBe(false);
    expect(light.basemap.night).toBe(0);
    expect(light.lighting.sun.intensity).toBeGreaterThan(0.9);
    const dark = pinnedLight('dark', jst(`${DAY}T12:00:00`), TOKYO_STATION);
    expect(dark.darkBackground).toBe(true);
    expect(dark.source).toBe('pinned');
  });
});

describe('lightChanged (the API’s light event)', () => {
  it('fires for the first state, a new colour or a visible change of intensity, not for the same light', () => {
    const noon = computeLight(jst(`${DAY}T12:00:00`), TOKYO_STATION).summary;
    expect(lightChanged(null, noon)).toBe(true);
    expect(lightChanged(noon, { ...noon })).toBe(false);
    expect(lightChanged(noon, { ...noon, intensity: noon.intensity - 0.001 })).toBe(false);
    expect(lightChanged(noon, { ...noon, intensity: noon.intensity - 0.01 })).toBe(true);
    expect(lightChanged(noon, { ...noon, color: '#000000' })).toBe(true);
    const dusk = computeLight(sunset + 20 * 60_000, TOKYO_STATION).summary;
    expect(lightChanged(noon, dusk)).toBe(true);
  });
});

describe('computeLight input checks', () => {
  it('names the bad input', () => {
    expect(() => computeLight(Number.NaN, TOKYO_STATION)).toThrow(/computeLight: the date is invalid/);
    expect(() => computeLight(0, { lng: 200, lat: 35 })).toThrow(/computeLight: longitude must be a number from −180 to 180, got 200/);
  });
});
