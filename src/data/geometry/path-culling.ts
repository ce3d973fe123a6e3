/**
 * View culling for binary path data (the railway and station layers).
 *
 * deck.gl draws every instance of a layer in every frame, and each path
 * segment is one instance. Under software WebGL the cost is paid per
 * instance, so drawing the whole network (about 110,000 segments) when a
 * street-level view shows a few thousand made frames take seconds.
 *
 * {@link chunkPaths} cuts the paths at the borders of a grid into chunks,
 * one per grid cell and zoom range, each chunk's vertices contiguous; a
 * {@link PathCuller} then hands the layer only the chunks that can be seen
 * (the view with a margin, at the current zoom; in a tilted view, also only
 * those on the trapezoid of ground it sees, with a margin), and keeps handing
 * the same object while the view stays inside the margin, so panning rarely
 * selects again.
 *
 * @module
 */
import { finishSteps, runStepsWhile, type Steps } from '../work-steps.ts';
import { areaSize, expandArea, inViewArea, rectangleMeetsArea, type ViewArea } from './view-area.ts';

/** Binary path data as deck.gl's PathLayer takes it (`getPath` has 3 values per vertex). */
export interface BinaryPaths {
  length: number;
  startIndices: Uint32Array;
  attributes: Record<string, { value: ArrayBufferView; size: number; normalized?: boolean }>;
}

/** A view rectangle, [west, south, east, north] in degrees. */
export type LngLatBounds = readonly [number, number, number, number];

type NumericArray = Float32Array | Float64Array | Uint8Array | Uint32Array | Int32Array;

/** One grid cell and zoom range: its vertices are `[start, end)` of the reordered arrays. */
interface Chunk {
  start: number;
  end: number;
  /** Start vertex of each path, relative to `start`. */
  pathStarts: number[];
  bounds: [number, number, number, number];
  minZoom: number;
  maxZoom: number;
}

/** Paths regrouped by chunk. */
export interface ChunkedPaths {
  chunks: Chunk[];
  /** The attributes, vertices reordered so each chunk is contiguous. */
  attributes: BinaryPaths['attributes'];
  /** Total vertices (with the ones repeated where paths were cut). */
  vertexCount: number;
}

/** Default grid cell: about 3.6 km × 3.3 km in Tokyo. */
export const CELL_DEGREES: readonly [number, number] = [0.04, 0.03];

/** The zoom range packed in a track-offset style value (see `packVertexStyle`). */
function unpackZoomRange(packed: number): [number, number] {
  const code = Math.round(packed);
  return [code % 32, Math.floor(code / 32) % 32];
}

/** Paths (and vertices copied) between two steps of {@link chunkPathSteps}. */
const PATHS_PER_STEP = 128;
const VERTICES_PER_STEP = 10_000;

/**
 * Cuts paths into chunks by grid cell (of each segment's first vertex) and
 * zoom range (from `getTrackOffset`'s packed style, when present; 0–24 otherwise).
 * Where a path crosses a cell border it is cut, and the vertex at the cut
 * ends one piece and starts the next, so nothing is lost.
 */
export function chunkPaths(paths: BinaryPaths, cell: readonly [number, number] = CELL_DEGREES): ChunkedPaths {
  return finishSteps(chunkPathSteps(paths, cell));
}

