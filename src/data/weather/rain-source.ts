/**
 * One read of the rain: the catalogue, then — when the frame to draw changed —
 * that frame's tiles over the area, decoded and read through the colour scale
 * into a {@link RainGrid}. It is the {@link CatalogueSource} of the
 * {@link RadarPoller}, so a failure anywhere in the read (catalogue, a tile,
 * decoding) goes through the poller's back-off, its one report per distinct
 * failure, and its recovery.
 *
 * @module
 */
import type { CatalogueResult, RadarFailure, RainViewerClient, TileResult } from './radar-client.ts';
import type { RadarFrame } from './radar-catalogue.ts';
import { DEFAULT_MAX_RADAR_AGE_MS, radarFrameAt } from './radar-frame.ts';
import type { CatalogueSource } from './radar-poller.ts';
import { tilesCovering, type LngLatBounds, type TileId } from './radar-tiles.ts';
import { RADAR_MAX_ZOOM } from './rainviewer-config.ts';
import { buildRainGrid, unreadableReason, type RainGrid, type TileReading } from './rain-grid.ts';
import type { TileReader } from './tile-reader.ts';

/** Options of {@link RainSource}. */
export interface RainSourceOptions {
  client: Pick<RainViewerClient, 'fetchCatalogue' | 'fetchTile'>;
  /** Where the rain is read (the network's extent with a margin). */
  area: LngLatBounds;
  /** Decodes a tile's PNG and reads its pixels through the colour scale (in a worker, in the app). */
  read: TileReader;
  /** The clock the frame is chosen by (the app's, in real time). */
  now: () => number;
  /** Frames older than this are not drawn, ms (default 30 min). */
  maxAgeMs?: number;
  /** Called with each new grid (a new frame read), or null when no frame fits the clock any more. */
  onGrid: (grid: RainGrid | null) => void;
  /**
   * Called when a frame's tiles have been read: `ms` from the last tile received to the grid made (decoding
   * included), `mainMs` of it on the calling thread (turning the readings into the grid), for benchmarks.
   */
  onDecoded?: (ms: number, mainMs: number) => void;
}

/** Tiles RainViewer draws at this zoom (its deepest) are about 1 km a pixel over Tokyo. */
const ZOOM = RADAR_MAX_ZOOM;
const SIZE = 256;

/** A source of catalogues that also keeps the rain grid of the frame to draw. */
export class RainSource implements CatalogueSource {
  private readonly options: RainSourceOptions;
  private gridValue: RainGrid | null = null;
  private framePath: string | null = null;

  constructor(options: RainSourceOptions) {
    this.options = options;
  }

  /** The grid of the last frame read, or null. */
  get grid(): RainGrid | null {
    return this.gridValue;
  }

  /** Forgets the grid when its frame is older than the age limit at `now` (after a long pause); returns whether it did. */
  dropIfStale(now: number): boolean {
    if (!this.gridValue || now - this.gridValue.time <= (this.options.maxAgeMs ?? DEFAULT_MAX_RADAR_AGE_MS)) return false;
    this.setGrid(null, null);
    return true;
  }

  async fetchCatalogue(signal?: AbortSignal): Promise<CatalogueResult> {
    // Rain read long ago is not shown while the radar fails to give a newer frame.
    this.dropIfStale(this.options.now());
    const result = await this.options.client.fetchCatalogue(signal);
    if (!result.ok) return result;
    const choice = radarFrameAt(result.catalogue, { mode: 'realtime', time: this.options.now() }, this.options.maxAgeMs);
    if (choice.frame === null) {
      this.setGrid(null, null);
      const kind = choice.reason === 'no-frame-yet' ? 'no-frame-yet' : 'stale';
      return { ok: false, failure: { kind, key: kind, message: `RainViewer catalogue: ${choice.message}` } };
    }
    if (choice.frame.path === this.framePath) return result;
    const failure = await this.readFrame(result, choice.frame, signal);
    return failure ? { ok: false, failure } : result;
  }

  private setGrid(grid: RainGrid | null, path: string | null) {
    this.gridValue = grid;
    this.framePath = path;
    this.options.onGrid(grid);
  }

  /** Fetches, decodes and reads the frame's tiles; the first failure, or null when the grid was made. */
  private async readFrame(result: Extract<CatalogueResult, { ok: true }>, frame: RadarFrame, signal?: AbortSignal): Promise<RadarFailure | null> {
    const { client, area, read } = this.options;
    const tiles = tilesCovering(area, ZOOM);
    const answers = await Promise.all(tiles.map((tile) => client.fetchTile(result.catalogue, frame, tile, { size: SIZE }, signal)));
    const failed = answers.find((a): a is Extract<TileResult, { ok: false }> => !a.ok);
    if (failed) return { ...failed.failure, key: failed.failure.kind === 'aborted' ? 'aborted' : `tile ${failed.failure.key}` };
    const started = performance.now();
    const readings: { pixels: { tile: TileId; size: number }; reading: TileReading }[] = [];
    for (let i = 0; i < tiles.length; i++) {
      const answer = answers[i] as Extract<TileResult, { ok: true }>;
      const where = `RainViewer radar tile ${tiles[i].z}/${tiles[i].x}/${tiles[i].y} (${answer.url})`;
      let reading: TileReading;
      try {
        reading = await read(answer.png, tiles[i], SIZE);
      } catch (error) {
        return { kind: 'undecodable', key: 'tile undecodable', message: `${where}: ${error instanceof Error ? error.message : String(error)}.` };
      }
      if (signal?.aborted) return { kind: 'aborted', key: 'aborted', message: `${where}: the read was cancelled.` };
      const unreadable = unreadableReason(reading);
      if (unreadable) return { kind: 'undecodable', key: 'tile undecodable', message: `${where}: ${unreadable}.` };
      readings.push({ pixels: { tile: tiles[i], size: SIZE }, reading });
    }
    const gridStarted = performance.now();
    const grid = buildRainGrid(readings, area, frame.time);
    const done = performance.now();
    this.options.onDecoded?.(done - started, done - gridStarted);
    this.setGrid(grid, frame.path);
    return null;
  }
}
