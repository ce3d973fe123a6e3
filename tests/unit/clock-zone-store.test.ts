/**
 * Each map's store keeps the clock zone of its own bundle: two maps on one page (Tokyo and a city built from a GTFS
 * feed) read their clocks, playback fields, route search times and `map.clock` each in their own zone.
 */
import { describe, expect, it } from 'vitest';
import { clockSourceOf } from '../../src/api/mt3d-compat.ts';
import { Mt3dClock } from '../../src/api/mt3d-clock.ts';
import type { BundleManifest } from '../../src/data/bundle/manifest.ts';
import type { Network } from '../../src/data/network.ts';
import { stepField } from '../../src/data/playback.ts';
import { serviceSecondsAt } from '../../src/ui/route/route-search.ts';
import { testStore } from './fixtures/test-store.ts';

const tokyoManifest = { sourceModified: '2025-09-01T00:00:00Z' } as BundleManifest;
const halifaxManifest = { sourceModified: '2025-09-01T00:00:00Z', city: { name: 'Halifax', timeZone: 'America/Halifax' } } as BundleManifest;
/** Wed 10 Sep 2025, 08:15 ADT in Halifax, 20:15 JST in Tokyo. */
const AT = Date.UTC(2025, 8, 10, 11, 15);

describe("each map's store has its own clock zone", () => {
  it('is Japan time until the bundle is read, then the bundle’s, whatever the other map loads', () => {
    const tokyo = testStore();
    const halifax = testStore();
    expect(tokyo.getState().clockZone.timeZone).toBe('Asia/Tokyo');
    expect(halifax.getState().clockZone.timeZone).toBe('Asia/Tokyo');
    halifax.getState().networkLoaded(halifaxManifest, {} as Network);
    tokyo.getState().networkLoaded(tokyoManifest, {} as Network);
    expect(halifax.getState().clockZone.timeZone).toBe('America/Halifax');
    expect(tokyo.getState().clockZone.timeZone).toBe('Asia/Tokyo');
    // The last one loaded does not win: loading Halifax again leaves Tokyo's alone, and the other way round.
    halifax.getState().networkLoaded(halifaxManifest, {} as Network);
    expect(tokyo.getState().clockZone.timeZone).toBe('Asia/Tokyo');

    const zoneOf = (store: typeof tokyo) => store.getState().clockZone;
    expect(serviceSecondsAt(AT, zoneOf(halifax))).toBe(8.25 * 3600);
    expect(serviceSecondsAt(AT, zoneOf(tokyo))).toBe(20.25 * 3600);
    expect(zoneOf(halifax).fields(stepField(AT, 'hour', 1, zoneOf(halifax)))).toMatchObject({ day: 10, hour: 9, minute: 15 });
    expect(zoneOf(tokyo).fields(stepField(AT, 'hour', 1, zoneOf(tokyo)))).toMatchObject({ day: 10, hour: 21, minute: 15 });
  });

  it("gives map.clock its own map's zone", () => {
    const tokyo = testStore();
    const halifax = testStore();
    tokyo.getState().networkLoaded(tokyoManifest, {} as Network);
    halifax.getState().networkLoaded(halifaxManifest, {} as Network);
    const at = (store: typeof tokyo) => new Mt3dClock({ ...clockSourceOf(store), now: () => AT });
    expect(at(halifax).getTimezone()).toBe('America/Halifax');
    expect(at(tokyo).getTimezone()).toBe('Asia/Tokyo');
    expect(at(halifax).getString()).toBe('2025-09-10 08:15:00');
    expect(at(tokyo).getString()).toBe('2025-09-10 20:15:00');
  });

  it('leaves the zone as it was for a manifest whose zone is unknown', () => {
    const store = testStore();
    expect(() => store.getState().networkLoaded({ ...halifaxManifest, city: { ...halifaxManifest.city!, timeZone: 'Not/AZone' } }, {} as Network)).toThrow(RangeError);
    expect(store.getState().clockZone.timeZone).toBe('Asia/Tokyo');
    expect(store.getState().dataStatus).not.toBe('ready');
  });
});
