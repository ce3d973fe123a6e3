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
import { bodyExcerpt, failureText, fetchWithTimeout, globalFetch } from '../timed-fetch.ts';
import { ODPT_ENDPOINTS, ODPT_HOSTS, validateHosts, type OdptEndpoint, type OdptHostConfig, type OdptSecretName } from './odpt-config.ts';
import { OdptResponseError, parseJsonBody, parseTrainInformation, parseTrains, type LineStatus, type ParseContext, type ParseResult, type TrainPosition } from './odpt-parse.ts';
import { ODPT_ID_PREFIXES } from './odpt-types.ts';

/** Access tokens by secret name (the map option `secrets`). */
export interface OdptSecrets {
  odpt?: string;
  challenge2025?: string;
  /** Unused since version 4.0: accepted and ignored. */
  challenge2024?: string;
  /** Unused since version 3.1: accepted and ignored. */
  tokyochallenge?: string;
}

/** The part of a fetch `Response` the client uses. */
export interface FetchResponseLike {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  text(): Promise<string>;
}

/** A `fetch`-compatible function (the global `fetch` by default). */
export type FetchLike = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<FetchResponseLike>;

/** Options of {@link OdptClient}. */
export interface OdptClientOptions {
  /** Hosts to ask (default {@link ODPT_HOSTS}); tests point them at a local server. */
  hosts?: readonly OdptHostConfig[];
  /** Tokens given by the embedding page. */
  secrets?: OdptSecrets;
  /** Tokens used when a secret is missing (the app's build-time defaults). */
  defaultTokens?: Partial<Record<OdptSecretName, string>>;
  /** HTTP function (default: global `fetch`). */
  fetch?: FetchLike;
  /** Time limit of one request, body included, in ms (default 10 000). */
  timeoutMs?: number;
  /** Clock for `fetchedAt` (default `Date.now`). */
  now?: () => number;
}

/** Why a request failed. `aborted` means the caller cancelled it (not an error of the service). */
export type OdptFailureKind = 'unreachable' | 'timeout' | 'http' | 'bad-key' | 'malformed-json' | 'unexpected-shape' | 'aborted';

