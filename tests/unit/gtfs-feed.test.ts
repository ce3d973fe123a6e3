import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeServices, GtfsError, indexFeed, loadGtfsFeed, parseGtfsZip, vehicleKindOf, type GtfsFeed } from '../../src/data/gtfs/index.ts';
import { readSharedGtfs, startGtfsServer, type GtfsServerHandle } from '../support/gtfs-server.ts';

const HALIFAX_ZIP = readSharedGtfs('halifax/google_transit.zip');
const KAWASAKI_ZIP = readSharedGtfs('kawasaki-rinko-bus-no-shapes.zip');

let halifax: GtfsFeed;
let halifaxTexts: Record<string, string>;
let server: GtfsServerHandle;

beforeAll(async () => {
  halifax = await parseGtfsZip(HALIFAX_ZIP, 'halifax/google_transit.zip');
  const zip = await JSZip.loadAsync(HALIFAX_ZIP);
  halifaxTexts = {};
  for (const name of ['agency.txt', 'routes.txt', 'stops.txt', 'trips.txt', 'stop_times.txt', 'calendar.txt', 'calendar_dates.txt', 'shapes.txt']) {
    halifaxTexts[name] = await zip.file(name)!.async('string');
  }
  server = await startGtfsServer({
    '/halifax.zip': { kind: 'body', body: HALIFAX_ZIP },
    '/kawasaki.zip': { kind: 'body', body: KAWASAKI_ZIP },
    '/not-a-zip.zip': { kind: 'body', body: 'PK this is not really a zip', contentType: 'application/zip' },
    '/gone.zip': { kind: 'status', status: 404 },
  });
});
afterAll(() => server.close());

/** The lines of a Halifax file whose first field (or `column`) is in `keep`, with the header. */
function subset(name: string, column: string, keep: Set<string>): string {
  const [header, ...rows] = halifaxTexts[name].split('\n').filter((line) => line !== '');
  const index = header.split(',').indexOf(column);
  return [header, ...rows.filter((row) => keep.has(row.split(',')[index].trim()))].join('\n') + '\n';
}

let miniFiles: Record<string, string> | null = null;

/** A small real feed: route 320's trip 3789838 with its stops, shape and service, from the Halifax files; `edit` may change any file. */
async function miniZip(edit: (files: Record<string, string>) => void = () => {}): Promise<Uint8Array> {
  miniFiles ??= miniFeedFiles();
  const files = { ...miniFiles };
  edit(files);
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array' });
}

function miniFeedFiles(): Record<string, string> {
  const stopTimes = subset('stop_times.txt', 'trip_id', new Set(['3789838']));
  const stopIds = new Set(stopTimes.split('\n').slice(1).filter(Boolean).map((row) => row.split(',')[3]));
  for (const row of subset('stops.txt', 'stop_id', stopIds).split('\n').slice(1)) if (row.split(',')[9]) stopIds.add(row.split(',')[9]);
  return {
    'agency.txt': halifaxTexts['agency.txt'],
    'routes.txt': subset('routes.txt', 'route_id', new Set(['320'])),
    'trips.txt': subset('trips.txt', 'trip_id', new Set(['3789838'])),
    'stop_times.txt': stopTimes,
    'stops.txt': subset('stops.txt', 'stop_id', stopIds),
    'calendar.txt': subset('calendar.txt', 'service_id', new Set(['214.0.3'])),
    'shapes.txt': subset('shapes.txt', 'shape_id', new Set(['87069'])),
  };
}

async function failure(promise: Promise<unknown>): Promise<GtfsError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GtfsError) return error;
    throw error;
  }
  throw new Error('expected a GtfsError');
}

