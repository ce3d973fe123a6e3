import { describe, expect, it } from 'vitest';
import { parseRadarCatalogue } from '../../src/data/weather/radar-catalogue.ts';
import { radarFrameAt } from '../../src/data/weather/radar-frame.ts';
import { readCatalogueFixture } from '../support/weather-server.ts';

const catalogue = parseRadarCatalogue(JSON.stringify(readCatalogueFixture()), 'fixture');
const utc = (time: string) => Date.parse(`2026-11-25T${time}Z`);

describe('radarFrameAt', () => {
  it('in real time, draws the latest frame at or before the clock', () => {
    expect(radarFrameAt(catalogue, { mode: 'realtime', time: utc('03:04:00') })).toEqual({ frame: catalogue.past[12], ageMs: 240_000 });
    expect(radarFrameAt(catalogue, { mode: 'realtime', time: utc('03:00:00') })).toEqual({ frame: catalogue.past[12], ageMs: 0 });
    expect(radarFrameAt(catalogue, { mode: 'realtime', time: utc('02:59:59') })).toMatchObject({ frame: catalogue.past[11] });
  });

  it('in playback, draws nothing and says why', () => {
    const choice = radarFrameAt(catalogue, { mode: 'playback', time: utc('03:04:00') });
    expect(choice).toMatchObject({ frame: null, reason: 'playback' });
    expect(choice.frame === null && choice.message).toMatch(/real time only/);
  });

  it('draws nothing before the first read, for a clock behind every frame, or from a stale catalogue', () => {
    expect(radarFrameAt(null, { mode: 'realtime', time: utc('03:04:00') })).toMatchObject({ frame: null, reason: 'no-catalogue' });
    expect(radarFrameAt(catalogue, { mode: 'realtime', time: utc('00:59:00') })).toMatchObject({ frame: null, reason: 'no-frame-yet' });
    const stale = radarFrameAt(catalogue, { mode: 'realtime', time: utc('03:45:00') });
    expect(stale).toMatchObject({ frame: null, reason: 'stale' });
    expect(stale.frame === null && stale.message).toBe('no rain: the newest radar frame is 45 minutes old (limit 30).');
    expect(radarFrameAt(catalogue, { mode: 'realtime', time: utc('03:45:00') }, 60 * 60_000)).toMatchObject({ frame: catalogue.past[12] });
  });
});
