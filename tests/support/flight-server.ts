/**
 * A local stand-in for the flight information of the open data center API
 * v4, for unit and end-to-end tests (the patterns of `odpt-server.ts`):
 *
 * - serves `GET /api/v4/odpt:FlightInformationArrival` and
 *   `GET /api/v4/odpt:FlightInformationDeparture` as JSON arrays of JSON-LD
 *   records, filtered by `odpt:operator`, `odpt:arrivalAirport`,
 *   `odpt:departureAirport` and `owl:sameAs` (comma-separated OR lists, with
 *   or without the `odpt.X:` prefix);
 * - enforces the consumer key (none → 401, wrong → 403);
 * - failure modes per resource, a request log, CORS for browsers;
 * - {@link busyHourFlights} makes a busy hour of real-format records, and
 *   {@link unusualFlights} a code-share, a cancelled and a diverted flight.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** The two resources served. */
export type FlightServerEndpoint = 'odpt:FlightInformationArrival' | 'odpt:FlightInformationDeparture';

/** Records served per resource (raw values, so malformed ones can be served). */
export interface FlightFixtureSet {
  arrivals: readonly unknown[];
  departures: readonly unknown[];
}

/** How authorised requests are answered. */
export type FlightServerMode = 'normal' | 'http-503' | 'malformed-json' | 'not-array' | 'hang';

/** One request as the server saw it. */
export interface FlightRequest {
  endpoint: FlightServerEndpoint | null;
  /** `odpt:operator` values in request order, prefixes kept. */
  operators: string[];
  consumerKey: string | null;
  status: number | null;
}

/** A running server and its controls. */
export interface FlightServerHandle {
  /** Base URL ending in `/api/v4/`. */
  url: string;
  requests: FlightRequest[];
  setMode(mode: FlightServerMode, endpoint?: FlightServerEndpoint): void;
  setFixtures(fixtures: FlightFixtureSet): void;
  close(): Promise<void>;
}

const PREFIX = '/api/v4/';
const ENDPOINTS: readonly FlightServerEndpoint[] = ['odpt:FlightInformationArrival', 'odpt:FlightInformationDeparture'];
const JSON_TYPE = 'application/json; charset=utf-8';
const FILTERS = ['odpt:operator', 'odpt:arrivalAirport', 'odpt:departureAirport', 'owl:sameAs'] as const;

/** Starts a server on a random port of 127.0.0.1. */
export async function startFlightServer(options: { key: string; fixtures: FlightFixtureSet }): Promise<FlightServerHandle> {
  const state = { fixtures: options.fixtures, modes: new Map<FlightServerEndpoint, FlightServerMode>(), requests: [] as FlightRequest[] };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => handle(req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const name = url.pathname.startsWith(PREFIX) ? decodeURIComponent(url.pathname.slice(PREFIX.length)) : '';
    const endpoint = (ENDPOINTS as readonly string[]).includes(name) ? (name as FlightServerEndpoint) : null;
    const record: FlightRequest = { endpoint, operators: list(url.searchParams.get('odpt:operator')), consumerKey: url.searchParams.get('acl:consumerKey'), status: null };
    state.requests.push(record);
    res.setHeader('Access-Control-Allow-Origin', '*');
    const send = (status: number, body: string) => {
      record.status = status;
      res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (req.method === 'OPTIONS') return send(204, '');
    if (!endpoint) return send(404, JSON.stringify({ code: 404, message: `unknown resource "${url.pathname}"` }));
    if (!record.consumerKey) return send(401, JSON.stringify({ code: 401, message: 'acl:consumerKey is required' }));
    if (record.consumerKey !== options.key) return send(403, JSON.stringify({ code: 403, message: 'acl:consumerKey is invalid' }));
    const mode = state.modes.get(endpoint) ?? 'normal';
    if (mode === 'hang') return;
    if (mode === 'http-503') return send(503, JSON.stringify({ code: 503, message: 'simulated maintenance' }));
    if (mode === 'malformed-json') return send(200, '[{"@type":"odpt:FlightInformationArrival","owl:sameAs":');
    if (mode === 'not-array') return send(200, JSON.stringify({ '@type': endpoint, message: 'not a list' }));
    const records = endpoint === 'odpt:FlightInformationArrival' ? state.fixtures.arrivals : state.fixtures.departures;
    const filters = FILTERS.map((field) => ({ field, values: list(url.searchParams.get(field)).map(bare) })).filter((f) => f.values.length > 0);
    send(200, JSON.stringify(records.filter((r) => filters.every(({ field, values }) => matches(r, field, values)))));
  }

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    requests: state.requests,
    setMode: (mode, endpoint) => (endpoint ? [endpoint] : ENDPOINTS).forEach((e) => state.modes.set(e, mode)),
    setFixtures: (fixtures) => (state.fixtures = fixtures),
    close: () => closeServer(server, sockets),
  };
}

