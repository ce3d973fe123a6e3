/**
 * Polls the real-time hosts, each on its own schedule, with exponential
 * back-off on failure and de-duplicated error reports: the rules of
 * {@link HostPoller} (`../polling/host-poller.ts`), default interval 15 s.
 *
 * The last good trains and statuses of each host and endpoint are kept while
 * the host fails, for at most `maxStaleMs` (default 5 min) after they were
 * received; then they are dropped (an old delay no longer applies) and
 * `onUpdate` fires without them.
 *
 * Runs in the browser, a worker or Node: timers and clock are injectable.
 *
 * @module
 */
import { HostPoller, type HostPollerOptions } from '../polling/host-poller.ts';
import type { OdptFailure, OdptHostResult } from './odpt-client.ts';
import type { LineStatus, TrainPosition } from './odpt-parse.ts';

export { backoffDelay } from '../polling/host-poller.ts';

/** Where the poller gets data from; {@link OdptClient} is one. */
export interface RealtimeSource {
  /** Host ids to poll. */
  readonly hostIds: readonly string[];
  /** Both endpoints of one host; must resolve (failures in the result), may honour `signal`. */
  fetchHost(hostId: string, signal?: AbortSignal): Promise<OdptHostResult>;
}

/** Health of one host as the app shows it. */
export interface HostHealth {
  /** `pending` before its first answer; `no-token` means its operators run on timetables only. */
  state: 'pending' | 'ok' | 'failing' | 'no-token';
  /** Consecutive failed polls. */
  consecutiveFailures: number;
  /** When it last answered without failure (epoch ms), or null. */
  lastSuccessAt: number | null;
  /** Operators shown from timetables only (for `no-token`). */
  timetableOnlyOperators: string[];
}

/** What {@link RealtimePollerOptions.onUpdate} receives. */
export interface RealtimeUpdate {
  /** Trains of every host, stale ones dropped. */
  trains: TrainPosition[];
  /** Line statuses of every host, stale ones dropped. */
  statuses: LineStatus[];
  /** When the newest data in this update was received (epoch ms), or null when there is none. */
  updatedAt: number | null;
  /** Per-record problems of the answers in use. */
  problems: string[];
  /** Health by host id. */
  hosts: Record<string, HostHealth>;
}

/** Options of {@link RealtimePoller}. */
export interface RealtimePollerOptions extends HostPollerOptions<OdptFailure> {
  source: RealtimeSource;
  /** New data, or data dropped as stale. */
  onUpdate?: (update: RealtimeUpdate) => void;
}

/** Default poll interval (ms). */
export const DEFAULT_INTERVAL_MS = 15_000;

/** Data of one endpoint and when it arrived. */
interface Kept<T> {
  records: T[];
  problems: string[];
  at: number;
}

/** What the poller keeps of one host. */
interface HostData {
  health: HostHealth;
  trains: Kept<TrainPosition> | null;
  statuses: Kept<LineStatus> | null;
}

/** Polls a {@link RealtimeSource} with back-off; see the module description. */
export class RealtimePoller extends HostPoller<OdptHostResult, OdptFailure> {
  private readonly onUpdate: RealtimePollerOptions['onUpdate'];
  private readonly data = new Map<string, HostData>();
  private expiryTimer: unknown = null;

  /** @throws Error naming every invalid option. */
  constructor(options: RealtimePollerOptions) {
    super('RealtimePoller', options.source, options, DEFAULT_INTERVAL_MS);
    this.onUpdate = options.onUpdate;
    this.forget();
  }

  /** The current merged data (stale data dropped), as `onUpdate` would receive it. */
  snapshot(): RealtimeUpdate {
    this.dropStale();
    const hosts = [...this.data.values()];
    const kept = hosts.flatMap((host) => [host.trains, host.statuses]).filter((k): k is Kept<TrainPosition> | Kept<LineStatus> => k !== null);
    return {
      trains: hosts.flatMap((host) => host.trains?.records ?? []),
      statuses: hosts.flatMap((host) => host.statuses?.records ?? []),
      updatedAt: kept.length > 0 ? Math.max(...kept.map((k) => k.at)) : null,
      problems: kept.flatMap((k) => k.problems),
      hosts: Object.fromEntries([...this.data].map(([id, host]) => [id, { ...host.health, timetableOnlyOperators: [...host.health.timetableOnlyOperators] }])),
    };
  }

  protected received(id: string, result: OdptHostResult, failures: number): void {
    const host = this.data.get(id)!;
    const at = this.now();
    if (result.trains) host.trains = { records: result.trains, problems: problemsOf(result, 'trains'), at };
    if (result.statuses) host.statuses = { records: result.statuses, problems: problemsOf(result, 'statuses'), at };
    const health = host.health;
    if (result.state === 'no-token') {
      health.state = 'no-token';
      health.timetableOnlyOperators = [...result.timetableOnlyOperators];
    } else if (failures === 0) {
      health.state = 'ok';
      health.consecutiveFailures = 0;
      health.lastSuccessAt = at;
    } else {
      health.state = 'failing';
      health.consecutiveFailures = failures;
    }
    this.emit();
  }

  /** A source that threw instead of reporting: counted as the host being unreachable. */
  protected thrown(host: string, error: unknown): OdptHostResult {
    const message = `host "${host}": the real-time source failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
    return {
      host,
      state: 'failed',
      problems: [],
      failures: [{ host, endpoint: 'odpt:Train', kind: 'unreachable', key: 'unreachable', message }],
      timetableOnlyOperators: [],
      fetchedAt: this.now(),
    };
  }

  protected forget(): void {
    this.timers.clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    for (const id of this.loops.keys()) {
      this.data.set(id, { health: { state: 'pending', consecutiveFailures: 0, lastSuccessAt: null, timetableOnlyOperators: [] }, trains: null, statuses: null });
    }
  }

  /** Back from a hidden page: stale data goes before the hosts are asked again. */
  protected override resuming(): void {
    this.emit();
  }

  /** Sends the current data to `onUpdate` and arms the timer that drops the next data to go stale. */
  private emit(): void {
    const update = this.snapshot();
    this.armExpiry();
    this.onUpdate?.(update);
  }

  private dropStale(): void {
    const limit = this.now() - this.maxStaleMs;
    for (const host of this.data.values()) {
      if (host.trains && host.trains.at < limit) host.trains = null;
      if (host.statuses && host.statuses.at < limit) host.statuses = null;
    }
  }

  private armExpiry(): void {
    this.timers.clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    const times = [...this.data.values()].flatMap((host) => [host.trains?.at, host.statuses?.at]).filter((t): t is number => t !== undefined);
    if (times.length === 0) return;
    const delay = Math.max(0, Math.min(...times) + this.maxStaleMs - this.now()) + 1;
    this.expiryTimer = this.timers.setTimeout(() => {
      this.expiryTimer = null;
      this.emit();
    }, delay);
  }
}

/** Problems of the answer that produced one kind of data (messages name the endpoint). */
function problemsOf(result: OdptHostResult, what: 'trains' | 'statuses'): string[] {
  const endpoint = what === 'trains' ? 'odpt:Train ' : 'odpt:TrainInformation ';
  return result.problems.filter((p) => p.startsWith(endpoint));
}
