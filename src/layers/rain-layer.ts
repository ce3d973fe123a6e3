import { COORDINATE_SYSTEM, Layer, project32, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import { Buffer, type Texture } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import { rainTexels, type RainGrid } from '../data/weather/rain-grid.ts';
import { unitColor } from './colors.ts';
import { DRY_BELOW_MM_PER_HOUR, fs, rainUniforms, vs } from './rain-layer-shaders.ts';

/** Props of {@link RainLayer}. */
export interface RainLayerProps {
  /** Precipitation to draw; nothing is drawn without it. */
  grid: RainGrid | null;
  /** Colour of the rain streaks and of the snow flakes, RGBA 0–255. */
  rainColor?: [number, number, number, number];
  snowColor?: [number, number, number, number];
  /** Redraws per second: 0 = every animation frame, else at most this many (eco mode). */
  frameRate?: number;
  /** Adds the layer's main-thread time (ms) for each frame it draws, for benchmarks. */
  onDraw?: ((ms: number, drops: number) => void) | null;
}

/** Drops kept in the box around the view (each one streak); the layer draws a share of them, see {@link RainLayer.draw}. */
export const MAX_DROPS = 32_768;
/** Rain falls from this height over the ground, in viewport heights (the camera is 1.5 viewport heights from the centre, 0.75 above the ground at the default 60° tilt). */
const HEIGHT = 0.45;
/**
 * Rain is drawn this far from the view centre, in viewport heights: past the corners of the screen looking straight
 * down, further out the more the map is tilted (at 60° the top edge of the screen sees the ground 2.3 viewport heights
 * ahead); it thins out towards it.
 */
const REACH_FLAT = 1.15;
const REACH_TILTED = 1.05;
/** How far the rain's circle moves ahead of the view centre at full tilt, in reaches. */
const AHEAD = 0.35;
/** deck.gl's Earth circumference (m), so that its metre offsets and the grid's mapping agree. */
const EARTH_CIRCUMFERENCE = 40.03e6;
const EARTH_RADIUS = EARTH_CIRCUMFERENCE / (2 * Math.PI);

/** Metres east and north of `origin` (first order, as deck.gl's metre offsets at the origin). */
function metresFrom(origin: [number, number], lng: number, lat: number): [number, number] {
  const scale = EARTH_RADIUS * Math.cos((origin[1] * Math.PI) / 180);
  const mercator = (l: number) => Math.log(Math.tan(Math.PI / 4 + (l * Math.PI) / 360));
  return [((lng - origin[0]) * Math.PI * scale) / 180, (mercator(lat) - mercator(origin[1])) * scale];
}

/** The parts of deck.gl's Web Mercator viewport the layer reads. */
type MercatorViewport = { longitude: number; latitude: number; zoom: number; pitch: number; bearing?: number; width: number; height: number };

/**
 * Rain from a radar grid: falling streaks (or, where the radar says snow,
 * slow swaying flakes) in the air over the city, as many and as fast as the
 * intensity under them says.
 *
 * The drops are not data: drop i is a hash of i, placed in a box around the
 * view centre that repeats across the world (so a drop stays put while the
 * camera pans), its height a function of one time uniform. Per frame the
 * layer sets a handful of uniforms and makes one draw call; the vertex shader
 * reads the intensity under each drop from a texture of the grid and drops
 * the drops a drier sky would not have. The box grows with the view
 * (doubling per zoom level out) and the layer draws the share of drops that
 * keeps their number on screen steady.
 *
 * It animates by asking deck.gl for the next frame after each draw (at most
 * `frameRate` a second when given); hidden, it asks for nothing.
 */
export class RainLayer extends Layer<Required<RainLayerProps>> {
  static override layerName = 'RainLayer';
  /** Rain falls in front of the sky too: the horizon clip (`horizon-clip.ts`) leaves it whole. */
  static readonly drawnInTheSky = true;
  static override defaultProps: DefaultProps<RainLayerProps> = {
    grid: { type: 'object', value: null, compare: true },
    rainColor: { type: 'color', value: [40, 90, 200, 170] },
    snowColor: { type: 'color', value: [255, 255, 255, 230] },
    frameRate: 0,
    onDraw: null,
    // Rain is drawn in front of what it falls in front of, behind what hides it, and writes no depth.
    parameters: { depthWriteEnabled: false, depthCompare: 'less-equal' },
  } as DefaultProps<RainLayerProps>;

  declare state: { model?: Model; indices?: Buffer; texture?: Texture; origin: [number, number]; timer: ReturnType<typeof setTimeout> | null };

  override getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, rainUniforms] });
  }

  override initializeState() {
    const quads = new Uint32Array(MAX_DROPS * 6);
    for (let drop = 0, i = 0; drop < MAX_DROPS; drop++) {
      const v = drop * 4;
      quads[i++] = v;
      quads[i++] = v + 1;
      quads[i++] = v + 2;
      quads[i++] = v;
      quads[i++] = v + 2;
      quads[i++] = v + 3;
    }
    const indices = this.context.device.createBuffer({ id: `${this.props.id}-quads`, usage: Buffer.INDEX, indexType: 'uint32', data: quads });
    const model = new Model(this.context.device, { ...this.getShaders(), id: this.props.id, topology: 'triangle-list', vertexCount: 0, bufferLayout: [], indexBuffer: indices });
    this.state = { model, indices, origin: [0, 0], timer: null };
  }

  override updateState({ props, oldProps }: UpdateParameters<this>) {
    if (props.grid === oldProps.grid) return;
    this.state.texture?.destroy();
    this.state.texture = undefined;
    const grid = props.grid;
    if (!grid) return;
    this.state.texture = this.context.device.createTexture({
      id: `${props.id}-intensity`,
      format: 'rgba8unorm',
      width: grid.width,
      height: grid.height,
      data: rainTexels(grid),
      mipLevels: 1,
      sampler: { minFilter: 'linear', magFilter: 'linear', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
    });
    this.state.model?.setBindings({ intensity: this.state.texture });
    // The same origin as the layer's coordinateOrigin (see rainLayerCoordinates).
    const { west, east, south, north } = grid.bounds;
    this.state.origin = [(west + east) / 2, (south + north) / 2];
  }

  override draw() {
    const started = performance.now();
    const { model, texture, origin } = this.state;
    const { grid, rainColor, snowColor } = this.props;
    if (!model || !texture || !grid || grid.maxMmPerHour < DRY_BELOW_MM_PER_HOUR) return;
    const viewport = this.context.viewport as unknown as MercatorViewport;
    const metresPerPixel = (EARTH_CIRCUMFERENCE * Math.cos((viewport.latitude * Math.PI) / 180)) / (512 * 2 ** viewport.zoom);
    const viewHeight = viewport.height * metresPerPixel;
    const tilt = Math.sin((viewport.pitch * Math.PI) / 180);
    const reach = (REACH_FLAT + REACH_TILTED * tilt * tilt) * viewHeight;
    // Tilted, the screen shows more ground ahead of the centre than behind it: the rain's circle moves ahead.
    const ahead = AHEAD * tilt * tilt * reach;
    const bearing = ((viewport.bearing ?? 0) * Math.PI) / 180;
    // The box is the smallest power of two (m) holding the reach: the same drops in the same places within a zoom level.
    const half = 2 ** Math.ceil(Math.log2(reach));
    const target = metresFrom(origin, viewport.longitude, viewport.latitude);
    const center: [number, number] = [target[0] + Math.sin(bearing) * ahead, target[1] + Math.cos(bearing) * ahead];
    const [gx0, gy0] = metresFrom(origin, grid.bounds.west, grid.bounds.north);
    const [gx1, gy1] = metresFrom(origin, grid.bounds.east, grid.bounds.south);
    const outside = center[0] < gx0 - reach || center[0] > gx1 + reach || center[1] > gy0 + reach || center[1] < gy1 - reach;
    let drops = 0;
    if (!outside) {
      // The first drops, more of them as the reach shrinks within the box (zooming in), so that as many fall on
      // screen at any zoom: a quarter of them when the reach fills the box, all when it is half of it.
      drops = Math.ceil(MAX_DROPS * (half / (2 * reach)) ** 2);
      const time = (performance.now() / 1000) % 3600;
      model.shaderInputs.setProps({
        rain: { center, cell: half * 2, reach, height: HEIGHT * viewHeight, time, gridOrigin: [gx0, gy0], gridSize: [gx1 - gx0, gy1 - gy0], rainColor: unitColor(rainColor), snowColor: unitColor(snowColor), widthPixels: 1.5 },
      });
      model.setVertexCount(drops * 6); // indices: two triangles a drop
      model.draw(this.context.renderPass);
      this.requestNextFrame();
    }
    this.props.onDraw?.(performance.now() - started, drops);
  }

  /** Asks deck.gl for another frame: the next animation frame, or after 1/frameRate s. */
  private requestNextFrame() {
    const { frameRate } = this.props;
    if (!(frameRate > 0)) {
      this.setNeedsRedraw();
      return;
    }
    const { state } = this;
    if (state.timer !== null) return;
    // The state (and the internal state holding the redraw flag) passes on to the layer that replaces this one.
    const internal = this.internalState as unknown as { needsRedraw: boolean } | null;
    state.timer = setTimeout(() => {
      state.timer = null;
      if (internal) internal.needsRedraw = true;
    }, 1000 / frameRate);
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    if (this.state.timer !== null) clearTimeout(this.state.timer);
    this.state.texture?.destroy();
    this.state.model?.destroy();
    this.state.indices?.destroy();
    super.finalizeState(context);
  }
}

/** The layer's coordinates: metre offsets from the grid's centre (set from the grid on each update). */
export function rainLayerCoordinates(grid: RainGrid | null): { coordinateSystem: typeof COORDINATE_SYSTEM.METER_OFFSETS; coordinateOrigin: [number, number, number] } {
  const b = grid?.bounds;
  return { coordinateSystem: COORDINATE_SYSTEM.METER_OFFSETS, coordinateOrigin: b ? [(b.west + b.east) / 2, (b.south + b.north) / 2, 0] : [0, 0, 0] };
}
