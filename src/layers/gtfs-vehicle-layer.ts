import { Layer, type DefaultProps, type GetPickingInfoParams, type PickingInfo, type UpdateParameters } from '@deck.gl/core';
import { withDeviceParameters } from '@luma.gl/webgl';
import type { Parameters as DeviceParameters } from '@luma.gl/core';
import type { GtfsVehicleSelection, GtfsVehicleSet } from '../data/gtfs/feed-view.ts';
import { mercatorWorld, VEHICLE_TEXTURE_WIDTH, vehicleTexels, type VehicleTexels } from '../data/gtfs/vehicle-texels.ts';
import { DEFAULT_TRAIN_LIGHTING, type TrainLighting } from '../data/light/train-lighting.ts';
import { TRACK_SPACING_METRES } from '../data/geometry/track-units.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import { vehicleProgram, whenVehicleProgramReady } from './gtfs-vehicle-program.ts';
import { FACES, FRAME, FRAME_FLOATS } from './gtfs-vehicle-shaders.ts';

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

/** Degrees added around a feed's extent before its vehicles count as out of view. */
const VIEW_MARGIN_DEGREES = 0.05;

/** The viewport members the layer reads (deck.gl's WebMercatorViewport). */
interface MercatorViewport {
  zoom: number;
  scale: number;
  viewProjectionMatrix: ArrayLike<number>;
  distanceScales: { unitsPerMeter: number[] };
  getBounds?: () => number[];
}

/** What the layer keeps on the GPU: its vehicle texture, frame uniform buffer and (empty) vertex array. */
interface GpuState {
  texture: WebGLTexture;
  rows: number;
  frameBuffer: WebGLBuffer;
  vertexArray: WebGLVertexArrayObject;
}