function matches(record: unknown, field: string, values: string[]): boolean {
  if (typeof record !== 'object' || record === null) return true;
  const value = (record as Record<string, unknown>)[field];
  return typeof value === 'string' && values.includes(bare(value));
}

const list = (value: string | null) => (value ? value.split(',').map((v) => v.trim()).filter(Boolean) : []);
const bare = (value: string) => value.replace(/^odpt\.[A-Za-z]+:/, '');

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Airlines, origin/destination airports and flight number bases of the busy hour, by publisher. */
const BUSY_ROUTES = [
  { operator: 'HND-JAT', airport: 'HND', airline: 'JAL', prefix: 'JL', others: ['CTS', 'FUK', 'ITM', 'OKA', 'KOJ', 'HIJ'] },
  { operator: 'HND-JAT', airport: 'HND', airline: 'ANA', prefix: 'NH', others: ['CTS', 'FUK', 'ITM', 'KMJ', 'AOJ', 'MYJ'] },
  { operator: 'HND-TIAT', airport: 'HND', airline: 'UAL', prefix: 'UA', others: ['SFO', 'LAX', 'ORD'] },
  { operator: 'HND-TIAT', airport: 'HND', airline: 'KAL', prefix: 'KE', others: ['ICN', 'GMP', 'PUS'] },
  { operator: 'NAA', airport: 'NRT', airline: 'APJ', prefix: 'MM', others: ['KIX', 'OKA', 'CTS'] },
  { operator: 'NAA', airport: 'NRT', airline: 'DAL', prefix: 'DL', others: ['SEA', 'MSP', 'ATL'] },
] as const;

/**
 * A busy hour of arrivals and departures at Haneda and Narita in the real
 * record format: `perRoute` flights of each kind per publisher and airline,
 * scheduled evenly over the hour starting at `hourStart` (ISO 8601 with
 * offset, e.g. `2026-11-18T08:00:00+09:00`), records dated at `hourStart`.
 */
