import { Layer, type DefaultProps, type GetPickingInfoParams, type PickingInfo, type UpdateParameters } from '@deck.gl/core';
import type { Texture } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import type { GtfsVehicleSelection, GtfsVehicleSet } from '../data/gtfs/feed-view.ts';
import { vehiclePoseInto } from '../data/gtfs/vehicle-paths.ts';
import { DEFAULT_TRAIN_LIGHTING, type TrainLighting } from './train-lighting.ts';
import { TRACK_SPACING_METRES } from './track-uniforms.ts';
import { PERFORMANCE_MARKS } from '../performance-marks.ts';
import { whenVehicleProgramReady } from './gtfs-vehicle-program.ts';
import { FACES, TEXELS, TEXTURE_WIDTH, VEHICLE_MODEL_PROPS, VEHICLE_SHADERS, VEHICLES_PER_ROW } from './gtfs-vehicle-shaders.ts';

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

/** Scratch pose (longitude, latitude, bearing) and degrees → radians. */
const POSE = new Float64Array(3);
const DEGREES = Math.PI / 180;

/** Degrees added around a feed's extent before its vehicles count as out of view. */
const VIEW_MARGIN_DEGREES = 0.05;

/**
 * The vehicles of a GTFS Realtime feed as 3D boxes shaped by route type (see
 * `VEHICLE_DIMENSIONS` in `gtfs-vehicle-shaders.ts`), in their route's colour, facing their
 * direction of travel. At each poll the vehicles' motions (along their trips'
 * shapes, `vehicle-motion.ts`) become timed polylines (`vehicle-paths.ts`);
 * every frame each vehicle's pose is interpolated on its polyline and written
 * to a small float texture: a few hundred vehicles cost a fraction of a
 * millisecond. Nothing is computed while the feed's area is out of view,
 * and frames stop once every vehicle has reached its reported position.
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
    model?: Model;
    texture?: Texture;
    data: Float32Array;
    count: number;
    selectedIndex: number;
    timer: ReturnType<typeof setTimeout> | null;
    /** Whether vehicles have been drawn once (the `tt:gtfs-vehicles-drawn` mark). */
    drawn: boolean;
  };

  override getShaders() {
    return super.getShaders(VEHICLE_SHADERS);
  }

  override initializeState() {
    this.setState({ data: new Float32Array(0), count: 0, selectedIndex: -1, timer: null, drawn: false });
    // While the program is being prepared (`gtfs-vehicle-program.ts`), the model waits for it: built now, in an
    // animation frame, its program's round trips would wait for the GPU process's compositor frame.
    const ready = whenVehicleProgramReady(this.context.device);
    if (!ready) this.setState({ model: this.createModel() });
    else
      void ready.then(() => {
        if (!this.internalState || this.state.model) return;
        this.setState({ model: this.createModel() });
      });
  }

  override shouldUpdateState({ changeFlags }: UpdateParameters<this>) {
    return changeFlags.propsOrDataChanged;
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.vehicles !== oldProps.vehicles || props.selected !== oldProps.selected) {
      this.state.selectedIndex = props.selected === null || !props.vehicles ? -1 : props.vehicles.vehicleIds.indexOf(props.selected);
      this.setNeedsRedraw();
    }
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    if (this.state.timer) clearTimeout(this.state.timer);
    this.state.texture?.destroy();
    super.finalizeState(context);
  }

  override draw({ shaderModuleProps }: { shaderModuleProps?: { picking?: { isActive?: boolean | number } } }) {
    const started = performance.now();
    const set = this.props.vehicles;
    const { model } = this.state;
    if (set && model && set.count > 0 && this.inView(set)) {
      const now = Date.now();
      const count = this.writePoses(set, now);
      const { ambient, sun: sunColor, toSun, sky: skyColor, toSky, glow } = this.props.lighting ?? DEFAULT_TRAIN_LIGHTING;
      model.shaderInputs.setProps({ gtfsVehicle: { minPixels: this.props.minPixels, unitMetres: unitMetres(this.context.viewport.zoom, (set.bbox[1] + set.bbox[3]) / 2), ambient, sunColor, toSun, skyColor, toSky, glow } });
      model.setVertexCount(count * FACES * 6);
      model.draw(this.context.renderPass);
      if (!this.state.drawn) {
        this.state.drawn = true;
        performance.mark(PERFORMANCE_MARKS.gtfsVehiclesDrawn, { detail: set.source });
      }
      if (now < set.movingUntil && !shaderModuleProps?.picking?.isActive) this.requestFrame();
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
    const bounds = (this.context.viewport as unknown as { getBounds?: () => number[] }).getBounds?.();
    if (!bounds || !bounds.every(Number.isFinite)) return true;
    const [west, south, east, north] = set.bbox;
    const m = VIEW_MARGIN_DEGREES;
    return bounds[0] <= east + m && bounds[2] >= west - m && bounds[1] <= north + m && bounds[3] >= south - m;
  }

  /** Writes every vehicle's pose at `time` into the data texture; returns the number of vehicles. */
  private writePoses(set: GtfsVehicleSet, time: number): number {
    const count = set.count;
    let data = this.state.data;
    if (data.length < count * TEXELS * 4) data = this.state.data = new Float32Array(Math.ceil(count / VEHICLES_PER_ROW) * VEHICLES_PER_ROW * TEXELS * 4);
    const { kinds, colors } = set;
    const paths = set.paths;
    const pose = POSE;
    const selected = this.state.selectedIndex;
    for (let k = 0; k < count; k++) {
      vehiclePoseInto(paths, k, time, pose);
      const f = k * TEXELS * 4;
      const lngHigh = Math.fround(pose[0]);
      const latHigh = Math.fround(pose[1]);
      data[f] = lngHigh;
      data[f + 1] = latHigh;
      data[f + 2] = pose[0] - lngHigh;
      data[f + 3] = pose[1] - latHigh;
      data[f + 4] = pose[2] * DEGREES;
      data[f + 5] = kinds[k];
      data[f + 6] = k === selected ? 1 : 0;
      data[f + 8] = colors[k * 3] / 255;
      data[f + 9] = colors[k * 3 + 1] / 255;
      data[f + 10] = colors[k * 3 + 2] / 255;
      data[f + 11] = 1;
    }
    this.upload(data, count);
    return count;
  }

  private upload(data: Float32Array, count: number) {
    const rows = Math.ceil(count / VEHICLES_PER_ROW);
    let texture = this.state.texture;
    if (!texture || texture.height < rows) {
      texture?.destroy();
      texture = this.context.device.createTexture({
        id: `${this.props.id}-vehicles`,
        format: 'rgba32float',
        width: TEXTURE_WIDTH,
        height: rows,
        mipLevels: 1,
        sampler: { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
      });
      this.state.texture = texture;
      this.state.model?.setBindings({ vehicleData: texture });
    }
    // Straight to WebGL, as the trains' layer does (luma.gl's writeData normalises its options on every call).
    const gl = (this.context.device as unknown as { gl: WebGL2RenderingContext }).gl;
    gl.bindTexture(gl.TEXTURE_2D, (texture as unknown as { handle: WebGLTexture }).handle);
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, null);
    const fullRows = Math.floor(count / VEHICLES_PER_ROW);
    const rest = count - fullRows * VEHICLES_PER_ROW;
    if (fullRows > 0) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, TEXTURE_WIDTH, fullRows, gl.RGBA, gl.FLOAT, data, 0);
    if (rest > 0) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, fullRows, rest * TEXELS, 1, gl.RGBA, gl.FLOAT, data, fullRows * TEXTURE_WIDTH * 4);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  private createModel(): Model {
    return new Model(this.context.device, { ...this.getShaders(), id: this.props.id, ...VEHICLE_MODEL_PROPS });
  }
}