/** {@link chunkPaths} in steps of a few hundred paths or some thousand vertices. */
export function* chunkPathSteps(paths: BinaryPaths, cell: readonly [number, number] = CELL_DEGREES): Steps<ChunkedPaths> {
  const positions = paths.attributes.getPath.value as Float64Array | Float32Array;
  const style = paths.attributes.getTrackOffset?.value as Float32Array | undefined;
  // Numeric keys (cell column, row and zoom range in one safe integer): string keys made this several times slower.
  const cellOf = (v: number) => (Math.floor(positions[v * 3] / cell[0]) + 1e5) * 2e5 + Math.floor(positions[v * 3 + 1] / cell[1]) + 1e5;
  const zoomOf = (v: number): [number, number] => (style ? unpackZoomRange(style[v * 4 + 3]) : [0, 24]);
  // Runs of vertices per chunk key, in input order.
  const runs = new Map<number, Array<[number, number]>>();
  const addRun = (key: number, from: number, to: number) => {
    let list = runs.get(key);
    if (!list) runs.set(key, (list = []));
    list.push([from, to]);
  };
  for (let p = 0; p < paths.length; p++) {
    if (p % PATHS_PER_STEP === PATHS_PER_STEP - 1) yield;
    const first = paths.startIndices[p];
    const last = paths.startIndices[p + 1] - 1;
    if (last < first) continue;
    const [minZoom, maxZoom] = zoomOf(first);
    const zoomKey = minZoom * 32 + maxZoom;
    let runStart = first;
    let runCell = cellOf(first);
    for (let v = first + 1; v < last; v++) {
      const c = cellOf(v);
      if (c === runCell) continue;
      addRun(runCell * 1024 + zoomKey, runStart, v);
      runStart = v;
      runCell = c;
    }
    addRun(runCell * 1024 + zoomKey, runStart, last);
  }

  let vertexCount = 0;
  for (const list of runs.values()) for (const [from, to] of list) vertexCount += to - from + 1;
  const out: BinaryPaths['attributes'] = {};
  const sources: Array<[NumericArray, NumericArray, number]> = [];
  for (const [name, attribute] of Object.entries(paths.attributes)) {
    const source = attribute.value as NumericArray;
    const Ctor = source.constructor as new (n: number) => NumericArray;
    const target = new Ctor(vertexCount * attribute.size);
    out[name] = { ...attribute, value: target };
    sources.push([source, target, attribute.size]);
  }

  const chunks: Chunk[] = [];
  let cursor = 0;
  let copied = 0;
  for (const [key, list] of runs) {
    if (cursor - copied >= VERTICES_PER_STEP) {
      copied = cursor;
      yield;
    }
    const minZoom = Math.floor((key % 1024) / 32);
    const maxZoom = key % 32;
    const chunk: Chunk = { start: cursor, end: cursor, pathStarts: [], bounds: [Infinity, Infinity, -Infinity, -Infinity], minZoom, maxZoom };
    for (const [from, to] of list) {
      chunk.pathStarts.push(cursor - chunk.start);
      const n = to - from + 1;
      for (const [source, target, size] of sources) target.set(source.subarray(from * size, (to + 1) * size), cursor * size);
      for (let v = from; v <= to; v++) {
        const lng = positions[v * 3];
        const lat = positions[v * 3 + 1];
        if (lng < chunk.bounds[0]) chunk.bounds[0] = lng;
        if (lat < chunk.bounds[1]) chunk.bounds[1] = lat;
        if (lng > chunk.bounds[2]) chunk.bounds[2] = lng;
        if (lat > chunk.bounds[3]) chunk.bounds[3] = lat;
      }
      cursor += n;
    }
    chunk.end = cursor;
    chunks.push(chunk);
  }
  return { chunks, attributes: out, vertexCount };
}

/** The chunks drawn at `zoom` that overlap `bounds`, and `area` when given. */
export function visibleChunks(chunked: ChunkedPaths, bounds: LngLatBounds | null, zoom: number, area: ViewArea | null = null): number[] {
  const selected: number[] = [];
  chunked.chunks.forEach((chunk, i) => {
    if (zoom < chunk.minZoom || zoom >= chunk.maxZoom) return;
    const [west, south, east, north] = chunk.bounds;
    if (bounds && (east < bounds[0] || west > bounds[2] || north < bounds[1] || south > bounds[3])) return;
    if (area && !rectangleMeetsArea(area, west, south, east, north)) return;
    selected.push(i);
  });
  return selected;
}

