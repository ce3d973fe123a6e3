import { COORDINATE_SYSTEM, Layer, project32, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import { Buffer, type Texture } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import type { ShaderModule } from '@luma.gl/shadertools';
import { rainTexels, TEXTURE_MAX_MM_PER_HOUR, type RainGrid } from '../data/weather/rain-grid.ts';

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
/** Intensity (mm/h) at which every drop falls: heavy rain; for snow (water equivalent), heavy snow (about 4 cm an hour). */
const FULL_DENSITY_MM_PER_HOUR = 50;
const FULL_DENSITY_SNOW_MM_PER_HOUR = 4;
/** Below this (mm/h) no drop falls: what the radar sees as haze or drizzle. */
const DRY_BELOW_MM_PER_HOUR = 0.2;
/** deck.gl's Earth circumference (m), so that its metre offsets and the grid's mapping agree. */
const EARTH_CIRCUMFERENCE = 40.03e6;
const EARTH_RADIUS = EARTH_CIRCUMFERENCE / (2 * Math.PI);

const uniformBlock = /* glsl */ `\
uniform rainUniforms {
  vec2 center;
  float cell;
  float reach;
  float height;
  float time;
  vec2 gridOrigin;
  vec2 gridSize;
  vec4 rainColor;
  vec4 snowColor;
  float widthPixels;
} rain;
`;

interface RainUniformProps {
  /** View centre, metres east and north of the layer's origin. */
  center: [number, number];
  /** Side of the box the drops repeat in, m. */
  cell: number;
  /** Distance from the centre where the rain has thinned out, m. */
  reach: number;
  /** Height the drops fall from, m. */
  height: number;
  /** Seconds (wrapping every hour). */
  time: number;
  /** The grid's north-west corner (m from the origin) and its extent (east, −south). */
  gridOrigin: [number, number];
  gridSize: [number, number];
  rainColor: [number, number, number, number];
  snowColor: [number, number, number, number];
  widthPixels: number;
}

const rainUniforms = {
  name: 'rain',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: {
    center: 'vec2<f32>',
    cell: 'f32',
    reach: 'f32',
    height: 'f32',
    time: 'f32',
    gridOrigin: 'vec2<f32>',
    gridSize: 'vec2<f32>',
    rainColor: 'vec4<f32>',
    snowColor: 'vec4<f32>',
    widthPixels: 'f32',
  },
} as const satisfies ShaderModule<RainUniformProps>;

const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME rain-layer-vertex-shader
#define LOG_MAX ${Math.log2(1 + TEXTURE_MAX_MM_PER_HOUR).toFixed(6)}
#define LOG_FULL ${Math.log2(1 + FULL_DENSITY_MM_PER_HOUR).toFixed(6)}
#define LOG_FULL_SNOW ${Math.log2(1 + FULL_DENSITY_SNOW_MM_PER_HOUR).toFixed(6)}
#define DRY_BELOW ${DRY_BELOW_MM_PER_HOUR.toFixed(3)}

uniform sampler2D intensity;

out vec4 vColor;
out vec3 vStreak;

// Four independent numbers in [0, 1) from a drop's index: hash41 of David Hoskins' "Hash without Sine" (MIT licence).
vec4 hash4(float n) {
  vec4 p = fract(vec4(n) * vec4(0.1031, 0.1030, 0.0973, 0.1099));
  p += dot(p, p.wzxy + 33.33);
  return fract((p.xxyz + p.yzzw) * p.zywx);
}

void main(void) {
  // One indexed draw, 4 vertices and 2 triangles per drop (SwiftShader runs an instanced draw as one draw per
  // instance; the index buffer lets it shade each corner once, not once per triangle).
  int drop = gl_VertexID / 4;
  int corner = gl_VertexID - drop * 4;
  vec4 seed = hash4(float(drop) + 0.5);
  vec4 seed2 = hash4(float(drop) + 7919.5);

  // Where the drop falls: the same place in the world while the camera moves (the box repeats every cell).
  vec2 place = rain.center + (fract(seed.xy - rain.center / rain.cell) - 0.5) * rain.cell;
  vec2 uv = (place - rain.gridOrigin) / rain.gridSize;
  vec4 texel = texture(intensity, uv);
  bool inGrid = all(greaterThanEqual(uv, vec2(0.0))) && all(lessThanEqual(uv, vec2(1.0)));
  float mmPerHour = inGrid ? exp2(texel.r * LOG_MAX) - 1.0 : 0.0;
  float snow = step(0.5, texel.g);
  // Density: log of the intensity, full at heavy rain; speed and length grow with it.
  float density = mmPerHour < DRY_BELOW ? 0.0 : clamp(log2(1.0 + mmPerHour) / mix(LOG_FULL, LOG_FULL_SNOW, snow), 0.0, 1.0);
  float distance = length(place - rain.center);
  float fade = 1.0 - smoothstep(0.6 * rain.reach, rain.reach, distance);
  if (seed.w >= density || fade <= 0.0) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0); // outside the clip volume: nothing drawn
    return;
  }

  // Falling: one time uniform moves every drop (heights in the fall's own units, wrapping at the ground).
  float speed = mix(mix(0.55, 1.1, density), 0.09, snow); // fall heights per second
  float len = mix(mix(0.025, 0.045, density), 0.006, snow);
  float fall = fract(seed.z - rain.time * speed * (0.85 + 0.3 * seed2.x));
  float top = rain.height * (fall * (1.0 + len));
  float bottom = top - rain.height * len;
  // Snow sways; rain slants a little, as in a light wind.
  vec2 sway = snow > 0.5 ? vec2(sin(rain.time * 1.7 + seed2.y * 6.2832), cos(rain.time * 1.3 + seed2.z * 6.2832)) * rain.height * 0.012 : vec2(0.0);
  vec2 slant = vec2(0.12, 0.04) * rain.height * len * (1.0 - snow);
  vec3 head = vec3(place + sway, max(bottom, 0.0));
  vec3 tail = vec3(place + sway + slant, max(top, 0.0));

  vec4 headClip = project_common_position_to_clipspace(vec4(project_position(head), 1.0));
  vec4 tailClip = project_common_position_to_clipspace(vec4(project_position(tail), 1.0));
  // Across the streak on screen, a few pixels wide (wider nearer the camera, as everything on the map).
  vec2 screen = (tailClip.xy / tailClip.w - headClip.xy / headClip.w) * project.viewportSize;
  vec2 along = length(screen) > 1e-3 ? normalize(screen) : vec2(0.0, 1.0);
  vec2 across = vec2(-along.y, along.x);
  // Corners (end, side): 0 (0,-1), 1 (0,1), 2 (1,1), 3 (1,-1); triangles 0 1 2 and 0 2 3.
  float end = corner >= 2 ? 1.0 : 0.0;
  float side = (corner == 0 || corner == 3) ? -1.0 : 1.0;
  vec4 clip = mix(headClip, tailClip, end);
  float width = mix(rain.widthPixels, rain.widthPixels * 2.4, snow);
  clip.xy += project_pixel_size_to_clipspace(across * side * width * 0.5);
  // A little past the end on screen, so that a streak seen end-on is still a dot.
  clip.xy += project_pixel_size_to_clipspace(along * (end * 2.0 - 1.0) * width * 0.5);
  gl_Position = clip;

  // Thinner towards the reach, and close to the camera (clip w is the depth; the view centre's is the focal distance).
  float near = smoothstep(0.25, 0.55, clip.w / project.focalDistance);
  vec4 color = mix(rain.rainColor, rain.snowColor, snow);
  vColor = vec4(color.rgb, color.a * fade * near * mix(0.55, 1.0, density) * layer.opacity);
  vStreak = vec3(end, side, snow);
}
`;

const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME rain-layer-fragment-shader
precision highp float;

in vec4 vColor;
in vec3 vStreak;
out vec4 fragColor;

void main(void) {
  // Rain: strongest at the head (end 0), fading towards the tail; soft across. Snow: a round flake.
  float alongFade = 1.0 - 0.75 * vStreak.x;
  float acrossFade = 1.0 - vStreak.y * vStreak.y;
  vec2 flake = vec2(vStreak.x * 2.0 - 1.0, vStreak.y);
  float alpha = vStreak.z > 0.5 ? clamp(1.5 - 1.5 * dot(flake, flake), 0.0, 1.0) : alongFade * acrossFade;
  fragColor = vec4(vColor.rgb, vColor.a * alpha);
}
`;

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
      const colour = (c: readonly number[]) => [c[0] / 255, c[1] / 255, c[2] / 255, (c[3] ?? 255) / 255] as [number, number, number, number];
      model.shaderInputs.setProps({
        rain: { center, cell: half * 2, reach, height: HEIGHT * viewHeight, time, gridOrigin: [gx0, gy0], gridSize: [gx1 - gx0, gy1 - gy0], rainColor: colour(rainColor), snowColor: colour(snowColor), widthPixels: 1.5 },
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