export function busyHourFlights(hourStart: string, perRoute = 10): FlightFixtureSet {
  const start = Date.parse(hourStart);
  const hhmm = (ms: number) => {
    const d = new Date(ms + 9 * 3_600_000);
    return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  };
  const arrivals: unknown[] = [];
  const departures: unknown[] = [];
  let serial = 0;
  BUSY_ROUTES.forEach((route, r) => {
    for (let i = 0; i < perRoute; i++) {
      for (const kind of ['arrival', 'departure'] as const) {
        serial += 1;
        const number = `${route.prefix}${100 + r * 50 + i * 2 + (kind === 'arrival' ? 1 : 0)}`;
        const minute = (i * 60) / perRoute + (kind === 'arrival' ? 3 : 7) + r;
        const other = route.others[i % route.others.length];
        const base = {
          '@context': 'http://vocab.odpt.org/context_odpt.jsonld',
          '@id': `urn:uuid:00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
          'dc:date': hourStart,
          'odpt:operator': `odpt.Operator:${route.operator}`,
          'odpt:airline': `odpt.Operator:${route.airline}`,
          'odpt:flightNumber': [number],
          'odpt:flightStatus': 'odpt.FlightStatus:OnTime',
        };
        const time = hhmm(start + minute * 60_000);
        if (kind === 'arrival') {
          arrivals.push({
            ...base,
            '@type': 'odpt:FlightInformationArrival',
            'owl:sameAs': `odpt.FlightInformationArrival:${route.operator}.${route.airport}.${number}`,
            'odpt:scheduledArrivalTime': time,
            'odpt:arrivalAirport': `odpt.Airport:${route.airport}`,
            'odpt:originAirport': `odpt.Airport:${other}`,
          });
        } else {
          departures.push({
            ...base,
            '@type': 'odpt:FlightInformationDeparture',
            'owl:sameAs': `odpt.FlightInformationDeparture:${route.operator}.${route.airport}.${number}`,
            'odpt:scheduledDepartureTime': time,
            'odpt:departureAirport': `odpt.Airport:${route.airport}`,
            'odpt:destinationAirport': `odpt.Airport:${other}`,
          });
        }
      }
    }
  });
  return { arrivals, departures };
}

/** The flights of {@link unusualFlights}, by what is unusual about them. */
export const UNUSUAL_FLIGHTS = Object.freeze({
  /** A JAL arrival sold under two partner numbers too (all in `odpt:flightNumber`, as the airports publish them). */
  codeShare: { id: 'odpt.FlightInformationArrival:HND-JAT.HND.JL516', numbers: ['JL516', 'AA5812', 'BA7818'] },
  /** An ANA arrival that the data says is cancelled. */
  cancelled: { id: 'odpt.FlightInformationArrival:HND-JAT.HND.NH246', numbers: ['NH246'] },
  /** A Skymark arrival that the data says landed elsewhere. */
  diverted: { id: 'odpt.FlightInformationArrival:HND-JAT.HND.BC508', numbers: ['BC508'] },
});

/**
 * Three arrivals at Haneda from Fukuoka scheduled at `arrival` (epoch ms; the
 * records give it to the minute, Japan time), each published as the airports
 * do: a code-share (three numbers), a cancelled flight and a diverted one
 * (status `Diverted`, with the summary text the airports add).
 */
export function unusualFlights(arrival: number): FlightFixtureSet {
  const iso = new Date(Math.floor(arrival / 60_000) * 60_000 + 9 * 3_600_000).toISOString().slice(0, 16) + ':00+09:00';
  const time = iso.slice(11, 16);
  const record = (id: string, airline: string, numbers: readonly string[], status: string, extra: Record<string, unknown> = {}) => ({
    '@context': 'http://vocab.odpt.org/context_odpt.jsonld',
    '@id': `urn:uuid:00000000-0000-4000-9000-${numbers[0].padStart(12, '0')}`,
    '@type': 'odpt:FlightInformationArrival',
    'dc:date': iso,
    'owl:sameAs': id,
    'odpt:operator': 'odpt.Operator:HND-JAT',
    'odpt:airline': `odpt.Operator:${airline}`,
    'odpt:flightNumber': [...numbers],
    'odpt:flightStatus': `odpt.FlightStatus:${status}`,
    'odpt:scheduledArrivalTime': time,
    'odpt:arrivalAirport': 'odpt.Airport:HND',
    'odpt:originAirport': 'odpt.Airport:FUK',
    ...extra,
  });
  const u = UNUSUAL_FLIGHTS;
  return {
    arrivals: [
      record(u.codeShare.id, 'JAL', u.codeShare.numbers, 'OnTime'),
      record(u.cancelled.id, 'ANA', u.cancelled.numbers, 'Cancelled'),
      record(u.diverted.id, 'SKY', u.diverted.numbers, 'Diverted', { 'odpt:flightInformationSummary': { ja: '成田空港に着陸しました', en: 'Landed at Narita' } }),
    ],
    departures: [],
  };
}

/** Two fixture sets served together. */
export function joinFixtures(a: FlightFixtureSet, b: FlightFixtureSet): FlightFixtureSet {
  return { arrivals: [...a.arrivals, ...b.arrivals], departures: [...a.departures, ...b.departures] };
}
