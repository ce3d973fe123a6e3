/**
 * WebGL objects alive in a page, per canvas: an init script wraps WebGL2's
 * `create*` and `delete*` functions (buffers, textures, framebuffers,
 * renderbuffers, vertex arrays, programs) and counts, for each context, the
 * objects created and neither deleted nor garbage-collected (a
 * `FinalizationRegistry` sees the ones dropped without `delete*`, which the
 * browser frees with them). Read after a forced GC, the counts are what the
 * page holds on the GPU; a count that grows over a long run is a leak.
 */
import type { Page } from 'playwright-core';

/** Global of the counter's read function. */
const READER = '__ttBenchGlObjects';

/** Kinds of WebGL object counted, as the counts name them. */
export const WEBGL_OBJECT_KINDS = ['buffers', 'textures', 'framebuffers', 'renderbuffers', 'vertexArrays', 'programs'] as const;

/** Objects alive of each kind. */
export type WebglObjectCounts = Record<(typeof WEBGL_OBJECT_KINDS)[number], number>;

/** The objects alive in one WebGL context of the page. */
export interface CanvasObjects extends WebglObjectCounts {
  /** `maplibre` (the base map's canvas, class `maplibregl-canvas`), or the canvas's id (`tt-overlay` …), else its class, else `canvas`. */
  canvas: string;
  /** Whether the canvas is in the document (a removed map's canvas is not). */
  connected: boolean;
}

/**
 * Init script (a string, so that no build helper ends up in the page) that installs the counter; read it with
 * {@link readWebglObjects}.
 */
export const WEBGL_OBJECT_COUNTER_SCRIPT = `(() => {
  if (typeof WebGL2RenderingContext === 'undefined') return;
  const P = WebGL2RenderingContext.prototype;
  const kinds = { Buffer: 'buffers', Texture: 'textures', Framebuffer: 'framebuffers', Renderbuffer: 'renderbuffers', VertexArray: 'vertexArrays', Program: 'programs' };
  const contexts = [];
  const countsOf = new WeakMap();
  const owners = new WeakMap();
  const gone = (held) => {
    if (held.gone) return;
    held.gone = true;
    held.counts[held.kind]--;
  };
  const registry = new FinalizationRegistry(gone);
  const counts = (gl) => {
    let c = countsOf.get(gl);
    if (!c) {
      c = {};
      for (const kind of Object.values(kinds)) c[kind] = 0;
      countsOf.set(gl, c);
      contexts.push(new WeakRef(gl));
    }
    return c;
  };
  for (const [name, kind] of Object.entries(kinds)) {
    const create = P['create' + name];
    const remove = P['delete' + name];
    P['create' + name] = function (...args) {
      const object = create.apply(this, args);
      if (object) {
        const held = { counts: counts(this), kind, gone: false };
        held.counts[kind]++;
        owners.set(object, held);
        registry.register(object, held);
      }
      return object;
    };
    P['delete' + name] = function (object) {
      const held = object && owners.get(object);
      if (held) gone(held);
      return remove.call(this, object);
    };
  }
  window.${READER} = () =>
    contexts
      .map((ref) => ref.deref())
      .filter((gl) => gl !== undefined)
      .map((gl) => {
        const el = gl.canvas;
        const canvas = el.classList && el.classList.contains('maplibregl-canvas') ? 'maplibre' : el.id || (typeof el.className === 'string' && el.className) || 'canvas';
        return { canvas, connected: el.isConnected === true, ...countsOf.get(gl) };
      });
})();`;

/**
 * The counts of every WebGL2 context the page made that is not yet garbage-collected (empty without the init
 * script). Force a GC first (`HeapProfiler.collectGarbage`) and let a task pass, so that finalizers have run.
 */
export async function readWebglObjects(page: Page): Promise<CanvasObjects[]> {
  return page.evaluate((global) => {
    const read = (window as unknown as Record<string, (() => CanvasObjects[]) | undefined>)[global];
    return read ? read() : [];
  }, READER);
}

/** The counts summed over the canvases that are in the document. */
export function connectedTotals(canvases: readonly CanvasObjects[]): WebglObjectCounts {
  const total = Object.fromEntries(WEBGL_OBJECT_KINDS.map((k) => [k, 0])) as WebglObjectCounts;
  for (const c of canvases) if (c.connected) for (const kind of WEBGL_OBJECT_KINDS) total[kind] += c[kind];
  return total;
}
