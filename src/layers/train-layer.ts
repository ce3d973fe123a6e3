import { picking, project32, type DefaultProps, type GetPickingInfoParams, type PickingInfo } from '@deck.gl/core';
import type { Texture } from '@luma.gl/core';
import { NO_TRAIN } from '../data/trains/train-codes.ts';
import { CAR_STRIDE, type TrainFrame } from '../data/trains/train-frame-format.ts';
import { expandArea, groundArea, viewDepth, type GroundViewport, type ViewArea, type ViewDepth } from '../data/geometry/view-area.ts';
import { DEFAULT_TRAIN_LIGHTING, type TrainLighting } from '../data/light/train-lighting.ts';
import { CAR_INSTANCES, FrameLayer, type FrameLayerProps } from './frame-layer.ts';
import { sunLighting } from './shaders/sun-lighting.ts';
import { unitBox } from './shaders/unit-box.ts';
import { CAR_TEXELS, CARS_PER_ROW, fs, TEXTURE_WIDTH, trainUniforms, vs } from './train-layer-shaders.ts';
import { layerModel } from './layer-model.ts';

/** Props of {@link TrainLayer}. */
export interface TrainLayerProps extends FrameLayerProps {
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

/**
 * Faces drawn per car, two triangles each: the side and the end that face the camera, and the top (of a box seen
 * from above, the other faces are behind these); zoomed out, the end (a car's width, a pixel or two) is left out.
 */
const FACES_PER_CAR = 3;
const FACES_PER_CAR_ZOOMED_OUT = 2;
/** Below this zoom cars are drawn without their end faces. */
const END_FACES_MIN_ZOOM = 12;

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
    minPixels: 4,
  };

  declare state: FrameLayer<TrainLayerProps>['state'] & {
    carTexture?: Texture;
    /** The ground the last viewport sees: worked out again only when the camera has moved (deck.gl then makes a new viewport). */
    view?: { viewport: unknown; area: ViewArea | null; depth: ViewDepth | null };
    /** The uniforms last given to the model, so that a frame that changes none gives none. */
    uniformsKey?: string;
    lighting?: TrainLighting;
  };

  override getShaders() {
    return super.getShaders({ vs, fs, modules: [project32, picking, unitBox, sunLighting, trainUniforms] });
  }

  protected readonly instancesInFrame = CAR_INSTANCES;

  override initializeState() {
    super.initializeState();
    this.setState({ model: layerModel(this, 'triangle-list') });
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
      const key = `${frame.unitMetres} ${groundOpacity} ${undergroundOpacity} ${minPixels} ${faces}`;
      if (key !== this.state.uniformsKey || lighting !== this.state.lighting) {
        model.shaderInputs.setProps({ train: { unitMetres: frame.unitMetres, groundOpacity, undergroundOpacity, minPixels, faces }, sunLighting: lighting });
        this.state.uniformsKey = key;
        this.state.lighting = lighting;
      }
      model.setVertexCount(frame.carCount * faces * 6);
      model.draw(this.context.renderPass);
    }
    this.props.onScriptTime?.(performance.now() - started);
  }

  /** Asks for the next frame at the view's zoom with the ground it sees. */
  protected override askForNextFrame(): void {
    const viewport = this.context.viewport;
    let view = this.state.view;
    if (view?.viewport !== viewport) {
      const ground = viewport as unknown as GroundViewport;
      view = this.state.view = { viewport, area: viewArea(ground), depth: viewDepth(ground) };
    }
    this.props.source?.request(viewport.zoom, view.area, view.depth);
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

}
