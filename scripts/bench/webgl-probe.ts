/**
 * What the page asks of WebGL, and what that costs under software WebGL.
 *
 * - {@link DRAW_COUNTER_SCRIPT} counts draw calls, instances and vertices per
 *   canvas and shader (deck.gl names its shaders with SHADER_NAME); a few
 *   counter increments per draw call, so it does not change the frame rate.
 *   It can also leave out the draws of a canvas or a shader
 *   ({@link skipDraws}), to measure what they cost.
 * - {@link probeInstancing} times the same vertices drawn instanced and not
 *   instanced in a blank page: SwiftShader runs an instanced draw as one
 *   internal draw per instance, so its cost grows with the instance count.
 */
import type { Browser, Page } from 'playwright-core';
import { VIEWPORT } from '../../tests/support/chromium.ts';
import { median } from './stats.ts';

/** Global under which the draw counter keeps its totals. */
const COUNTER = '__ttBenchDraws';
/** Global set of draws the counter leaves out: `canvas` or `canvas|shader` keys (see {@link skipDraws}). */
const SKIP = '__ttBenchSkip';

/** Draw totals of one canvas kind and shader since the page started. */
export interface DrawCount {
  /** `maplibre`, `deck` (the map's deck.gl canvas: network shapes), `overlay` (trains) or `labels` (station names). */
  canvas: string;
  /** deck.gl's SHADER_NAME without `-vertex-shader`; `(unnamed)` for shaders without one (MapLibre's). */
  shader: string;
  calls: number;
  instances: number;
  vertices: number;
}

/**
 * Init script (a string, so that no build helper ends up in the page) that
 * wraps WebGL2's draw functions to count what each canvas draws.
 */
export const DRAW_COUNTER_SCRIPT = `(() => {
  if (typeof WebGL2RenderingContext === 'undefined') return;
  const P = WebGL2RenderingContext.prototype;
  const names = new WeakMap();
  const current = new WeakMap();
  const totals = new Map();
  const skip = new Set();
  window.${COUNTER} = totals;
  window.${SKIP} = skip;
  const shaderSource = P.shaderSource;
  P.shaderSource = function (shader, source) {
    const m = /SHADER_NAME\\s+(\\S+)/.exec(source);
    if (m) names.set(shader, m[1]);
    return shaderSource.call(this, shader, source);
  };
  const attachShader = P.attachShader;
  P.attachShader = function (program, shader) {
    const name = names.get(shader);
    if (name && !/fragment/.test(name)) names.set(program, name.replace(/-vertex-shader$/, ''));
    return attachShader.call(this, program, shader);
  };
  const useProgram = P.useProgram;
  P.useProgram = function (program) {
    current.set(this, program);
    return useProgram.call(this, program);
  };
  // Returns false (and counts nothing) for a draw to leave out.
  const count = (gl, vertices, instances) => {
    const el = gl.canvas;
    const canvas = el && el.classList && el.classList.contains('maplibregl-canvas') ? 'maplibre' : el && el.id === 'tt-overlay' ? 'overlay' : 'deck';
    const program = current.get(gl);
    const shader = (program && names.get(program)) || '(unnamed)';
    const key = canvas + '|' + shader;
    if (skip.size > 0 && (skip.has(canvas) || skip.has(key))) return false;
    let t = totals.get(key);
    if (!t) totals.set(key, (t = { canvas, shader, calls: 0, instances: 0, vertices: 0 }));
    t.calls++;
    t.instances += instances;
    t.vertices += vertices * instances;
    return true;
  };
  const wrap = (name, counts) => {
    const original = P[name];
    P[name] = function (...args) {
      if (!counts(this, args)) return;
      return original.apply(this, args);
    };
  };
  wrap('drawArrays', (gl, a) => count(gl, a[2], 1));
  wrap('drawElements', (gl, a) => count(gl, a[1], 1));
  wrap('drawArraysInstanced', (gl, a) => count(gl, a[2], a[3]));
  wrap('drawElementsInstanced', (gl, a) => count(gl, a[1], a[4]));
  wrap('drawRangeElements', (gl, a) => count(gl, a[3], 1));
})();`;

/** The counter's totals so far (empty when the init script was not installed). */
export async function readDrawCounts(page: Page): Promise<DrawCount[]> {
  return page.evaluate((global) => {
    const totals = (window as unknown as Record<string, Map<string, DrawCount> | undefined>)[global];
    return totals ? [...totals.values()].map((t) => ({ ...t })) : [];
  }, COUNTER);
}

/**
 * Leaves out, from now on, the draws of the given canvases (`maplibre`, `deck`, `overlay`) or canvas–shader pairs
 * (`overlay|train-layer`); an empty list draws everything again. With `hideCanvases`, every canvas of the page is
 * also hidden, so the browser no longer puts them together on screen.
 */
