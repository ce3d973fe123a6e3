/**
 * Building the GTFS vehicle layers' GPU program ahead, at a moment the GPU
 * process is free, outside an animation frame.
 *
 * Creating a program makes luma.gl ask WebGL for its link status, its
 * validation and its layout (`getProgramParameter`, uniform blocks …):
 * synchronous round trips to the GPU process. Each waits for whatever that
 * process's main thread is doing, and it also runs Chromium's display
 * compositor: under software WebGL (SwiftShader) each composited frame holds
 * it for 50–130 ms (`SwapBuffers` → `readPixels` → `ContextVk::finishImpl`,
 * seen in Chromium traces of every process), and browsers there offer no
 * `KHR_parallel_shader_compile` to poll instead. Built inside an animation
 * frame, or right after the request's panels were committed, the program's
 * round trips met such a frame and blocked the page for 60–180 ms.
 *
 * So the program is built in an ordinary task once a fence set on the
 * context signals within a few milliseconds, which it does only when nothing
 * holds the GPU process; validation, a debugging aid that checks the program
 * against whatever state WebGL happens to be in, is skipped for that one
 * creation (one round trip less). The layer gets the same program from
 * luma.gl's pipeline cache (same shader source) and, while it is being
 * prepared, waits for it ({@link whenVehicleProgramReady}) rather than
 * building it in an animation frame; vehicles arrive seconds later anyway.
 *
 * @module
 */
import { _mergeShaders as mergeShaders, type Deck, type LayerContext, type View } from '@deck.gl/core';
import type { Device } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import { VEHICLE_MODEL_PROPS, VEHICLE_SHADERS } from './gtfs-vehicle-shaders.ts';

/** A fence that signals within this many ms found the GPU process free (a compositor frame holds it 50 ms and more). */
const FREE_MS = 12;
/** How long the GPU process must have stayed free, ms, and how often fences are set and read meanwhile. */
const QUIET_MS = 100;
const POLL_MS = 8;
/** After this long without finding the GPU process free, the program is built regardless, ms. */
const GIVE_UP_MS = 3000;

interface Preparation {
  ready: Promise<void>;
  model: Model | null;
}

/** The preparation per device (kept: the program serves every data source's layer). */
const preparations = new WeakMap<Device, Preparation>();

/**
 * Starts building the vehicle layers' program on `deck`'s device unless it was started, with deck.gl's default
 * shader modules (as `Layer.getShaders` adds them), so that the source is the layer's own. Does nothing before
 * `deck` has a device and layer context.
 */
export function prepareVehicleProgram(deck: Deck<View | null>): void {
  // The layer context is internal to Deck; its default modules are part of every layer's shader source.
  const context = (deck as unknown as { layerManager: { context: LayerContext } | null }).layerManager?.context;
  const device = context?.device;
  if (!context || !device || preparations.has(device)) return;
  const shaders = mergeShaders(VEHICLE_SHADERS, { disableWarnings: true, modules: context.defaultShaderModules });
  const gl = (device as unknown as { gl?: WebGL2RenderingContext }).gl;
  const preparation: Preparation = { ready: Promise.resolve(), model: null };
  preparations.set(device, preparation);
  const build = () => {
    if (device.isLost) return;
    const create = () => new Model(device, { ...shaders, id: 'gtfs-vehicles-prepared', ...VEHICLE_MODEL_PROPS });
    preparation.model = gl ? withoutValidation(gl, create) : create();
    performance.mark(PERFORMANCE_MARKS.gtfsVehicleProgram);
  };
  if (!gl || typeof gl.fenceSync !== 'function') build();
  // Should the build fail, the wait still ends: the layer then builds the program itself, and luma.gl reports why.
  else preparation.ready = whenGpuFree(gl).then(build).catch(() => undefined);
}

/**
 * While the vehicle program of `device` is being prepared, a promise of its end; null when it is ready or was never
 * started (the layer then builds its program itself).
 */
export function whenVehicleProgramReady(device: Device): Promise<void> | null {
  const preparation = preparations.get(device);
  return preparation && !preparation.model ? preparation.ready : null;
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

/** Runs `build` with `validateProgram` a no-op and the validation status reported as passed, on this context only. */
function withoutValidation<T>(gl: WebGL2RenderingContext, build: () => T): T {
  const own = gl as unknown as Record<'validateProgram' | 'getProgramParameter', unknown>;
  const getProgramParameter = gl.getProgramParameter;
  own.validateProgram = () => undefined;
  own.getProgramParameter = (program: WebGLProgram, name: GLenum) => (name === gl.VALIDATE_STATUS ? true : getProgramParameter.call(gl, program, name));
  try {
    return build();
  } finally {
    delete own.validateProgram;
    delete own.getProgramParameter;
  }
}
