import { Layer, type DefaultProps, type GetPickingInfoParams, type PickingInfo, type UpdateParameters } from '@deck.gl/core';
import { Buffer, type Texture } from '@luma.gl/core';
import type { Model } from '@luma.gl/engine';
import type { GtfsVehicleSelection, GtfsVehicleSet } from '../data/gtfs/feed-view.ts';
import { mercatorWorld, VEHICLE_TEXTURE_WIDTH, vehicleTexels, type VehicleTexels } from '../data/gtfs/vehicle-texels.ts';
import { DEFAULT_TRAIN_LIGHTING, type TrainLighting } from '../data/light/train-lighting.ts';
import { TRACK_SPACING_METRES } from '../data/geometry/track-units.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import { bboxInView } from './gtfs-feed-layers.ts';
import { createVehicleModel, whenVehicleProgramReady } from './gtfs-vehicle-program.ts';
import { FRAME, FRAME_BLOCK, FRAME_FLOATS, VERTICES_PER_VEHICLE } from './gtfs-vehicle-shaders.ts';

/** Props of {@link GtfsVehicleLayer}. */
export interface GtfsVehicleLayerProps {
  /** The vehicles of one data source (from its latest poll), or null. */
  vehicles: GtfsVehicleSet | null;
  /** Id of the tracked vehicle of this source (drawn a little brighter), or null. */
  selected: string | null;
  /** Smallest drawn vehicle size, pixels (vehicles stay visible zoomed out). */
  minPixels?: number;
  /** Light on the vehicles (the trains' lighting). */
  lighting?: TrainLighting;
  /** Least time between two frames while vehicles move, ms (eco mode); 0 redraws every animation frame. */
  frameInterval?: number;
  /** Adds the layer's main-thread time (ms) to a counter, for benchmarks. */
  onScriptTime?: ((ms: number) => void) | null;
}

/** What a picked vehicle resolves to. */
export interface GtfsVehiclePickingInfo extends PickingInfo {
  gtfsVehicle: GtfsVehicleSelection | null;
}

/** Ground metres of one track unit at a zoom and latitude (the trains' scale: constant on screen from zoom 13 to 18). */
function unitMetres(zoom: number, latitude: number): number {
  return TRACK_SPACING_METRES * 2 ** (14 - Math.min(18, Math.max(13, zoom))) * Math.cos((latitude * Math.PI) / 180);
}

/** The viewport members the layer reads (deck.gl's WebMercatorViewport). */
interface MercatorViewport {
  zoom: number;
  scale: number;
  viewProjectionMatrix: number[];
  distanceScales: { unitsPerMeter: number[] };
}

/**
 * The vehicles of a GTFS Realtime feed as 3D boxes shaped by route type (see
 * `VEHICLE_SIZES` in `gtfs-vehicle-shaders.ts`, from the cars of `vehicle-shapes.ts`), in their route's colour, facing their
 * direction of travel. At each poll the vehicles' motions (along their trips'
 * shapes, `vehicle-motion.ts`) become timed polylines (`vehicle-paths.ts`),
 * written once into a float texture (`vehicle-texels.ts`); every frame the
 * vertex shader finds each vehicle on its polyline at the frame's time.
 *
 * A frame costs the main thread one draw of the layer's luma.gl model, with
 * deck.gl's picking and layer modules and the sun-lighting module. Its
 * program is built ahead (`gtfs-vehicle-program.ts`) and the layer makes its
 * model in that same task, never in an animation frame. The frame's uniform
 * block (view-projection, origin, scales, time) is a buffer the layer writes
 * itself and binds to the model: in luma.gl's uniform store, a block that
 * changes every frame is repacked and logged on every draw. Nothing is drawn
 * while the feed's area is out of view, and frames stop once every vehicle
 * has reached its reported position. Picking draws the same model (deck.gl's
 * picking module: each vehicle's index as its colour).
 *
 * Measured against the layer's earlier raw WebGL program (its own program and
 * uniform block, about 30 WebGL calls a frame) with Halifax's 290 vehicles
 * while the camera turns (headless Chromium, SwiftShader, 2 cores shared at
 * load 15–20; about 450 draws each over four page loads, alternating; the
 * timer's resolution is 0.1 ms): main-thread time per draw median 0.2 ms
 * (raw: 0.1), 90th percentile 2.2 ms (0.6), mean 1.2 ms (0.43): luma.gl's
 * `Model.draw` (bind groups, uniform store, parameters) is most of it. With
 * the frame's block in the uniform store it was 0.3–0.4 ms at the median.
 * The first draw with vehicles took 3.5–8.9 ms (raw: 4.6–227 ms).
 */
