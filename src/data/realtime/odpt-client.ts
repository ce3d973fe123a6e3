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
import { ODPT_ENDPOINTS, ODPT_HOSTS, validateHosts, type OdptEndpoint, type OdptHostConfig, type OdptSecretName } from './odpt-config.ts';
import {
  OdptResponseError,
  parseJsonBody,
  parseTrainInformation,
  parseTrains,
  type LineStatus,
  type ParseContext,
  type TrainPosition,
} from './odpt-parse.ts';
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

/** One failed request. */
export interface OdptFailure {
  /** Host id (`odpt`, `challenge`). */
  host: string;
  /** Endpoint asked. */
  endpoint: OdptEndpoint;
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
    this.fetchFn = options.fetch ?? defaultFetch();
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
    for (const outcome of outcomes) applyOutcome(result, outcome);
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

  /** One GET: the body parsed and validated, or a failure. */
  private async request(host: OdptHostConfig, token: string, endpoint: OdptEndpoint, signal?: AbortSignal): Promise<EndpointOutcome> {
    const operators = host.operators[endpoint].map((o) => `${ODPT_ID_PREFIXES.operator}${o}`).join(',');
    const url = `${host.baseUrl}${endpoint}?odpt:operator=${operators}&acl:consumerKey=${encodeURIComponent(token)}`;
    const where = `${endpoint} from host "${host.id}" (${redactSecrets(url, [token])})`;
    const failWith = (kind: OdptFailureKind, key: string, message: string, status?: number): EndpointOutcome => ({
      endpoint,
      failure: { host: host.id, endpoint, kind, key, status, message: redactSecrets(message, [token]) },
    });
    const fail: FailFn = (kind, key, why, status) => failWith(kind, key, `${where}: ${why}`, status);
    const call = new TimedCall(this.timeoutMs, signal);
    try {
      const response = await this.fetchFn(url, { signal: call.signal, headers: { Accept: 'application/json' } });
      const text = await response.text();
      if (!response.ok) return httpFailure(fail, host, response, text);
      const context: ParseContext = { source: where, operatorAliases: host.operatorAliases };
      const body = parseJsonBody(text, context);
      if (endpoint === 'odpt:Train') return { endpoint, trains: parseTrains(body, context) };
      return { endpoint, statuses: parseTrainInformation(body, context) };
    } catch (error) {
      if (error instanceof OdptResponseError) {
        return failWith(error.kind, error.kind === 'malformed-json' ? 'malformed JSON' : 'unexpected response shape', error.message);
      }
      if (call.timedOut) return fail('timeout', 'timeout', `no complete answer within ${this.timeoutMs} ms (request aborted).`);
      if (call.cancelled) return fail('aborted', 'aborted', 'the request was cancelled by the caller.');
      return fail('unreachable', 'unreachable', `the host could not be reached: ${errorText(error)}.`);
    } finally {
      call.dispose();
    }
  }
}

/** What one request produced. */
type EndpointOutcome =
  | { endpoint: OdptEndpoint; trains: { records: TrainPosition[]; problems: string[] } }
  | { endpoint: OdptEndpoint; statuses: { records: LineStatus[]; problems: string[] } }
  | { endpoint: OdptEndpoint; failure: OdptFailure };

function applyOutcome(result: OdptHostResult, outcome: EndpointOutcome): void {
  if ('failure' in outcome) {
    result.state = 'failed';
    result.failures.push(outcome.failure);
  } else if ('trains' in outcome) {
    result.trains = outcome.trains.records;
    result.problems.push(...outcome.trains.problems);
  } else {
    result.statuses = outcome.statuses.records;
    result.problems.push(...outcome.statuses.problems);
  }
}

type FailFn = (kind: OdptFailureKind, key: string, why: string, status?: number) => EndpointOutcome;

function httpFailure(fail: FailFn, host: OdptHostConfig, response: FetchResponseLike, body: string): EndpointOutcome {
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const excerpt = body.trim() === '' ? 'empty body' : `body ${JSON.stringify(body.trim().slice(0, 160))}`;
  if (response.status === 401 || response.status === 403) {
    const why = `${status}: the access token was refused; check secrets.${host.secret} or the default token for "${host.secret}" (${excerpt}).`;
    return fail('bad-key', 'HTTP 401/403 bad key', why, response.status);
  }
  return fail('http', `HTTP ${response.status}`, `${status} (${excerpt}).`, response.status);
}

/** Host id → token, for hosts that have one (the secret, else the caller's default). */
function resolveTokens(hosts: readonly OdptHostConfig[], secrets?: OdptSecrets, defaults?: Partial<Record<OdptSecretName, string>>): Map<string, string> {
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

/** The error's message with its cause's code or message (Node's fetch hides the reason in `cause`). */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = (error as Error & { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return `${error.message} (${typeof code === 'string' ? `${code}: ` : ''}${cause.message})`;
  }
  return error.message;
}

function defaultFetch(): FetchLike {
  return (url, init) => {
    if (typeof globalThis.fetch !== 'function') return Promise.reject(new Error('no global fetch in this environment; pass options.fetch'));
    return globalThis.fetch(url, init);
  };
}

/**
 * A time-out timer that fires later than this (ms) means the thread was busy
 * (a long task, e.g. a slow frame under software WebGL), not that the host was slow.
 */
export const STALL_TOLERANCE_MS = 1_000;
/** After such a stall, an answer that arrived meanwhile gets this long (ms) to be processed before the time-out applies. */
export const STALL_GRACE_MS = 1_000;
/** At most this many grace periods per request, so a thread that never catches up still times out. */
const MAX_STALL_GRACES = 3;

/** Monotonic milliseconds (`performance.now`, else `Date.now`). */
function monotonicNow(): number {
  return typeof globalThis.performance?.now === 'function' ? globalThis.performance.now() : Date.now();
}

/**
 * An AbortSignal that fires on timeout or when the caller's signal fires,
 * telling which happened. The timeout counts only time the thread could have
 * spent on the answer: when its timer fires more than {@link STALL_TOLERANCE_MS}
 * late, the thread was blocked, and an answer that arrived meanwhile is still
 * queued behind the timer; it gets {@link STALL_GRACE_MS} more instead of
 * being aborted as a timeout of the host.
 */
class TimedCall {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private graces = 0;
  private readonly onCallerAbort = (): void => {
    this.cancelled = true;
    this.controller.abort();
  };
  timedOut = false;
  cancelled = false;

  constructor(
    timeoutMs: number,
    private readonly caller?: AbortSignal,
  ) {
    this.arm(timeoutMs);
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  private arm(ms: number): void {
    const due = monotonicNow() + ms;
    this.timer = setTimeout(() => {
      if (monotonicNow() - due > STALL_TOLERANCE_MS && this.graces < MAX_STALL_GRACES) {
        this.graces += 1;
        this.arm(STALL_GRACE_MS);
        return;
      }
      this.timedOut = true;
      this.controller.abort();
    }, ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
