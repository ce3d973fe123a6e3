/**
 * What the app information panel reads: the failing live feeds in the store (through its actions only), and the
 * data set's own date given to the bundle build (`--data-date` / `TRANSIT_DATA_DATE`).
 */
import { describe, expect, it } from 'vitest';
import type { BundleManifest } from '../../src/data/bundle/manifest.ts';
import type { Network } from '../../src/data/network.ts';
import { resolveDataDate } from '../../scripts/data-bundle.ts';
import { testStore } from './fixtures/test-store.ts';

const store = testStore;

describe('failing live feeds in the store', () => {
  it('keep one entry per feed, its latest error, in the order they first failed; a recovered feed leaves', () => {
    const s = store();
    s.getState().feedFailed('rain', 'HTTP 503');
    s.getState().feedFailed('gtfs:bus', 'not a zip');
    s.getState().feedFailed('rain', 'HTTP 502');
    expect(s.getState().feedFaults.map(({ feed, message }) => [feed, message])).toEqual([
      ['rain', 'HTTP 502'],
      ['gtfs:bus', 'not a zip'],
    ]);
    const before = s.getState().feedFaults;
    s.getState().feedRecovered('flights');
    expect(s.getState().feedFaults).toBe(before);
    s.getState().feedRecovered('rain');
    expect(s.getState().feedFaults.map((f) => f.feed)).toEqual(['gtfs:bus']);
  });

  it('a GTFS source leaves with its vehicles or when removed', () => {
    const s = store();
    s.getState().feedFailed('gtfs:a', 'timeout');
    s.getState().feedFailed('gtfs:b', 'timeout');
    s.getState().setGtfsVehicles('a', { vehicleIds: [] } as never);
    s.getState().removeGtfsSource('b');
    expect(s.getState().feedFaults).toEqual([]);
  });

  it("the static data's date is the data set's own date when the bundle has one, else its files' time", () => {
    const s = store();
    const manifest = { sourceModified: '2026-11-29T06:17:42.701Z' } as BundleManifest;
    s.getState().networkLoaded(manifest, {} as Network);
    expect(s.getState().staticUpdated).toBe('2026-11-29T06:17:42.701Z');
    s.getState().networkLoaded({ ...manifest, dataDate: '2025-03-14' }, {} as Network);
    expect(s.getState().staticUpdated).toBe('2025-03-14');
  });
});

describe('resolveDataDate', () => {
  it('reads --data-date (both forms), then TRANSIT_DATA_DATE, else none', () => {
    expect(resolveDataDate(['--data-date', '2025-03-14'], {})).toBe('2025-03-14');
    expect(resolveDataDate(['--data-date=2025-03-14'], { TRANSIT_DATA_DATE: '2024-01-01' })).toBe('2025-03-14');
    expect(resolveDataDate([], { TRANSIT_DATA_DATE: '2024-01-01' })).toBe('2024-01-01');
    expect(resolveDataDate([], {})).toBeUndefined();
    expect(resolveDataDate([], { TRANSIT_DATA_DATE: '' })).toBeUndefined();
  });

  it('refuses what is not a YYYY-MM-DD date, naming where it came from', () => {
    expect(() => resolveDataDate(['--data-date', '14/03/2025'], {})).toThrow(/--data-date or TRANSIT_DATA_DATE.*YYYY-MM-DD/);
    expect(() => resolveDataDate([], { TRANSIT_DATA_DATE: '2025-13-45' })).toThrow(/YYYY-MM-DD/);
  });
});