describe('the Halifax feed', () => {
  it('has every route, stop, shape, trip and stop time', () => {
    expect(halifax.agencies).toEqual([{ id: 'Halifax', name: 'Halifax Transit', timezone: 'America/Halifax' }]);
    expect(halifax.timezone).toBe('America/Halifax');
    expect([halifax.routes.length, halifax.stops.length, halifax.shapes.length, halifax.trips.length, halifax.stopTimes.stop.length]).toEqual([80, 2386, 181, 9472, 328499]);
    expect(halifax.services.map((s) => s.id)).toContain('214.1141.3');
  });

  it('keeps route names, types and colours, and the shapes each route runs on', () => {
    const index = indexFeed(halifax);
    const route1 = halifax.routes[index.routes.get('1')!];
    expect(route1).toMatchObject({ shortName: '1', longName: 'Spring Garden', type: 3, color: [0, 0, 255], textColor: [0, 0, 0] });
    expect(route1.shapes.map((s) => halifax.shapes[s].id).sort()).toEqual(
      [...new Set(halifaxTexts['trips.txt'].split('\n').filter((l) => l.startsWith('1,')).map((l) => l.split(',')[7]))].sort(),
    );
    expect(halifax.routes.filter((r) => vehicleKindOf(r.type) === 'ferry')).toHaveLength(2);
  });

  it('maps basic and extended route types to their kinds of vehicle', () => {
    const kinds = {
      tram: [0, 900, 906],
      subway: [1, 401, 402, 500, 600],
      rail: [2, 12, 100, 109, 300, 400, 403, 405],
      bus: [3, 11, 200, 700, 715, 800],
      ferry: [4, 1000, 1200],
      cable: [5, 6, 7, 1300, 1307, 1400, 1701],
      other: [1100, 1500, 1700, 1702, 99],
    };
    for (const [kind, types] of Object.entries(kinds)) for (const type of types) expect(vehicleKindOf(type), `route_type ${type}`).toBe(kind);
  });

  it('orders stop times by stop_sequence per trip, with times in seconds', () => {
    const trip = halifax.trips[indexFeed(halifax).trips.get('3789838')!];
    expect(trip).toMatchObject({ headsign: '320 AIRPORT VIA FALL RIVER', direction: 0 });
    expect(halifax.shapes[trip.shape].id).toBe('87069');
    const range = (array: ArrayLike<number>) => Array.from(array).slice(trip.firstStopTime, trip.firstStopTime + trip.stopTimeCount);
    const sequences = range(halifax.stopTimes.sequence);
    expect(sequences[0]).toBe(1);
    expect(sequences.every((s, i) => i === 0 || s > sequences[i - 1])).toBe(true);
    expect(range(halifax.stopTimes.departure)[0]).toBe(16 * 3600 + 15 * 60);
    expect(range(halifax.stopTimes.arrival).at(-1)).toBe(17 * 3600 + 4 * 60);
    expect(halifax.stops[range(halifax.stopTimes.stop)[0]].id).toBe('6108');
  });

  it('has shapes with distances in metres, and an extent around Halifax', () => {
    const shape = halifax.shapes[0];
    expect(shape.coordinates.length).toBe(shape.distances.length * 2);
    const km = shape.distances[shape.distances.length - 1] / 1000;
    const feedKm = Number(halifaxTexts['shapes.txt'].split('\n').filter((l) => l.startsWith(`${shape.id},`)).at(-1)!.split(',')[4]);
    expect(km).toBeCloseTo(feedKm, 0);
    const [west, south, east, north] = halifax.bbox;
    expect(west).toBeCloseTo(-63.8597, 3);
    expect(south).toBeCloseTo(44.5645, 3);
    expect(east).toBeCloseTo(-63.282, 3);
    expect(north).toBeCloseTo(44.8885, 3);
  });

  it('runs the services of calendar.txt and calendar_dates.txt on a given date', () => {
    const ids = (date: string) => [...activeServices(halifax, date)].map((i) => halifax.services[i].id).sort();
    expect(ids('20251106')).toEqual(['214.0.3', '214.1141.3', '216.0.5']); // Thursday, with an added service
    expect(ids('20251111')).toEqual(['214.0.2', '216.0.8']); // Remembrance Day: weekday services removed, Sunday ones added
    expect(ids('20250906')).toEqual(['214.0.1', '216.0.6']); // Saturday
    expect(ids('20251117')).toEqual([]); // after end_date
  });

  it('loads over HTTP', async () => {
    const feed = await loadGtfsFeed(server.url('/halifax.zip'), { color: [255, 0, 0] });
    expect(feed.trips).toHaveLength(9472);
  });
});

