/**
 * What the map draws of a GTFS feed: the route lines' simplification and
 * strip (built in the worker), the ids of tracked vehicles, the time zone of
 * the feed in view, and the data source options' ids.
 */
import { describe, expect, it } from 'vitest';
import { resolveMapOptions, resolveDataSource, MapOptionError } from '../../src/api/options.ts';
import type { GtfsRoute, GtfsShape } from '../../src/data/gtfs/feed-model.ts';
import { feedZoneAt, gtfsSelectionId, parseGtfsSelectionId } from '../../src/data/gtfs/feed-view.ts';
import { buildRouteStrip, routePaths, simplifyLine } from '../../src/data/gtfs/route-lines.ts';
import { cumulativeDistances } from '../../src/data/gtfs/shape-geometry.ts';
import type { GtfsMapData } from '../../src/data/gtfs/worker-protocol.ts';
import { STRIP_STRIDE, STRIP_VERTEX } from '../../src/data/geometry/track-strips.ts';

const shape = (id: string, points: number[][]): GtfsShape => {
  const coordinates = new Float64Array(points.flat());
  return { id, coordinates, distances: cumulativeDistances(coordinates) };
};
const route = (id: string, color: [number, number, number], shapes: number[]): GtfsRoute => ({ id, shortName: id, longName: '', type: 3, color, textColor: [0, 0, 0], shapes });

describe('route lines', () => {
  it('drop points within the tolerance of the simplified line and keep corners and ends', () => {
    // A straight street sampled every ~8 m with 0.5 m of noise, then a right-angle turn.
    const points: number[][] = [];
    for (let i = 0; i <= 20; i++) points.push([-63.6 + i * 0.0001, 44.65 + (i % 2 ? 0.000004 : 0)]);
    for (let i = 1; i <= 10; i++) points.push([-63.598, 44.65 + i * 0.0001]);
    const kept = simplifyLine(new Float64Array(points.flat()), 2);
    expect(kept).toEqual([0, 20, 30]);
    expect(simplifyLine(new Float64Array(points.flat()), 0.1).length).toBeGreaterThan(20);
    expect(simplifyLine(new Float64Array([1, 2]), 2)).toEqual([0]);
  });

  it('draw each shape once, in the colour of the first route using it', () => {
    const shapes = [shape('a', [[0, 0], [0.001, 0], [0.002, 0]]), shape('b', [[0, 0], [0, 0.001]]), shape('unused', [[1, 1], [1, 1.001]])];
    const routes = [route('r1', [255, 0, 0], [0]), route('r2', [0, 0, 255], [0, 1])];
    const paths = routePaths(routes, shapes);
    expect(paths.length).toBe(2);
    expect([...paths.startIndices]).toEqual([0, 2, 4]);
    const colors = paths.attributes.getColor.value as Uint8Array;
    expect([...colors.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...colors.subarray(8, 12)]).toEqual([0, 0, 255, 255]);
    const strip = buildRouteStrip(routes, shapes);
    expect(strip.pointCount).toBe(5);
    expect(strip.keptPointCount).toBe(4);
    expect(strip.bytes.byteLength).toBe(strip.vertexCount * STRIP_STRIDE);
    // The first vertex is the first point of shape a, at full precision (high + low parts).
    const floats = new Float32Array(strip.bytes.buffer);
    expect(floats[STRIP_VERTEX.high] + floats[STRIP_VERTEX.low]).toBe(0);
    expect(strip.bytes[STRIP_VERTEX.colorByte]).toBe(255);
  });
});

describe('GTFS vehicles and feeds on the map', () => {
  it('name a tracked vehicle gtfs:<source>:<vehicle>, source ids with colons included', () => {
    expect(gtfsSelectionId({ source: 'gtfs-1', vehicleId: '2526' })).toBe('gtfs:gtfs-1:2526');
    expect(parseGtfsSelectionId('gtfs:gtfs-1:2526', ['gtfs-1'])).toEqual({ source: 'gtfs-1', vehicleId: '2526' });
    expect(parseGtfsSelectionId('gtfs:city:bus:12:3', ['city', 'city:bus'])).toEqual({ source: 'city:bus', vehicleId: '12:3' });
    expect(parseGtfsSelectionId('gtfs:unknown:7', [])).toEqual({ source: 'unknown', vehicleId: '7' });
    expect(parseGtfsSelectionId('JR-East.Yamanote.400G', ['gtfs-1'])).toBeNull();
    expect(parseGtfsSelectionId('gtfs:nocolon', [])).toBeNull();
  });

  it('show the time zone of the feed whose area holds the view centre', () => {
    const halifax = { data: { bbox: [-63.86, 44.56, -63.28, 44.89], timezone: 'America/Halifax' } as GtfsMapData };
    expect(feedZoneAt([halifax], -63.57, 44.65)).toBe('America/Halifax');
    expect(feedZoneAt([halifax], -63.2, 44.95)).toBe('America/Halifax'); // within the margin
    expect(feedZoneAt([halifax], 139.767, 35.68)).toBeNull();
    expect(feedZoneAt([], -63.57, 44.65)).toBeNull();
  });
});

