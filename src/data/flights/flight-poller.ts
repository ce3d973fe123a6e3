/**
 * Polls the flight information hosts with the train poller's rules
 * ({@link HostPoller}: back-off after failures, one `onError` per distinct
 * failure of a host until it answers cleanly again, polling only while
 * started, visible and enabled), default interval one minute. The last good
 * answer of each host and kind (arrivals, departures) is kept while the host
 * fails, for at most `maxStaleMs`.
 *
 * @module
 */
import { HostPoller, type HostPollerOptions } from '../polling/host-poller.ts';
import type { FlightFailure, FlightHostResult } from './flight-client.ts';
import type { FlightKind } from './flight-model.ts';
import { FLIGHT_ENDPOINTS, type FlightInfo } from './flight-records.ts';

/** Where the poller gets flights from; {@link FlightClient} is one. */
export interface FlightSource {
  readonly hostIds: readonly string[];
  fetchHost(hostId: string, signal?: AbortSignal): Promise<FlightHostResult>;
}

/** What `onUpdate` receives. */
export interface FlightUpdate {
  /** Flights of every host, stale ones dropped. */
  flights: FlightInfo[];
  /** When the newest data was received (epoch ms), or null. */
  updatedAt: number | null;
  /** Per-record problems of the answers in use. */
  problems: string[];
  /** Hosts without a token (no airplanes from them). */
  noToken: string[];
}

/** Options of {@link FlightPoller}. */
export interface FlightPollerOptions extends HostPollerOptions<FlightFailure> {
  source: FlightSource;
  onUpdate?: (update: FlightUpdate) => void;
}

/** Default poll interval of flight information, ms (the feeds change by the minute). */
export const DEFAULT_FLIGHT_INTERVAL_MS = 60_000;

interface Kept {
  flights: FlightInfo[];
  problems: string[];
  at: number;
}

interface HostData {
  noToken: boolean;
  kept: Partial<Record<FlightKind, Kept>>;
}

/** See the module description. */
export class FlightPoller extends HostPoller<FlightHostResult, FlightFailure> {
  private readonly onUpdate: FlightPollerOptions['onUpdate'];
  private readonly data = new Map<string, HostData>();

  /** @throws Error naming every invalid option. */
  constructor(options: FlightPollerOptions) {
    super('FlightPoller', options.source, options, DEFAULT_FLIGHT_INTERVAL_MS);
    this.onUpdate = options.onUpdate;
    this.forget();
  }

  /** The current data, stale answers dropped. */
  snapshot(): FlightUpdate {
    const limit = this.now() - this.maxStaleMs;
    const kept: Kept[] = [];
    for (const host of this.data.values()) {
      for (const kind of ['arrival', 'departure'] as const) {
        const entry = host.kept[kind];
        if (entry && entry.at < limit) delete host.kept[kind];
        else if (entry) kept.push(entry);
      }
    }
    return {
      flights: kept.flatMap((k) => k.flights),
      updatedAt: kept.length > 0 ? Math.max(...kept.map((k) => k.at)) : null,
      problems: kept.flatMap((k) => k.problems),
      noToken: [...this.data].filter(([, host]) => host.noToken).map(([id]) => id),
    };
  }

  protected received(id: string, result: FlightHostResult): void {
    const host = this.data.get(id)!;
    const at = this.now();
    if (result.state === 'no-token') host.noToken = true;
    else {
      for (const kind of result.answered) {
        const endpoint = `${FLIGHT_ENDPOINTS[kind]} `;
        host.kept[kind] = { flights: result.flights.filter((f) => f.kind === kind), problems: result.problems.filter((p) => p.startsWith(endpoint)), at };
      }
    }
    this.onUpdate?.(this.snapshot());
  }

  protected thrown(host: string, error: unknown): FlightHostResult {
    const message = `host "${host}": the flight source failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
    return { host, state: 'failed', flights: [], answered: [], problems: [], failures: [{ host, endpoint: 'odpt:FlightInformationArrival', kind: 'unreachable', key: 'unreachable', message }], fetchedAt: this.now() };
  }

  protected forget(): void {
    for (const id of this.loops.keys()) this.data.set(id, { noToken: false, kept: {} });
  }

  /** Arrivals and departures fail apart: the key names the resource. */
  protected override keyOf(failure: FlightFailure): string {
    return `${failure.endpoint} ${failure.key}`;
  }
}
