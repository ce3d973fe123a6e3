/**
 * A local stand-in for one host of the open data center API v4, for unit and
 * end-to-end tests (two instances emulate the main and the challenge host).
 *
 * - Serves `GET /api/v4/odpt:Train` and `GET /api/v4/odpt:TrainInformation`
 *   from fixtures, as JSON arrays of JSON-LD records like the real API.
 * - Enforces the consumer key: none → HTTP 401, a wrong one → HTTP 403, with an
 *   ODPT-like JSON error body (the real body's wording is not documented
 *   publicly; clients should rely on the status code only).
 * - Filters by `odpt:operator`, `odpt:railway` and `owl:sameAs`, each a comma-
 *   separated OR list, with or without the `odpt.X:` prefix.
 * - Test controls: failure modes ({@link OdptServerMode}), request log and
 *   counts, fixture and key replacement, random port, CORS for browsers.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Records served per endpoint (raw JSON values, so malformed records can be served too). */
export interface OdptFixtureSet {
  trains: readonly unknown[];
  trainInformation: readonly unknown[];
}

/**
 * How the server answers authorised requests to an endpoint:
 * - `normal`: the filtered fixtures;
 * - `http-500` / `http-503`: that status with an error body;
 * - `malformed-json`: HTTP 200 with a body cut in the middle of a record;
 * - `not-array`: HTTP 200 with a JSON object at the top level;
 * - `hang`: headers never sent (the client's timeout must fire);
 * - `hang-body`: headers and half a body sent, then nothing;
 * - `close`: the connection is destroyed without an answer.
 */
export type OdptServerMode = 'normal' | 'http-500' | 'http-503' | 'malformed-json' | 'not-array' | 'hang' | 'hang-body' | 'close';

/** The two endpoints served. */
export type OdptServerEndpoint = 'odpt:Train' | 'odpt:TrainInformation';

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/api/v4/odpt:Train`. */
  path: string;
  /** The endpoint, or null for an unknown path. */
  endpoint: OdptServerEndpoint | null;
  /** `odpt:operator` values, prefixes kept, in request order. */
  operators: string[];
  /** The `acl:consumerKey` sent, or null. Tests only: the keys here are fake. */
  consumerKey: string | null;
  /** Status answered, or null for `hang`/`close`. */
  status: number | null;
  /** Mode in force. */
  mode: OdptServerMode;
}

/** Options of {@link startOdptServer}. */
export interface OdptServerOptions {
  /** The consumer key this host accepts. */
  key: string;
  fixtures: OdptFixtureSet;
  /** Initial mode (default `normal`). */
  mode?: OdptServerMode;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
}

/** A running server and its controls. */
export interface OdptServerHandle {
  /** Base URL ending in `/api/v4/`, to put in a host configuration. */
  url: string;
  port: number;
  /** Every request so far, oldest first. */
  requests: RecordedRequest[];
  /** Sets the mode of one endpoint, or of both when `endpoint` is omitted. */
  setMode(mode: OdptServerMode, endpoint?: OdptServerEndpoint): void;
  /** Replaces the records served. */
  setFixtures(fixtures: OdptFixtureSet): void;
  /** Replaces the accepted key. */
  setKey(key: string): void;
  /** Number of requests so far, to one endpoint or in all. */
  requestCount(endpoint?: OdptServerEndpoint): number;
  /** Forgets the request log. */
  clearRequests(): void;
  /** Stops listening and destroys open connections (hanging ones included). */
  close(): Promise<void>;
}

/** The body served by `malformed-json`: a record cut off mid-way. */
export const MALFORMED_JSON_BODY = '[{"@id":"urn:uuid:3c1f4b0e-0000-4000-8000-000000000001","@type":"odpt:Train","owl:sameAs":"odpt.Train:TokyoMetro.Ginza.A701","odpt:railway":';

const PREFIX = '/api/v4/';
const ENDPOINTS: readonly OdptServerEndpoint[] = ['odpt:Train', 'odpt:TrainInformation'];
const JSON_TYPE = 'application/json; charset=utf-8';

/** Starts a server on a random port of 127.0.0.1. */
export async function startOdptServer(options: OdptServerOptions): Promise<OdptServerHandle> {
  const state = {
    key: options.key,
    fixtures: options.fixtures,
    modes: new Map<OdptServerEndpoint, OdptServerMode>(ENDPOINTS.map((e) => [e, options.mode ?? 'normal'])),
    requests: [] as RecordedRequest[],
  };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => handle(state, req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server, options.host ?? '127.0.0.1');
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}${PREFIX}`,
    port,
    requests: state.requests,
    setMode: (mode, endpoint) => (endpoint ? [endpoint] : ENDPOINTS).forEach((e) => state.modes.set(e, mode)),
    setFixtures: (fixtures) => (state.fixtures = fixtures),
    setKey: (key) => (state.key = key),
    requestCount: (endpoint) => state.requests.filter((r) => endpoint === undefined || r.endpoint === endpoint).length,
    clearRequests: () => state.requests.splice(0),
    close: () => closeServer(server, sockets),
  };
}

