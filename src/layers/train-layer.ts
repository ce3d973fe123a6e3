import { picking, project32, type DefaultProps, type GetPickingInfoParams, type PickingInfo } from '@deck.gl/core';
import { Geometry, Model } from '@luma.gl/engine';
import type { ShaderModule } from '@luma.gl/shadertools';
import { NO_TRAIN } from '../data/trains/train-codes.ts';
import { CAR, CAR_SPACING, CAR_STRIDE, type TrainFrame } from '../data/trains/train-frame-format.ts';
import { expandArea, rectangleArea, type ViewArea } from '../data/trains/view-area.ts';
import { FrameLayer, INSTANCE_BUFFER, type FrameLayerProps } from './frame-layer.ts';

export type { TrainFrameSource } from './frame-layer.ts';

/** Props of {@link TrainLayer}. */
export interface TrainLayerProps extends FrameLayerProps {
  /** Opacity multipliers of trains on the ground and underground (view mode). */
  groundOpacity?: number;
  undergroundOpacity?: number;
  /** Smallest drawn car size in pixels (trains stay visible when zoomed out). */
  minPixels?: number;
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
} train;
`;

interface TrainUniformProps {
  carSize: [number, number, number];
  groundOpacity: number;
  undergroundOpacity: number;
  minPixels: number;
}

const trainUniforms = {
  name: 'train',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: { carSize: 'vec3<f32>', groundOpacity: 'f32', undergroundOpacity: 'f32', minPixels: 'f32' },
} as const satisfies ShaderModule<TrainUniformProps>;

const vs = /* glsl */ `\
#version 300 es
#define SHADER_NAME train-layer-vertex-shader
#define CAR_SPACING ${CAR_SPACING.toFixed(4)}

in vec3 positions;
in vec3 normals;
in vec3 instancePositions;
in vec3 instancePositions64Low;
in vec2 instanceOrientations;
in vec4 instanceColors;
in vec4 instanceFlags;

out vec4 vColor;
out vec3 vLocal;
out float vShade;

