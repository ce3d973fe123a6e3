/**
 * The GTFS vehicle layers' model, and building its GPU program ahead, at a
 * moment the GPU process is free, outside an animation frame.
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
 * So a model of the layers' shaders is made once in an ordinary task once a
 * fence set on the context signals within a few milliseconds, which it does
 * only when nothing holds the GPU process. luma.gl keeps its compiled shaders
 * and linked program (its shader and pipeline factories share them by
 * source), so the layers' own models, made with the same shaders, compile and
 * link nothing. While it is being prepared the layers wait for it
 * ({@link whenVehicleProgramReady}) and make their models when it is done,
 * in that task too, rather than in an animation frame; vehicles arrive
 * seconds later anyway.
 *
 * @module
 */
import type { Deck, LayerContext, View } from '@deck.gl/core';
import type { Device } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import { VEHICLE_SHADERS } from './gtfs-vehicle-shaders.ts';

/** A fence that signals within this many ms found the GPU process free (a compositor frame holds it 50 ms and more). */
const FREE_MS = 12;
/** How long the GPU process must have stayed free, ms, and how often fences are set and read meanwhile. */
const QUIET_MS = 100;
const POLL_MS = 8;
/** After this long without finding the GPU process free, the program is built regardless, ms. */
const GIVE_UP_MS = 3000;

/** What a vehicle model needs of deck.gl's layer context: the device, and the shader modules deck.gl gives every layer. */
export type VehicleModelContext = Pick<LayerContext, 'device' | 'defaultShaderModules'>;

/**
 * A model drawing the vehicle layer's shaders (no buffers: the shader makes the boxes from `gl_VertexID`, and the
 * vehicles are read from the `vehicleData` texture). Its shaders are the layer's with deck.gl's default modules, as
 * `Layer.getShaders` adds them, so that the model made ahead and the layers' share their program.
 */
export function createVehicleModel(context: VehicleModelContext, id: string): Model {
  const { device, defaultShaderModules } = context;
  return new Model(device, {
    ...VEHICLE_SHADERS,
    modules: [...VEHICLE_SHADERS.modules, ...defaultShaderModules],
    disableWarnings: true,
    id,
    topology: 'triangle-list',
    vertexCount: 0,
    bufferLayout: [],
  });
}

/** The model made ahead per device (kept: its program serves every data source's layer). */
const preparations = new WeakMap<Device, { ready: Promise<void>; done: boolean; model?: Model }>();

/** deck.gl's context of `deck`'s layers, once it has a device (deck.gl keeps it with its layer manager). */
function layerContext(deck: Deck<View | null>): LayerContext | null {
  return (deck as unknown as { layerManager?: { context: LayerContext } | null }).layerManager?.context ?? null;
}

/** Starts building the vehicle layers' program on `deck`'s device unless it was started; does nothing before `deck` has a device. */
export function prepareVehicleProgram(deck: Deck<View | null>): void {
  const context = layerContext(deck);
  if (!context?.device || preparations.has(context.device)) return;
  const preparation: { ready: Promise<void>; done: boolean; model?: Model } = { ready: Promise.resolve(), done: false };
  preparations.set(context.device, preparation);
  const build = () => {
    try {
      if (!context.device.isLost) {
        preparation.model = createVehicleModel(context, 'gtfs-vehicles-ahead');
        performance.mark(PERFORMANCE_MARKS.gtfsVehicleProgram);
      }
    } catch {
      // The layers make their own model and raise the error.
    }
    preparation.done = true;
  };
  const gl = context.gl as WebGL2RenderingContext | undefined;
  if (typeof gl?.fenceSync !== 'function') build();
  else preparation.ready = whenGpuFree(gl).then(build);
}

/**
 * While the vehicle program of `device` is being prepared, a promise of its end (it never rejects); null when it is
 * ready, failed, or was never started.
 */
export function whenVehicleProgramReady(device: Device): Promise<void> | null {
  const preparation = preparations.get(device);
  return preparation && !preparation.done ? preparation.ready : null;
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
