/**
 * `Map.trackObject`: Mini Tokyo 3D's way for plugins to select something of their own (`{id, selectionType}`)
 * so that the map's `selection` and `deselection` events carry it, one selection at a time with the map's own.
 *
 * @internal
 * @module
 */

/** Something a plugin selects: its own fields travel in the `selection` and `deselection` events. */
export interface TrackedObject {
  id?: unknown;
  /** The plugin's kind of selection (e.g. `'livecam'`), for its listeners to recognise it. */
  selectionType?: string;
  [key: string]: unknown;
}

/** What the tracking changes and tells. */
export interface TrackingHost {
  /** Selects a train, flight or station by id (as `Map.setSelection`). */
  select(id: string): void;
  /** Ends the map's own selection, if any. */
  deselect(): void;
  fire(type: 'selection' | 'deselection', data: TrackedObject): void;
}

const isSame = (a: TrackedObject, b: TrackedObject) => a === b || (a.id === b.id && a.selectionType === b.selectionType);

/** The object a plugin tracks, if any. */
export class ObjectTracking {
  private tracked: TrackedObject | null = null;

  constructor(private readonly host: TrackingHost) {}

  /**
   * Selects `object`, or with none ends the selection (a plugin's, or else the map's own). An object with
   * `type` `'train'`, `'flight'` or `'station'` and an `id` selects that on the map.
   */
  track(object?: TrackedObject | null): void {
    if (!object) {
      if (this.tracked) this.end();
      else this.host.deselect();
      return;
    }
    const { type, id } = object;
    if ((type === 'train' || type === 'flight' || type === 'station') && typeof id === 'string') {
      this.end();
      this.host.select(id);
      return;
    }
    if (this.tracked && isSame(this.tracked, object)) return;
    this.end();
    this.host.deselect();
    this.tracked = object;
    this.host.fire('selection', { ...object });
  }

  /** Ends a plugin's selection (the map selected something of its own): its `deselection` fires. */
  end(): void {
    const tracked = this.tracked;
    if (!tracked) return;
    this.tracked = null;
    this.host.fire('deselection', { ...tracked });
  }
}