describe('data source ids', () => {
  it('are optional strings, unique among the dataSources', () => {
    const notices: string[] = [];
    expect(resolveDataSource({ gtfsUrl: 'g.zip', id: 'halifax' }, 'dataSource', notices)).toEqual({ gtfsUrl: 'g.zip', id: 'halifax' });
    expect(notices).toEqual([]);
    expect(() => resolveDataSource({ gtfsUrl: 'g.zip', id: 3 }, 'dataSource', notices)).toThrow('Invalid option "dataSource.id": 3 is not a string; expected a non-empty data source id string.');
    const container = { nodeType: 1, childNodes: { length: 0 } } as unknown as HTMLElement;
    expect(() => resolveMapOptions({ container, dataSources: [{ gtfsUrl: 'a.zip', id: 'x' }, { gtfsUrl: 'b.zip', id: 'x' }] }, { defaults: { dataUrl: 'd/', basemapUrl: 'b', glyphsUrl: 'g' } })).toThrow(
      new MapOptionError('dataSources[1].id', 'x', 'Invalid option "dataSources[1].id": "x" is already used by dataSources[0]; expected unique data source ids.'),
    );
  });
});

describe('vehicle paths (the layer draws every frame from them)', () => {
  it('give the same poses as poseAt, along a shape and in a straight line, before, during and after a motion', async () => {
    const { buildVehiclePaths, vehiclePoseInto } = await import('../../src/data/gtfs/vehicle-paths.ts');
    const { planMotion, poseAt } = await import('../../src/data/gtfs/vehicle-motion.ts');
    const road = shape('road', [[-63.6, 44.65], [-63.599, 44.65], [-63.599, 44.651], [-63.598, 44.652], [-63.597, 44.652]]);
    const t0 = 1_000_000;
    const motions = [
      planMotion(road, { lng: -63.5995, lat: 44.65, time: t0 }, { lng: -63.5975, lat: 44.652, time: t0 + 20_000 }),
      planMotion(null, { lng: 10, lat: 20, time: t0 }, { lng: 10.001, lat: 20.001, time: t0 + 20_000 }),
      planMotion(road, null, { lng: -63.5985, lat: 44.6515, time: t0 }),
    ];
    const shapes = [road, null, road];
    expect(motions.map((m) => m.kind)).toEqual(['shape', 'straight', 'shape']);
    const paths = buildVehiclePaths(shapes, motions);
    const out = new Float64Array(3);
    // Increasing times (the cursor walks forward), then a time before (it starts over).
    for (const dt of [-5000, 0, 1, 3000, 7000, 9999, 10_000, 15_000, 19_999, 20_000, 30_000, 2000]) {
      for (let k = 0; k < motions.length; k++) {
        const expected = poseAt(shapes[k], motions[k], t0 + dt);
        vehiclePoseInto(paths, k, t0 + dt, out);
        expect(out[0], `vehicle ${k} lng at ${dt}`).toBeCloseTo(expected.lng, 9);
        expect(out[1], `vehicle ${k} lat at ${dt}`).toBeCloseTo(expected.lat, 9);
        expect(Math.abs(((out[2] - expected.bearing + 540) % 360) - 180), `vehicle ${k} bearing at ${dt}`).toBeLessThan(0.01);
      }
    }
  });
});