/** Makes what a layer draws from the chunks selected (by default, their paths end to end: {@link pathsOfChunks}). */
export type ChunkAssembler<T> = (chunked: ChunkedPaths, selected: readonly number[]) => T;

/** Binary paths of the given chunks (their vertex ranges copied end to end). */
export function pathsOfChunks(chunked: ChunkedPaths, selected: readonly number[]): BinaryPaths {
  let vertices = 0;
  let pathCount = 0;
  for (const i of selected) {
    vertices += chunked.chunks[i].end - chunked.chunks[i].start;
    pathCount += chunked.chunks[i].pathStarts.length;
  }
  const startIndices = new Uint32Array(pathCount + 1);
  const attributes: BinaryPaths['attributes'] = {};
  for (const [name, attribute] of Object.entries(chunked.attributes)) {
    const source = attribute.value as NumericArray;
    const Ctor = source.constructor as new (n: number) => NumericArray;
    const target = new Ctor(vertices * attribute.size);
    let at = 0;
    for (const i of selected) {
      const { start, end } = chunked.chunks[i];
      target.set(source.subarray(start * attribute.size, end * attribute.size), at * attribute.size);
      at += end - start;
    }
    attributes[name] = { ...attribute, value: target };
  }
  let at = 0;
  let p = 0;
  for (const i of selected) {
    const chunk = chunked.chunks[i];
    for (const s of chunk.pathStarts) startIndices[p++] = at + s;
    at += chunk.end - chunk.start;
  }
  startIndices[pathCount] = vertices;
  return { length: pathCount, startIndices, attributes };
}

/** Share of the view's width and height added on each side of the region handed to the layer. */
const MARGIN = 0.5;
/**
 * The same for the ground a tilted view sees (a trapezoid): the bounding box
 * of that trapezoid with the margin above held about twice the railway
 * vertices on screen at the default view, all of them drawn in every frame
 * the camera moves.
 */
const AREA_MARGIN = 0.25;
/** A view wider than this (degrees) is not culled (the whole network is in sight, or the bounds are unreliable). */
const MAX_CULLED_SPAN = 4;

/**
 * Hands a layer the chunks it can see. {@link update} returns the same
 * object while the view stays inside the region last handed out (the view
 * plus a margin) at the same whole zoom, and the region is not much larger
 * than the view (after zooming in); otherwise it selects again.
 */
export class PathCuller<T = BinaryPaths> {
  private region: LngLatBounds | null = null;
  private regionArea: ViewArea | null = null;
  private zoomBand = NaN;
  private selectionKey = '';
  private current: T | null = null;

  constructor(
    private readonly chunked: ChunkedPaths,
    private readonly assemble: ChunkAssembler<T> = pathsOfChunks as unknown as ChunkAssembler<T>,
  ) {}

  /**
   * What to draw for a view (`bounds` null: the whole network), at `zoom`.
   * With the ground `area` the view sees (see `groundArea`), chunks off that
   * area grown by a margin are left out too.
   */
  update(bounds: LngLatBounds | null, zoom: number, area: ViewArea | null = null): T {
    const usable = bounds && bounds.every(Number.isFinite) && bounds[2] - bounds[0] < MAX_CULLED_SPAN && bounds[3] - bounds[1] < MAX_CULLED_SPAN ? bounds : null;
    const usableArea = usable && area && area.every(Number.isFinite) ? area : null;
    const band = Math.floor(zoom);
    if (this.current && band === this.zoomBand && this.covers(usable) && this.coversArea(usableArea)) return this.current;
    const region = usable && expand(usable, MARGIN);
    const regionArea = usableArea && expandArea(usableArea, AREA_MARGIN, 0);
    const selected = visibleChunks(this.chunked, region, zoom, regionArea);
    const key = selected.join(',');
    this.region = region;
    this.regionArea = regionArea;
    this.zoomBand = band;
    if (this.current && key === this.selectionKey) return this.current;
    this.selectionKey = key;
    this.current = this.assemble(this.chunked, selected);
    return this.current;
  }