export async function skipDraws(page: Page, keys: readonly string[], hideCanvases = false): Promise<void> {
  await page.evaluate(
    ({ global, keys, hideCanvases }) => {
      const skip = (window as unknown as Record<string, Set<string> | undefined>)[global];
      if (!skip) throw new Error('skipDraws: the draw counter script is not installed in this page');
      skip.clear();
      for (const key of keys) skip.add(key);
      for (const canvas of document.querySelectorAll('canvas')) {
        if (hideCanvases && canvas.dataset.benchVisibility === undefined) {
          canvas.dataset.benchVisibility = canvas.style.visibility;
          canvas.style.visibility = 'hidden';
        } else if (!hideCanvases && canvas.dataset.benchVisibility !== undefined) {
          canvas.style.visibility = canvas.dataset.benchVisibility;
          delete canvas.dataset.benchVisibility;
        }
      }
    },
    { global: SKIP, keys: [...keys], hideCanvases },
  );
}

/** Draws between two readings, largest vertex count first. */
export function drawsBetween(before: DrawCount[], after: DrawCount[]): DrawCount[] {
  const key = (d: DrawCount) => `${d.canvas}|${d.shader}`;
  const earlier = new Map(before.map((d) => [key(d), d]));
  return after
    .map((d) => {
      const e = earlier.get(key(d));
      return { ...d, calls: d.calls - (e?.calls ?? 0), instances: d.instances - (e?.instances ?? 0), vertices: d.vertices - (e?.vertices ?? 0) };
    })
    .filter((d) => d.calls > 0)
    .sort((a, b) => b.vertices - a.vertices);
}

/** Result of {@link probeInstancing}. */
export interface InstancingProbe {
  instances: number;
  verticesPerInstance: number;
  /** ms to draw `instances` × `verticesPerInstance` with one instanced draw, and the same vertices with one plain draw. */
  instancedMs: number;
  plainMs: number;
  /** (instanced − plain) / instances, in ms. */
  perInstanceMs: number;
}

/**
 * Draws the same small triangles (a tiny fragment cost) as one instanced and
 * one plain draw call in a blank page, each waited for with a 1-pixel
 * readPixels, and returns the medians of several repetitions.
 */
export async function probeInstancing(browser: Browser, instances = 20_000, verticesPerInstance = 12): Promise<InstancingProbe> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const times = (await page.evaluate(
      `(${String.raw`(N, V) => {
  const canvas = document.createElement('canvas');
  canvas.width = 1280;
  canvas.height = 720;
  document.body.appendChild(canvas);
  const gl = canvas.getContext('webgl2', { antialias: false });
  if (!gl) throw new Error('no WebGL2');
  const program = gl.createProgram();
  const sources = [
    [gl.VERTEX_SHADER, '#version 300 es\nin vec3 pos; in vec3 offset; out vec3 c;\nvoid main() { vec3 p = pos * 0.002 + offset; gl_Position = vec4(p.xy, 0.5, 1.0); c = p; }'],
    [gl.FRAGMENT_SHADER, '#version 300 es\nprecision highp float; in vec3 c; out vec4 o;\nvoid main() { o = vec4(abs(c), 1.0); }'],
  ];
  for (const [type, source] of sources) {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  gl.useProgram(program);
  const shape = new Float32Array(V * 3).map(() => Math.random() - 0.5);
  const offsets = new Float32Array(N * 3).map(() => Math.random() * 2 - 1);
  const plainShape = new Float32Array(N * V * 3);
  const plainOffsets = new Float32Array(N * V * 3);
  for (let i = 0; i < N; i++)
    for (let v = 0; v < V; v++)
      for (let k = 0; k < 3; k++) {
        plainShape[(i * V + v) * 3 + k] = shape[v * 3 + k];
        plainOffsets[(i * V + v) * 3 + k] = offsets[i * 3 + k];
      }
  const pos = gl.getAttribLocation(program, 'pos');
  const offset = gl.getAttribLocation(program, 'offset');
  const vertexArray = (shapeData, offsetData, divisor) => {
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    for (const [location, data, d] of [[pos, shapeData, 0], [offset, offsetData, divisor]]) {
      gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
      gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, 3, gl.FLOAT, false, 0, 0);
      gl.vertexAttribDivisor(location, d);
    }
    return vao;
  };
  const instancedVao = vertexArray(shape, offsets, 1);
  const plainVao = vertexArray(plainShape, plainOffsets, 0);
  const pixel = new Uint8Array(4);
  const timeOnce = (draw) => {
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    const started = performance.now();
    gl.clear(gl.COLOR_BUFFER_BIT);
    draw();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    return performance.now() - started;
  };
  const instanced = () => { gl.bindVertexArray(instancedVao); gl.drawArraysInstanced(gl.TRIANGLES, 0, V, N); };
  const plain = () => { gl.bindVertexArray(plainVao); gl.drawArrays(gl.TRIANGLES, 0, V * N); };
  timeOnce(instanced);
  timeOnce(plain);
  const result = { instanced: [], plain: [] };
  for (let r = 0; r < 5; r++) {
    result.instanced.push(timeOnce(instanced));
    result.plain.push(timeOnce(plain));
  }
  return result;
}`})(${instances}, ${verticesPerInstance})`,
    )) as { instanced: number[]; plain: number[] };
    const instancedMs = median(times.instanced);
    const plainMs = median(times.plain);
    return { instances, verticesPerInstance, instancedMs, plainMs, perInstanceMs: (instancedMs - plainMs) / instances };
  } finally {
    await context.close();
  }
}
