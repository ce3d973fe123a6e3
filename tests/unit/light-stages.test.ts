import { getTimes } from 'suncalc';
import { describe, expect, it } from 'vitest';
import { LIGHT_STAGES, lightStage, stageAtAltitude } from '../../src/data/light/light-stages.ts';
import { computeLight } from '../../src/data/light/light-state.ts';
import { lightForView, pinnedLight } from '../../src/data/light/view-light.ts';

const TOKYO_STATION = { lng: 139.767, lat: 35.6814 };
const jst = (local: string) => Date.parse(`${local}+09:00`);

describe('light stages for the base-map style', () => {
  it('are a few, ordered from day to night, each darker than the one before', () => {
    expect(LIGHT_STAGES.map((s) => s.id)).toEqual(['day', 'golden', 'sunset', 'blue-hour', 'dusk', 'night']);
    LIGHT_STAGES.forEach((stage, i) => expect(stage.index).toBe(i));
    for (let i = 1; i < LIGHT_STAGES.length; i++) {
      expect(LIGHT_STAGES[i].basemap.night).toBeGreaterThan(LIGHT_STAGES[i - 1].basemap.night);
      expect(LIGHT_STAGES[i].fromAltitude).toBeLessThan(LIGHT_STAGES[i - 1].fromAltitude);
    }
    expect(LIGHT_STAGES[0].basemap).toEqual({ night: 0, tint: '#ffffff', tintAmount: 0 });
    expect(LIGHT_STAGES[LIGHT_STAGES.length - 1].basemap.night).toBe(1);
  });

  it('cover every altitude, with each stage’s own altitude inside it', () => {
    expect(stageAtAltitude(90).id).toBe('day');
    expect(stageAtAltitude(8).id).toBe('day');
    expect(stageAtAltitude(7.99).id).toBe('golden');
    expect(stageAtAltitude(0).id).toBe('sunset');
    expect(stageAtAltitude(-2.01).id).toBe('blue-hour');
    expect(stageAtAltitude(-90).id).toBe('night');
    for (const stage of LIGHT_STAGES) expect(stageAtAltitude(stage.atAltitude)).toBe(stage);
  });

  it('change at most twice per boundary in a day, stepping to a neighbour each time, so each style is built a few times a day', () => {
    for (const day of ['2026-11-25', '2026-06-21']) {
      const seen: string[] = [];
      let previous = -1;
      for (let t = jst(`${day}T00:00:00`); t < jst(`${day}T23:59:59`); t += 10_000) {
        const stage = lightStage(computeLight(t, TOKYO_STATION));
        if (stage.index !== previous) {
          if (previous >= 0) expect(Math.abs(stage.index - previous)).toBe(1);
          seen.push(stage.id);
          previous = stage.index;
        }
      }
      expect(seen).toEqual(['night', 'dusk', 'blue-hour', 'sunset', 'golden', 'day', 'golden', 'sunset', 'blue-hour', 'dusk', 'night']);
    }
  });

  it('place noon, sunset + 20 min and midnight in day, blue hour and night', () => {
    const sunset = getTimes(new Date(jst('2026-11-25T12:00:00')), TOKYO_STATION.lat, TOKYO_STATION.lng).sunset!.getTime();
    expect(lightStage(computeLight(jst('2026-11-25T12:00:00'), TOKYO_STATION)).id).toBe('day');
    expect(lightStage(computeLight(sunset + 20 * 60_000, TOKYO_STATION)).id).toBe('blue-hour');
    expect(lightStage(computeLight(jst('2026-11-25T23:59:00'), TOKYO_STATION)).id).toBe('night');
  });

  it('put a pinned theme and the underground view on the day or night stage', () => {
    const noon = jst('2026-11-25T12:00:00');
    expect(lightStage(pinnedLight('light', noon, TOKYO_STATION)).id).toBe('day');
    expect(lightStage(pinnedLight('dark', noon, TOKYO_STATION)).id).toBe('night');
    expect(lightStage(lightForView(computeLight(noon, TOKYO_STATION), 'underground')).id).toBe('night');
  });
});
