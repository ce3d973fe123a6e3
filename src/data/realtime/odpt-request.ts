/**
 * What the ODPT train client and the flight information client share: the
 * tokens of each host (its own secret, else the caller's default), one
 * request of a resource with its failures in words that never show a token
 * ({@link fetchOdptResource}), and the base of both clients ({@link OdptHostClient}).
 *
 * @module
 */
import { bodyExcerpt, failureText, fetchWithTimeout, globalFetch } from '../timed-fetch.ts';
import type { OdptEndpoint, OdptHostConfig, OdptSecretName } from './odpt-config.ts';
import { OdptResponseError, parseJsonBody, type ParseContext } from './odpt-parse.ts';
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

/** Default time limit of one request (ms). */
export const DEFAULT_TIMEOUT_MS = 10_000;

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

/** The records of one request, or why not. */
export type OdptOutcome<Endpoint extends string, T> = { value: T } | { failure: OdptFailure<Endpoint> };

/** One request of {@link fetchOdptResource}. */
export interface OdptRequest<Endpoint extends string> {
  fetch: FetchLike;
  timeoutMs: number;
  /** The host asked (its operator aliases go to the parser). */
  host: OdptHost & { operatorAliases?: OdptHostConfig['operatorAliases'] };
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

/** A host as the shared client sees it. */
export type OdptHost = Pick<OdptHostConfig, 'id' | 'baseUrl' | 'secret'>;

/** Options both clients take. */
export interface OdptHostClientOptions {
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

/** The base of the train and flight clients: their hosts, tokens, request function, time limit and clock. */
export abstract class OdptHostClient<Host extends OdptHost> {
  /** The hosts asked, in order. */
  readonly hosts: readonly Host[];
  protected readonly tokens: ReadonlyMap<string, string>;
  protected readonly fetchFn: FetchLike;
  protected readonly timeoutMs: number;
  protected readonly now: () => number;

  /**
   * @param name the client's class name, in messages
   * @param problems what is wrong with `hosts` (a bad time limit is added)
   * @throws Error listing every problem of the hosts or the time limit.
   */
  constructor(
    private readonly name: string,
    hosts: readonly Host[],
    problems: string[],
    options: OdptHostClientOptions,
  ) {
    this.hosts = hosts;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(this.timeoutMs > 0) || !Number.isFinite(this.timeoutMs)) problems.push(`timeoutMs must be a positive number of milliseconds, got ${String(options.timeoutMs)}.`);
    if (problems.length > 0) throw new Error(`${name}: invalid options: ${problems.join(' ')}`);
    this.tokens = resolveTokens(hosts, options.secrets, options.defaultTokens);
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

  /** The configured host of an id. @throws Error naming the known ids when there is none. */
  protected hostOf(hostId: string): Host {
    const host = this.hosts.find((h) => h.id === hostId);
    if (!host) throw new Error(`${this.name}.fetchHost: unknown host id "${hostId}"; known ids: ${this.hostIds.map((id) => `"${id}"`).join(', ')}.`);
    return host;
  }

  /** One resource of one host, parsed by `parse` (see {@link fetchOdptResource}). */
  protected request<Endpoint extends string, T>(
    host: Host & { operatorAliases?: OdptHostConfig['operatorAliases'] },
    token: string,
    endpoint: Endpoint,
    operators: readonly string[],
    signal: AbortSignal | undefined,
    parse: (body: unknown, context: ParseContext) => T,
  ): Promise<OdptOutcome<Endpoint, T>> {
    return fetchOdptResource({ fetch: this.fetchFn, timeoutMs: this.timeoutMs, host, token, endpoint, operators, signal }, parse);
  }
}
