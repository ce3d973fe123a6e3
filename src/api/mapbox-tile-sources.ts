/**
 * Tile sources that answer Mapbox GL's callbacks as well as MapLibre's promises.
 *
 * Mapbox GL's sources load, unload and abort a tile with a callback (`loadTile(tile, callback)`); MapLibre's return
 * a promise (`loadTile(tile)`). Code written for Mini Tokyo 3D (on Mapbox GL) replaces a source's `loadTile` with
 * one of its own that calls the class's with a callback and reads the tile there: mapbox-gl-rain-layer, the layer of
 * Mini Tokyo 3D's precipitation plugin, reads each radar tile's texture so. On MapLibre as is, that callback never
 * comes and MapLibre takes the replacement's `undefined` for a tile already loaded. With {@link acceptTileCallbacks}:
 * - the class's method, called with a callback, calls it once its promise settles (`callback(error)` or
 *   `callback(null, result)`), and its promise then never rejects (the caller listens to the callback);
 * - a method set on a source that takes a callback (two parameters or more) is given to MapLibre as a promise that
 *   settles when it calls back. One that takes the tile alone is kept as it is (MapLibre's own form).
 *
 * @internal
 * @module
 */

/** The methods of a tile source that take a tile (and, in Mapbox GL, a callback). */
const TILE_METHODS = ['loadTile', 'unloadTile', 'abortTile'] as const;

type TileMethod = (this: object, tile: unknown, callback?: unknown) => unknown;
type Callback = (error: unknown, result?: unknown) => void;

/** Marks the classes already adapted, so that importing twice does not wrap twice. */
const ADAPTED = Symbol.for('tokyo-transit-3d.tileCallbacks');

/** The class's own method, answering a callback when one is passed. */
function withCallback(own: TileMethod): TileMethod {
  return function (this: object, tile, callback) {
    const result = own.call(this, tile);
    if (typeof callback !== 'function') return result;
    const done = callback as Callback;
    return Promise.resolve(result).then(
      (value) => {
        done(null, value);
        return value;
      },
      (error: unknown) => void done(error),
    );
  };
}

/** A replacement written for Mapbox GL (it calls back), as MapLibre calls it: a promise of its callback. */
function asPromise(replacement: TileMethod): TileMethod {
  return function (this: object, tile) {
    return new Promise((resolve, reject) => {
      replacement.call(this, tile, ((error, result) => (error ? reject(error) : resolve(result))) satisfies Callback);
    });
  };
}

/**
 * Makes the tile sources of these classes (MapLibre's `RasterTileSource`, `VectorTileSource`, …) take Mapbox GL's
 * callbacks too (see the module's description). Only the methods a class defines itself are adapted (a subclass
 * that inherits one is served by its parent's).
 */
export function acceptTileCallbacks(classes: ReadonlyArray<{ prototype: object }>): void {
  for (const { prototype } of classes) {
    const proto = prototype as Record<PropertyKey, unknown>;
    if (Object.prototype.hasOwnProperty.call(proto, ADAPTED)) continue;
    Object.defineProperty(proto, ADAPTED, { value: true });
    for (const name of TILE_METHODS) {
      const own = Object.getOwnPropertyDescriptor(proto, name)?.value as TileMethod | undefined;
      if (typeof own !== 'function') continue;
      const adapted = withCallback(own);
      const replaced = new WeakMap<object, TileMethod>();
      Object.defineProperty(proto, name, {
        configurable: true,
        get(this: object) {
          return replaced.get(this) ?? adapted;
        },
        set(this: object, replacement: TileMethod) {
          replaced.set(this, typeof replacement === 'function' && replacement.length >= 2 ? asPromise(replacement) : replacement);
        },
      });
    }
  }
}