  private covers(view: LngLatBounds | null): boolean {
    const region = this.region;
    if (!region || !view) return region === view;
    const inside = view[0] >= region[0] && view[1] >= region[1] && view[2] <= region[2] && view[3] <= region[3];
    const area = (b: LngLatBounds) => (b[2] - b[0]) * (b[3] - b[1]);
    return inside && area(region) <= area(view) * (1 + 2 * MARGIN) ** 2 * 2;
  }

  /** Whether the ground area last handed out still holds the view's, and is not much larger (after zooming in). */
  private coversArea(view: ViewArea | null): boolean {
    const region = this.regionArea;
    if (!region || !view) return region === view;
    for (let i = 0; i < 4; i++) if (!inViewArea(region, view[i * 2], view[i * 2 + 1])) return false;
    return areaSize(region) <= areaSize(view) * (1 + 2 * AREA_MARGIN) ** 2 * 2;
  }
}

/** A zoom band `[minZoom, maxZoom)` of a {@link LodCuller}. */
export interface ZoomBand {
  minZoom: number;
  maxZoom: number;
}

/** Options of {@link LodCuller}. */
export interface LodCullerOptions<Band> {
  /**
   * Paths to draw a band with while its own are built in idle time (cheap ones, such as the band's paths
   * unsimplified), so that showing a band for the first time does not wait for its level of detail.
   */
  standIn?: (band: Band) => Steps<BinaryPaths>;
  /** Called when the band shown got its own paths in place of its stand-in's (the layer then updates). */
  onBuilt?: () => void;
}

/**
 * A {@link PathCuller} per zoom band, each over the paths `build(band)` gives
 * for it (a level of detail). The band shown is built when it is first shown
 * (or, with a `standIn`, drawn with the stand-in's paths until it is built in
 * idle time); the bands next to it are built ahead in the main thread's idle
 * time, a few milliseconds at a time (`build` works in {@link Steps}), so that
 * zooming across a band's edge does not wait for them and building them ahead
 * is no long task. `assembler` gives each band's culler what makes the drawn
 * object from its chunks.
 */
export class LodCuller<Band extends ZoomBand = ZoomBand, T = BinaryPaths> {
  private readonly cullers = new Map<Band, PathCuller<T>>();
  /** Cullers over stand-in paths, for bands shown before they were built. */
  private readonly standIns = new Map<Band, PathCuller<T>>();
  /** Cancels the slice of building ahead that is waiting to run, if any. */
  private cancelSlice: (() => void) | null = null;
  /** The band being built ahead, and the steps left. */
  private ahead: { band: Band; steps: Steps<PathCuller<T>> } | null = null;
  private shown: Band | null = null;

  constructor(
    private readonly bands: readonly Band[],
    private readonly build: (band: Band) => Steps<BinaryPaths>,
    private readonly assembler: () => ChunkAssembler<T> = () => pathsOfChunks as unknown as ChunkAssembler<T>,
    private readonly options: LodCullerOptions<Band> = {},
  ) {}

  /** The band serving `zoom` (the nearest one when none covers it). */
  bandAt(zoom: number): Band {
    return this.bands.find((b) => zoom >= b.minZoom && zoom < b.maxZoom) ?? (zoom < this.bands[0].minZoom ? this.bands[0] : this.bands[this.bands.length - 1]);
  }

  /** What to draw for a view, from the band of `zoom` (see {@link PathCuller.update}). */
  update(bounds: LngLatBounds | null, zoom: number, area: ViewArea | null = null): T {
    const band = this.bandAt(zoom);
    this.shown = band;
    const paths = (this.cullers.get(band) ?? this.standInOf(band) ?? this.cullerOf(band)).update(bounds, zoom, area);
    this.buildAhead();
    return paths;
  }

