/**
 * HTTP client for the flight information of the open data center API v4,
 * with the token handling and fault rules of the train client
 * (`realtime/odpt-client.ts`):
 *
 * - each host is asked with its own secret's token only (`secrets.odpt`,
 *   falling back to the caller's default token); a host without a token is not
 *   asked and reported as `no-token` (the app then shows no airplanes and says
 *   why);
 * - one request per host and resource, the publishing operators joined by
 *   commas (the API's OR syntax):
 *   `GET {baseUrl}odpt:FlightInformationArrival?odpt:operator=odpt.Operator:HND-JAT,...&acl:consumerKey=KEY`;
 * - failures (unreachable, timeout, HTTP, bad key, not JSON, not an array) are
 *   reported in the result, never thrown, with the same de-duplication keys
 *   as the train client; no message ever carries a token.
 *
 * @module
 */
import { DEFAULT_TIMEOUT_MS, fetchOdptResource, resolveTokens, type FetchLike, type OdptFailure, type OdptSecrets } from '../realtime/odpt-client.ts';
import { globalFetch } from '../timed-fetch.ts';
import { ODPT_MAIN_HOST, validateHosts, type OdptSecretName } from '../realtime/odpt-config.ts';
import type { ParseContext } from '../realtime/odpt-parse.ts';
import type { FlightKind } from './flight-model.ts';
import { parseFlightInformation } from './flight-parse.ts';
import { FLIGHT_ENDPOINTS, type FlightEndpoint, type FlightInfo } from './flight-records.ts';

/** One API host and the flight information publishers asked there. */
export interface FlightHostConfig {
  /** Short stable id used in messages and de-duplication (`odpt`). */
  readonly id: string;
  /** Base URL ending in `/api/v4/`. */
  readonly baseUrl: string;
  /** The secret whose token this host gets. */
  readonly secret: OdptSecretName;
  /** Publishing operators (without `odpt.Operator:`), asked for both resources. */
  readonly operators: readonly string[];
}

/**
 * The publishers of flight information at Haneda and Narita on the main host:
 * Japan Airport Terminal (`HND-JAT`, Haneda domestic), Tokyo International Air
 * Terminal (`HND-TIAT`, Haneda international) and Narita International Airport
 * (`NAA`). NAA's and HND-TIAT's records appear in the API's own samples; that
 * all three answer on the main host with the `odpt` token is from the open
 * data center's data set list, not verified here against the live service.
 */
export const FLIGHT_MAIN_HOST: FlightHostConfig = Object.freeze({
  id: ODPT_MAIN_HOST.id,
  baseUrl: ODPT_MAIN_HOST.baseUrl,
  secret: ODPT_MAIN_HOST.secret,
  operators: Object.freeze(['HND-JAT', 'HND-TIAT', 'NAA']),
});

/** Default hosts of the flight client. */
export const FLIGHT_HOSTS: readonly FlightHostConfig[] = Object.freeze([FLIGHT_MAIN_HOST]);

/** Options of {@link FlightClient}. */
export interface FlightClientOptions {
  hosts?: readonly FlightHostConfig[];
  secrets?: OdptSecrets;
  defaultTokens?: Partial<Record<OdptSecretName, string>>;
  fetch?: FetchLike;
  /** Time limit of one request, body included, ms (default 10 000). */
  timeoutMs?: number;
  now?: () => number;
}

/** Client options that can cross a message port to the worker (no functions). */
export type FlightRemoteOptions = Pick<FlightClientOptions, 'hosts' | 'secrets' | 'defaultTokens' | 'timeoutMs'>;

/** One failed request, with the train client's kinds and de-duplication keys (`HTTP 503`, `timeout`, ...). */
export type FlightFailure = OdptFailure<FlightEndpoint>;