/** One failed request (of an endpoint of type `Endpoint`: train endpoints by default). */
export interface OdptFailure<Endpoint extends string = OdptEndpoint> {
  /** Host id (`odpt`, `challenge`). */
  host: string;
  /** Endpoint asked. */
  endpoint: Endpoint;
  kind: OdptFailureKind;
  /**
   * De-duplication key of the failure within its host: `unreachable`,
   * `timeout`, `HTTP 503`, `HTTP 401/403 bad key`, `malformed JSON`,
   * `unexpected response shape`, `aborted`.
   */
  key: string;
  /** HTTP status, for `http` and `bad-key`. */
  status?: number;
  /** What failed, where and why; no token in it. */
  message: string;
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

/** Default time limit of one request (ms). */
export const DEFAULT_TIMEOUT_MS = 10_000;

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

/**
 * Replaces `acl:consumerKey=…` (also URL-encoded as `acl%3AconsumerKey=…`)
 * by `acl:consumerKey=***`, and every literal occurrence of the given tokens by `***`.
 */
export function redactSecrets(text: string, tokens: readonly string[] = []): string {
  let out = text.replace(/(acl(?::|%3A)consumerKey)=[^&\s"'#)]*/gi, '$1=***');
  for (const token of tokens) {
    if (token.length >= 4) out = out.split(token).join('***');
  }
  return out;
}

/** Real-time client of the open data center hosts. */
export class OdptClient {
  /** The hosts asked, in order. */
  readonly hosts: readonly OdptHostConfig[];
  private readonly tokens: ReadonlyMap<string, string>;
  private readonly fetchFn: FetchLike;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  /** @throws Error listing every problem of the host configuration or the timeout. */
  constructor(options: OdptClientOptions = {}) {
    this.hosts = options.hosts ?? ODPT_HOSTS;
    const problems = validateHosts(this.hosts);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(this.timeoutMs > 0) || !Number.isFinite(this.timeoutMs)) problems.push(`timeoutMs must be a positive number of milliseconds, got ${String(options.timeoutMs)}.`);
    if (problems.length > 0) throw new Error(`OdptClient: invalid options: ${problems.join(' ')}`);
    this.tokens = resolveTokens(this.hosts, options.secrets, options.defaultTokens);
    this.fetchFn = options.fetch ?? globalFetch();
    this.now = options.now ?? Date.now;
  }

  /** Ids of the configured hosts. */
  get hostIds(): string[] {
    return this.hosts.map((host) => host.id);
  }

  /** Whether a host has a token (a host without one is never asked). */
  hasToken(hostId: string): boolean {
    return this.tokens.has(hostId);
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
    const host = this.hosts.find((h) => h.id === hostId);
    if (!host) throw new Error(`OdptClient.fetchHost: unknown host id "${hostId}"; known ids: ${this.hostIds.map((id) => `"${id}"`).join(', ')}.`);
    const token = this.tokens.get(host.id);
    const result: OdptHostResult = { host: host.id, state: 'ok', problems: [], failures: [], timetableOnlyOperators: [], fetchedAt: this.now() };
    if (token === undefined) {
      result.state = 'no-token';
      result.timetableOnlyOperators = hostOperators(host);
      return result;
    }
    const asked = endpoints.filter((endpoint) => (host.operators[endpoint] ?? []).length > 0);
    const outcomes = await Promise.all(asked.map((endpoint) => this.request(host, token, endpoint, signal)));
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
  private request(host: OdptHostConfig, token: string, endpoint: OdptEndpoint, signal?: AbortSignal): Promise<OdptOutcome<OdptEndpoint, ParseResult<TrainPosition | LineStatus>>> {
    const parse: (body: unknown, context: ParseContext) => ParseResult<TrainPosition | LineStatus> = endpoint === 'odpt:Train' ? parseTrains : parseTrainInformation;
    return fetchOdptResource({ fetch: this.fetchFn, timeoutMs: this.timeoutMs, host, token, endpoint, operators: host.operators[endpoint], signal }, parse);
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

/** The records of one request, or why not. */
export type OdptOutcome<Endpoint extends string, T> = { value: T } | { failure: OdptFailure<Endpoint> };

/** One request of {@link fetchOdptResource}. */
export interface OdptRequest<Endpoint extends string> {
  fetch: FetchLike;
  timeoutMs: number;
  /** The host asked (its operator aliases go to the parser). */
  host: Pick<OdptHostConfig, 'id' | 'baseUrl' | 'secret'> & { operatorAliases?: OdptHostConfig['operatorAliases'] };
  token: string;
  endpoint: Endpoint;
  /** Operators asked (without `odpt.Operator:`), joined by commas (the API's OR syntax). */
  operators: readonly string[];
  signal?: AbortSignal;
}

/**
 * One GET of a resource of the open data center API:
 * `{baseUrl}{endpoint}?odpt:operator=odpt.Operator:A,odpt.Operator:B&acl:consumerKey=KEY`, its body parsed as JSON
 * and handed to `parse`; or a failure (unreachable, timeout, HTTP, bad key, malformed JSON, unexpected shape,
 * cancelled) whose message names the resource, the host and the URL, never the token.
 */
export async function fetchOdptResource<Endpoint extends string, T>(request: OdptRequest<Endpoint>, parse: (body: unknown, context: ParseContext) => T): Promise<OdptOutcome<Endpoint, T>> {
  const { host, token, endpoint, timeoutMs } = request;
  const operators = request.operators.map((o) => `${ODPT_ID_PREFIXES.operator}${o}`).join(',');
  const url = `${host.baseUrl}${endpoint}?odpt:operator=${operators}&acl:consumerKey=${encodeURIComponent(token)}`;
  const where = `${endpoint} from host "${host.id}" (${redactSecrets(url, [token])})`;
  const fail = (kind: OdptFailureKind, key: string, message: string, status?: number): OdptOutcome<Endpoint, T> => ({
    failure: { host: host.id, endpoint, kind, key, ...(status !== undefined ? { status } : {}), message: redactSecrets(message, [token]) },
  });
  const outcome = await fetchWithTimeout((signal) => request.fetch(url, { signal, headers: { Accept: 'application/json' } }), (response) => response.text(), { timeoutMs, signal: request.signal });
  if (!outcome.ok) {
    const failure = outcome.failure;
    if (failure.kind !== 'http') return fail(failure.kind, failure.kind, `${where}: ${failureText(failure, 'host')}`);
    const status = failure.response.status;
    const excerpt = bodyExcerpt(failure.body);
    if (status === 401 || status === 403) {
      const why = `${failure.status}: the access token was refused; check secrets.${host.secret} or the default token for "${host.secret}" (${excerpt}).`;
      return fail('bad-key', 'HTTP 401/403 bad key', `${where}: ${why}`, status);
    }
    return fail('http', `HTTP ${status}`, `${where}: ${failure.status} (${excerpt}).`, status);
  }
  const context: ParseContext = { source: where, operatorAliases: host.operatorAliases };
  try {
    return { value: parse(parseJsonBody(outcome.body, context), context) };
  } catch (error) {
    if (!(error instanceof OdptResponseError)) throw error;
    return fail(error.kind, error.kind === 'malformed-json' ? 'malformed JSON' : 'unexpected response shape', error.message);
  }
}

/** Host id → token, for hosts that have one (the secret, else the caller's default). */
export function resolveTokens(hosts: readonly Pick<OdptHostConfig, 'id' | 'secret'>[], secrets?: OdptSecrets, defaults?: Partial<Record<OdptSecretName, string>>): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const host of hosts) {
    const token = nonEmpty(secrets?.[host.secret]) ?? nonEmpty(defaults?.[host.secret]);
    if (token !== undefined) tokens.set(host.id, token);
  }
  return tokens;
}

function nonEmpty(value: string | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Every operator a host serves, aliases resolved, without repeats. */
function hostOperators(host: OdptHostConfig): string[] {
  const all = ODPT_ENDPOINTS.flatMap((endpoint) => host.operators[endpoint] ?? []).map((o) => host.operatorAliases[o] ?? o);
  return [...new Set(all)];
}