  /** Stops building ahead. */
  dispose(): void {
    this.cancelSlice?.();
    this.cancelSlice = null;
    this.ahead = null;
    this.standIns.clear();
  }

  /** The culler over the band's stand-in paths, when it has a stand-in and can be built in idle time. */
  private standInOf(band: Band): PathCuller<T> | undefined {
    const { standIn } = this.options;
    if (!standIn || typeof globalThis.requestIdleCallback !== 'function') return undefined;
    let culler = this.standIns.get(band);
    if (!culler) this.standIns.set(band, (culler = new PathCuller(chunkPaths(finishSteps(standIn(band))), this.assembler())));
    return culler;
  }

  /** The band's culler; a band being built ahead is finished now. */
  private cullerOf(band: Band): PathCuller<T> {
    let culler = this.cullers.get(band);
    if (!culler) {
      const steps = this.ahead?.band === band ? this.ahead.steps : this.cullerSteps(band);
      if (this.ahead?.band === band) this.ahead = null;
      this.cullers.set(band, (culler = finishSteps(steps)));
    }
    return culler;
  }

  private *cullerSteps(band: Band): Steps<PathCuller<T>> {
    const paths = yield* this.build(band);
    yield;
    return new PathCuller(yield* chunkPathSteps(paths), this.assembler());
  }

  /** The band shown when it is drawn by a stand-in, else the nearest band next to it that is not built yet. */
  private nextAhead(): Band | undefined {
    const i = this.shown ? this.bands.indexOf(this.shown) : -1;
    return i < 0 ? undefined : [this.bands[i], this.bands[i - 1], this.bands[i + 1]].find((b) => b && !this.cullers.has(b));
  }

  /**
   * Builds the next band in slices: the band shown (drawn by its stand-in) in short tasks between frames, the
   * bands next to it in idle time.
   */
  private buildAhead(): void {
    if (this.cancelSlice !== null || typeof globalThis.requestIdleCallback !== 'function') return;
    const next = this.nextAhead();
    if (!next) return;
    const slice = (timeLeft: () => boolean) => {
      this.cancelSlice = null;
      const band = this.nextAhead();
      if (!band) return;
      if (this.ahead?.band !== band) this.ahead = { band, steps: this.cullerSteps(band) };
      const built = runStepsWhile(this.ahead.steps, timeLeft);
      if (built) {
        this.cullers.set(band, built.value);
        this.ahead = null;
        if (this.standIns.delete(band) && band === this.shown) this.options.onBuilt?.();
      }
      this.buildAhead();
    };
    if (next === this.shown) {
      const timer = setTimeout(() => {
        const end = performance.now() + SLICE_MS;
        slice(() => performance.now() < end);
      }, 0);
      this.cancelSlice = () => clearTimeout(timer);
    } else {
      const request = globalThis.requestIdleCallback((deadline) => slice(() => deadline.timeRemaining() > IDLE_MARGIN_MS));
      this.cancelSlice = () => globalThis.cancelIdleCallback?.(request);
    }
  }
}

/** Length (ms) of a slice of the band shown, built between frames while its stand-in is drawn. */
const SLICE_MS = 8;
/** Idle time left (ms) under which building ahead stops until the next idle period. */
const IDLE_MARGIN_MS = 2;

/** A viewport's ground rectangle at sea level, or null when it has none (not a map view). */
export function viewBounds(viewport: { getBounds?: () => number[] }): LngLatBounds | null {
  const b = viewport.getBounds?.();
  return b && b.length >= 4 ? [b[0], b[1], b[2], b[3]] : null;
}

function expand(b: LngLatBounds, share: number): LngLatBounds {
  const dx = (b[2] - b[0]) * share;
  const dy = (b[3] - b[1]) * share;
  return [b[0] - dx, b[1] - dy, b[2] + dx, b[3] + dy];
}