describe('GTFS feed errors', () => {
  it('names shapes.txt for the Kawasaki feed, which has none', async () => {
    const error = await failure(loadGtfsFeed(server.url('/kawasaki.zip')));
    expect(error.message).toBe(
      `GTFS feed ${server.url('/kawasaki.zip')}: the GTFS zip has no shapes.txt (a feed needs agency.txt, stops.txt, routes.txt, trips.txt, stop_times.txt, calendar.txt or calendar_dates.txt, shapes.txt).`,
    );
    expect(error.file).toBe('shapes.txt');
  });

  it('names every missing file, calendar alternatives together', async () => {
    const zip = await miniZip((files) => {
      delete files['calendar.txt'];
      delete files['stops.txt'];
    });
    expect((await failure(parseGtfsZip(zip, 'mini.zip'))).message).toMatch(/^GTFS feed mini\.zip: the GTFS zip has no stops\.txt and calendar\.txt or calendar_dates\.txt \(/);
  });

  it('reports HTTP errors, unreadable zips and unreachable servers', async () => {
    expect((await failure(loadGtfsFeed(server.url('/gone.zip')))).message).toBe(`GTFS feed ${server.url('/gone.zip')}: HTTP 404 Not Found.`);
    expect((await failure(loadGtfsFeed(server.url('/not-a-zip.zip')))).message).toMatch(/^GTFS feed http:\/\/127\.0\.0\.1:\d+\/not-a-zip\.zip: not a readable zip file \(.+\)\.$/);
    const closed = await startGtfsServer();
    const url = closed.url('/x.zip');
    await closed.close();
    expect((await failure(loadGtfsFeed(url))).message).toMatch(/^GTFS feed http:\/\/127\.0\.0\.1:\d+\/x\.zip: the zip could not be downloaded \(.+; a network error, or the server does not allow cross-origin requests\)\.$/);
  });

  it('loads the small real feed, and finds it in a folder inside the zip', async () => {
    const feed = await parseGtfsZip(await miniZip(), 'mini.zip');
    expect([feed.routes.length, feed.trips.length, feed.shapes.length]).toEqual([1, 1, 1]);
    const folder = new JSZip();
    const inner = await JSZip.loadAsync(await miniZip());
    for (const file of Object.values(inner.files)) folder.file(`halifax/${file.name}`, await file.async('string'));
    const nested = await parseGtfsZip(await folder.generateAsync({ type: 'uint8array' }), 'nested.zip');
    expect(nested.trips[0].id).toBe('3789838');
  });

  it('names file, line and field of a row with a missing required field', async () => {
    const zip = await miniZip((files) => {
      const lines = files['stops.txt'].split('\n');
      const cells = lines[2].split(',');
      cells[4] = ''; // stop_lat
      lines[2] = cells.join(',');
      files['stops.txt'] = lines.join('\n');
    });
    const error = await failure(parseGtfsZip(zip, 'mini.zip'));
    expect(error.message).toBe('GTFS feed mini.zip: stops.txt line 3: required field "stop_lat" is empty.');
    expect([error.file, error.line, error.field]).toEqual(['stops.txt', 3, 'stop_lat']);
  });

  it.each([
    ['stop_times.txt', (t: string) => t.replace('3789838,16:31:00,16:31:00,7610', '3789838,16:31:00,16:31:00,nowhere'), 'stop_times.txt line 3: stop_id "nowhere" is not a stop, station or entrance of stops.txt.'],
    ['stop_times.txt', (t: string) => t.replace('16:31:00,16:31:00', '16:31,16:31:00'), 'stop_times.txt line 3: arrival_time "16:31" is not a time (expected H:MM:SS, hours may exceed 23).'],
    ['trips.txt', (t: string) => t.replace('320,214.0.3', '999,214.0.3'), 'trips.txt line 2: route_id "999" is not a route of routes.txt.'],
    ['trips.txt', (t: string) => t.replace(',87069,', ',404,'), 'trips.txt line 2: shape_id "404" is not a shape of shapes.txt.'],
    ['routes.txt', (t: string) => t.replace('0000FF', 'blue'), 'routes.txt line 2: route_color "blue" is not a colour (expected 6 hex digits without "#").'],
    ['agency.txt', (t: string) => t.replace('America/Halifax', 'Atlantic/Nowhere'), 'agency.txt line 2: agency_timezone "Atlantic/Nowhere" is not an IANA time zone (e.g. "Asia/Tokyo").'],
    ['calendar.txt', (t: string) => t.replace('20251116', '2025-11-16'), 'calendar.txt line 2: end_date "2025-11-16" is not a date (expected YYYYMMDD).'],
  ])('rejects a bad value in %s precisely', async (file, edit, message) => {
    const zip = await miniZip((files) => (files[file] = edit(files[file])));
    expect((await failure(parseGtfsZip(zip, 'mini.zip'))).message).toBe(`GTFS feed mini.zip: ${message}`);
  });

  it('interpolates missing times between timepoints and rejects a trip without times at its ends', async () => {
    const zip = await miniZip((files) => (files['stop_times.txt'] = files['stop_times.txt'].replace('3789838,16:31:00,16:31:00', '3789838,,')));
    const feed = await parseGtfsZip(zip, 'mini.zip');
    const interpolated = feed.stopTimes.arrival[1];
    expect(interpolated).toBeGreaterThan(16 * 3600 + 15 * 60);
    expect(interpolated).toBeLessThan(16 * 3600 + 46 * 60);
    const noEnd = await miniZip((files) => (files['stop_times.txt'] = files['stop_times.txt'].replace('3789838,17:04:00,17:04:00', '3789838,,')));
    expect((await failure(parseGtfsZip(noEnd, 'mini.zip'))).message).toMatch(/^GTFS feed mini\.zip: stop_times\.txt line \d+: trip "3789838" has no arrival_time or departure_time at its last stop \(required there\)\.$/);
  });

  it('gives routes without route_color the source colour', async () => {
    const zip = await miniZip((files) => (files['routes.txt'] = files['routes.txt'].replace('0000FF,000000', ',')));
    const feed = await parseGtfsZip(zip, 'mini.zip', { color: [0xff, 0x88, 0x00] });
    expect(feed.routes[0]).toMatchObject({ color: [255, 136, 0], textColor: [0, 0, 0] });
  });
});