export class GtfsVehicleLayer extends Layer<Required<GtfsVehicleLayerProps>> {
  static override layerName = 'GtfsVehicleLayer';
  static override defaultProps: DefaultProps<GtfsVehicleLayerProps> = {
    vehicles: { type: 'object', value: null, compare: true },
    selected: null,
    minPixels: 8,
    lighting: { type: 'object', value: DEFAULT_TRAIN_LIGHTING, compare: 1 },
    frameInterval: 0,
    onScriptTime: null,
  };

  declare state: {
    /** The model once the program is ready; null before, or when it could not be built (`failed`: the error was raised once). */
    model: Model | null;
    failed: boolean;
    /** Whether the layer waits for the program being prepared to make its model. */
    waiting: boolean;
    texture: Texture | null;
    texels: VehicleTexels | null;
    /** Whether the texture must be written before the next draw. */
    stale: boolean;
    /** The frame's uniform block, and its buffer. */
    frame: Float32Array;
    frameBuffer: Buffer | null;
    /** The lighting last given to the model. */
    lighting: TrainLighting | null;
    selectedIndex: number;
    timer: ReturnType<typeof setTimeout> | null;
    /** Whether vehicles have been drawn once (the `tt:gtfs-vehicles-drawn` mark). */
    drawn: boolean;
  };

