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
import { ODPT_MAIN_HOST, validateHosts, type OdptSecretName } from '../realtime/odpt-config.ts';
import type { ParseContext } from '../realtime/odpt-parse.ts';
import { OdptHostClient, type OdptFailure, type OdptHostClientOptions } from '../realtime/odpt-request.ts';
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
export interface FlightClientOptions extends OdptHostClientOptions {
  /** Hosts to ask (default {@link FLIGHT_HOSTS}). */
  hosts?: readonly FlightHostConfig[];
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
export class FlightClient extends OdptHostClient<FlightHostConfig> {
  /** @throws Error listing every problem of the host configuration or the timeout. */
  constructor(options: FlightClientOptions = {}) {
    const hosts = options.hosts ?? FLIGHT_HOSTS;
    // The train client's host rules (ids, base URLs, operator ids) apply as they are.
    const problems = validateHosts(
      hosts.map((h) => ({ id: h.id, baseUrl: h.baseUrl, secret: h.secret, operators: { 'odpt:Train': [], 'odpt:TrainInformation': h.operators }, operatorAliases: {} })),
    ).map((p) => p.replace('odpt:TrainInformation operator', 'flight information operator'));
    super('FlightClient', hosts, problems, options);
  }

  /**
   * Arrivals and departures from one host. Failures are in the result.
   *
   * @throws Error (as a rejection) only when `hostId` is not configured.
   */
  async fetchHost(hostId: string, signal?: AbortSignal): Promise<FlightHostResult> {
    const host = this.hostOf(hostId);
    const result: FlightHostResult = { host: host.id, state: 'ok', flights: [], answered: [], problems: [], failures: [], fetchedAt: this.now() };
    const token = this.tokens.get(host.id);
    if (token === undefined || host.operators.length === 0) {
      if (token === undefined) result.state = 'no-token';
      return result;
    }
    const kinds: FlightKind[] = ['arrival', 'departure'];
    const outcomes = await Promise.all(kinds.map((kind) => this.requestKind(host, token, kind, signal)));
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
  private requestKind(host: FlightHostConfig, token: string, kind: FlightKind, signal?: AbortSignal) {
    return this.request(host, token, FLIGHT_ENDPOINTS[kind], host.operators, signal, (body: unknown, context: ParseContext) => parseFlightInformation(body, kind, context));
  }
}