describe('vehicle texels (the shader finds each vehicle on its path at the frame time)', () => {
  it('project to Web Mercator world units as deck.gl does (512 to the world, north up)', async () => {
    const { mercatorWorld } = await import('../../src/data/gtfs/vehicle-texels.ts');
    expect(mercatorWorld(0, 0)).toEqual([256, 256]);
    expect(mercatorWorld(180, 0)[0]).toBeCloseTo(512, 9);
    expect(mercatorWorld(-180, 0)[0]).toBeCloseTo(0, 9);
    // Mercator y of 45°N: ln(tan(67.5°)) = 0.8814; north is up.
    expect(mercatorWorld(0, 45)[1]).toBeCloseTo(256 + (512 * 0.881373587) / (2 * Math.PI), 6);
    expect(mercatorWorld(0, -45)[1]).toBeLessThan(256);
  });

  it('give the same poses as the paths, within a millimetre, before, during and after a motion and at every point', async () => {
    const { buildVehiclePaths, vehiclePoseInto } = await import('../../src/data/gtfs/vehicle-paths.ts');
    const { planMotion } = await import('../../src/data/gtfs/vehicle-motion.ts');
    const { vehicleTexels, texelPoseAt, mercatorWorld, TEXELS_PER_VEHICLE, VEHICLE_TEXTURE_WIDTH } = await import('../../src/data/gtfs/vehicle-texels.ts');
    const road = shape('road', [[-63.6, 44.65], [-63.599, 44.65], [-63.599, 44.651], [-63.598, 44.652], [-63.597, 44.652]]);
    const t0 = 1_700_000_000_000;
    const motions = [
      planMotion(road, { lng: -63.5995, lat: 44.65, time: t0 - 10_000 }, { lng: -63.5975, lat: 44.652, time: t0 + 20_000 }),
      planMotion(null, { lng: -63.5, lat: 44.7, time: t0 }, { lng: -63.501, lat: 44.701, time: t0 + 20_000 }),
      planMotion(road, null, { lng: -63.5985, lat: 44.6515, time: t0 }),
    ];
    const shapes = [road, null, road];
    const paths = buildVehiclePaths(shapes, motions);
    const vehicles = { count: 3, paths, kinds: Uint8Array.of(0, 1, 3), colors: Uint8Array.of(255, 0, 0, 0, 128, 255, 10, 20, 30) };
    const origin = mercatorWorld(-63.58, 44.68);
    const texels = vehicleTexels(vehicles, 1, origin, t0);
    expect(texels.rows).toBe(1);
    expect(texels.data.length).toBe(VEHICLE_TEXTURE_WIDTH * 4);
    // Vehicle texels: first and last point, kind, tracked; colour.
    const head = (k: number) => Array.from(texels.data.subarray(k * TEXELS_PER_VEHICLE * 4, k * TEXELS_PER_VEHICLE * 4 + 8));
    expect(head(1)[2]).toBe(1);
    expect(head(1)[3]).toBe(1);
    expect(head(0)[3]).toBe(0);
    expect(head(1).slice(4)).toEqual([0, Math.fround(128 / 255), 1, 1]);
    expect(head(2)[1]).toBe(3 * TEXELS_PER_VEHICLE + paths.start[3] - 1);
    // A metre in world units at this latitude (the tolerance: 1 mm).
    const unitsPerMetre = 512 / (40_075_016.686 * Math.cos((44.68 * Math.PI) / 180));
    const out = new Float64Array(3);
    const times = [-15_000, -10_000, -9_999, 0, 1, 3000, 7000, 9999, 10_000, 15_000, 19_999, 20_000, 30_000];
    for (let p = 0; p < paths.time.length; p++) times.push(paths.time[p] - t0);
    for (const dt of times) {
      for (let k = 0; k < 3; k++) {
        vehiclePoseInto(paths, k, t0 + dt, out);
        const [x, y] = mercatorWorld(out[0], out[1]);
        // The frame time reaches the shader as a float32, as the texels' times are.
        const [tx, ty, bearing] = texelPoseAt(texels.data, k, Math.fround(dt / 1000));
        expect(Math.hypot(tx + origin[0] - x, ty + origin[1] - y) / unitsPerMetre, `vehicle ${k} at ${dt} ms: metres apart`).toBeLessThan(0.001);
        expect(Math.abs(bearing - (out[2] * Math.PI) / 180), `vehicle ${k} bearing at ${dt}`).toBeLessThan(1e-5);
      }
    }
  });

  it('fill more rows when the points need them, and reuse a large enough array', async () => {
    const { vehicleTexels, VEHICLE_TEXTURE_WIDTH } = await import('../../src/data/gtfs/vehicle-texels.ts');
    const count = 1500;
    const start = new Uint32Array(count + 1).map((_, k) => k * 2);
    const n = count * 2;
    const paths = { count, start, lng: new Float64Array(n).fill(-63.6), lat: new Float64Array(n).fill(44.6), time: new Float64Array(n), bearing: new Float32Array(n), cursor: new Uint32Array(count) };
    const vehicles = { count, paths, kinds: new Uint8Array(count), colors: new Uint8Array(count * 3) };
    const first = vehicleTexels(vehicles, -1, [0, 0], 0);
    expect(first.rows).toBe(Math.ceil((count * 2 + n) / VEHICLE_TEXTURE_WIDTH));
    const again = vehicleTexels(vehicles, -1, [0, 0], 0, first.data);
    expect(again.data).toBe(first.data);
    // The last vehicle's last point is the last texel used.
    expect(first.data[(count - 1) * 8 + 1]).toBe(count * 2 + n - 1);
  });
});