  override initializeState() {
    this.setState({ model: null, failed: false, waiting: false, texture: null, texels: null, stale: true, frame: new Float32Array(FRAME_FLOATS), frameBuffer: null, lighting: null, selectedIndex: -1, timer: null, drawn: false });
    if (whenVehicleProgramReady(this.context.device)) this.requestModel();
  }

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.propsOrDataChanged;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.vehicles?.count) this.requestModel();
    if (props.vehicles !== oldProps.vehicles || props.selected !== oldProps.selected) {
      this.state.selectedIndex = props.selected === null || !props.vehicles ? -1 : props.vehicles.vehicleIds.indexOf(props.selected);
      this.state.stale = true;
      this.setNeedsRedraw();
    }
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    if (this.state.timer) clearTimeout(this.state.timer);
    this.state.texture?.destroy();
    this.state.frameBuffer?.destroy();
    this.state.model?.destroy();
    super.finalizeState(context);
  }

  override draw({ shaderModuleProps }: { shaderModuleProps?: { picking?: { isActive?: boolean | number } } }) {
    const started = performance.now();
    const set = this.props.vehicles;
    if (set && set.count > 0 && bboxInView(this.context.viewport, set.bbox)) {
      const { model } = this.state;
      if (model) {
        const now = Date.now();
        const picking = Boolean(shaderModuleProps?.picking?.isActive);
        this.drawVehicles(model, this.texels(set, model), set, now);
        if (!this.state.drawn && !picking) {
          this.state.drawn = true;
          performance.mark(PERFORMANCE_MARKS.gtfsVehiclesDrawn, { detail: set.source });
        }
        if (now < set.movingUntil && !picking) this.requestFrame();
      }
    }
    this.props.onScriptTime?.(performance.now() - started);
  }

  override getPickingInfo({ info }: GetPickingInfoParams): GtfsVehiclePickingInfo {
    const set = this.props.vehicles;
    const vehicleId = set && info.index >= 0 ? set.vehicleIds[info.index] : undefined;
    const gtfsVehicle = set && vehicleId !== undefined ? { source: set.source, vehicleId } : null;
    return { ...info, gtfsVehicle, object: gtfsVehicle };
  }

  /** The next frame: the next animation frame, or after `frameInterval` ms in eco mode. */
  private requestFrame() {
    const interval = this.props.frameInterval;
    if (!(interval > 0)) {
      this.setNeedsRedraw();
      return;
    }
    if (this.state.timer) return;
    this.state.timer = setTimeout(() => {
      this.state.timer = null;
      if (this.internalState) this.setNeedsRedraw();
    }, interval);
  }

  /**
   * Makes the model now, or, while the program is being prepared (`gtfs-vehicle-program.ts`), once it is ready, in
   * that task: made now, in an animation frame, its link's round trip would wait for the GPU process's compositor
   * frame.
   */
  private requestModel() {
    if (this.state.model || this.state.failed || this.state.waiting) return;
    const ready = whenVehicleProgramReady(this.context.device);
    if (!ready) {
      this.makeModel();
      return;
    }
    this.state.waiting = true;
    void ready.then(() => {
      this.state.waiting = false;
      if (!this.internalState) return;
      this.makeModel();
      this.setNeedsRedraw();
    });
  }

  /** Makes the layer's model and its frame's uniform buffer (once; a failure raises the error once). */
  private makeModel() {
    if (this.state.model || this.state.failed) return;
    try {
      const model = createVehicleModel(this.context, this.props.id);
      const frameBuffer = this.context.device.createBuffer({ id: `${this.props.id}-frame`, usage: Buffer.UNIFORM | Buffer.COPY_DST, byteLength: FRAME_FLOATS * 4 });
      model.setBindings({ [FRAME_BLOCK]: frameBuffer });
      this.setState({ model, frameBuffer });
    } catch (error) {
      this.state.failed = true;
      this.raiseError(error as Error, 'building the GTFS vehicle program');
    }
  }

  /** The vehicle texels, written into the texture first if the vehicles or the tracked one changed. */
  private texels(set: GtfsVehicleSet, model: Model): VehicleTexels {
    if (!this.state.stale && this.state.texels) return this.state.texels;
    // Positions relative to the middle of the feed's extent; times from when the poll arrived.
    const origin = mercatorWorld((set.bbox[0] + set.bbox[2]) / 2, (set.bbox[1] + set.bbox[3]) / 2);
    const texels = (this.state.texels = vehicleTexels(set, this.state.selectedIndex, origin, set.receivedAt, this.state.texels?.data));
    this.state.stale = false;
    let texture = this.state.texture;
    if (!texture || texture.height < texels.rows) {
      texture?.destroy();
      texture = this.state.texture = this.context.device.createTexture({
        id: `${this.props.id}-vehicles`,
        format: 'rgba32float',
        width: VEHICLE_TEXTURE_WIDTH,
        height: texels.rows,
        mipLevels: 1,
        sampler: { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
      });
      model.setBindings({ vehicleData: texture });
    }
    texture.writeData(texels.data, { width: VEHICLE_TEXTURE_WIDTH, height: texels.rows });
    return texels;
  }

  /** Writes the frame's uniform block and draws every vehicle. */
  private drawVehicles(model: Model, texels: VehicleTexels, set: GtfsVehicleSet, now: number) {
    const viewport = this.context.viewport as unknown as MercatorViewport;
    const { frame, frameBuffer } = this.state;
    const m = viewport.viewProjectionMatrix;
    const [ox, oy] = texels.origin;
    for (let i = 0; i < 16; i++) frame[FRAME.viewProjection + i] = m[i];
    // The origin's clip position in double precision; the shader adds the small offsets from it.
    for (let r = 0; r < 4; r++) frame[FRAME.originClip + r] = m[r] * ox + m[4 + r] * oy + m[12 + r];
    const unitsPerMetre = viewport.distanceScales.unitsPerMeter;
    frame[FRAME.scales] = unitsPerMetre[0];
    frame[FRAME.scales + 1] = unitsPerMetre[2];
    frame[FRAME.scales + 2] = unitsPerMetre[0] * viewport.scale;
    frame[FRAME.scales + 3] = this.props.minPixels;
    frame[FRAME.state] = unitMetres(viewport.zoom, (set.bbox[1] + set.bbox[3]) / 2);
    frame[FRAME.state + 1] = (now - texels.baseTime) / 1000;
    frameBuffer?.write(frame);
    const lighting = this.props.lighting ?? DEFAULT_TRAIN_LIGHTING;
    if (lighting !== this.state.lighting) {
      model.shaderInputs.setProps({ sunLighting: lighting });
      this.state.lighting = lighting;
    }
    model.setVertexCount(set.count * VERTICES_PER_VEHICLE);
    model.draw(this.context.renderPass);
  }
}
