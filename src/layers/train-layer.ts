import { picking, project32, type DefaultProps, type GetPickingInfoParams, type PickingInfo } from '@deck.gl/core';
import type { Texture } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import type { ShaderModule } from '@luma.gl/shadertools';
import { NO_TRAIN } from '../data/trains/train-codes.ts';
import { CAR_SPACING, CAR_STRIDE, type TrainFrame } from '../data/trains/train-frame-format.ts';
import { expandArea, groundArea, viewDepth, type GroundViewport, type ViewArea } from '../data/geometry/view-area.ts';
import { FrameLayer, type FrameLayerProps } from './frame-layer.ts';
import { DEFAULT_TRAIN_LIGHTING, type TrainLighting } from '../data/light/train-lighting.ts';

/** Props of {@link TrainLayer}. */
export interface TrainLayerProps extends FrameLayerProps {
  /** Opacity multipliers of trains on the ground and underground (view mode). */
  groundOpacity?: number;
  undergroundOpacity?: number;
  /** Smallest drawn car size in pixels (trains stay visible when zoomed out). */
  minPixels?: number;
  /** Light on the cars (by the sun at the clock's time); default the full-day look. */
  lighting?: TrainLighting;
}

/** What a picked car resolves to. */
export interface TrainPickingInfo extends PickingInfo {
  /** The picked train (a timetable index, or an extra train's code: see `train-codes.ts`), or NO_TRAIN (−1). */
  train: number;
}

const uniformBlock = /* glsl */ `\
uniform trainUniforms {
  vec3 carSize;
  float groundOpacity;
  float undergroundOpacity;
  float minPixels;
  float faces;
  vec3 ambient;
  vec3 sunColor;
  vec3 toSun;
  vec3 skyColor;
  vec3 toSky;
  float glow;
} train;
`;

interface TrainUniformProps {
  carSize: [number, number, number];
  groundOpacity: number;
  undergroundOpacity: number;
  minPixels: number;
  /** Faces drawn per car: 3 (the side and the end towards the camera, and the top), or 2 (no end) when zoomed out. */
  faces: number;
  ambient: [number, number, number];
  sunColor: [number, number, number];
  toSun: [number, number, number];
  skyColor: [number, number, number];
  toSky: [number, number, number];
  glow: number;
}

const trainUniforms = {
  name: 'train',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: { carSize: 'vec3<f32>', groundOpacity: 'f32', undergroundOpacity: 'f32', minPixels: 'f32', faces: 'f32', ambient: 'vec3<f32>', sunColor: 'vec3<f32>', toSun: 'vec3<f32>', skyColor: 'vec3<f32>', toSky: 'vec3<f32>', glow: 'f32' },
} as const satisfies ShaderModule<TrainUniformProps>;

