/**
 * Building the GTFS vehicle layers' GPU program ahead, outside an animation
 * frame.
 *
 * Creating a program makes luma.gl ask WebGL for its link status and layout
 * (`getProgramParameter`, uniform blocks …): synchronous round trips to the
 * GPU process, whose main thread runs Chromium's display compositor too.
 * Under software WebGL (SwiftShader) the compositor's frame readback holds
 * that thread for 50 ms and more, and it runs at the same vsync as the page's
 * animation frames: deck.gl builds a new layer's program inside an animation
 * frame, so its first round trip waited for the frame the compositor was
 * finishing (measured 90 to over 400 ms). Built here, in an ordinary task
 * right after a data source with a realtime feed is requested (the map is
 * usually still then), the round trips find the GPU process free; the layer
 * later gets the same program from luma.gl's pipeline cache (same shader
 * source), and the WebGL client has the program's layout cached, so creating
 * the layer asks the GPU process nothing.
 *
 * @module
 */
import { _mergeShaders as mergeShaders, type Deck, type LayerContext, type View } from '@deck.gl/core';
import type { Device } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import { VEHICLE_MODEL_PROPS, VEHICLE_SHADERS } from './gtfs-vehicle-layer.ts';

/** The model holding the prepared program, per device (kept: the program serves every data source's layer). */
const prepared = new WeakMap<Device, Model>();

/**
 * Builds the vehicle layers' program on `deck`'s device unless it exists, with deck.gl's default shader modules
 * (as `Layer.getShaders` adds them), so that the source is the layer's own. Does nothing before `deck` has a
 * device and layer context.
 */
export function prepareVehicleProgram(deck: Deck<View | null>): void {
  // The layer context is internal to Deck; its default modules are part of every layer's shader source.
  const context = (deck as unknown as { layerManager: { context: LayerContext } | null }).layerManager?.context;
  const device = context?.device;
  if (!context || !device || prepared.has(device)) return;
  const shaders = mergeShaders(VEHICLE_SHADERS, { disableWarnings: true, modules: context.defaultShaderModules });
  prepared.set(device, new Model(device, { ...shaders, id: 'gtfs-vehicles-prepared', ...VEHICLE_MODEL_PROPS }));
}
