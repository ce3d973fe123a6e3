/**
 * Building the GTFS vehicle layers' GPU program ahead, at a moment the GPU
 * process is free, outside an animation frame.
 *
 * Linking a program and asking for its status is a synchronous round trip to
 * the GPU process. It waits for whatever that process's main thread is
 * doing, and that thread also runs Chromium's display compositor: under
 * software WebGL (SwiftShader) each composited frame holds it for 50–130 ms
 * (`SwapBuffers` → `readPixels` → `ContextVk::finishImpl`, seen in Chromium
 * traces of every process), and browsers there offer no
 * `KHR_parallel_shader_compile` to poll instead. Built inside an animation
 * frame, or right after the request's panels were committed, the program's
 * round trips met such a frame and blocked the page for 60–180 ms.
 *
 * So the program is built in an ordinary task once a fence set on the
 * context signals within a few milliseconds, which it does only when nothing
 * holds the GPU process. The program is the layer's own (no luma.gl pipeline:
 * see `gtfs-vehicle-layer.ts`), so it asks for its link status and nothing
 * else. While it is being prepared the layer waits for it
 * ({@link whenVehicleProgramReady}) rather than building it in an animation
 * frame; vehicles arrive seconds later anyway.
 *
 * @module
 */
import type { Deck, View } from '@deck.gl/core';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import { VEHICLE_FS, VEHICLE_VS } from './gtfs-vehicle-shaders.ts';

/** A fence that signals within this many ms found the GPU process free (a compositor frame holds it 50 ms and more). */
const FREE_MS = 12;
/** How long the GPU process must have stayed free, ms, and how often fences are set and read meanwhile. */
const QUIET_MS = 100;
const POLL_MS = 8;
/** After this long without finding the GPU process free, the program is built regardless, ms. */
const GIVE_UP_MS = 3000;

interface Preparation {
  ready: Promise<void>;
  /** The program: its frame uniform block reads binding point 0, its sampler texture unit 0. */
  built: WebGLProgram | null;
  error: Error | null;
}

/** The program per context (kept: it serves every data source's layer). */
const preparations = new WeakMap<WebGL2RenderingContext, Preparation>();

/** The WebGL 2 context of `deck`, once it has one. */
function deckContext(deck: Deck<View | null>): WebGL2RenderingContext | null {
  const device = (deck as unknown as { device?: { gl?: WebGL2RenderingContext } | null }).device;
  return device?.gl ?? null;
}

/** Starts building the vehicle layers' program on `deck`'s context unless it was started; does nothing before `deck` has a context. */
export function prepareVehicleProgram(deck: Deck<View | null>): void {
  const gl = deckContext(deck);
  if (!gl || preparations.has(gl)) return;
  const preparation: Preparation = { ready: Promise.resolve(), built: null, error: null };
  preparations.set(gl, preparation);
  if (typeof gl.fenceSync !== 'function') build(gl, preparation);
  else preparation.ready = whenGpuFree(gl).then(() => build(gl, preparation));
}

/**
 * While the vehicle program of `gl` is being prepared, a promise of its end (it never rejects); null when it is
 * ready, failed, or was never started.
 */
export function whenVehicleProgramReady(gl: WebGL2RenderingContext): Promise<void> | null {
  const preparation = preparations.get(gl);
  return preparation && !preparation.built && !preparation.error ? preparation.ready : null;
}

/**
 * The vehicle program of `gl`: built now if it was never prepared (or is still waiting for a free moment). Throws
 * the reason when it cannot be built (a shader that does not compile or link: the info log says where).
 */
export function vehicleProgram(gl: WebGL2RenderingContext): WebGLProgram {
  let preparation = preparations.get(gl);
  if (!preparation) {
    preparation = { ready: Promise.resolve(), built: null, error: null };
    preparations.set(gl, preparation);
  }
  if (!preparation.built && !preparation.error) build(gl, preparation);
  if (preparation.error) throw preparation.error;
  return preparation.built as WebGLProgram;
}

function build(gl: WebGL2RenderingContext, preparation: Preparation): void {
  if (preparation.built || preparation.error || gl.isContextLost()) return;
  try {
    preparation.built = linkVehicleProgram(gl);
    performance.mark(PERFORMANCE_MARKS.gtfsVehicleProgram);
  } catch (error) {
    preparation.error = error instanceof Error ? error : new Error(String(error));
  }
}

/** Compiles and links the vehicle shaders. */
function linkVehicleProgram(gl: WebGL2RenderingContext): WebGLProgram {
  const program = gl.createProgram();
  const shaders = ([[gl.VERTEX_SHADER, VEHICLE_VS], [gl.FRAGMENT_SHADER, VEHICLE_FS]] as const).map(([type, source]) => {
    const shader = gl.createShader(type) as WebGLShader;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
    return shader;
  });
  gl.linkProgram(program);
  // One round trip: the link status (the compile status is only asked for when the link failed).
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    const logs = shaders.map((shader, i) => (gl.getShaderParameter(shader, gl.COMPILE_STATUS) ? '' : `${i === 0 ? 'vertex' : 'fragment'} shader: ${gl.getShaderInfoLog(shader)}`));
    const reason = logs.filter(Boolean).join('; ') || gl.getProgramInfoLog(program) || 'unknown reason';
    for (const shader of shaders) gl.deleteShader(shader);
    gl.deleteProgram(program);
    throw new Error(`GTFS vehicles: their WebGL program could not be built (${reason})`);
  }
  for (const shader of shaders) {
    gl.detachShader(program, shader);
    gl.deleteShader(shader);
  }
  // Nothing else is asked: each question about a program is another round trip. Its one uniform block has index 0
  // and, like its sampler, is bound to 0 unless told otherwise (the defaults of WebGL 2), which is what the layer uses.
  return program;
}

/**
 * Resolves at a moment the GPU process is free and has been for {@link QUIET_MS}: fences set one after the other
 * each signalled within {@link FREE_MS}, so no compositor frame held the GPU process's main thread meanwhile (while
 * the page changes, frames follow each other: a program built between two of them still met the next); or after
 * {@link GIVE_UP_MS}. A fence's status is read between tasks without a round trip, so waiting never blocks.
 */
function whenGpuFree(gl: WebGL2RenderingContext): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    let fence: WebGLSync | null = null;
    let set = 0;
    let quietSince = -1;
    const poll = () => {
      const now = performance.now();
      if (gl.isContextLost() || now - started > GIVE_UP_MS) {
        if (fence && !gl.isContextLost()) gl.deleteSync(fence);
        resolve();
        return;
      }
      if (fence && gl.getSyncParameter(fence, gl.SYNC_STATUS) === gl.SIGNALED) {
        gl.deleteSync(fence);
        fence = null;
        if (now - set > FREE_MS) quietSince = -1;
        else if (quietSince < 0) quietSince = set;
        else if (now - quietSince >= QUIET_MS) {
          resolve();
          return;
        }
      } else if (fence && now - set > FREE_MS) quietSince = -1;
      if (!fence) {
        fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
        gl.flush();
        set = now;
      }
      setTimeout(poll, POLL_MS);
    };
    poll();
  });
}