/** The faces of a unit box (−0.5…0.5) without its bottom: normal and four corners each. */
const BOX_FACES: ReadonlyArray<[number[], number[][]]> = [
  [[1, 0, 0], [[0.5, -0.5, -0.5], [0.5, 0.5, -0.5], [0.5, 0.5, 0.5], [0.5, -0.5, 0.5]]],
  [[-1, 0, 0], [[-0.5, 0.5, -0.5], [-0.5, -0.5, -0.5], [-0.5, -0.5, 0.5], [-0.5, 0.5, 0.5]]],
  [[0, 1, 0], [[0.5, 0.5, -0.5], [-0.5, 0.5, -0.5], [-0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]],
  [[0, -1, 0], [[-0.5, -0.5, -0.5], [0.5, -0.5, -0.5], [0.5, -0.5, 0.5], [-0.5, -0.5, 0.5]]],
  [[0, 0, 1], [[-0.5, -0.5, 0.5], [0.5, -0.5, 0.5], [0.5, 0.5, 0.5], [-0.5, 0.5, 0.5]]],
];

/**
 * GLSL constants of the car box: a unit box with flat normals and no bottom
 * face (the camera is never below a car: underground cars are seen from
 * above, through the ground), five faces of two triangles. `QUAD` picks a
 * face's corners for its six vertices.
 */
function boxShaderConstants(): string {
  const vec3 = (v: number[]) => `vec3(${v.map((x) => x.toFixed(1)).join(', ')})`;
  return [
    `const vec3 BOX_CORNERS[20] = vec3[20](${BOX_FACES.flatMap(([, corners]) => corners.map(vec3)).join(', ')});`,
    `const vec3 BOX_NORMALS[5] = vec3[5](${BOX_FACES.map(([normal]) => vec3(normal)).join(', ')});`,
    'const int QUAD[6] = int[6](0, 1, 2, 0, 2, 3);',
  ].join('\n');
}

/** Texels of the car data texture per row (three RGBA32UI texels a car, see CAR_STRIDE). */
const CAR_TEXELS = CAR_STRIDE / 16;
const CARS_PER_ROW = 1024;
const TEXTURE_WIDTH = CARS_PER_ROW * CAR_TEXELS;
/**
 * Faces drawn per car, two triangles each: the side and the end that face the camera, and the top (of a box seen
 * from above, the other faces are behind these); zoomed out, the end (a car's width, a pixel or two) is left out.
 */
const FACES_PER_CAR = 3;
const FACES_PER_CAR_ZOOMED_OUT = 2;
/** Below this zoom cars are drawn without their end faces. */
const END_FACES_MIN_ZOOM = 12;

const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME train-layer-vertex-shader
#define CAR_SPACING ${CAR_SPACING.toFixed(4)}
#define TEXTURE_WIDTH ${TEXTURE_WIDTH}

precision highp usampler2D;
uniform usampler2D carData;

${boxShaderConstants()}

out vec4 vColor;
out vec3 vLocal;
out vec3 vShade;

uvec4 car_texel(int car, int k) {
  int texel = car * ${CAR_TEXELS} + k;
  return texelFetch(carData, ivec2(texel % TEXTURE_WIDTH, texel / TEXTURE_WIDTH), 0);
}

vec4 car_bytes(uint word) {
  return vec4(float(word & 255u), float((word >> 8) & 255u), float((word >> 16) & 255u), float(word >> 24)) / 255.0;
}

void main(void) {
  // One plain draw of 6 vertices per face of every car (SwiftShader runs an instanced draw as one draw per instance):
  // the car is gl_VertexID / (6 · faces), its data three texels of the data texture, its corner one of the box's.
  int faces = int(train.faces + 0.5);
  int car = gl_VertexID / (faces * 6);
  int corner = gl_VertexID - car * faces * 6;
  int slot = corner / 6;
  int quadCorner = QUAD[corner - slot * 6];
  uvec4 t0 = car_texel(car, 0);
  uvec4 t1 = car_texel(car, 1);
  uvec4 t2 = car_texel(car, 2);
  vec3 instancePositions = uintBitsToFloat(t0.xyz);
  vec3 instancePositions64Low = vec3(uintBitsToFloat(t0.w), uintBitsToFloat(t1.xy));
  vec2 instanceOrientations = uintBitsToFloat(t1.zw);
  vec4 instanceColors = car_bytes(t2.x);
  vec4 instanceFlags = car_bytes(t2.y);
  float bearing = instanceOrientations.x;
  float pitch = instanceOrientations.y;
  float cp = cos(pitch), sp = sin(pitch);
  float cb = cos(bearing), sb = sin(bearing);

  // Only the faces towards the camera: the side and the end that face it, and the top (the others are hidden behind
  // them). Which side that is follows from where the camera is in the car's frame (its slope changes nothing here).
  vec3 centre = project_position(instancePositions, instancePositions64Low);
  vec3 toCamera = project.cameraPosition - centre;
  int side = toCamera.x * cb - toCamera.y * sb > 0.0 ? 0 : 1;
  int end = toCamera.x * sb + toCamera.y * cb > 0.0 ? 2 : 3;
  int face = slot == 0 ? side : slot == faces - 1 ? 4 : end;
  vec3 positions = BOX_CORNERS[face * 4 + quadCorner];
  vec3 normals = BOX_NORMALS[face];

  geometry.worldPosition = instancePositions;
  geometry.pickingColor = picking_getPickingColorFromIndex(float(car));

  // Keep cars visible when zoomed out: enlarge below a minimum on-screen size.
  float lengthPixels = project_size_to_pixel(train.carSize.x);
  float widthPixels = project_size_to_pixel(train.carSize.y);
  float grow = max(1.0, train.minPixels / max(min(lengthPixels, widthPixels * 1.6), 1e-6));
  vec3 size = vec3(train.carSize.y, train.carSize.x, train.carSize.z) * grow;
  // A whole train in one box (zoomed far out): the union of its enlarged cars on a straight track.
  float cars = floor(instanceFlags.w * 255.0 + 0.5);
  size.y += max(cars - 1.0, 0.0) * train.carSize.x * CAR_SPACING;

  // Local box: x across, y along the track, z up; tilt by pitch then turn to the bearing (clockwise from north).
  vec3 p = positions * size + vec3(0.0, 0.0, size.z * 0.5);
  vec3 n = normals;
  p = vec3(p.x, p.y * cp - p.z * sp, p.y * sp + p.z * cp);
  n = vec3(n.x, n.y * cp - n.z * sp, n.y * sp + n.z * cp);
  p = vec3(p.x * cb + p.y * sb, -p.x * sb + p.y * cb, p.z);
  n = vec3(n.x * cb + n.y * sb, -n.x * sb + n.y * cb, n.z);

  geometry.position = vec4(centre + project_size(p), 1.0);
  gl_Position = project_common_position_to_clipspace(geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);

  // The sun's light (by the time of day, from the light state) on each face; lit windows glow at night.
  vShade = train.ambient + train.sunColor * max(dot(n, train.toSun), 0.0) + train.skyColor * max(dot(n, train.toSky), 0.0) + vec3(0.55 * train.glow);
  vLocal = positions;
  float underground = instanceFlags.x;
  float opacity = mix(train.groundOpacity, train.undergroundOpacity, underground);
  vec3 rgb = instanceColors.rgb;
  // The selected train glows slightly.
  rgb = mix(rgb, vec3(1.0), instanceFlags.z * 0.25);
  vColor = vec4(rgb, instanceColors.a * opacity * layer.opacity);
  DECKGL_FILTER_COLOR(vColor, geometry);
}
`;

const fs = /* glsl */ `\
#version 300 es
#define SHADER_NAME train-layer-fragment-shader
precision highp float;

in vec4 vColor;
in vec3 vLocal;
in vec3 vShade;
out vec4 fragColor;

void main(void) {
  // Dark edges outline each car so neighbouring cars and the line underneath stay distinct.
  vec3 edge = abs(vLocal) * 2.0;
  float sides = step(0.86, max(edge.x, edge.z)) * step(0.86, max(edge.y, min(edge.x, edge.z) + 0.14));
  float ends = step(0.94, edge.y);
  float outline = max(sides * 0.0, ends);
  vec3 rgb = vColor.rgb * vShade * (1.0 - 0.45 * outline);
  fragColor = vec4(rgb, vColor.a);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;

/** Share of the view's width and height added on each side, so that trains entering the view during a pan (the next frame is computed for the new view) are already there. */
const VIEW_MARGIN = 0.15;
/** Degrees added at each corner so that a train whose head is just outside but whose cars are inside is drawn (about 400 m). */
const TRAIN_LENGTH_MARGIN = 0.004;

/** The ground the viewport sees, with margins; null (all trains) when the viewport cannot tell. */
function viewArea(viewport: GroundViewport): ViewArea | null {
  const area = groundArea(viewport);
  return area && expandArea(area, VIEW_MARGIN, TRAIN_LENGTH_MARGIN);
}

/**
 * Trains as 3D boxes, one per car, oriented along the track and tilted on
 * slopes. Positions come as whole frames from a {@link TrainFrameSource}
 * (computed in a worker); the layer uploads the frame's arrays directly, so
 * its per-frame main-thread work does not depend on the number of trains.
 */
export class TrainLayer extends FrameLayer<TrainLayerProps> {
  static override layerName = 'TrainLayer';
  static override defaultProps: DefaultProps<TrainLayerProps> = {
    ...FrameLayer.defaultProps,
    groundOpacity: 1,
    undergroundOpacity: 0.3,
    minPixels: 4,
  };

  declare state: FrameLayer<TrainLayerProps>['state'] & { carTexture?: Texture };

  override getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, picking, trainUniforms] });
  }

  protected readonly instanceStride = CAR_STRIDE;

  protected instanceCount(frame: TrainFrame): number {
    return frame.carCount;
  }

  protected instanceBytes(frame: TrainFrame): Uint8Array {
    return frame.carBytes;
  }

  override initializeState() {
    super.initializeState();
    this.setState({ model: this.getModel() });
  }

  override draw({ shaderModuleProps }: { shaderModuleProps?: { picking?: { isActive?: boolean | number } } }) {
    const started = performance.now();
    const { frame, model } = this.state;
    const { groundOpacity, undergroundOpacity, minPixels, lighting = DEFAULT_TRAIN_LIGHTING } = this.props;
    // Not from a picking pass: asking for the next frame hands the previous one back to the worker, and a picking pass
    // can run before this layer has taken the newest frame, which would detach the arrays picking still reads.
    if (!shaderModuleProps?.picking?.isActive) this.askForNextFrame();
    if (frame && model && frame.carCount > 0 && this.state.carTexture) {
      const faces = this.context.viewport.zoom >= END_FACES_MIN_ZOOM ? FACES_PER_CAR : FACES_PER_CAR_ZOOMED_OUT;
      const { ambient, sun: sunColor, toSun, sky: skyColor, toSky, glow } = lighting;
      model.shaderInputs.setProps({ train: { carSize: frame.carSize, groundOpacity, undergroundOpacity, minPixels, faces, ambient, sunColor, toSun, skyColor, toSky, glow } });
      model.setVertexCount(frame.carCount * faces * 6);
      model.draw(this.context.renderPass);
    }
    this.props.onScriptTime?.(performance.now() - started);
  }

  /** Asks for the next frame at the view's zoom with the ground it sees. */
  protected override askForNextFrame(): void {
    const viewport = this.context.viewport as unknown as GroundViewport;
    this.props.source?.request(this.context.viewport.zoom, viewArea(viewport), viewDepth(viewport));
  }

  override getPickingInfo({ info }: GetPickingInfoParams): TrainPickingInfo {
    const frame = this.state.frame;
    const car = info.index;
    const train = (frame && car >= 0 && car < frame.carCount ? frame.trains[frame.carTrain[car]] : NO_TRAIN) ?? NO_TRAIN;
    return { ...info, train, object: train !== NO_TRAIN ? { train } : null };
  }

  /** Writes the frame's cars into the data texture (three texels a car, rows of {@link CARS_PER_ROW} cars). */
  protected override upload(frame: TrainFrame, numInstances: number) {
    const rows = Math.ceil(numInstances / CARS_PER_ROW);
    let texture = this.state.carTexture;
    if (!texture || texture.height < rows) {
      texture?.destroy();
      const height = Math.max(rows, Math.ceil(frame.cars.length / (CAR_STRIDE / 4) / CARS_PER_ROW));
      texture = this.context.device.createTexture({
        id: `${this.props.id}-cars`,
        format: 'rgba32uint',
        width: TEXTURE_WIDTH,
        height,
        mipLevels: 1,
        sampler: { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
      });
      this.state.carTexture = texture;
      this.state.model?.setBindings({ carData: texture });
    }
    const words = new Uint32Array(frame.cars.buffer, frame.cars.byteOffset, (numInstances * CAR_STRIDE) / 4);
    const fullRows = Math.floor(numInstances / CARS_PER_ROW);
    const rest = numInstances - fullRows * CARS_PER_ROW;
    // Straight to WebGL: luma.gl's Texture.writeData normalises its options on every call, which cost more main-thread
    // time than the upload itself. Same calls as it makes (bind, no unpack buffer; its pixel-store defaults hold).
    const gl = (this.context.device as unknown as { gl: WebGL2RenderingContext }).gl;
    gl.bindTexture(gl.TEXTURE_2D, (texture as unknown as { handle: WebGLTexture }).handle);
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, null);
    if (fullRows > 0) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, TEXTURE_WIDTH, fullRows, gl.RGBA_INTEGER, gl.UNSIGNED_INT, words, 0);
    if (rest > 0) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, fullRows, rest * CAR_TEXELS, 1, gl.RGBA_INTEGER, gl.UNSIGNED_INT, words, fullRows * TEXTURE_WIDTH * 4);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  override finalizeState(context: Parameters<FrameLayer<TrainLayerProps>['finalizeState']>[0]) {
    this.state.carTexture?.destroy();
    super.finalizeState(context);
  }

  private getModel(): Model {
    return new Model(this.context.device, {
      ...this.getShaders(),
      id: this.props.id,
      topology: 'triangle-list',
      vertexCount: 0,
      bufferLayout: [],
    });
  }
}