/**
 * The vehicles of a GTFS Realtime feed as 3D boxes shaped by route type (see
 * `VEHICLE_DIMENSIONS` in `gtfs-vehicle-shaders.ts`), in their route's colour, facing their
 * direction of travel. At each poll the vehicles' motions (along their trips'
 * shapes, `vehicle-motion.ts`) become timed polylines (`vehicle-paths.ts`),
 * written once into a float texture (`vehicle-texels.ts`); every frame the
 * vertex shader finds each vehicle on its polyline at the frame's time.
 *
 * A frame costs the main thread one uniform block of 48 floats and one draw
 * call, issued straight to WebGL with the layer's own program (no luma.gl
 * model: its per-draw work of flattening deck.gl's shader-module uniforms,
 * binding and state tracking cost several times the draw itself). Nothing is
 * drawn while the feed's area is out of view, and frames stop once every
 * vehicle has reached its reported position. Picking draws the same program
 * with each vehicle's index as its colour.
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
    /** The program once ready; false when it could not be built (the error was raised once). */
    program: WebGLProgram | null | false;
    gpu: GpuState | null;
    texels: VehicleTexels | null;
    /** Whether the texture must be written before the next draw. */
    stale: boolean;
    frame: Float32Array;
    selectedIndex: number;
    timer: ReturnType<typeof setTimeout> | null;
    /** Whether vehicles have been drawn once (the `tt:gtfs-vehicles-drawn` mark). */
    drawn: boolean;
  };

  private get gl(): WebGL2RenderingContext {
    return (this.context.device as unknown as { gl: WebGL2RenderingContext }).gl;
  }

  override initializeState() {
    this.setState({ program: null, gpu: null, texels: null, stale: true, frame: new Float32Array(FRAME_FLOATS), selectedIndex: -1, timer: null, drawn: false });
    // While the program is being prepared (`gtfs-vehicle-program.ts`), the layer waits for it: built now, in an
    // animation frame, its link's round trip would wait for the GPU process's compositor frame.
    const ready = whenVehicleProgramReady(this.gl);
    if (ready)
      void ready.then(() => {
        if (this.internalState) this.setNeedsRedraw();
      });
  }

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.propsOrDataChanged;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.vehicles !== oldProps.vehicles || props.selected !== oldProps.selected) {
      this.state.selectedIndex = props.selected === null || !props.vehicles ? -1 : props.vehicles.vehicleIds.indexOf(props.selected);
      this.state.stale = true;
      this.setNeedsRedraw();
    }
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    if (this.state.timer) clearTimeout(this.state.timer);
    const { gpu } = this.state;
    const gl = this.gl;
    if (gpu && !gl.isContextLost()) {
      gl.deleteTexture(gpu.texture);
      gl.deleteBuffer(gpu.frameBuffer);
      gl.deleteVertexArray(gpu.vertexArray);
    }
    super.finalizeState(context);
  }

  override draw({ shaderModuleProps, parameters }: { shaderModuleProps?: { picking?: { isActive?: boolean | number } }; parameters?: DeviceParameters }) {
    const started = performance.now();
    const set = this.props.vehicles;
    const program = this.program();
    if (set && program && set.count > 0 && this.inView(set)) {
      const now = Date.now();
      const picking = Boolean(shaderModuleProps?.picking?.isActive);
      const gpu = this.prepare(set);
      // deck.gl's parameters for this draw in the style of WebGPU (a picking pass's blending: the colour as it is, the
      // alpha the layer's code) reach luma.gl models only; applied here, then undone.
      withDeviceParameters(this.context.device, parameters ?? {}, () => this.drawVehicles(program, gpu, set.count, now, picking));
      if (!this.state.drawn && !picking) {
        this.state.drawn = true;
        performance.mark(PERFORMANCE_MARKS.gtfsVehiclesDrawn, { detail: set.source });
      }
      if (now < set.movingUntil && !picking) this.requestFrame();
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

  private inView(set: GtfsVehicleSet): boolean {
    const bounds = (this.context.viewport as unknown as MercatorViewport).getBounds?.();
    if (!bounds || !bounds.every(Number.isFinite)) return true;
    const [west, south, east, north] = set.bbox;
    const m = VIEW_MARGIN_DEGREES;
    return bounds[0] <= east + m && bounds[2] >= west - m && bounds[1] <= north + m && bounds[3] >= south - m;
  }

  /** The program, once ready (null while it is being prepared, or when it failed: the error is raised once). */
  private program(): WebGLProgram | null {
    const { program } = this.state;
    if (program !== null) return program || null;
    if (whenVehicleProgramReady(this.gl)) return null;
    try {
      this.state.program = vehicleProgram(this.gl);
    } catch (error) {
      this.state.program = false;
      this.raiseError(error as Error, 'building the GTFS vehicle program');
      return null;
    }
    return this.state.program;
  }

  /** The GPU resources, with the vehicle texture written if the vehicles or the tracked one changed. */
  private prepare(set: GtfsVehicleSet): GpuState {
    const gl = this.gl;
    let gpu = this.state.gpu;
    if (!gpu) {
      const frameBuffer = gl.createBuffer() as WebGLBuffer;
      gl.bindBuffer(gl.UNIFORM_BUFFER, frameBuffer);
      gl.bufferData(gl.UNIFORM_BUFFER, FRAME_FLOATS * 4, gl.DYNAMIC_DRAW);
      gl.bindBuffer(gl.UNIFORM_BUFFER, null);
      gpu = this.state.gpu = { texture: gl.createTexture() as WebGLTexture, rows: 0, frameBuffer, vertexArray: gl.createVertexArray() as WebGLVertexArrayObject };
    }
    if (!this.state.stale && this.state.texels) return gpu;
    // Positions relative to the middle of the feed's extent; times from when the poll arrived.
    const origin = mercatorWorld((set.bbox[0] + set.bbox[2]) / 2, (set.bbox[1] + set.bbox[3]) / 2);
    const texels = (this.state.texels = vehicleTexels(set, this.state.selectedIndex, origin, set.receivedAt, this.state.texels?.data));
    this.state.stale = false;
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, null);
    if (gpu.rows < texels.rows) {
      // Immutable storage: a texture that must grow is replaced.
      gl.deleteTexture(gpu.texture);
      gpu.texture = gl.createTexture() as WebGLTexture;
      gl.bindTexture(gl.TEXTURE_2D, gpu.texture);
      gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, VEHICLE_TEXTURE_WIDTH, texels.rows);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
      gpu.rows = texels.rows;
    } else gl.bindTexture(gl.TEXTURE_2D, gpu.texture);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, VEHICLE_TEXTURE_WIDTH, texels.rows, gl.RGBA, gl.FLOAT, texels.data, 0);
    gl.bindTexture(gl.TEXTURE_2D, null);
    return gpu;
  }

  /** Writes the frame's uniform block and draws every vehicle, in the WebGL state deck.gl set for this layer. */
  private drawVehicles(program: WebGLProgram, gpu: GpuState, count: number, now: number, picking: boolean) {
    const gl = this.gl;
    const texels = this.state.texels as VehicleTexels;
    const viewport = this.context.viewport as unknown as MercatorViewport;
    const frame = this.state.frame;
    const m = viewport.viewProjectionMatrix;
    const [ox, oy] = texels.origin;
    for (let i = 0; i < 16; i++) frame[FRAME.viewProjection + i] = m[i];
    // The origin's clip position in double precision; the shader adds the small offsets from it.
    for (let r = 0; r < 4; r++) frame[FRAME.originClip + r] = m[r] * ox + m[4 + r] * oy + m[12 + r];
    const unitsPerMetre = viewport.distanceScales.unitsPerMeter;
    const set = this.props.vehicles as GtfsVehicleSet;
    frame[FRAME.scales] = unitsPerMetre[0];
    frame[FRAME.scales + 1] = unitsPerMetre[2];
    frame[FRAME.scales + 2] = unitsPerMetre[0] * viewport.scale;
    frame[FRAME.scales + 3] = this.props.minPixels;
    frame[FRAME.state] = unitMetres(viewport.zoom, (set.bbox[1] + set.bbox[3]) / 2);
    frame[FRAME.state + 1] = (now - texels.baseTime) / 1000;
    frame[FRAME.state + 2] = this.props.opacity;
    frame[FRAME.state + 3] = picking ? 1 : 0;
    const { ambient, sun, toSun, sky, toSky, glow } = this.props.lighting ?? DEFAULT_TRAIN_LIGHTING;
    frame.set(ambient, FRAME.ambient);
    frame[FRAME.ambient + 3] = glow;
    frame.set(sun, FRAME.sunColor);
    frame.set(toSun, FRAME.toSun);
    frame.set(sky, FRAME.skyColor);
    frame.set(toSky, FRAME.toSky);

    gl.bindBuffer(gl.UNIFORM_BUFFER, gpu.frameBuffer);
    gl.bufferSubData(gl.UNIFORM_BUFFER, 0, frame);
    gl.bindBuffer(gl.UNIFORM_BUFFER, null);
    gl.useProgram(program);
    gl.bindBufferBase(gl.UNIFORM_BUFFER, 0, gpu.frameBuffer);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, gpu.texture);
    gl.bindVertexArray(gpu.vertexArray);
    gl.drawArrays(gl.TRIANGLES, 0, count * FACES * 6);
    gl.bindVertexArray(null);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }
}
