/**
 * Reads radar tiles in a worker (`tile-reader-worker.ts`): PNG bytes in,
 * palette codes per pixel out (see {@link readTile}). The worker starts with
 * the first tile and lives until {@link WorkerTileReader.dispose}, or until it
 * fails (the next tile starts a new one).
 *
 * @module
 */
import { WorkerChannel } from '../worker/channel.ts';
import type { TileReading } from './rain-grid.ts';
import type { TileId } from './radar-tiles.ts';
// `Worker` that names its script in errors; imported under that name so that bundlers still see `new Worker(new URL(…))`.
import { Worker } from '../worker/script-worker.ts';

/** Reads one tile's PNG into palette codes; rejects with why when it cannot be decoded. */
export type TileReader = (png: Uint8Array, tile: TileId, size: number) => Promise<TileReading>;

/** The tile worker's method (the PNG's buffer goes there, the codes' buffer comes back, both transferred). */
export type TileReaderMethods = {
  read(request: { png: Uint8Array; tile: TileId; size: number }): TileReading;
};

/** A {@link TileReader} backed by a worker. */
export class WorkerTileReader {
  private channel: WorkerChannel<TileReaderMethods> | null = null;

  /** Reads a tile; the PNG's bytes are handed over to the worker (do not use them afterwards). */
  readonly read: TileReader = (png, tile, size) => {
    const own = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : png.slice();
    return this.start().call('read', { png: own, tile, size }, { transfer: [own.buffer as ArrayBuffer] });
  };

  private start(): WorkerChannel<TileReaderMethods> {
    if (this.channel) return this.channel;
    const worker = new Worker(new URL('./tile-reader-worker.ts', import.meta.url), { type: 'module', name: 'radar tiles' });
    const channel: WorkerChannel<TileReaderMethods> = new WorkerChannel<TileReaderMethods>(worker, {
      failureMessage: (detail) => `the tile decoder stopped (${detail || 'worker error'})`,
      // Reads under way have been rejected; the next read starts a new worker.
      onError: () => {
        channel.terminate();
        if (this.channel === channel) this.channel = null;
      },
    });
    this.channel = channel;
    return channel;
  }

  /** Stops the worker; reads under way reject. */
  dispose(): void {
    this.channel?.terminate('the tile decoder was stopped');
    this.channel = null;
  }
}