/** The answer of one host. */
export interface FlightHostResult {
  host: string;
  state: 'ok' | 'failed' | 'no-token';
  /** Flights of the resources that answered (both kinds together). */
  flights: FlightInfo[];
  /** Which kinds answered (a kind that failed keeps the poller's last good data). */
  answered: FlightKind[];
  /** Per-record problems of the answers used. */
  problems: string[];
  failures: FlightFailure[];
  fetchedAt: number;
}

/** Flight information client; see the module description. */
export class FlightClient {
  readonly hosts: readonly FlightHostConfig[];
  private readonly tokens: ReadonlyMap<string, string>;
  private readonly fetchFn: FetchLike;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  /** @throws Error listing every problem of the host configuration or the timeout. */
  constructor(options: FlightClientOptions = {}) {
    this.hosts = options.hosts ?? FLIGHT_HOSTS;
    // The train client's host rules (ids, base URLs, operator ids) apply as they are.
    const problems = validateHosts(
      this.hosts.map((h) => ({ id: h.id, baseUrl: h.baseUrl, secret: h.secret, operators: { 'odpt:Train': [], 'odpt:TrainInformation': h.operators }, operatorAliases: {} })),
    ).map((p) => p.replace('odpt:TrainInformation operator', 'flight information operator'));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(this.timeoutMs > 0) || !Number.isFinite(this.timeoutMs)) problems.push(`timeoutMs must be a positive number of milliseconds, got ${String(options.timeoutMs)}.`);
    if (problems.length > 0) throw new Error(`FlightClient: invalid options: ${problems.join(' ')}`);
    this.tokens = resolveTokens(this.hosts, options.secrets, options.defaultTokens);
    this.fetchFn = options.fetch ?? globalFetch();
    this.now = options.now ?? Date.now;
  }

  /** Ids of the configured hosts. */
  get hostIds(): string[] {
    return this.hosts.map((h) => h.id);
  }

  /** Whether a host has a token. */
  hasToken(hostId: string): boolean {
    return this.tokens.has(hostId);
  }

  /**
   * Arrivals and departures from one host. Failures are in the result.
   *
   * @throws Error (as a rejection) only when `hostId` is not configured.
   */
  async fetchHost(hostId: string, signal?: AbortSignal): Promise<FlightHostResult> {
    const host = this.hosts.find((h) => h.id === hostId);
    if (!host) throw new Error(`FlightClient.fetchHost: unknown host id "${hostId}"; known ids: ${this.hostIds.map((id) => `"${id}"`).join(', ')}.`);
    const result: FlightHostResult = { host: host.id, state: 'ok', flights: [], answered: [], problems: [], failures: [], fetchedAt: this.now() };
    const token = this.tokens.get(host.id);
    if (token === undefined || host.operators.length === 0) {
      if (token === undefined) result.state = 'no-token';
      return result;
    }
    const kinds: FlightKind[] = ['arrival', 'departure'];
    const outcomes = await Promise.all(kinds.map((kind) => this.request(host, token, kind, signal)));
    outcomes.forEach((outcome, index) => {
      if ('failure' in outcome) {
        result.state = 'failed';
        result.failures.push(outcome.failure);
      } else {
        result.answered.push(kinds[index]);
        result.flights.push(...outcome.value.records);
        result.problems.push(...outcome.value.problems);
      }
    });
    result.fetchedAt = this.now();
    return result;
  }

  /** Both kinds from every host with a token, one result per host in configuration order. */
  async fetchAll(signal?: AbortSignal): Promise<FlightHostResult[]> {
    return Promise.all(this.hosts.map((h) => this.fetchHost(h.id, signal)));
  }

  /** One kind of flights from one host: its records, or a failure. */
  private request(host: FlightHostConfig, token: string, kind: FlightKind, signal?: AbortSignal) {
    const parse = (body: unknown, context: ParseContext) => parseFlightInformation(body, kind, context);
    return fetchOdptResource({ fetch: this.fetchFn, timeoutMs: this.timeoutMs, host, token, endpoint: FLIGHT_ENDPOINTS[kind], operators: host.operators, signal }, parse);
  }
}
