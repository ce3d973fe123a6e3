/**
 * The GTFS data sources of a {@link Map}: their ids and options from the moment they are added, and the GTFS code
 * (`gtfs-link.ts`, its own chunk) that loads them once the network is on screen.
 *
 * @internal
 * @module
 */
import { parseGtfsSelectionId } from '../data/gtfs/feed-view.ts';
import type { DataSourceInfo, GtfsLink } from './gtfs-link.ts';
import type { MapHost } from './map-host.ts';
import { fail, formatOptionValue, resolveDataSource, type DataSourceOptions } from './options.ts';

/** A data source as added: its options (none yet for one from the app URL), where they came from, whether to fit its extent. */
interface Entry {
  options: DataSourceOptions | null;
  path: string;
  fit: boolean;
  /** The app URL's query, for a data source given by `gtfsurl`. */
  search?: string;
}

/** The data sources added to a map and not removed. */
export class MapDataSources {
  private readonly entries = new globalThis.Map<string, Entry>();
  private counter = 0;
  /** The GTFS link once loaded, and the promise of it. */
  private link: GtfsLink | null = null;
  private loading: Promise<GtfsLink | null> | null = null;

  constructor(private readonly host: MapHost) {}

  /** The ids of the data sources added and not removed. */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** Registers the data sources of the `dataSources` option (their ids, where given, are already known to be unique). */
  registerFromOptions(sources: readonly DataSourceOptions[]): void {
    // Generated ids (gtfs-1, …) skip the ids that later entries give.
    const given = new Set(sources.flatMap((source) => (source.id === undefined ? [] : [source.id])));
    sources.forEach((source, i) => this.register(source, `dataSources[${i}]`, false, given));
  }

  /**
   * Registers a data source; `path` names it in messages. Without an id it gets the next `gtfs-<n>` not in use and
   * not `reserved`.
   */
  private register(options: DataSourceOptions, path: string, fit: boolean, reserved?: ReadonlySet<string>): string {
    if (options.id !== undefined && this.entries.has(options.id)) {
      fail(`${path}.id`, options.id, `${formatOptionValue(options.id)} is already the id of a data source; expected a new id (or none).`);
    }
    const id = options.id ?? this.nextId(reserved);
    this.entries.set(id, { options, path, fit });
    return id;
  }

  /** See {@link Map.addDataSource}. */
  add(dataSource: DataSourceOptions): string {
    const store = this.host.store();
    const notices: string[] = [];
    const options = resolveDataSource(dataSource, 'dataSource', notices);
    for (const notice of notices) console.warn(`[map] ${notice}`);
    const id = this.register(options, 'dataSource', false);
    if (store.getState().networkDrawn) void this.load();
    return id;
  }

  /** See {@link Map.addDataSourceFromUrl}. */
  addFromUrl(search: string, fit: boolean): void {
    const id = this.nextId();
    this.entries.set(id, { options: null, path: 'gtfsurl', fit, search });
    if (this.host.store().getState().networkDrawn) void this.load();
  }

  /** See {@link Map.removeDataSource}. */
  remove(id: string): void {
    this.host.store();
    if (!this.entries.has(id)) {
      const ids = this.ids();
      this.host.reportError(`No data source ${formatOptionValue(id)} exists; ${ids.length ? `the data sources are ${ids.map((i) => JSON.stringify(i)).join(', ')}` : 'none has been added'}.`);
      return;
    }
    this.entries.delete(id);
    this.link?.remove(id);
  }

  /** See {@link Map.getDataSources}. */
  list(): DataSourceInfo[] {
    this.host.store();
    const loaded = new globalThis.Map((this.link?.list() ?? []).map((info) => [info.id, info]));
    return [...this.entries.entries()].map(
      ([id, { options }]) =>
        loaded.get(id) ?? {
          id,
          gtfsUrl: options?.gtfsUrl ?? '',
          vehiclePositionUrl: options?.vehiclePositionUrl ?? null,
          color: options?.color ?? null,
          status: 'loading',
          agencies: [],
          timezone: null,
          bounds: null,
          routeCount: 0,
          stopCount: 0,
          vehicleCount: 0,
        },
    );
  }

  /** Where a vehicle (`gtfs:<data source id>:<vehicle id>`) is drawn now, or null. */
  vehiclePose(id: string): { lng: number; lat: number; bearing: number } | null {
    const vehicle = parseGtfsSelectionId(id, this.ids());
    return (vehicle && this.link?.pose(vehicle.source, vehicle.vehicleId, Date.now())) || null;
  }

  /** Selects and tracks a vehicle (`gtfs:<data source id>:<vehicle id>`); one not on the map fires `error`. */
  selectVehicle(id: string): void {
    const store = this.host.store();
    const vehicle = parseGtfsSelectionId(id, this.ids());
    if (vehicle && this.link?.pose(vehicle.source, vehicle.vehicleId, Date.now())) store.getState().select({ kind: 'gtfs', ...vehicle });
    else this.host.reportError(`GTFS vehicle "${id}" is not on the map (expected gtfs:<data source id>:<vehicle id> of a vehicle shown now); nothing was selected.`);
  }

  /** Loads the data sources once the network is on screen (when there are any). */
  start(): void {
    if (this.entries.size > 0) void this.load();
  }

  private nextId(reserved: ReadonlySet<string> = new Set()): string {
    let id: string;
    do id = `gtfs-${++this.counter}`;
    while (this.entries.has(id) || reserved.has(id));
    return id;
  }

  /** Loads the GTFS code (the first time) and hands it the data sources not yet handed over. */
  private load(): Promise<GtfsLink | null> {
    const host = this.host;
    this.loading ??= import('./gtfs-link.ts').then(
      ({ GtfsLink }) => {
        if (host.removed()) return null;
        const container = host.container();
        const size = () => ({ width: container?.clientWidth ?? 0, height: container?.clientHeight ?? 0 });
        const link = new GtfsLink(host.store(), host.reportError, size);
        this.link = link;
        host.onRemove(() => link.dispose());
        return link;
      },
      (e: Error) => {
        const first = this.ids()[0];
        host.reportError(`Could not load the GTFS data source code: ${e.message}`, { error: e, source: first === undefined ? undefined : { type: 'dataSource', id: first } });
        return null;
      },
    );
    return this.loading.then((link) => {
      if (!link) return null;
      for (const [id, entry] of this.entries) {
        if (link.has(id)) continue;
        if (entry.search !== undefined) {
          if (!link.addFromUrl(id, entry.search, entry.fit)) this.entries.delete(id);
        } else if (entry.options) link.addOptions(id, entry.options, entry.path, { fit: entry.fit });
      }
      return link;
    });
  }
}
