/**
 * Reads radar tiles in a worker (`tile-reader-worker.ts`): PNG bytes in,
 * palette codes per pixel out (see {@link readTile}). The worker starts with
 * the first tile and lives until {@link WorkerTileReader.dispose}.
 *
 * @module
 */
import type { TileReading } from './rain-grid.ts';
import type { TileId } from './radar-tiles.ts';

/** Reads one tile's PNG into palette codes; rejects with why when it cannot be decoded. */
export type TileReader = (png: Uint8Array, tile: TileId, size: number) => Promise<TileReading>;

/** A request to the worker (the PNG's buffer is transferred). */
export interface TileReadRequest {
  id: number;
  png: Uint8Array;
  tile: TileId;
  size: number;
}

/** The worker's answer (the codes' buffer is transferred). */
export type TileReadResponse = { id: number; ok: true; reading: TileReading } | { id: number; ok: false; message: string };

/** A {@link TileReader} backed by a worker. */
export class WorkerTileReader {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reading: TileReading) => void; reject: (error: Error) => void }>();

  /** Reads a tile; the PNG's bytes are handed over to the worker (do not use them afterwards). */
  readonly read: TileReader = (png, tile, size) =>
    new Promise<TileReading>((resolve, reject) => {
      const worker = this.start();
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      const own = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : png.slice();
      worker.postMessage({ id, png: own, tile, size } satisfies TileReadRequest, [own.buffer as ArrayBuffer]);
    });

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./tile-reader-worker.ts', import.meta.url), { type: 'module', name: 'radar tiles' });
    worker.onmessage = (event: MessageEvent<TileReadResponse>) => {
      const answer = event.data;
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.reading);
      else waiting.reject(new Error(answer.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(`the tile decoder stopped (${event.message || 'worker error'})`);
      this.worker?.terminate();
      this.worker = null;
    };
    this.worker = worker;
    return worker;
  }

  private fail(message: string) {
    for (const waiting of this.pending.values()) waiting.reject(new Error(message));
    this.pending.clear();
  }

  /** Stops the worker; reads under way reject. */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.fail('the tile decoder was stopped');
  }
}
