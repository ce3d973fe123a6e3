import { describe, expect, it } from 'vitest';
import { acceptTileCallbacks } from '../../src/api/mapbox-tile-sources';

interface Tile {
  id: string;
  state?: string;
  texture?: string;
}

/** A tile source as MapLibre writes them: promises, no callbacks. */
class PromiseSource {
  calls: string[] = [];
  async loadTile(tile: Tile): Promise<void> {
    await Promise.resolve();
    if (tile.id === 'missing') throw new Error(`tile ${tile.id} not found`);
    tile.texture = `texture of ${tile.id}`;
    tile.state = 'loaded';
    this.calls.push(`load ${tile.id}`);
  }
  async unloadTile(tile: Tile): Promise<void> {
    this.calls.push(`unload ${tile.id}`);
  }
}

class SubSource extends PromiseSource {}

acceptTileCallbacks([PromiseSource]);
const adapted = Object.getOwnPropertyDescriptor(PromiseSource.prototype, 'loadTile');
acceptTileCallbacks([PromiseSource, SubSource]);

type WithCallback = (tile: Tile, callback: (error: unknown) => void) => Promise<void>;

describe('tile sources that take Mapbox GL callbacks', () => {
  it("called as MapLibre calls them (no callback), they are MapLibre's own", async () => {
    const source = new PromiseSource();
    const tile: Tile = { id: '1/0/0' };
    await source.loadTile(tile);
    expect(tile.state).toBe('loaded');
    await expect(source.loadTile({ id: 'missing' })).rejects.toThrow('tile missing not found');
  });

  it('called with a callback, they call it once loaded, with the error when loading failed, and never reject', async () => {
    const source = new PromiseSource();
    const tile: Tile = { id: '1/0/1' };
    const seen = await new Promise<unknown>((resolve) => (source.loadTile as unknown as WithCallback)(tile, resolve));
    expect(seen).toBeNull();
    expect(tile.texture).toBe('texture of 1/0/1');

    let error: unknown;
    await (source.loadTile as unknown as WithCallback)({ id: 'missing' }, (e) => (error = e));
    expect((error as Error).message).toBe('tile missing not found');
  });

  it("a replacement written for Mapbox GL (it calls the class's method with a callback) is a promise to MapLibre", async () => {
    const source = new PromiseSource();
    const read: string[] = [];
    // As mapbox-gl-rain-layer replaces a raster source's loadTile: the class's first, then the tile's texture read.
    (source as unknown as { loadTile: unknown }).loadTile = function (this: PromiseSource, tile: Tile, callback: (error: unknown) => void) {
      const own = (this.constructor as typeof PromiseSource).prototype.loadTile as unknown as WithCallback;
      void own.call(this, tile, (error) => {
        read.push(`${tile.id}: ${tile.texture}`);
        callback(error);
      });
    };
    const tile: Tile = { id: '2/1/1' };
    await source.loadTile(tile);
    expect(read).toEqual(['2/1/1: texture of 2/1/1']);
    expect(source.calls).toEqual(['load 2/1/1']);
    await expect(source.loadTile({ id: 'missing' })).rejects.toThrow('tile missing not found');
  });

  it("a replacement in MapLibre's form, and the other sources, are left as they are", async () => {
    const source = new PromiseSource();
    const other = new SubSource();
    const own = async (tile: Tile) => void (tile.state = 'replaced');
    source.loadTile = own;
    expect(source.loadTile).toBe(own);
    const tile: Tile = { id: '3/0/0' };
    await other.loadTile(tile);
    expect(tile.state).toBe('loaded');
    expect(other.calls).toEqual(['load 3/0/0']);
  });

  it('a subclass is served by its parent, and adapting twice wraps once', async () => {
    expect(Object.getOwnPropertyDescriptor(PromiseSource.prototype, 'loadTile')).toStrictEqual(adapted);
    expect(Object.getOwnPropertyDescriptor(SubSource.prototype, 'loadTile')).toBeUndefined();
    const source = new SubSource();
    let calls = 0;
    await (source.unloadTile as unknown as WithCallback)({ id: '4/0/0' }, () => calls++);
    expect(calls).toBe(1);
    expect(source.calls).toEqual(['unload 4/0/0']);
  });
});