interface ServerState {
  key: string;
  fixtures: OdptFixtureSet;
  modes: Map<OdptServerEndpoint, OdptServerMode>;
  requests: RecordedRequest[];
}

function handle(state: ServerState, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const name = url.pathname.startsWith(PREFIX) ? decodeURIComponent(url.pathname.slice(PREFIX.length)) : '';
  const endpoint = (ENDPOINTS as readonly string[]).includes(name) ? (name as OdptServerEndpoint) : null;
  const mode = endpoint ? (state.modes.get(endpoint) ?? 'normal') : 'normal';
  const record: RecordedRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    endpoint,
    operators: list(url.searchParams.get('odpt:operator')),
    consumerKey: url.searchParams.get('acl:consumerKey'),
    status: null,
    mode,
  };
  state.requests.push(record);
  res.setHeader('Access-Control-Allow-Origin', '*');
  const send = (status: number, body: string) => {
    record.status = status;
    res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' });
    res.end(body);
  };
  if (req.method === 'OPTIONS') return send(204, '');
  if (req.method !== 'GET') return send(405, errorBody(405, 'Method Not Allowed', 'only GET is supported'));
  if (!endpoint) return send(404, errorBody(404, 'Not Found', `unknown resource "${url.pathname}"`));
  if (record.consumerKey === null || record.consumerKey === '') return send(401, errorBody(401, 'Unauthorized', 'acl:consumerKey is required'));
  if (record.consumerKey !== state.key) return send(403, errorBody(403, 'Forbidden', 'acl:consumerKey is invalid'));
  answer(mode, () => filtered(state.fixtures, endpoint, url.searchParams), send, res, req);
}

function answer(mode: OdptServerMode, records: () => unknown[], send: (status: number, body: string) => void, res: ServerResponse, req: IncomingMessage): void {
  switch (mode) {
    case 'normal':
      return send(200, JSON.stringify(records()));
    case 'http-500':
      return send(500, errorBody(500, 'Internal Server Error', 'simulated failure'));
    case 'http-503':
      return send(503, errorBody(503, 'Service Unavailable', 'simulated maintenance'));
    case 'malformed-json':
      return send(200, MALFORMED_JSON_BODY);
    case 'not-array':
      return send(200, JSON.stringify({ '@context': 'http://vocab.odpt.org/context_odpt.jsonld', '@type': 'odpt:Train', message: 'not a list' }));
    case 'hang':
      return; // never answer; close() destroys the socket
    case 'hang-body':
      res.writeHead(200, { 'Content-Type': JSON_TYPE });
      res.write('[{"@type":"odpt:Train",');
      return; // never finish the body
    case 'close':
      req.socket.destroy();
      return;
  }
}

/** The fixture records of an endpoint matching the query's filters. */
function filtered(fixtures: OdptFixtureSet, endpoint: OdptServerEndpoint, query: URLSearchParams): unknown[] {
  const records = endpoint === 'odpt:Train' ? fixtures.trains : fixtures.trainInformation;
  const filters = (['odpt:operator', 'odpt:railway', 'owl:sameAs'] as const)
    .map((field) => ({ field, values: list(query.get(field)).map(bare) }))
    .filter((f) => f.values.length > 0);
  return records.filter((record) => filters.every(({ field, values }) => matches(record, field, values)));
}

function matches(record: unknown, field: string, values: string[]): boolean {
  if (typeof record !== 'object' || record === null) return true; // malformed records are served as they are
  const value = (record as Record<string, unknown>)[field];
  return typeof value === 'string' && values.includes(bare(value));
}

function list(value: string | null): string[] {
  return value ? value.split(',').map((v) => v.trim()).filter((v) => v !== '') : [];
}

function bare(id: string): string {
  return id.replace(/^odpt\.[A-Za-z]+:/, '');
}

/** An error body in the API's JSON-LD style. */
function errorBody(status: number, title: string, detail: string): string {
  return JSON.stringify({ '@context': 'http://vocab.odpt.org/context_odpt.jsonld', status, title, detail });
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}
