/**
 * Selection through the API of a {@link Map}: trains, flights, stations and GTFS vehicles by id, and where a
 * train, flight or vehicle is drawn now.
 *
 * @internal
 * @module
 */
import { GTFS_SELECTION_PREFIX, gtfsSelectionId } from '../data/gtfs/feed-view.ts';
import { parseSelectionId, toOdptId, type ParsedId } from '../data/ids.ts';
import { NO_TRAIN } from '../data/trains/train-codes.ts';
import { selectStation } from '../select-station.ts';
import type { AppState } from '../store.ts';
import type { MapDataSources } from './map-data-sources.ts';
import type { MapHost } from './map-host.ts';
import { MapOptionError } from './options.ts';

/** Where something moving is drawn: longitude, latitude, altitude (metres) and heading (degrees). */
export interface MovingPosition {
  lng: number;
  lat: number;
  altitude: number;
  bearing: number;
}

type FlightFeed = NonNullable<AppState['flights']>['feed'];

/** The id of what is selected: a train, flight or station (without prefix), or a GTFS vehicle (`gtfs:<source>:<vehicle>`). */
export function selectionIdOf({ selection }: AppState): string | null {
  // A train clicked a moment ago has no id until its details arrive.
  if (!selection) return null;
  return selection.kind === 'gtfs' ? gtfsSelectionId(selection) : selection.id || null;
}

/** Selects by id and finds what is selected. */
export class MapSelection {
  /**
   * @param flightsLinked settles once the flight code has loaded (or failed to)
   */
  constructor(
    private readonly host: MapHost,
    private readonly dataSources: MapDataSources,
    private readonly flightsLinked: Promise<void>,
  ) {}

  /** See {@link Map.getSelection}. */
  get(): string | null {
    return selectionIdOf(this.host.store().getState());
  }

  /** See {@link Map.setSelection}. */
  set(id: string | null): void {
    if (id === null) {
      this.host.store().getState().deselect();
      return;
    }
    if (typeof id === 'string' && id.startsWith(GTFS_SELECTION_PREFIX)) {
      this.dataSources.selectVehicle(id);
      return;
    }
    const parsed = parseSelectionId(typeof id === 'string' ? id : '');
    if (!parsed) {
      throw new MapOptionError('selection', id, `Invalid selection ${JSON.stringify(id)}: expected a train id such as "odpt.Train:JR-East.Yamanote.400G", a flight id such as "odpt.FlightInformationDeparture:HND-JAT.HND.JL163", a station id such as "odpt.Station:JR-East.Yamanote.Shinjuku", a GTFS vehicle id "gtfs:<data source id>:<vehicle id>", or null.`);
    }
    if (parsed.kind === 'station') this.selectStation(parsed.id);
    else if (parsed.kind === 'flight') void this.selectFlight(parsed);
    else void this.selectTrain(id);
  }

  /** Selects a station's group by id (without prefix); an unknown station fires `error`. */
  selectStation(id: string): void {
    const store = this.host.store();
    const network = store.getState().network;
    if (!network) return;
    const station = network.stationIndex.get(id);
    const container = this.host.container();
    const size = container ? { width: container.clientWidth, height: container.clientHeight } : undefined;
    if (station === undefined || !selectStation(store, station, size)) this.host.reportError(`Station "${id}" is not on the map; nothing was selected.`);
  }

  /** Selects and tracks a train by id (prefix optional); one not running now fires `error`. */
  async selectTrain(input: string): Promise<void> {
    const parsed = parseSelectionId(input);
    if (!parsed || parsed.kind !== 'train') return;
    const store = this.host.store();
    // Called before the trains run (right after `new Map`, before `load`): select once they do.
    const feed = store.getState().trainFeed ?? (await this.whenState((s) => s.trainFeed !== null)).trainFeed;
    if (!feed || this.host.removed()) return;
    const train = await feed.find(parsed.id);
    if (train === NO_TRAIN) {
      this.host.reportError(`Train "${parsed.id}" is not running at the current time; nothing was selected.`);
      return;
    }
    store.getState().select({ kind: 'train', train, id: parsed.id });
  }

  /** Selects and tracks a flight; one not on the map now (or no airplanes) fires `error`. */
  async selectFlight(parsed: ParsedId): Promise<void> {
    const input = toOdptId(parsed);
    const ready = await this.flightsReady();
    if (this.host.removed()) return;
    if ('reason' in ready) {
      this.host.reportError(`Flight "${parsed.id}" cannot be selected: ${ready.reason}.`);
      return;
    }
    const key = ready.feed.find(parsed.direction ? input : parsed.id);
    const planned = key ? ready.feed.flight(key) : null;
    if (!key || !planned || !ready.feed.stateOf(key)) {
      this.host.reportError(`Flight "${parsed.id}" is not in the air or on the runway at the current time; nothing was selected.`);
      return;
    }
    this.host.store().getState().select({ kind: 'flight', key, id: planned.id, direction: planned.kind });
  }

  /** See {@link Map.getFlightPosition}. */
  flightPosition(id: string): MovingPosition | null {
    const parsed = parseSelectionId(id);
    const feed = this.host.store().getState().flights?.feed;
    if (!parsed || parsed.kind !== 'flight' || !feed) return null;
    const key = feed.find(parsed.direction ? toOdptId(parsed) : parsed.id);
    const state = key ? feed.stateOf(key) : null;
    return state ? { lng: state.lng, lat: state.lat, altitude: state.altitude, bearing: state.heading } : null;
  }

  /** See {@link Map.getTrainPosition}. */
  async trainPosition(id: string): Promise<MovingPosition | null> {
    if (typeof id === 'string' && id.startsWith(GTFS_SELECTION_PREFIX)) {
      this.host.store();
      const pose = this.dataSources.vehiclePose(id);
      return pose ? { lng: pose.lng, lat: pose.lat, altitude: 0, bearing: pose.bearing } : null;
    }
    const parsed = parseSelectionId(id);
    const feed = this.host.store().getState().trainFeed;
    if (!parsed || parsed.kind !== 'train' || !feed) return null;
    const train = await feed.find(parsed.id);
    const frame = feed.latest();
    if (train === NO_TRAIN || !frame) return null;
    for (let k = 0; k < frame.trainCount; k++) {
      if (frame.trains[k] !== train) continue;
      const [lng, lat, altitude, bearing] = frame.heads.subarray(k * 4, k * 4 + 4);
      return { lng, lat, altitude, bearing };
    }
    return null;
  }

  /** The loaded airplanes once their first flight information is in, or the reason there are none. */
  private async flightsReady(): Promise<{ feed: FlightFeed } | { reason: string }> {
    const store = this.host.store();
    await this.flightsLinked;
    // The link sets `flights` once the flights file has loaded; wait for it or for a state that means it never will.
    const handle = store.getState().flights ?? (await this.whenState((s) => !!s.flights || s.flightState === 'no-token' || s.flightState === 'failing')).flights;
    if (!handle) {
      const state = store.getState().flightState;
      return { reason: state === 'no-token' ? 'no flight information is shown without an access token (secrets.odpt)' : 'the flight information could not be loaded' };
    }
    await handle.ready;
    return { feed: handle.feed };
  }

  /** The app's state once `ready` holds for it, or once the map is removed. */
  private whenState(ready: (s: AppState) => boolean): Promise<AppState> {
    const store = this.host.store();
    return new Promise((resolve) => {
      const check = (s: AppState) => {
        if (ready(s) || this.host.removed()) {
          unsubscribe();
          resolve(s);
        }
      };
      const unsubscribe = store.subscribe(check);
      check(store.getState());
    });
  }
}