void main(void) {
  geometry.worldPosition = instancePositions;
  geometry.pickingColor = picking_getPickingColorFromInstanceID();

  // Keep cars visible when zoomed out: enlarge below a minimum on-screen size.
  float lengthPixels = project_size_to_pixel(train.carSize.x);
  float widthPixels = project_size_to_pixel(train.carSize.y);
  float grow = max(1.0, train.minPixels / max(min(lengthPixels, widthPixels * 1.6), 1e-6));
  vec3 size = vec3(train.carSize.y, train.carSize.x, train.carSize.z) * grow;
  // A whole train in one box (zoomed far out): the union of its enlarged cars on a straight track.
  float cars = floor(instanceFlags.w * 255.0 + 0.5);
  size.y += max(cars - 1.0, 0.0) * train.carSize.x * CAR_SPACING;

  float bearing = instanceOrientations.x;
  float pitch = instanceOrientations.y;
  // Local box: x across, y along the track, z up; tilt by pitch then turn to the bearing (clockwise from north).
  vec3 p = positions * size + vec3(0.0, 0.0, size.z * 0.5);
  vec3 n = normals;
  float cp = cos(pitch), sp = sin(pitch);
  p = vec3(p.x, p.y * cp - p.z * sp, p.y * sp + p.z * cp);
  n = vec3(n.x, n.y * cp - n.z * sp, n.y * sp + n.z * cp);
  float cb = cos(bearing), sb = sin(bearing);
  p = vec3(p.x * cb + p.y * sb, -p.x * sb + p.y * cb, p.z);
  n = vec3(n.x * cb + n.y * sb, -n.x * sb + n.y * cb, n.z);

  vec3 offset = project_size(p);
  gl_Position = project_position_to_clipspace(instancePositions, instancePositions64Low, offset, geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);

  vec3 light = normalize(vec3(-0.35, 0.55, 0.76));
  vShade = 0.62 + 0.38 * max(dot(n, light), 0.0);
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
in float vShade;
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
/**
 * Below this pitch (degrees) the top corners of the screen look at the
 * ground (deck.gl's camera has a half field of view of about 18.4°), so the
 * view is the trapezoid under the four corners; above it, the bounding box
 * deck.gl computes up to its far plane is used.
 */
const MAX_TRAPEZOID_PITCH = 68;

type GroundViewport = {
  width: number;
  height: number;
  pitch?: number;
  unproject(xy: number[]): number[];
  getBounds?: () => number[];
};

/** The ground the viewport sees, with margins; null (all trains) when the viewport cannot tell. */
function viewArea(viewport: GroundViewport): ViewArea | null {
  const { width, height } = viewport;
  if ((viewport.pitch ?? 0) < MAX_TRAPEZOID_PITCH) {
    const corners = [[0, height], [width, height], [width, 0], [0, 0]].flatMap((xy) => viewport.unproject(xy).slice(0, 2));
    if (corners.length === 8 && corners.every(Number.isFinite)) return expandArea(corners as unknown as ViewArea, VIEW_MARGIN, TRAIN_LENGTH_MARGIN);
  }
  const b = viewport.getBounds?.();
  if (!b || b.length < 4 || !b.every(Number.isFinite)) return null;
  return expandArea(rectangleArea(b[0], b[1], b[2], b[3]), VIEW_MARGIN, TRAIN_LENGTH_MARGIN);
}

/**
 * A unit box (−0.5…0.5) with flat normals and no bottom face (the camera is
 * never below a car: underground cars are seen from above, through the
 * ground): 5 faces of 4 vertices, drawn with 30 indices. Software WebGL pays
 * per vertex, and this is 20 vertices per car where a plain box has 36.
 */
function boxGeometry(): { positions: Float32Array; normals: Float32Array; indices: Uint16Array } {
  const faces: [number[], number[][]][] = [
    [[1, 0, 0], [[0.5, -0.5, -0.5], [0.5, 0.5, -0.5], [0.5, 0.5, 0.5], [0.5, -0.5, 0.5]]],
    [[-1, 0, 0], [[-0.5, 0.5, -0.5], [-0.5, -0.5, -0.5], [-0.5, -0.5, 0.5], [-0.5, 0.5, 0.5]]],
    [[0, 1, 0], [[0.5, 0.5, -0.5], [-0.5, 0.5, -0.5], [-0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]],
    [[0, -1, 0], [[-0.5, -0.5, -0.5], [0.5, -0.5, -0.5], [0.5, -0.5, 0.5], [-0.5, -0.5, 0.5]]],
    [[0, 0, 1], [[-0.5, -0.5, 0.5], [0.5, -0.5, 0.5], [0.5, 0.5, 0.5], [-0.5, 0.5, 0.5]]],
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  faces.forEach(([normal, corners], face) => {
    for (const corner of corners) {
      positions.push(...corner);
      normals.push(...normal);
    }
    const first = face * 4;
    indices.push(first, first + 1, first + 2, first, first + 2, first + 3);
  });
  return { positions: Float32Array.from(positions), normals: Float32Array.from(normals), indices: Uint16Array.from(indices) };
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
    const { source, groundOpacity, undergroundOpacity, minPixels } = this.props;
    // Not from a picking pass: asking for the next frame hands the previous one back to the worker, and a picking pass
    // can run before this layer has taken the newest frame, which would detach the arrays picking still reads.
    if (!shaderModuleProps?.picking?.isActive) source?.request(this.context.viewport.zoom, viewArea(this.context.viewport as unknown as GroundViewport));
    if (frame && model && frame.carCount > 0 && this.state.instances) {
      model.shaderInputs.setProps({ train: { carSize: frame.carSize, groundOpacity, undergroundOpacity, minPixels } });
      model.setInstanceCount(frame.carCount);
      model.draw(this.context.renderPass);
    }
    this.props.onScriptTime?.(performance.now() - started);
  }

  override getPickingInfo({ info }: GetPickingInfoParams): TrainPickingInfo {
    const frame = this.state.frame;
    const car = info.index;
    const train = (frame && car >= 0 && car < frame.carCount ? frame.trains[frame.carTrain[car]] : NO_TRAIN) ?? NO_TRAIN;
    return { ...info, train, object: train !== NO_TRAIN ? { train } : null };
  }

  private getModel(): Model {
    const { positions, normals, indices } = boxGeometry();
    const float = (floats: number) => floats * 4;
    return new Model(this.context.device, {
      ...this.getShaders(),
      id: this.props.id,
      bufferLayout: [
        {
          name: INSTANCE_BUFFER,
          stepMode: 'instance',
          byteStride: CAR_STRIDE,
          attributes: [
            { attribute: 'instancePositions', format: 'float32x3', byteOffset: float(CAR.high) },
            { attribute: 'instancePositions64Low', format: 'float32x3', byteOffset: float(CAR.low) },
            { attribute: 'instanceOrientations', format: 'float32x2', byteOffset: float(CAR.bearing) },
            { attribute: 'instanceColors', format: 'unorm8x4', byteOffset: CAR.colorByte },
            { attribute: 'instanceFlags', format: 'unorm8x4', byteOffset: CAR.flagsByte },
          ],
        },
      ],
      geometry: new Geometry({
        topology: 'triangle-list',
        indices,
        attributes: { positions: { size: 3, value: positions }, normals: { size: 3, value: normals } },
      }),
      isInstanced: true,
    });
  }
}
