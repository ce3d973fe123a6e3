/**
 * One HTTP request with a time limit, cancellable by the caller, that never
 * rejects for a fault of the service: the ODPT, flight, GTFS Realtime and
 * radar clients all ask through {@link fetchWithTimeout} and word its
 * {@link FetchFailure} in their own messages.
 *
 * The time limit covers the body too. It counts only time the thread could
 * have spent on the answer: when the timer fires more than
 * {@link STALL_TOLERANCE_MS} late, the thread was blocked (a long task, such
 * as a slow frame under software WebGL), and an answer that arrived meanwhile
 * is still queued behind the timer; it gets {@link STALL_GRACE_MS} more
 * instead of being aborted as a timeout of the host.
 *
 * @module
 */
import { GLOBAL_TIMERS, type PollTimers } from './polling/poll-loop.ts';

/** The part of a fetch `Response` every client reads. */
export interface HttpResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  text(): Promise<string>;
}

/** Why a request failed. */
export type FetchFailure<Response extends HttpResponse = HttpResponse> =
  /** No complete answer within the time limit (the request was aborted). */
  | { kind: 'timeout'; timeoutMs: number }
  /** The caller cancelled it. */
  | { kind: 'aborted' }
  /** The host could not be reached; `text` is the error's message with its cause. */
  | { kind: 'unreachable'; error: unknown; text: string }
  /** An HTTP error status; `status` is `HTTP 503 Service Unavailable`, `body` its body ('' when unreadable). */
  | { kind: 'http'; response: Response; status: string; body: string };

/** The body read, or why not. */
export type FetchOutcome<Body, Response extends HttpResponse = HttpResponse> = { ok: true; body: Body; response: Response } | { ok: false; failure: FetchFailure<Response> };

/** Options of {@link fetchWithTimeout}. */
export interface TimedFetchOptions {
  /** Time limit of the request, body included, ms. */
  timeoutMs: number;
  /** The caller's cancellation. */
  signal?: AbortSignal;
  /** Timers of the time limit (default the global ones). */
  timers?: PollTimers;
}

/**
 * A time-out timer that fires later than this (ms) means the thread was busy,
 * not that the host was slow.
 */
export const STALL_TOLERANCE_MS = 1_000;
/** After such a stall, an answer that arrived meanwhile gets this long (ms) to be processed before the time-out applies. */
export const STALL_GRACE_MS = 1_000;
/** At most this many grace periods per request, so a thread that never catches up still times out. */
const MAX_STALL_GRACES = 3;

/**
 * Sends a request (`send` gets the signal to pass to `fetch`) and reads the
 * body of a good answer with `read`, within the time limit.
 */
export async function fetchWithTimeout<Response extends HttpResponse, Body>(
  send: (signal: AbortSignal) => Promise<Response>,
  read: (response: Response) => Promise<Body>,
  options: TimedFetchOptions,
): Promise<FetchOutcome<Body, Response>> {
  const call = new TimedCall(options.timeoutMs, options.signal, options.timers ?? GLOBAL_TIMERS);
  try {
    const response = await send(call.signal);
    if (!response.ok) {
      const body = await response.text().catch((error: unknown) => {
        if (call.signal.aborted) throw error;
        return '';
      });
      return { ok: false, failure: { kind: 'http', response, status: httpStatus(response), body } };
    }
    return { ok: true, body: await read(response), response };
  } catch (error) {
    if (call.timedOut) return { ok: false, failure: { kind: 'timeout', timeoutMs: options.timeoutMs } };
    if (call.cancelled) return { ok: false, failure: { kind: 'aborted' } };
    return { ok: false, failure: { kind: 'unreachable', error, text: errorText(error) } };
  } finally {
    call.dispose();
  }
}

/**
 * A failure other than an HTTP status in the clients' words: `no complete answer within 300 ms (request aborted).`,
 * `the request was cancelled by the caller.`, `the host could not be reached: fetch failed (ECONNREFUSED: …).`
 * (`subject`: `host` or `service`).
 */
export function failureText(failure: Exclude<FetchFailure, { kind: 'http' }>, subject: string): string {
  if (failure.kind === 'timeout') return `no complete answer within ${failure.timeoutMs} ms (request aborted).`;
  if (failure.kind === 'aborted') return 'the request was cancelled by the caller.';
  return `the ${subject} could not be reached: ${failure.text}.`;
}

/** `HTTP 503 Service Unavailable` (the status text when there is one). */
export function httpStatus(response: Pick<HttpResponse, 'status' | 'statusText'>): string {
  return `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
}

/** `empty body`, or `body "…"` with the body's first 160 characters. */
export function bodyExcerpt(body: string): string {
  const text = body.trim();
  return text === '' ? 'empty body' : `body ${JSON.stringify(text.slice(0, 160))}`;
}

/** The error's message with its cause's code or message (Node's fetch hides the reason in `cause`). */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = (error as Error & { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return `${error.message} (${typeof code === 'string' ? `${code}: ` : ''}${cause.message})`;
  }
  return error.message;
}

/** The global `fetch`, or a rejection saying there is none (pass a `fetch` option then). */
export function globalFetch<Init, Response>(): (url: string, init: Init) => Promise<Response> {
  return (url, init) => {
    if (typeof globalThis.fetch !== 'function') return Promise.reject(new Error('no global fetch in this environment; pass options.fetch'));
    return globalThis.fetch(url, init as RequestInit) as Promise<Response>;
  };
}

/** Monotonic milliseconds (`performance.now`, else `Date.now`). */
function monotonicNow(): number {
  return typeof globalThis.performance?.now === 'function' ? globalThis.performance.now() : Date.now();
}

/** An AbortSignal that fires on timeout (with the stall grace of the module description) or when the caller's signal fires, telling which happened. */
class TimedCall {
  private readonly controller = new AbortController();
  private timer: unknown;
  private graces = 0;
  private readonly onCallerAbort = (): void => {
    this.cancelled = true;
    this.controller.abort();
  };
  timedOut = false;
  cancelled = false;

  constructor(
    timeoutMs: number,
    private readonly caller: AbortSignal | undefined,
    private readonly timers: PollTimers,
  ) {
    this.arm(timeoutMs);
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  private arm(ms: number): void {
    const due = monotonicNow() + ms;
    this.timer = this.timers.setTimeout(() => {
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
    this.timers.clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
