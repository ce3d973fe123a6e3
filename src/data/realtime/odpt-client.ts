/**
 * HTTP client for the real-time endpoints of the open data center API v4.
 *
 * Each configured host ({@link OdptHostConfig}) is asked, with its own token
 * only, for the operators it serves: one request per host and endpoint, the
 * operators joined by commas (the API's OR syntax):
 * `GET {baseUrl}odpt:Train?odpt:operator=odpt.Operator:A,odpt.Operator:B&acl:consumerKey=KEY`.
 *
 * Tokens: `secrets.odpt` and `secrets.challenge2025`, each falling back to the
 * caller's default token; `challenge2024` and `tokyochallenge` are accepted and
 * never sent ({@link ignoredSecretNames} lists them for the caller's note). A
 * host with no token is not asked at all and reported as `no-token` (the app
 * shows its operators as "timetables only").
 *
 * Nothing here ever puts a token in a message: URLs in messages carry
 * `acl:consumerKey=***`, and any other text is passed through {@link redactSecrets}.
 *
 * @module
 */
import { ODPT_ENDPOINTS, ODPT_HOSTS, validateHosts, type OdptEndpoint, type OdptHostConfig } from './odpt-config.ts';
import { parseTrainInformation, parseTrains, type LineStatus, type ParseContext, type ParseResult, type TrainPosition } from './odpt-parse.ts';
import { OdptHostClient, type OdptFailure, type OdptHostClientOptions, type OdptOutcome, type OdptSecrets } from './odpt-request.ts';

export { redactSecrets, type FetchLike, type OdptFailure, type OdptFailureKind, type OdptSecrets } from './odpt-request.ts';

/** Options of {@link OdptClient}. */
export interface OdptClientOptions extends OdptHostClientOptions {
  /** Hosts to ask (default {@link ODPT_HOSTS}); tests point them at a local server. */
  hosts?: readonly OdptHostConfig[];
}

/** How one host fared. */
export type OdptHostState = 'ok' | 'failed' | 'no-token';

/** The answer of one host. */
export interface OdptHostResult {
  host: string;
  state: OdptHostState;
  /** Trains, when `odpt:Train` was asked and answered. */
  trains?: TrainPosition[];
  /** Line statuses, when `odpt:TrainInformation` was asked and answered. */
  statuses?: LineStatus[];
  /** Per-record problems of the answers used. */
  problems: string[];
  /** Failed requests (empty when `state` is not `failed`). */
  failures: OdptFailure[];
  /** Operators of this host (ours, aliases resolved) that run on timetables only because it has no token. */
  timetableOnlyOperators: string[];
  fetchedAt: number;
}

/** The combined answer of every host. */
export interface OdptFetchResult {
  trains: TrainPosition[];
  statuses: LineStatus[];
  /** Per-record problems, then one message per failed request. */
  problems: string[];
  fetchedAt: number;
  /** Per host, in configuration order. */
  hosts: OdptHostResult[];
}

/** Secret names the client accepts but never uses. */
const IGNORED_SECRETS = ['challenge2024', 'tokyochallenge'] as const;

/**
 * Names of the given secrets that are accepted but unused
 * (`challenge2024` since version 4.0, `tokyochallenge` since 3.1), for the
 * caller's note.
 */
export function ignoredSecretNames(secrets: OdptSecrets | undefined): string[] {
  return IGNORED_SECRETS.filter((name) => typeof secrets?.[name] === 'string' && secrets[name] !== '');
}

/** Real-time client of the open data center hosts. */
export class OdptClient extends OdptHostClient<OdptHostConfig> {
  /** @throws Error listing every problem of the host configuration or the timeout. */
  constructor(options: OdptClientOptions = {}) {
    const hosts = options.hosts ?? ODPT_HOSTS;
    super('OdptClient', hosts, validateHosts(hosts), options);
  }

  /** `odpt:Train` from every host with a token. */
  fetchTrains(signal?: AbortSignal): Promise<OdptFetchResult> {
    return this.fetchEvery(['odpt:Train'], signal);
  }

  /** `odpt:TrainInformation` from every host with a token. */
  fetchTrainInformation(signal?: AbortSignal): Promise<OdptFetchResult> {
    return this.fetchEvery(['odpt:TrainInformation'], signal);
  }

  /** Both endpoints from every host with a token. */
  fetchAll(signal?: AbortSignal): Promise<OdptFetchResult> {
    return this.fetchEvery(ODPT_ENDPOINTS, signal);
  }

  /**
   * The given endpoints (default both) from one host. Service failures
   * (unreachable, timeout, HTTP errors, bad answers) and cancellation are
   * reported in the result, never as a rejection.
   *
   * @throws Error (as a rejection) only when `hostId` is not configured.
   */
  async fetchHost(hostId: string, signal?: AbortSignal, endpoints: readonly OdptEndpoint[] = ODPT_ENDPOINTS): Promise<OdptHostResult> {
    const host = this.hostOf(hostId);
    const token = this.tokens.get(host.id);
    const result: OdptHostResult = { host: host.id, state: 'ok', problems: [], failures: [], timetableOnlyOperators: [], fetchedAt: this.now() };
    if (token === undefined) {
      result.state = 'no-token';
      result.timetableOnlyOperators = hostOperators(host);
      return result;
    }
    const asked = endpoints.filter((endpoint) => (host.operators[endpoint] ?? []).length > 0);
    const outcomes = await Promise.all(asked.map((endpoint) => this.requestEndpoint(host, token, endpoint, signal)));
    outcomes.forEach((outcome, index) => applyOutcome(result, asked[index], outcome));
    result.fetchedAt = this.now();
    return result;
  }

  private async fetchEvery(endpoints: readonly OdptEndpoint[], signal?: AbortSignal): Promise<OdptFetchResult> {
    const hosts = await Promise.all(this.hosts.map((host) => this.fetchHost(host.id, signal, endpoints)));
    return {
      trains: hosts.flatMap((h) => h.trains ?? []),
      statuses: hosts.flatMap((h) => h.statuses ?? []),
      problems: hosts.flatMap((h) => [...h.problems, ...h.failures.map((f) => f.message)]),
      fetchedAt: this.now(),
      hosts,
    };
  }

  /** One endpoint of one host: its records, or a failure. */
  private requestEndpoint(host: OdptHostConfig, token: string, endpoint: OdptEndpoint, signal?: AbortSignal): Promise<OdptOutcome<OdptEndpoint, ParseResult<TrainPosition | LineStatus>>> {
    const parse: (body: unknown, context: ParseContext) => ParseResult<TrainPosition | LineStatus> = endpoint === 'odpt:Train' ? parseTrains : parseTrainInformation;
    return this.request(host, token, endpoint, host.operators[endpoint], signal, parse);
  }
}

function applyOutcome(result: OdptHostResult, endpoint: OdptEndpoint, outcome: OdptOutcome<OdptEndpoint, ParseResult<TrainPosition | LineStatus>>): void {
  if ('failure' in outcome) {
    result.state = 'failed';
    result.failures.push(outcome.failure);
  } else if (endpoint === 'odpt:Train') {
    result.trains = outcome.value.records as TrainPosition[];
    result.problems.push(...outcome.value.problems);
  } else {
    result.statuses = outcome.value.records as LineStatus[];
    result.problems.push(...outcome.value.problems);
  }
}

/** Every operator a host serves, aliases resolved, without repeats. */
function hostOperators(host: OdptHostConfig): string[] {
  const all = ODPT_ENDPOINTS.flatMap((endpoint) => host.operators[endpoint] ?? []).map((o) => host.operatorAliases[o] ?? o);
  return [...new Set(all)];
}
